/**
 * npm's `prepare` (which `npm ci` and `npm install` run) — what a fresh clone needs before its first `npm start`,
 * made once during the install so that start opens at once (issue 25, "first start"):
 *   1. the front end in dist/, unless dist/ already holds a build of today's sources (platform/front-end-build.ts);
 *   2. the migrated empty PGlite cluster a new DATA_DIR starts from (db/pglite-template.ts);
 *   3. then the demo's year made by the product's own commands (SEED_HISTORY months, 12 by default), kept as the
 *      snapshot a new DATA_DIR starts from (seed/history/snapshot.ts) — about two minutes on this machine, once a
 *      day at most; SEED_HISTORY=0 or SEED_DEMO=0 skips it. A loader that fails fails the install: the demo is made by
 *      the product's commands, so a command that no longer works is found here.
 * `npm start` still does 1 and 2 itself when they are missing or stale (sources changed after the install), and
 * opens the newest snapshot there is (or, with none, makes the history itself).
 * An install without dev dependencies (`npm ci --omit=dev`, no Vite) skips the build: it serves a dist/ it was given.
 * `npm run build:if-stale` runs step 1 alone (`npm test`'s build stage).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { loadConfig } from './config.ts';
import { ensureTemplate } from './db/pglite-template.ts';
import { ensureFrontEnd, ROOT } from './platform/front-end-build.ts';
import { ensureDemoSnapshot } from './seed/history/make-snapshot.ts';

const t0 = Date.now();
const frontOnly = process.argv.includes('--front-end');
const steps: Promise<unknown>[] = [];
if (!existsSync(join(ROOT, 'node_modules/vite/bin/vite.js'))) {
  console.log('前端构建跳过：未安装 Vite（--omit=dev）/ front-end build skipped: Vite is not installed');
} else {
  steps.push(
    ensureFrontEnd(join(ROOT, 'dist'), (m) => console.log(m)).then((how) => {
      if (how === 'fresh') console.log('前端已是最新 / the front end is up to date');
    }),
  );
}
if (!frontOnly) {
  const config = loadConfig();
  steps.push(
    ensureTemplate().then(async (how) => {
      console.log(
        how === 'made'
          ? '数据库模板已生成 / database template made'
          : '数据库模板已是最新 / database template up to date',
      );
      if (!config.seedDemo || config.historyMonths === 0) return;
      const t1 = Date.now();
      console.log(`演示数据：用产品命令生成 ${config.historyMonths} 个月的历史… / making the demo's history…`);
      const demo = await ensureDemoSnapshot({ ...config, adminPassword: 'admin' }, config.historyMonths);
      console.log(
        demo.how === 'made'
          ? `演示数据快照已生成 / demo snapshot made (${Date.now() - t1} ms): ${demo.meta.summary}`
          : `演示数据快照已是最新 / demo snapshot up to date (${demo.meta.day})`,
      );
    }),
  );
}
await Promise.all(steps);
console.log(`准备完成 / prepared in ${Date.now() - t0} ms`);
