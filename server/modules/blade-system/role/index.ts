/**
 * Roles and grants (bladex-contract §4.2, §5.3), descriptors ROLE in core/contract/blade-system/role.contract.ts:
 * list.ts (list, tree, detail), submit.ts (submit, remove), grant.ts (grant, menu/grant-tree, menu/role-tree-keys).
 * Admin / administrator only; the caller's tenant only. Also the one registration of the authority routes.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../platform/context.ts';
import { endpoints } from '../../../platform/endpoint.ts';
import { registerScopeRoutes } from '../scope/index.ts';
import { registerUserAdminRoutes } from '../user-admin/index.ts';
import { handleRoleGrants } from './grant.ts';
import { handleRoleReads } from './list.ts';
import { handleRoleWrites } from './submit.ts';

export function registerRoleRoutes(app: FastifyInstance, { database }: AppContext): void {
  const db = database.db;
  const r = endpoints(app, db);
  handleRoleReads(r, db);
  handleRoleWrites(r, db);
  handleRoleGrants(r, db);
}

/** Authority routes (roles + grants, data/API scopes, user administration): one registration in app.ts. */
export function registerAuthorityRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerRoleRoutes(app, ctx);
  registerScopeRoutes(app, ctx);
  registerUserAdminRoutes(app, ctx);
}
