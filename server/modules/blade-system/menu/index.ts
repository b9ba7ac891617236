/**
 * Menus (spec §7.2, bladex-contract §4), descriptors MENU in core/contract/blade-system/menu.contract.ts: list.ts
 * (routes, buttons, lazy lists, list, tree, detail), submit.ts (submit, remove).
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../platform/context.ts';
import { endpoints } from '../../../platform/endpoint.ts';
import { handleMenuReads } from './list.ts';
import { handleMenuWrites } from './submit.ts';

export { toMenuNode } from './shared.ts';

export function registerMenuRoutes(app: FastifyInstance, { database }: AppContext): void {
  const r = endpoints(app, database.db);
  handleMenuReads(r, database.db);
  handleMenuWrites(r, database.db);
}
