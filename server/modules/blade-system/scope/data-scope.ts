/** data-scope/list, detail, submit, remove (bladex-contract §5.10): the caller's tenant; the resource code is the menu's. */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { DATA_SCOPE } from '../../../../core/contract/blade-system/scope-endpoints.contract.ts';
import type { Db } from '../../../db/client.ts';
import { dept, roleScope, scopeData } from '../../../db/schema/index.ts';
import { DATA_SCOPE_CATEGORY } from '../../../platform/data-scope.ts';
import type { endpoints } from '../../../platform/endpoint.ts';
import { diff, writeOperationLog } from '../../../platform/logs.ts';
import { badRequest, notFound, page } from '../../../platform/r.ts';
import { effectiveDept, tenantOf } from '../../../platform/scope.ts';
import { admin, menuOf, toDataRow } from './shared.ts';

export function handleDataScope(r: ReturnType<typeof endpoints>, db: Db): void {
  // ---- data scope ----
  r.handle(DATA_SCOPE.list, async ({ req, query }) => {
    const u = admin(req);
    const q = query;
    const conds = [tenantOf(u, scopeData)];
    if (q.menuId) conds.push(eq(scopeData.menuId, q.menuId));
    if (q.scopeName) conds.push(sql`${scopeData.scopeName} ilike ${`%${q.scopeName}%`}`);
    const where = and(...conds);
    const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(scopeData).where(where);
    const rows = await db
      .select()
      .from(scopeData)
      .where(where)
      .orderBy(asc(scopeData.id))
      .limit(q.size)
      .offset((q.current - 1) * q.size);
    return page(rows.map(toDataRow), n, q.current, q.size);
  });

  r.handle(DATA_SCOPE.detail, async ({ req, query }) => {
    const u = admin(req);
    const id = query.id;
    const r = await db
      .select()
      .from(scopeData)
      .where(and(eq(scopeData.id, id), tenantOf(u, scopeData)))
      .limit(1);
    if (!r[0]) throw notFound('数据权限不存在');
    return toDataRow(r[0]);
  });

  r.handle(DATA_SCOPE.submit, async ({ req, body }) => {
    const u = admin(req);
    await db.transaction(async (tx) => {
      const m = await menuOf(tx, body.menuId as string);
      if (body.scopeType === 5) {
        const found = await tx
          .select({ id: dept.id })
          .from(dept)
          .where(and(tenantOf(u, dept), inArray(dept.id, body.scopeValue)));
        if (found.length !== body.scopeValue.length) throw badRequest('可见机构不存在');
      }
      const values = {
        menuId: m.id,
        resourceCode: m.code,
        scopeName: body.scopeName,
        scopeColumn: body.scopeColumn,
        scopeType: body.scopeType,
        scopeValue: body.scopeType === 5 ? body.scopeValue.join(',') : '',
        remark: body.remark,
        status: body.status,
      };
      if (body.id) {
        const prev = await tx
          .select()
          .from(scopeData)
          .where(and(eq(scopeData.id, body.id), tenantOf(u, scopeData)))
          .for('update');
        if (!prev[0]) throw notFound('数据权限不存在');
        await tx
          .update(scopeData)
          .set({ ...values, updateUser: u.userId, updateTime: new Date() })
          .where(and(eq(scopeData.id, body.id), tenantOf(u, scopeData)));
        await writeOperationLog(tx, req, `修改数据权限: ${body.scopeName}`, diff(prev[0], values));
      } else {
        await tx.insert(scopeData).values({
          ...values,
          tenantId: u.tenantId,
          createUser: u.userId,
          createDept: effectiveDept(u),
          updateUser: u.userId,
        });
        await writeOperationLog(tx, req, `新增数据权限: ${body.scopeName}`);
      }
    });
    return null;
  });

  r.handle(DATA_SCOPE.remove, async ({ req, query }) => {
    const u = admin(req);
    const ids = query.ids;
    await db.transaction(async (tx) => {
      const found = await tx
        .select({ id: scopeData.id })
        .from(scopeData)
        .where(and(tenantOf(u, scopeData), inArray(scopeData.id, ids)));
      if (found.length !== new Set(ids).size) throw notFound('数据权限不存在');
      await tx
        .update(scopeData)
        .set({ isDeleted: 1, updateUser: u.userId, updateTime: new Date() })
        .where(and(inArray(scopeData.id, ids), tenantOf(u, scopeData)));
      await tx
        .delete(roleScope)
        .where(and(eq(roleScope.scopeCategory, DATA_SCOPE_CATEGORY), inArray(roleScope.scopeId, ids)));
      await writeOperationLog(tx, req, `删除数据权限: ${ids.join(',')}`);
    });
    return null;
  });
}
