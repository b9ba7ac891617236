/** Departments (spec §7.5, bladex-contract §5.1): lazy-list, tree, detail, submit, remove — caller's tenant only. */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { type Dept, deptSubmitSchema, SYSTEM_PATHS } from '../../../core/contract/blade-system.contract.ts';
import { idListSchema, idSchema, type TreeNode } from '../../../core/contract/common.ts';
import type { AppContext } from '../../app.ts';
import { dept } from '../../db/schema/index.ts';
import { currentUser, requireRoles } from '../../platform/auth.ts';
import { diff, writeOperationLog } from '../../platform/logs.ts';
import { badRequest, notFound, ok } from '../../platform/r.ts';
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
    const u = requireRoles(req, 'administrator', 'admin');
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
    const u = requireRoles(req, 'administrator', 'admin');
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
      await tx
        .update(dept)
        .set({ isDeleted: 1, updateUser: u.userId, updateTime: new Date() })
        .where(inArray(dept.id, ids));
      await writeOperationLog(tx, req, `删除机构: ${ids.join(',')}`);
    });
    return ok(null);
  });
}
