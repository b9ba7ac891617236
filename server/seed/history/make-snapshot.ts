/**
 * Makes the demo's year snapshot (snapshot.ts says what it is and how a new data directory picks one): npm's
 * `prepare` (server/prepare.ts) and `npm run demo:rebuild` (rebuild.ts) call this.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
// biome-ignore lint/style/noRestrictedImports: the snapshot is made by running the app, as demo:rebuild does
import { buildApp } from '../../app.ts';
import type { Config } from '../../config.ts';
import { openDatabase, runMigrations } from '../../db/client.ts';
import { readTemplate } from '../../db/pglite-template.ts';
import { formatDate } from '../../platform/time.ts';
import { seedIfEmpty } from '../index.ts';
import { type HistoryResult, loadHistory } from './index.ts';
import { findDemoSnapshot, historySummary, type SnapshotMeta, saveDemoSnapshot } from './snapshot.ts';

/**
 * Makes today's snapshot unless there is one (`force`: even then — npm run demo:rebuild): the first-start seed and
 * the history loader on an in-memory PGlite (started from the migrated template when there is one), then dumped. `config` gives the admin password the demo
 * signs in with and the zone; the captcha is off while loading.
 */
export async function ensureDemoSnapshot(
  config: Config,
  months: number,
  log: (m: string) => void = () => {},
  force = false,
): Promise<{ how: 'fresh' | 'made'; file: string; meta: SnapshotMeta }> {
  const found = force ? null : findDemoSnapshot(months, config.tz);
  if (found?.current) return { how: 'fresh', file: found.file, meta: found.meta };
  const now = new Date(); // the history's "today" (a load that passes midnight keeps its day)
  const template = readTemplate();
  const database = await openDatabase(template ? { snapshot: template } : 'memory');
  try {
    await runMigrations(database);
    await seedIfEmpty(database.db, { adminPassword: config.adminPassword, seedDemo: true, historyMonths: months });
    // no demo GPS simulator here: the loader sets the clock to past hours (clock.ts)
    const gps = process.env.GPS_SIMULATOR;
    process.env.GPS_SIMULATOR = 'off';
    const app = await buildApp({
      database,
      config: { ...config, seedDemo: true, historyMonths: months, historyScale: 1, captchaMode: false },
      jwtSecret: randomBytes(32).toString('base64url'),
      logger: false,
    });
    let h: HistoryResult;
    try {
      h = await loadHistory(app, database.db, {
        months,
        scale: 1,
        adminPassword: config.adminPassword,
        captchaMode: false,
        tz: config.tz,
        now,
        log,
      });
    } finally {
      await app.close();
      if (gps === undefined) delete process.env.GPS_SIMULATOR;
      else process.env.GPS_SIMULATOR = gps;
    }
    const blob = await (database.dump as () => Promise<Blob>)();
    const meta = { day: formatDate(now, config.tz), tz: config.tz, months, summary: historySummary(h), result: h };
    const file = saveDemoSnapshot(await blob.arrayBuffer(), meta);
    return { how: 'made', file, meta: JSON.parse(readFileSync(file.replace(/\.tar\.gz$/, '.json'), 'utf8')) };
  } finally {
    await database.close();
  }
}
