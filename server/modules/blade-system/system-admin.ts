/**
 * System administration (spec §2.7 System): post, staff, page config (params), apps (OAuth clients), system and
 * business dictionaries, versions, Android versions, material quotations and the API-call tracking view — resource-engine routes in one
 * module scope. Menus, departments and users keep their own files (menu.ts, dept.ts, user-admin.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { registerModule } from '../../platform/crud/index.ts';
import { registerAndroidVersionRoutes } from './android-version.ts';
import { registerClientRoutes } from './client.ts';
import { registerDictRoutes } from './dict.ts';
import { registerMaterialQuoteRoutes } from './material-quotes.ts';
import { registerParamRoutes } from './param.ts';
import { registerPostRoutes } from './post.ts';
import { registerStaffRoutes } from './staff.ts';
import { registerTenantRoutes } from './tenant.ts';
import { registerTrackApiLogRoutes } from './track-api-log.ts';
import { registerVersionRoutes } from './version.ts';

export async function registerSystemAdmin(app: FastifyInstance, actx: AppContext): Promise<void> {
  const ctx = { db: actx.database.db, tz: actx.config.tz };
  await registerModule(app, (s) => {
    registerPostRoutes(s, ctx);
    registerStaffRoutes(s, ctx);
    registerParamRoutes(s, ctx);
    registerClientRoutes(s, ctx);
    registerDictRoutes(s, ctx);
    registerVersionRoutes(s, ctx);
    registerAndroidVersionRoutes(s, ctx);
    registerMaterialQuoteRoutes(s, ctx);
    registerTenantRoutes(s, ctx);
  });
  await registerModule(app, (s) => {
    s.addHook('preHandler', actx.flushApiLog);
    registerTrackApiLogRoutes(s, ctx);
  });
}
