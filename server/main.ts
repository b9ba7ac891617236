/**
 * npm start: open the database (PGlite with a pid lock, or PostgreSQL), migrate, seed an empty database,
 * listen, run the scheduled jobs (platform/jobs.ts: 业财对账, PGlite upkeep …), and close cleanly on SIGTERM/SIGINT.
 */

import type { FastifyInstance } from 'fastify';
// biome-ignore lint/style/noRestrictedImports: a process entry point runs the app
import { buildApp } from './app.ts';
import { type Config, loadConfig, resolveJwtSecret } from './config.ts';
import { type Database, DataDirLockedError, openDatabase, runMigrations } from './db/client.ts';
import { vacuumJob } from './db/maintenance.ts';
import { reconcileJob } from './modules/izs-financing/reconcile.ts';
import { ensureFrontEnd } from './platform/front-end-build.ts';
import { loggerOptions } from './platform/log-format.ts';
import { formatDate } from './platform/time.ts';
import { loadHistory } from './seed/history/index.ts';
import {
  type FoundSnapshot,
  findDemoSnapshot,
  historySummary,
  readSnapshot,
  saveDemoSnapshot,
} from './seed/history/snapshot.ts';
import { hasDemoData, seedIfEmpty, syncMenus } from './seed/index.ts';

/**
 * The jobs only `npm start` runs (not the test apps): 业财对账 of every book's current period (the screen and the
 * badge read it) and, on PGlite, VACUUM (ANALYZE). Their times are in platform/jobs.ts `SCHEDULES`.
 */
export function addStartJobs(app: FastifyInstance, database: Database): void {
  app.jobs.add(
    'reconcile',
    reconcileJob(database.db, (m) => app.log.info(m)),
  );
  app.jobs.add('vacuum', vacuumJob(database), { enabled: database.kind !== 'pg' });
}

export async function prepareDatabase(database: Database, config: Config): Promise<boolean> {
  return database.withStartupLock(async () => {
    await runMigrations(database);
    const seeded = await seedIfEmpty(database.db, {
      adminPassword: config.adminPassword,
      seedDemo: config.seedDemo,
      historyMonths: config.historyMonths,
    });
    // an existing database gets the menus a newer release added
    if (!seeded) await syncMenus(database.db);
    return seeded;
  });
}

/**
 * With the demo data, the simulated scale bridge on 127.0.0.1:<SCALE_SIMULATOR_PORT> (9610) so the demo weighing
 * station shows a live weight at once; SCALE_SIMULATOR=0 (or SEED_DEMO=0, or a database without demo data) turns
 * it off. A port already taken (a real bridge on this PC) is logged and skipped, never fatal.
 */
export async function startScaleSimulator(
  config: Config,
  database: Database,
  log: (m: string) => void,
): Promise<{ close(): Promise<void> } | null> {
  if (!config.scaleSimulator || !(await hasDemoData(database.db))) return null;
  // biome-ignore lint/style/noRestrictedImports: start-up only — the demo's simulated bridge shares the process (SCALE_SIMULATOR); request code never imports tools
  const { startSimulatedBridge } = await import('../tools/scale-bridge/simulated.ts');
  try {
    return await startSimulatedBridge({ host: '127.0.0.1', port: config.scaleSimulatorPort, scale: 'DB01', log });
  } catch (e) {
    log(`模拟地磅未启动 / simulated scale not started (port ${config.scaleSimulatorPort}): ${(e as Error).message}`);
    return null;
  }
}

export async function main(): Promise<void> {
  const config = loadConfig();
  const logger = loggerOptions(); // LOG_FORMAT / LOG_LEVEL: refused before anything is opened
  // the demo's year (SEED_HISTORY, 12 months by default): a new PGlite data directory starts from the install's
  // snapshot of it (seed/history/snapshot.ts) — made with the default admin password, at scale 1
  const demoYear = !config.databaseUrl && config.seedDemo && config.historyMonths > 0 && config.historyScale === 1;
  let fromSnapshot: FoundSnapshot | null = null;
  const initial = () => {
    if (!demoYear || config.adminPassword !== 'admin') return null;
    fromSnapshot = findDemoSnapshot(config.historyMonths, config.tz);
    return fromSnapshot && readSnapshot(fromSnapshot);
  };
  let database: Database;
  try {
    database = await openDatabase(
      config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir, initial },
    );
  } catch (e) {
    if (e instanceof DataDirLockedError) {
      console.error(e.message);
      process.exit(1);
    }
    throw e;
  }
  try {
    const t0 = Date.now();
    // the front end builds (when its sources changed) while the database is migrated and seeded
    const frontEnd = ensureFrontEnd(config.distDir, (m) => console.log(m));
    frontEnd.catch(() => {}); // awaited below; a failure before then must not be an unhandled rejection
    const seeded = await prepareDatabase(database, config);
    await frontEnd;
    const jwtSecret = await resolveJwtSecret(config, database.db, database.kind);
    const app = await buildApp({ database, config, jwtSecret, logger });
    const snapshot = fromSnapshot as FoundSnapshot | null;
    if (snapshot) {
      app.log.info(
        `演示数据：${snapshot.meta.months} 个月的历史，截至 ${snapshot.meta.day}（安装时由产品命令生成：${snapshot.meta.summary}）` +
          (snapshot.current ? '' : `；npm run demo:rebuild 可重新生成到今天`),
      );
    } else if (seeded && config.seedDemo && config.historyMonths > 0) {
      // the demo's year of business and books, by the product's own commands (server/seed/history) — no snapshot
      // (another admin password or scale, PostgreSQL, or none made yet): minutes, once
      app.log.info(`演示数据：正在用产品命令生成 ${config.historyMonths} 个月的历史（首次启动，约需数分钟）…`);
      try {
        const h = await loadHistory(app, database.db, {
          months: config.historyMonths,
          scale: config.historyScale,
          adminPassword: config.adminPassword,
          captchaMode: config.captchaMode,
          tz: config.tz,
        });
        const summary = historySummary(h);
        app.log.info(`演示历史 / demo history: ${summary}`);
        if (demoYear && config.adminPassword === 'admin' && database.dump) {
          // the next new data directory starts from it
          const blob = await database.dump();
          const day = formatDate(new Date(), config.tz);
          saveDemoSnapshot(await blob.arrayBuffer(), {
            day,
            tz: config.tz,
            months: config.historyMonths,
            summary,
            result: h,
          });
        }
      } catch (e) {
        // the demo stays usable with what was made; the message names the refused request
        app.log.error(`演示历史未完成 / demo history incomplete: ${(e as Error).message}`);
      }
    }
    addStartJobs(app, database); // they start when the app is ready and stop when it closes
    const simulator = await startScaleSimulator(config, database, (m) => app.log.info(m));
    let closing = false;
    const shutdown = async (signal: string) => {
      if (closing) {
        // a second Ctrl-C or SIGTERM while closing: out at once, as after kill -9 (which the data survives)
        app.log.warn(`${signal} again: exiting without waiting`);
        process.exit(1);
      }
      closing = true;
      app.log.info(`${signal}: closing`);
      // Closing waits for the requests in progress, and one whose client stalls (a body that never finishes) kept
      // the process up until Node's 5-minute request timeout: after SHUTDOWN_GRACE_MS it exits anyway.
      setTimeout(() => {
        app.log.error(
          `${signal}: not closed after ${config.shutdownGraceMs} ms (a request or job still running): exiting`,
        );
        process.exit(1);
      }, config.shutdownGraceMs).unref();
      try {
        await simulator?.close().catch(() => {});
        await app.close();
      } finally {
        await database.close();
        process.exit(0);
      }
    };
    process.on('SIGTERM', () => void shutdown('SIGTERM'));
    process.on('SIGINT', () => void shutdown('SIGINT'));
    await app.listen({ port: config.port, host: config.host });
    const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite ${config.dataDir}`;
    const shown = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
    app.log.info(`Loopyard 已启动 / started: http://${shown}:${config.port}  (${where}, ${Date.now() - t0} ms)`);
    if (seeded || snapshot) {
      app.log.info(
        `首次启动已初始化数据 / seeded: 租户 000000, 账号 admin / ${config.adminPassword === 'admin' ? 'admin' : '(ADMIN_PASSWORD)'}` +
          (config.seedDemo ? ', manager / 123456, clerk / 123456' : ''),
      );
    }
    if (!config.captchaMode) app.log.info('CAPTCHA_MODE=off: 登录不需要验证码');
  } catch (e) {
    console.error(e);
    await database.close().catch(() => {});
    process.exit(1);
  }
}

if (import.meta.url === `file://${process.argv[1]}` || process.argv[1]?.endsWith('server/main.ts')) {
  void main();
}
