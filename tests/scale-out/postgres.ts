/** The PostgreSQL the test runs may use (TEST_DATABASE_URL: a role with CREATEDB), for tests/scale-out's runners. */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** The start of the API tests' clone databases' names (tests/api/helpers.ts; api-on-postgres.ts drops a run's leftovers). */
export const CLONE_PREFIX = 'loopyard_t_';

/** The URL with its password hidden, for log lines. */
export function shown(url: string): string {
  const u = new URL(url);
  if (u.password) u.password = '***';
  return u.toString();
}

/**
 * Drops a database of the server `admin` is connected to. Plain DROP first: PostgreSQL itself stops an autovacuum
 * worker that is in it, while WITH (FORCE) refuses to terminate that worker for a role that is not a superuser
 * (42501: it failed a PostgreSQL pass's clean-up once). FORCE only for a connection of ours still on its way out
 * (55006, after DROP waited five seconds).
 */
export async function dropDatabase(admin: pg.Client, name: string): Promise<void> {
  try {
    await admin.query(`drop database if exists ${name}`);
  } catch (e) {
    if ((e as { code?: string }).code !== '55006') throw e;
    await admin.query(`drop database if exists ${name} with (force)`);
  }
}

/** Creates an empty database named `<prefix>_<random>` on the server of `url`; answers its URL and a drop. */
export async function createDatabase(
  url: string,
  prefix: string,
): Promise<{ name: string; url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const u = new URL(url);
  u.pathname = `/${name}`;
  return {
    name,
    url: u.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      try {
        await dropDatabase(c, name);
      } finally {
        await c.end();
      }
    },
  };
}
