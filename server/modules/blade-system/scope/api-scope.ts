/** api-scope/list, detail, submit, remove (bladex-contract §5.11): the caller's tenant; changes void the scope cache. */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { API_SCOPE } from '../../../../core/contract/blade-system/scope-endpoints.contract.ts';
import type { Db } from '../../../db/client.ts';
import { roleScope, scopeApi } from '../../../db/schema/index.ts';
import { invalidateApiScopeCache } from '../../../platform/api-scope.ts';
import { API_SCOPE_CATEGORY } from '../../../platform/data-scope.ts';
import type { endpoints } from '../../../platform/endpoint.ts';
import { diff, writeOperationLog } from '../../../platform/logs.ts';
import { notFound, page } from '../../../platform/r.ts';
import { effectiveDept, tenantOf } from '../../../platform/scope.ts';
import { admin, menuOf, toApiRow } from './shared.ts';

export function handleApiScope(r: ReturnType<typeof endpoints>, db: Db): void {
  // ---- api scope ----
  r.handle(API_SCOPE.list, async ({ req, query }) => {
    const u = admin(req);
    const q = query;
    const conds = [tenantOf(u, scopeApi)];
    if (q.menuId) conds.push(eq(scopeApi.menuId, q.menuId));
    if (q.scopeName) conds.push(sql`${scopeApi.scopeName} ilike ${`%${q.scopeName}%`}`);
    const where = and(...conds);
    const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(scopeApi).where(where);
    const rows = await db
      .select()
      .from(scopeApi)
      .where(where)
      .orderBy(asc(scopeApi.id))
      .limit(q.size)
      .offset((q.current - 1) * q.size);
    return page(rows.map(toApiRow), n, q.current, q.size);
  });

  r.handle(API_SCOPE.detail, async ({ req, query }) => {
    const u = admin(req);
    const id = query.id;
    const r = await db
      .select()
      .from(scopeApi)
      .where(and(eq(scopeApi.id, id), tenantOf(u, scopeApi)))
      .limit(1);
    if (!r[0]) throw notFound('接口权限不存在');
    return toApiRow(r[0]);
  });

  r.handle(API_SCOPE.submit, async ({ req, body }) => {
    const u = admin(req);
    await db.transaction(async (tx) => {
      const m = await menuOf(tx, body.menuId as string);
      const values = {
        menuId: m.id,
        resourceCode: m.code,
        scopeName: body.scopeName,
        scopePath: body.scopePath,
        scopeMethod: body.scopeMethod,
        scopeType: body.scopeType,
        remark: body.remark,
        status: body.status,
      };
      if (body.id) {
        const prev = await tx
          .select()
          .from(scopeApi)
          .where(and(eq(scopeApi.id, body.id), tenantOf(u, scopeApi)))
          .for('update');
        if (!prev[0]) throw notFound('接口权限不存在');
        await tx
          .update(scopeApi)
          .set({ ...values, updateUser: u.userId, updateTime: new Date() })
          .where(and(eq(scopeApi.id, body.id), tenantOf(u, scopeApi)));
        await writeOperationLog(tx, req, `修改接口权限: ${body.scopeName}`, diff(prev[0], values));
      } else {
        await tx.insert(scopeApi).values({
          ...values,
          tenantId: u.tenantId,
          createUser: u.userId,
          createDept: effectiveDept(u),
          updateUser: u.userId,
        });
        await writeOperationLog(tx, req, `新增接口权限: ${body.scopeName}`);
      }
    });
    invalidateApiScopeCache();
    return null;
  });

  r.handle(API_SCOPE.remove, async ({ req, query }) => {
    const u = admin(req);
    const ids = query.ids;
    await db.transaction(async (tx) => {
      const found = await tx
        .select({ id: scopeApi.id })
        .from(scopeApi)
        .where(and(tenantOf(u, scopeApi), inArray(scopeApi.id, ids)));
      if (found.length !== new Set(ids).size) throw notFound('接口权限不存在');
      await tx
        .update(scopeApi)
        .set({ isDeleted: 1, updateUser: u.userId, updateTime: new Date() })
        .where(and(inArray(scopeApi.id, ids), tenantOf(u, scopeApi)));
      await tx
        .delete(roleScope)
        .where(and(eq(roleScope.scopeCategory, API_SCOPE_CATEGORY), inArray(roleScope.scopeId, ids)));
      await writeOperationLog(tx, req, `删除接口权限: ${ids.join(',')}`);
    });
    invalidateApiScopeCache();
    return null;
  });
}
