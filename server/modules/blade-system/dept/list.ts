/** GET dept/list (tree), dept/lazy-list, dept/tree, dept/detail (bladex-contract §5.1): the caller's tenant only. */
import { and, eq, sql } from 'drizzle-orm';
import { DEPT } from '../../../../core/contract/blade-system/dept.contract.ts';
import type { Dept } from '../../../../core/contract/blade-system.contract.ts';
import type { TreeNode } from '../../../../core/contract/common.ts';
import { idSchema } from '../../../../core/contract/common.ts';
import type { Db } from '../../../db/client.ts';
import { dept } from '../../../db/schema/index.ts';
import type { endpoints } from '../../../platform/endpoint.ts';
import { tenantOf } from '../../../platform/scope.ts';
import { buildForest, markHasChildren, toTreeNode } from '../../../platform/tree.ts';
import { parse } from '../../../platform/validate.ts';
import { loadDept, order, toDept } from './shared.ts';

export function handleDeptReads(r: ReturnType<typeof endpoints>, db: Db): void {
  // BladeX `dept/list`: the tree of matching departments (deptName contains, deptCategory equals)
  r.handle(DEPT.list, async ({ query, user: u }) => {
    const q = query;
    const conds = [tenantOf(u, dept)];
    if (q.deptName) conds.push(sql`${dept.deptName} ilike ${`%${q.deptName.replace(/[\\%_]/g, (m) => `\\${m}`)}%`}`);
    if (q.deptCategory !== undefined) conds.push(eq(dept.deptCategory, q.deptCategory));
    const rows = await db
      .select()
      .from(dept)
      .where(and(...conds))
      .orderBy(...order);
    return buildForest<Dept>(rows.map(toDept));
  });

  r.handle(DEPT.lazyList, async ({ query, user: u }) => {
    const q = query;
    const conds = [tenantOf(u, dept)];
    if (q.parentId || !q.deptName) {
      const pid = q.parentId || '0';
      if (pid !== '0') parse(idSchema, pid);
      conds.push(eq(dept.parentId, pid));
    }
    if (q.deptName) conds.push(sql`${dept.deptName} like ${`%${q.deptName}%`}`);
    const rows = await db
      .select({
        d: dept,
        hasChildren: sql<boolean>`exists(select 1 from blade_dept c where c.parent_id = blade_dept.id and c.is_deleted = 0 and c.tenant_id = blade_dept.tenant_id)`,
      })
      .from(dept)
      .where(and(...conds))
      .orderBy(...order);
    return rows.map((r) => ({ ...toDept(r.d), hasChildren: !!r.hasChildren }));
  });

  r.handle(DEPT.tree, async ({ user: u }) => {
    const rows = await db
      .select({ id: dept.id, parentId: dept.parentId, name: dept.deptName })
      .from(dept)
      .where(tenantOf(u, dept))
      .orderBy(...order);
    return markHasChildren(buildForest<TreeNode>(rows.map((r) => toTreeNode(r.id, r.parentId, r.name))));
  });

  r.handle(DEPT.detail, async ({ query, user: u }) => {
    const id = query.id;
    const d = await loadDept(db, u, id);
    const parentName =
      d.parentId === '0' ? '顶级' : ((await loadDept(db, u, d.parentId).catch(() => null))?.deptName ?? '');
    return { ...toDept(d), parentName };
  });
}
