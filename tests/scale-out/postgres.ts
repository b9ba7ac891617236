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
        // plain DROP stops an autovacuum worker in it; FORCE (which refuses to, for a role that is not a superuser)
        // only for a server connection still on its way out
        await c.query(`drop database if exists ${name}`).catch(async (e: { code?: string }) => {
          if (e.code !== '55006') throw e;
          await c.query(`drop database if exists ${name} with (force)`);
        });
      } finally {
        await c.end();
      }
    },
  };
}
