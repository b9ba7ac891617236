/**
 * Departments (spec §7.5, bladex-contract §5.1): list (tree), lazy-list, tree, detail, submit, remove — caller's
 * tenant only. Writes need the 机构管理 or 部门管理 buttons (system_department_* / system_dept_*); removal is
 * refused while child departments, users or employees remain.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { type Dept, deptSubmitSchema, SYSTEM_PATHS } from '../../../core/contract/blade-system.contract.ts';
import { idListSchema, idSchema, type TreeNode } from '../../../core/contract/common.ts';
import type { AppContext } from '../../app.ts';
import { dept, staff, user } from '../../db/schema/index.ts';
import { type AuthUser, currentUser } from '../../platform/auth.ts';
import { hasAnyCode } from '../../platform/crud/index.ts';
import { diff, writeOperationLog } from '../../platform/logs.ts';
import { badRequest, forbidden, notFound, ok } from '../../platform/r.ts';
import { buildForest, markHasChildren, toTreeNode } from '../../platform/tree.ts';
import { parse } from '../../platform/validate.ts';

type DeptRow = typeof dept.$inferSelect;

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

const live = eq(dept.isDeleted, 0);
const order = [asc(dept.sort), asc(dept.id)];

export function registerDeptRoutes(app: FastifyInstance, { database }: AppContext): void {
  const db = database.db;

  const load = async (tenantId: string, id: string): Promise<DeptRow> => {
    const r = await db
      .select()
      .from(dept)
      .where(and(eq(dept.id, id), eq(dept.tenantId, tenantId), live))
      .limit(1);
    if (!r[0]) throw notFound('机构不存在');
    return r[0];
  };

  /** The caller holds the action's button on 机构管理 or 部门管理 (view: the menu itself is enough). */
  const permit = async (u: AuthUser, action: 'view' | 'add' | 'edit' | 'delete') => {
    const codes = ['system_department', 'system_dept'].flatMap((m) =>
      action === 'view' ? [m, `${m}_view`] : [`${m}_${action}`],
    );
    if (!(await hasAnyCode(db, u, codes))) throw forbidden('没有权限');
  };

  // BladeX `dept/list`: the tree of matching departments (deptName contains, deptCategory equals)
  app.get('/api/blade-system/dept/list', async (req) => {
    const u = currentUser(req);
    await permit(u, 'view');
    const q = parse(
      z.object({
        deptName: z.string().trim().max(45).optional(),
        deptCategory: z.coerce.number({ error: '机构类型不正确' }).int('机构类型不正确').optional(),
      }),
      req.query ?? {},
    );
    const conds = [live, eq(dept.tenantId, u.tenantId)];
    if (q.deptName) conds.push(sql`${dept.deptName} ilike ${`%${q.deptName.replace(/[\\%_]/g, (m) => `\\${m}`)}%`}`);
    if (q.deptCategory !== undefined) conds.push(eq(dept.deptCategory, q.deptCategory));
    const rows = await db
      .select()
      .from(dept)
      .where(and(...conds))
      .orderBy(...order);
    return ok(buildForest<Dept>(rows.map(toDept)));
  });

  app.get(SYSTEM_PATHS.deptLazyList, async (req) => {
    const u = currentUser(req);
    const q = parse(
      z.object({ parentId: z.string().trim().optional(), deptName: z.string().trim().optional() }),
      req.query ?? {},
    );
    const conds = [live, eq(dept.tenantId, u.tenantId)];
    if (q.parentId || !q.deptName) {
      const pid = q.parentId || '0';
      if (pid !== '0') parse(idSchema, pid);
      conds.push(eq(dept.parentId, pid));
    }
    if (q.deptName) conds.push(sql`${dept.deptName} like ${`%${q.deptName}%`}`);
    const rows = await db
      .select({
        d: dept,
        hasChildren: sql<boolean>`exists(select 1 from blade_dept c where c.parent_id = blade_dept.id and c.is_deleted = 0)`,
      })
      .from(dept)
      .where(and(...conds))
      .orderBy(...order);
    return ok(rows.map((r) => ({ ...toDept(r.d), hasChildren: !!r.hasChildren })));
  });

  app.get(SYSTEM_PATHS.deptTree, async (req) => {
    const u = currentUser(req);
    const rows = await db
      .select({ id: dept.id, parentId: dept.parentId, name: dept.deptName })
      .from(dept)
      .where(and(live, eq(dept.tenantId, u.tenantId)))
      .orderBy(...order);
    return ok(markHasChildren(buildForest<TreeNode>(rows.map((r) => toTreeNode(r.id, r.parentId, r.name)))));
  });

  app.get(SYSTEM_PATHS.deptDetail, async (req) => {
    const u = currentUser(req);
    const id = parse(z.object({ id: idSchema }), req.query ?? {}).id;
    const d = await load(u.tenantId, id);
    const parentName =
      d.parentId === '0' ? '顶级' : ((await load(u.tenantId, d.parentId).catch(() => null))?.deptName ?? '');
    return ok({ ...toDept(d), parentName });
  });

  app.post(SYSTEM_PATHS.deptSubmit, async (req) => {
    const u = currentUser(req);
    await permit(u, (req.body as { id?: unknown } | undefined)?.id ? 'edit' : 'add');
    const body = parse(deptSubmitSchema, req.body ?? {});
    await db.transaction(async (tx) => {
      let parentId = '0';
      let ancestors = '0';
      if (body.parentId !== undefined) {
        if (body.id && body.parentId === body.id) throw badRequest('父节点不可选择自身!');
        const pid = parse(idSchema, body.parentId);
        const p = await tx
          .select()
          .from(dept)
          .where(and(eq(dept.id, pid), eq(dept.tenantId, u.tenantId), live))
          .limit(1);
        if (!p[0]) throw badRequest('上级机构不存在!');
        if (body.id && `,${p[0].ancestors},`.includes(`,${body.id},`)) {
          throw badRequest('父节点不可选择自身的子节点!');
        }
        parentId = pid;
        ancestors = `${p[0].ancestors},${pid}`;
      }
      const values = {
        parentId,
        ancestors,
        deptName: body.deptName,
        fullName: body.fullName ?? body.deptName,
        deptCategory: body.deptCategory,
        sort: body.sort,
        remark: body.remark ?? '',
      };
      if (body.id) {
        const prev = await tx
          .select()
          .from(dept)
          .where(and(eq(dept.id, body.id), eq(dept.tenantId, u.tenantId), live))
          .for('update');
        if (!prev[0]) throw notFound('机构不存在');
        await tx
          .update(dept)
          .set({ ...values, updateUser: u.userId, updateTime: new Date() })
          .where(eq(dept.id, body.id));
        if (prev[0].ancestors !== ancestors) {
          // move the subtree: rewrite the ancestors prefix of every descendant
          const oldPrefix = `${prev[0].ancestors},${body.id}`;
          const newPrefix = `${ancestors},${body.id}`;
          await tx
            .update(dept)
            .set({
              ancestors: sql`${newPrefix} || substr(${dept.ancestors}, ${oldPrefix.length + 1})`,
            })
            .where(
              and(
                eq(dept.tenantId, u.tenantId),
                sql`(${dept.ancestors} = ${oldPrefix} or ${dept.ancestors} like ${`${oldPrefix},%`})`,
              ),
            );
        }
        await writeOperationLog(tx, req, `修改机构: ${body.deptName}`, diff(prev[0], values));
      } else {
        await tx.insert(dept).values({
          ...values,
          tenantId: u.tenantId,
          createUser: u.userId,
          createDept: u.currentDeptId,
          updateUser: u.userId,
        });
        await writeOperationLog(tx, req, `新增机构: ${body.deptName}`);
      }
    });
    return ok(null);
  });

  app.post(SYSTEM_PATHS.deptRemove, async (req) => {
    const u = currentUser(req);
    await permit(u, 'delete');
    const ids = parse(z.object({ ids: idListSchema }), req.query ?? {}).ids;
    await db.transaction(async (tx) => {
      const found = await tx
        .select({ id: dept.id })
        .from(dept)
        .where(and(live, eq(dept.tenantId, u.tenantId), inArray(dept.id, ids)));
      if (found.length !== new Set(ids).size) throw notFound('机构不存在');
      const kids = await tx
        .select({ id: dept.id })
        .from(dept)
        .where(and(live, inArray(dept.parentId, ids)));
      if (kids.some((k) => !ids.includes(k.id))) throw badRequest('请先删除子机构');
      const members = await tx
        .select({ account: user.account })
        .from(user)
        .where(
          and(
            eq(user.tenantId, u.tenantId),
            eq(user.isDeleted, 0),
            sql`string_to_array(${user.deptId}, ',') && array[${sql.join(
              ids.map((i) => sql`${i}`),
              sql`, `,
            )}]::text[]`,
          ),
        )
        .limit(1);
      if (members[0]) throw badRequest(`机构下还有用户(${members[0].account})，不能删除`);
      const employees = await tx
        .select({ name: staff.name })
        .from(staff)
        .where(and(eq(staff.tenantId, u.tenantId), eq(staff.isDeleted, 0), inArray(staff.deptId, ids)))
        .limit(1);
      if (employees[0]) throw badRequest(`机构下还有员工(${employees[0].name})，不能删除`);
      await tx
        .update(dept)
        .set({ isDeleted: 1, updateUser: u.userId, updateTime: new Date() })
        .where(inArray(dept.id, ids));
      await writeOperationLog(tx, req, `删除机构: ${ids.join(',')}`);
    });
    return ok(null);
  });
}
