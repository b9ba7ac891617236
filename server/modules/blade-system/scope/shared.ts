/** What the data-scope and API-scope handlers share: the admin check, row mapping, the rule's menu. */
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import {
  API_SCOPE_METHODS,
  API_SCOPE_TYPES,
  type ApiScopeMethod,
  type ApiScopeRow,
  DATA_SCOPE_TYPES,
  type DataScopeRow,
} from '../../../../core/contract/blade-system/scope.contract.ts';
import type { Executor } from '../../../db/client.ts';
import { menu, type scopeApi, type scopeData } from '../../../db/schema/index.ts';
import { requireRoles } from '../../../platform/auth.ts';
import { badRequest } from '../../../platform/r.ts';

export const admin = (req: FastifyRequest) => requireRoles(req, 'administrator', 'admin');

type DataRow = typeof scopeData.$inferSelect;
type ApiRow = typeof scopeApi.$inferSelect;

export const toDataRow = (r: DataRow): DataScopeRow => ({
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

export const toApiRow = (r: ApiRow): ApiScopeRow => ({
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

export async function menuOf(ex: Executor, menuId: string): Promise<{ id: string; code: string; name: string }> {
  const m = await ex
    .select({ id: menu.id, code: menu.code, name: menu.name, category: menu.category })
    .from(menu)
    .where(and(eq(menu.id, menuId), eq(menu.isDeleted, 0)))
    .limit(1);
  if (!m[0]) throw badRequest('所属菜单不存在');
  if (m[0].category !== 1) throw badRequest('所属菜单不能是按钮');
  return m[0];
}
