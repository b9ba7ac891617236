/**
 * npm run demo:rebuild — regenerates the demo database of DATA_DIR (PGlite) with a year of history made by the
 * product's own commands (server/seed/history): the data dir's database is removed, migrated, seeded (master data
 * and the demo's day, the book starting SEED_HISTORY months back, 12 by default) and the loader runs
 * (SEED_HISTORY_SCALE times the business a day, 1 by default; ~220 for the busy yard's data set); then
 * `npm start` opens it at once. Deterministic for a given day (fixed PRNG seed; dates relative to today). At scale 1
 * it also makes the install's snapshot again (seed/history/snapshot.ts), which every new data directory starts from.
 * Refuses a data dir whose database is not the demo's (no demo accounts), unless DEMO_REBUILD_FORCE=1.
 */
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
// biome-ignore lint/style/noRestrictedImports: a process entry point runs the app
import { buildApp } from '../../app.ts';
import { loadConfig, resolveJwtSecret } from '../../config.ts';
import { openDatabase } from '../../db/client.ts';
import { prepareDatabase } from '../../main.ts';
import { hasDemoData, isEmpty } from '../index.ts';
import { loadHistory } from './index.ts';
import { ensureDemoSnapshot } from './make-snapshot.ts';
import { readSnapshot } from './snapshot.ts';

async function rebuild() {
  const t0 = Date.now();
  const base = loadConfig();
  if (base.databaseUrl) throw new Error('demo:rebuild 只用于 PGlite 数据目录（未设置 DATABASE_URL）');
  const config = { ...base, seedDemo: true, historyMonths: base.historyMonths || 12 };
  const pgdata = join(config.dataDir, 'pgdata');
  if (existsSync(pgdata) && process.env.DEMO_REBUILD_FORCE !== '1') {
    const probe = await openDatabase({ dataDir: config.dataDir });
    try {
      const demo = (await isEmpty(probe.db).catch(() => true)) || (await hasDemoData(probe.db).catch(() => false));
      if (!demo) throw new Error(`${config.dataDir} 不是演示数据库，拒绝重建（DEMO_REBUILD_FORCE=1 可强制）`);
    } finally {
      await probe.close();
    }
  }
  rmSync(pgdata, { recursive: true, force: true });
  if ((config.historyScale ?? 1) === 1 && config.adminPassword === 'admin') {
    // the install's snapshot (seed/history/snapshot.ts), made again: what a new data directory starts from
    const demo = await ensureDemoSnapshot(config, config.historyMonths, (m) => console.log(m), true);
    const database = await openDatabase({
      dataDir: config.dataDir,
      initial: () => readSnapshot(demo),
    });
    try {
      await prepareDatabase(database, config);
    } finally {
      await database.close();
    }
    console.log(
      `演示数据已重建 / demo rebuilt: ${config.dataDir} and ${demo.file} — ${demo.meta.summary}; total ${Date.now() - t0} ms`,
    );
    return;
  }
  // a bigger yard (SEED_HISTORY_SCALE, the performance data set) or another admin password: made in the data
  // directory itself, no snapshot
  const database = await openDatabase({ dataDir: config.dataDir });
  try {
    await prepareDatabase(database, config);
    const seeded = Date.now();
    // no demo GPS simulator in this process: the loader sets the clock to past hours (history/clock.ts)
    process.env.GPS_SIMULATOR ??= 'off';
    const jwtSecret = await resolveJwtSecret(config, database.db, database.kind);
    const app = await buildApp({ database, config, jwtSecret, logger: false });
    const h = await loadHistory(app, database.db, {
      months: config.historyMonths,
      scale: config.historyScale,
      adminPassword: config.adminPassword,
      captchaMode: config.captchaMode,
      tz: config.tz,
      log: (m) => console.log(m),
    });
    await app.close();
    console.log(
      `演示数据已重建 / demo rebuilt: ${config.dataDir} — seed ${seeded - t0} ms, history ${h.periods[0]}…${h.periods.at(-1)} ` +
        `(scale ${config.historyScale ?? 1}): ${h.weighings} 过磅, ${h.documents} 单据, ${h.moneyRecords} 收付款, ` +
        `${h.vouchers} 凭证, ${h.assetCards} 资产卡片, ${h.depreciations} 次计提折旧, ${h.contracts} 合同, ` +
        `${h.financings} 融资 / ${h.repayments} 还款, ${h.transports} 运输单 (${h.positions} 定位), ${h.quotes} 报价, ${h.requests} requests, ${h.ms} ms; total ${Date.now() - t0} ms`,
    );
  } finally {
    await database.close();
  }
}

rebuild().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
