/**
 * Data-scope and API-scope rules (bladex-contract §5.10–5.11), descriptors DATA_SCOPE / API_SCOPE in
 * core/contract/blade-system/scope-endpoints.contract.ts: data-scope.ts, api-scope.ts. Admin / administrator only;
 * rows belong to the caller's tenant; the resource code is the menu's code.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../platform/context.ts';
import { endpoints } from '../../../platform/endpoint.ts';
import { handleApiScope } from './api-scope.ts';
import { handleDataScope } from './data-scope.ts';

export function registerScopeRoutes(app: FastifyInstance, { database }: AppContext): void {
  const r = endpoints(app, database.db);
  handleDataScope(r, database.db);
  handleApiScope(r, database.db);
}
