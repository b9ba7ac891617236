/** What the department handlers share: the row mapping, one row of the caller's tenant, the button check. */
import { and, asc, eq } from 'drizzle-orm';
import type { Dept } from '../../../../core/contract/blade-system.contract.ts';
import type { Db } from '../../../db/client.ts';
import { dept } from '../../../db/schema/index.ts';
import type { AuthUser } from '../../../platform/auth.ts';
import { hasAnyCode } from '../../../platform/crud/index.ts';
import { forbidden, notFound } from '../../../platform/r.ts';
import { tenantOf } from '../../../platform/scope.ts';

export type DeptRow = typeof dept.$inferSelect;

export const toDept = (r: DeptRow): Dept => ({
  id: r.id,
  tenantId: r.tenantId,
  parentId: r.parentId,
  ancestors: r.ancestors,
  deptName: r.deptName,
  fullName: r.fullName,
  deptCategory: r.deptCategory,
  sort: r.sort,
  remark: r.remark,
});

export const order = [asc(dept.sort), asc(dept.id)];

/** A live department of the caller's tenant (400 机构不存在 otherwise). */
export async function loadDept(db: Db, u: AuthUser, id: string): Promise<DeptRow> {
  const r = await db
    .select()
    .from(dept)
    .where(and(eq(dept.id, id), tenantOf(u, dept)))
    .limit(1);
  if (!r[0]) throw notFound('机构不存在');
  return r[0];
}

/** The caller holds the action's button on 机构管理 or 部门管理 (view: the menu itself is enough). */
export async function permit(db: Db, u: AuthUser, action: 'view' | 'add' | 'edit' | 'delete'): Promise<void> {
  const codes = ['system_department', 'system_dept'].flatMap((m) =>
    action === 'view' ? [m, `${m}_view`] : [`${m}_${action}`],
  );
  if (!(await hasAnyCode(db, u, codes))) throw forbidden('没有权限');
}
