/**
 * buildApp: the Fastify app (DESIGN §2) on an opened database. Tests import it; main.ts runs it.
 * Order: content parsers → route table (onRoute) → guard (onRequest) → routes → api log (onResponse, batched) →
 * error / not-found handlers.
 */
import rateLimit from '@fastify/rate-limit';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { registerAuthRoutes } from './modules/blade-auth/routes.ts';
import { registerBladeLog } from './modules/blade-log/routes.ts';
import { registerDeptRoutes } from './modules/blade-system/dept/index.ts';
import { registerMenuRoutes } from './modules/blade-system/menu/index.ts';
import { registerRegionRoutes } from './modules/blade-system/region.ts';
import { registerAuthorityRoutes } from './modules/blade-system/role/index.ts';
import { registerSystemAdmin } from './modules/blade-system/system-admin.ts';
import { registerUserRoutes } from './modules/blade-system/user.ts';
import { registerIzsBase } from './modules/izs-base/routes.ts';
import { registerIzsContract } from './modules/izs-contract/routes.ts';
import { registerIzsFinanceAr } from './modules/izs-finance-ar/routes.ts';
import { registerIzsFinancing } from './modules/izs-financing/routes.ts';
import { registerIzsLogistical } from './modules/izs-logistical/routes.ts';
import { registerIzsReport } from './modules/izs-report/routes.ts';
import { registerIzsScf } from './modules/izs-scf/routes.ts';
import { registerCameras } from './modules/izs-sell/cameras.ts';
import { registerIzsStock } from './modules/izs-stock/routes.ts';
import { registerTraceOpen } from './modules/izs-toolbox/chain/routes.ts';
import { registerIzsToolbox } from './modules/izs-toolbox/routes.ts';
import { registerIzsVisual } from './modules/izs-visual/routes.ts';
import { registerIzsWeighing } from './modules/izs-weighing/routes.ts';
import { registerIzsWeighingOrders } from './modules/izs-weighing-order/routes.ts';
import { registerMiscRoutes } from './modules/misc/routes.ts';
import { makeGuard, routeIsPublic } from './platform/auth.ts';
import { installErrorHandling } from './platform/errors.ts';
import { JobRegistry } from './platform/jobs.ts';
import { makeApiLogWriter, pruneApiLog, retentionJob } from './platform/logs.ts';
import { refuseNul } from './platform/nul-guard.ts';
import { dbRateLimitStore } from './platform/rate-limit-store.ts';
import { registerSecurityHeaders } from './platform/security-headers.ts';
import { isHtmlNavigation, registerStatic, sendEntry } from './platform/static.ts';
import './platform/validate.ts';
import type { AppContext } from './platform/context.ts';

export interface BuildAppOptions {
  database: Database;
  config: Config;
  /** HS256 key (resolveJwtSecret). */
  jwtSecret: string;
  logger?: FastifyServerOptions['logger'];
}

/** One registered route: what the guard decides from (tests walk this list under several spellings). */
export interface RouteEntry {
  method: string;
  url: string;
  public: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered on the app (filled by an onRoute hook), in registration order. */
    routeTable: RouteEntry[];
  }
}

export async function buildApp(opts: BuildAppOptions): Promise<FastifyInstance> {
  const { database, config } = opts;
  const db = database.db;
  const secret = new TextEncoder().encode(opts.jwtSecret);
  const app = Fastify({
    logger: opts.logger ?? false,
    trustProxy: config.trustProxy,
    bodyLimit: 10 * 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
  });
  app.decorateRequest('user', null);
  const routeTable: RouteEntry[] = [];
  app.decorate('routeTable', routeTable);
  // the scheduled jobs (platform/jobs.ts): modules add theirs while registering; they start when the app is ready
  // and stop (a run in progress awaited) when it closes
  const jobs = new JobRegistry({ tz: config.tz, log: app.log });
  app.decorate('jobs', jobs);
  app.addHook('onReady', async () => jobs.start());
  app.addHook('onClose', async () => jobs.stop());
  app.addHook('onRoute', (r) => {
    const methods = Array.isArray(r.method) ? r.method : [r.method];
    for (const method of methods) {
      routeTable.push({ method, url: r.url, public: routeIsPublic(r.url, r.config as { public?: boolean }) });
    }
  });

  installErrorHandling(app, (req, reply) => {
    const pathname = req.url.split('?')[0];
    if (isHtmlNavigation(req.method, pathname)) return sendEntry(req, reply, config.distDir);
    return undefined;
  });

  await registerSecurityHeaders(app, config);
  await app.register(websocket, { options: { maxPayload: 1024 * 1024 } });
  // limiters are created per use (the sign-in throttle of blade-auth); nothing is limited globally; counted in the
  // database so every API process shares the counts
  await app.register(rateLimit, { global: false, store: dbRateLimitStore(db) });
  app.addHook('onRequest', makeGuard(db, secret));
  app.addHook('preValidation', refuseNul); // a NUL anywhere in the request: 400, for every route
  const apiLog = makeApiLogWriter(db, (e) => app.log.error(e));
  app.addHook('onResponse', apiLog.hook);
  app.addHook('onClose', apiLog.flush);
  app.jobs.add('api-log-retention', retentionJob(db, config.apiLogRetentionDays, pruneApiLog), {
    enabled: config.apiLogRetentionDays > 0,
  });

  const ctx: AppContext = { database, config, secret, flushApiLog: apiLog.flush };
  registerAuthRoutes(app, { db, secret, captchaMode: config.captchaMode });
  registerMenuRoutes(app, ctx);
  registerDeptRoutes(app, ctx);
  registerRegionRoutes(app, ctx);
  registerUserRoutes(app, ctx);
  registerAuthorityRoutes(app, ctx);
  registerMiscRoutes(app, ctx);
  await registerIzsBase(app, ctx);
  await registerBladeLog(app, ctx);
  await registerIzsToolbox(app, ctx);
  await registerSystemAdmin(app, ctx);
  registerIzsWeighing(app, ctx);
  await registerIzsStock(app, ctx);
  await registerIzsWeighingOrders(app, ctx);
  await registerCameras(app, ctx);
  await registerIzsFinancing(app, ctx);
  registerIzsVisual(app, ctx);
  registerIzsReport(app, ctx);
  await registerTraceOpen(app, ctx); // trace chain + open platform (issue 14)
  await registerIzsContract(app, ctx); // contracts, ledgers (issue 12)
  await registerIzsScf(app, ctx); // supply-chain finance (issue 12)
  await registerIzsFinanceAr(app, ctx);
  await registerIzsLogistical(app, ctx);
  await registerStatic(app, config.distDir, config.ossDir);
  return app;
}
