/**
 * `npm run test:api:pg`: the API tests (tests/api) a second time, on PostgreSQL. TEST_DATABASE_URL names a server
 * and a role with CREATEDB (e.g. postgres://loopyard_ci:…@127.0.0.1:5432/postgres); each test file creates its own
 * database there and drops it afterwards (tests/api/helpers.ts). Without TEST_DATABASE_URL the pass is skipped with
 * one line (`.ci/run` sets it). Extra arguments go to vitest after `tests/api` (options, e.g. `--reporter=dot`).
 */
import { spawnSync } from 'node:child_process';
import { shown } from './postgres.ts';

const url = process.env.TEST_DATABASE_URL;
if (!url) {
  console.log(
    'PostgreSQL pass of the API tests skipped: TEST_DATABASE_URL is not set (a role with CREATEDB, e.g. ' +
      'postgres://loopyard_ci:secret@127.0.0.1:5432/postgres; .ci/run sets it up).',
  );
  process.exit(0);
}
console.log(`API tests on PostgreSQL ${shown(url)} (one database per test file)`);
const t0 = Date.now();
const r = spawnSync('npx', ['--no', 'vitest', 'run', 'tests/api', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, DATABASE_URL: url },
});
console.log(
  `API tests on PostgreSQL: ${r.status === 0 ? 'passed' : 'FAILED'} in ${Math.round((Date.now() - t0) / 1000)} s`,
);
process.exit(r.status ?? 1);
