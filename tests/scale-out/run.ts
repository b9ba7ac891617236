/**
 * `npm run test:scale-out`: two API processes on one PostgreSQL database with RabbitMQ as BROKER_URL
 * (playwright.scale-out.config.ts, tests/scale-out/*.spec.ts). Needs TEST_DATABASE_URL (a role with CREATEDB) and
 * TEST_BROKER_URL (RabbitMQ Web-STOMP, e.g. ws://127.0.0.1:15674/ws) with TEST_BROKER_LOGIN / TEST_BROKER_PASSCODE
 * (a user with the permissions of README "RabbitMQ instead"); skips with one line when they are not set (`.ci/run`
 * sets them). Creates a fresh database for the run and drops it afterwards. Needs a build (`npm run build`).
 * Extra arguments go to `playwright test`.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createDatabase, shown } from './postgres.ts';

const url = process.env.TEST_DATABASE_URL;
const broker = process.env.TEST_BROKER_URL;
if (!url || !broker) {
  const missing = [!url && 'TEST_DATABASE_URL', !broker && 'TEST_BROKER_URL'].filter(Boolean).join(' and ');
  console.log(
    `Scale-out suite (two API processes, PostgreSQL, RabbitMQ) skipped: ${missing} not set (.ci/run sets them up; ` +
      'see tests/scale-out/README.md).',
  );
  process.exit(0);
}
if (!existsSync('dist/entries/admin/index.html')) {
  console.error('Scale-out suite: no build in dist/ — run `npm run build` first.');
  process.exit(1);
}
const t0 = Date.now();
const db = await createDatabase(url, 'loopyard_so');
console.log(`Scale-out suite: database ${db.name} on ${shown(url)}, broker ${broker}`);
let status = 1;
try {
  const r = spawnSync(
    'npx',
    ['--no', 'playwright', 'test', '-c', 'playwright.scale-out.config.ts', ...process.argv.slice(2)],
    {
      stdio: 'inherit',
      env: { ...process.env, SCALE_OUT_DATABASE_URL: db.url },
    },
  );
  status = r.status ?? 1;
} finally {
  await db.drop();
}
console.log(`Scale-out suite: ${status === 0 ? 'passed' : 'FAILED'} in ${Math.round((Date.now() - t0) / 1000)} s`);
process.exit(status);
