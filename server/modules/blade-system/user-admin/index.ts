/**
 * User administration (bladex-contract §5.2, BladeX flavour): descriptors USER_ADMIN in
 * core/contract/blade-system/user.contract.ts. Admin / administrator only, the caller's tenant only; hashes are never
 * returned. page.ts (page, list, detail, post-options), submit.ts (submit, update, remove), grant.ts (grant,
 * reset-password, unlock, update-status), shared.ts (names, targets, sessions).
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../platform/context.ts';
import { endpoints } from '../../../platform/endpoint.ts';
import { handleUserGrants } from './grant.ts';
import { handleUserReads } from './page.ts';
import { handleUserWrites } from './submit.ts';

export function registerUserAdminRoutes(app: FastifyInstance, { database, config }: AppContext): void {
  const db = database.db;
  const r = endpoints(app, db);
  handleUserReads(r, db, config.tz);
  handleUserWrites(r, db);
  handleUserGrants(r, db);
}
