/**
 * `npm run build:if-stale` (and npm's `prepare`, which `npm ci` and `npm install` run): builds the front end into
 * dist/ unless dist/ already holds a build of today's sources (platform/front-end-build.ts, the source stamp). So a
 * fresh clone's `npm ci && npm start` builds once, during the install, and `npm start` opens at once (issue 25,
 * "first start"); `npm start` still builds when the sources changed after the install.
 * An install without dev dependencies (`npm ci --omit=dev`, no Vite) skips it: such an install serves a dist/ it was
 * given (DIST_DIR).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ensureFrontEnd, ROOT } from './platform/front-end-build.ts';

if (!existsSync(join(ROOT, 'node_modules/vite/bin/vite.js'))) {
  console.log('前端构建跳过：未安装 Vite（--omit=dev）/ front-end build skipped: Vite is not installed');
} else {
  const t0 = Date.now();
  const how = await ensureFrontEnd(join(ROOT, 'dist'), (m) => console.log(m));
  if (how === 'fresh') console.log(`前端已是最新 / the front end is up to date (${Date.now() - t0} ms)`);
}
