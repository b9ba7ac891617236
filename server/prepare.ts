/**
 * npm's `prepare` (which `npm ci` and `npm install` run) — what a fresh clone needs before its first `npm start`,
 * made once during the install so that start opens at once (issue 25, "first start"):
 *   1. the front end in dist/, unless dist/ already holds a build of today's sources (platform/front-end-build.ts);
 *   2. the migrated empty PGlite cluster a new DATA_DIR starts from (db/pglite-template.ts).
 * `npm start` still does either itself when it is missing or stale (sources changed after the install).
 * An install without dev dependencies (`npm ci --omit=dev`, no Vite) skips the build: it serves a dist/ it was given.
 * `npm run build:if-stale` runs step 1 alone (`npm test`'s build stage).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ensureTemplate } from './db/pglite-template.ts';
import { ensureFrontEnd, ROOT } from './platform/front-end-build.ts';

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
  steps.push(
    ensureTemplate().then((how) =>
      console.log(
        how === 'made'
          ? '数据库模板已生成 / database template made'
          : '数据库模板已是最新 / database template up to date',
      ),
    ),
  );
}
await Promise.all(steps);
console.log(`准备完成 / prepared in ${Date.now() - t0} ms`);
