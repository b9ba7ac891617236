/**
 * Data-scope and API-scope rules (bladex-contract §5.10–5.11): list (paged, by menu), detail, submit, remove.
 * Admin / administrator only; rows belong to the caller's tenant; the resource code is the menu's code.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  API_SCOPE_METHODS,
  API_SCOPE_TYPES,
  type ApiScopeMethod,
  type ApiScopeRow,
  apiScopeSubmitSchema,
  DATA_SCOPE_TYPES,
  type DataScopeRow,
  dataScopeSubmitSchema,
  SCOPE_PATHS,
} from '../../../core/contract/blade-system/scope.contract.ts';
import { idListSchema, idSchema, pageQuerySchema } from '../../../core/contract/common.ts';
import type { AppContext } from '../../app.ts';
import type { Executor } from '../../db/client.ts';
import { dept, menu, roleScope, scopeApi, scopeData } from '../../db/schema/index.ts';
import { invalidateApiScopeCache } from '../../platform/api-scope.ts';
import { requireRoles } from '../../platform/auth.ts';
import { API_SCOPE_CATEGORY, DATA_SCOPE_CATEGORY } from '../../platform/data-scope.ts';
import { diff, writeOperationLog } from '../../platform/logs.ts';
import { badRequest, notFound, ok, page } from '../../platform/r.ts';
import { parse } from '../../platform/validate.ts';

const admin = (req: FastifyRequest) => requireRoles(req, 'administrator', 'admin');

const listQuery = pageQuerySchema.extend({
  menuId: z
    .string()
    .trim()
    .optional()
    .refine((v) => !v || /^[1-9]\d{0,18}$/.test(v), { message: '菜单编号格式不正确' }),
  scopeName: z.string().trim().max(100).optional(),
});

type DataRow = typeof scopeData.$inferSelect;
type ApiRow = typeof scopeApi.$inferSelect;

const toDataRow = (r: DataRow): DataScopeRow => ({
  id: r.id,
  menuId: r.menuId,
  resourceCode: r.resourceCode,
  scopeName: r.scopeName,
  scopeColumn: r.scopeColumn,
  scopeType: r.scopeType,
  scopeTypeName: DATA_SCOPE_TYPES[r.scopeType] ?? '',
  scopeValue: r.scopeValue,
  remark: r.remark,
  status: r.status,
});

const toApiRow = (r: ApiRow): ApiScopeRow => ({
  id: r.id,
  menuId: r.menuId,
  resourceCode: r.resourceCode,
  scopeName: r.scopeName,
  scopePath: r.scopePath,
  scopeMethod: (API_SCOPE_METHODS as readonly string[]).includes(r.scopeMethod)
    ? (r.scopeMethod as ApiScopeMethod)
    : 'ALL',
  scopeType: r.scopeType,
  scopeTypeName: API_SCOPE_TYPES[r.scopeType] ?? '',
  remark: r.remark,
  status: r.status,
});

async function menuOf(ex: Executor, menuId: string): Promise<{ id: string; code: string; name: string }> {
  const m = await ex
    .select({ id: menu.id, code: menu.code, name: menu.name, category: menu.category })
    .from(menu)
    .where(and(eq(menu.id, menuId), eq(menu.isDeleted, 0)))
    .limit(1);
  if (!m[0]) throw badRequest('所属菜单不存在');
  if (m[0].category !== 1) throw badRequest('所属菜单不能是按钮');
  return m[0];
}

export function registerScopeRoutes(app: FastifyInstance, { database }: AppContext): void {
  const db = database.db;

  // ---- data scope ----
  app.get(SCOPE_PATHS.dataScopeList, async (req) => {
    const u = admin(req);
    const q = parse(listQuery, req.query ?? {});
    const conds = [eq(scopeData.tenantId, u.tenantId), eq(scopeData.isDeleted, 0)];
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
    return ok(page(rows.map(toDataRow), n, q.current, q.size));
  });

  app.get(SCOPE_PATHS.dataScopeDetail, async (req) => {
    const u = admin(req);
    const id = parse(z.object({ id: idSchema }), req.query ?? {}).id;
    const r = await db
      .select()
      .from(scopeData)
      .where(and(eq(scopeData.id, id), eq(scopeData.tenantId, u.tenantId), eq(scopeData.isDeleted, 0)))
      .limit(1);
    if (!r[0]) throw notFound('数据权限不存在');
    return ok(toDataRow(r[0]));
  });

  app.post(SCOPE_PATHS.dataScopeSubmit, async (req) => {
    const u = admin(req);
    const body = parse(dataScopeSubmitSchema, req.body ?? {});
    await db.transaction(async (tx) => {
      const m = await menuOf(tx, body.menuId as string);
      if (body.scopeType === 5) {
        const found = await tx
          .select({ id: dept.id })
          .from(dept)
          .where(and(eq(dept.tenantId, u.tenantId), eq(dept.isDeleted, 0), inArray(dept.id, body.scopeValue)));
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
          .where(and(eq(scopeData.id, body.id), eq(scopeData.tenantId, u.tenantId), eq(scopeData.isDeleted, 0)))
          .for('update');
        if (!prev[0]) throw notFound('数据权限不存在');
        await tx
          .update(scopeData)
          .set({ ...values, updateUser: u.userId, updateTime: new Date() })
          .where(eq(scopeData.id, body.id));
        await writeOperationLog(tx, req, `修改数据权限: ${body.scopeName}`, diff(prev[0], values));
      } else {
        await tx.insert(scopeData).values({
          ...values,
          tenantId: u.tenantId,
          createUser: u.userId,
          createDept: u.currentDeptId,
          updateUser: u.userId,
        });
        await writeOperationLog(tx, req, `新增数据权限: ${body.scopeName}`);
      }
    });
    return ok(null);
  });

  app.post(SCOPE_PATHS.dataScopeRemove, async (req) => {
    const u = admin(req);
    const ids = parse(z.object({ ids: idListSchema }), req.query ?? {}).ids;
    await db.transaction(async (tx) => {
      const found = await tx
        .select({ id: scopeData.id })
        .from(scopeData)
        .where(and(eq(scopeData.tenantId, u.tenantId), eq(scopeData.isDeleted, 0), inArray(scopeData.id, ids)));
      if (found.length !== new Set(ids).size) throw notFound('数据权限不存在');
      await tx
        .update(scopeData)
        .set({ isDeleted: 1, updateUser: u.userId, updateTime: new Date() })
        .where(inArray(scopeData.id, ids));
      await tx
        .delete(roleScope)
        .where(and(eq(roleScope.scopeCategory, DATA_SCOPE_CATEGORY), inArray(roleScope.scopeId, ids)));
      await writeOperationLog(tx, req, `删除数据权限: ${ids.join(',')}`);
    });
    return ok(null);
  });

  // ---- api scope ----
  app.get(SCOPE_PATHS.apiScopeList, async (req) => {
    const u = admin(req);
    const q = parse(listQuery, req.query ?? {});
    const conds = [eq(scopeApi.tenantId, u.tenantId), eq(scopeApi.isDeleted, 0)];
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
    return ok(page(rows.map(toApiRow), n, q.current, q.size));
  });

  app.get(SCOPE_PATHS.apiScopeDetail, async (req) => {
    const u = admin(req);
    const id = parse(z.object({ id: idSchema }), req.query ?? {}).id;
    const r = await db
      .select()
      .from(scopeApi)
      .where(and(eq(scopeApi.id, id), eq(scopeApi.tenantId, u.tenantId), eq(scopeApi.isDeleted, 0)))
      .limit(1);
    if (!r[0]) throw notFound('接口权限不存在');
    return ok(toApiRow(r[0]));
  });

  app.post(SCOPE_PATHS.apiScopeSubmit, async (req) => {
    const u = admin(req);
    const body = parse(apiScopeSubmitSchema, req.body ?? {});
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
          .where(and(eq(scopeApi.id, body.id), eq(scopeApi.tenantId, u.tenantId), eq(scopeApi.isDeleted, 0)))
          .for('update');
        if (!prev[0]) throw notFound('接口权限不存在');
        await tx
          .update(scopeApi)
          .set({ ...values, updateUser: u.userId, updateTime: new Date() })
          .where(eq(scopeApi.id, body.id));
        await writeOperationLog(tx, req, `修改接口权限: ${body.scopeName}`, diff(prev[0], values));
      } else {
        await tx.insert(scopeApi).values({
          ...values,
          tenantId: u.tenantId,
          createUser: u.userId,
          createDept: u.currentDeptId,
          updateUser: u.userId,
        });
        await writeOperationLog(tx, req, `新增接口权限: ${body.scopeName}`);
      }
    });
    invalidateApiScopeCache();
    return ok(null);
  });

  app.post(SCOPE_PATHS.apiScopeRemove, async (req) => {
    const u = admin(req);
    const ids = parse(z.object({ ids: idListSchema }), req.query ?? {}).ids;
    await db.transaction(async (tx) => {
      const found = await tx
        .select({ id: scopeApi.id })
        .from(scopeApi)
        .where(and(eq(scopeApi.tenantId, u.tenantId), eq(scopeApi.isDeleted, 0), inArray(scopeApi.id, ids)));
      if (found.length !== new Set(ids).size) throw notFound('接口权限不存在');
      await tx
        .update(scopeApi)
        .set({ isDeleted: 1, updateUser: u.userId, updateTime: new Date() })
        .where(inArray(scopeApi.id, ids));
      await tx
        .delete(roleScope)
        .where(and(eq(roleScope.scopeCategory, API_SCOPE_CATEGORY), inArray(roleScope.scopeId, ids)));
      await writeOperationLog(tx, req, `删除接口权限: ${ids.join(',')}`);
    });
    invalidateApiScopeCache();
    return ok(null);
  });
}
