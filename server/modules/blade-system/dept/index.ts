/**
 * Departments (spec §7.5, bladex-contract §5.1), descriptors DEPT in core/contract/blade-system/dept.contract.ts:
 * list.ts (list, lazy-list, tree, detail), submit.ts (submit, remove). The caller's tenant only.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../platform/context.ts';
import { endpoints } from '../../../platform/endpoint.ts';
import { handleDeptReads } from './list.ts';
import { handleDeptWrites } from './submit.ts';

export { toDept } from './shared.ts';

export function registerDeptRoutes(app: FastifyInstance, { database }: AppContext): void {
  const r = endpoints(app, database.db);
  handleDeptReads(r, database.db);
  handleDeptWrites(r, database.db);
}
