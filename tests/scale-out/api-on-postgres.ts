/**
 * `npm run test:api:pg`: the API tests (tests/api) a second time, on PostgreSQL. TEST_DATABASE_URL names a server
 * and a role with CREATEDB (e.g. postgres://loopyard_ci:…@127.0.0.1:5432/postgres); each test file works on its own
 * clone of a migrated and seeded template there, which its worker made while the file before ran, and drops it as it
 * ends (tests/api/helpers.ts); this run drops what its workers leave. Without TEST_DATABASE_URL the pass is skipped with
 * one line (`.ci/run` sets it). Extra arguments go to vitest after `tests/api` (options, e.g. `--reporter=dot`).
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { CLONE_PREFIX, dropDatabase, shown } from './postgres.ts';

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
// the run's name in its clones' names (tests/api/helpers.ts): a worker makes its next file's clone ahead, so the
// last one of each is left, and a file's own is dropped in the background as it ends
const run = randomBytes(4).toString('hex');
const r = spawnSync('npx', ['--no', 'vitest', 'run', 'tests/api', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, DATABASE_URL: url, TEST_PG_RUN: run },
});
const admin = new pg.Client({ connectionString: url });
await admin.connect();
try {
  const left = await admin.query<{ datname: string }>(
    'select datname from pg_database where starts_with(datname, $1)',
    [`${CLONE_PREFIX}${run}_`],
  );
  for (const { datname } of left.rows) await dropDatabase(admin, datname);
  console.log(`API tests on PostgreSQL: ${left.rowCount} clones left by the workers dropped`);
} finally {
  await admin.end();
}
console.log(
  `API tests on PostgreSQL: ${r.status === 0 ? 'passed' : 'FAILED'} in ${Math.round((Date.now() - t0) / 1000)} s`,
);
process.exit(r.status ?? 1);
