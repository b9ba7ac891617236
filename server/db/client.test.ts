import { type AddressInfo, createServer, type Socket } from 'node:net';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { date, interval, numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Database, openDatabase, rawArrays, rawQuery } from './client.ts';

// a table of every type Drizzle's PGlite driver reads as text (drizzleOnPglite), created by the test itself
const probe = pgTable('client_probe', {
  name: text('name').notNull(),
  at: timestamp('at', { mode: 'string' }),
  atDate: timestamp('at_date', { mode: 'date', withTimezone: true }),
  day: date('day'),
  span: interval('span'),
  amounts: numeric('amounts', { precision: 20, scale: 8 }).array(),
  days: date('days').array(),
});
const CREATE = `create table client_probe (name text not null, at timestamp, at_date timestamptz, day date,
  span interval, amounts numeric(20, 8)[], days date[])`;
const INSERT = `insert into client_probe values ('一', '2026-11-30 08:15:00.123456', '2026-11-30 08:15:00+08',
  '2026-02-28', '1 day 02:00:00', '{0.1,123456789012.12345678}', '{2026-01-31,2026-12-01}')`;

describe('Drizzle on PGlite (openDatabase)', () => {
  let database: Database;
  let plain: PGlite;
  const spy = vi.spyOn(PGlite.prototype, 'query');
  beforeAll(async () => {
    database = await openDatabase('memory');
    await database.db.execute(sql.raw(CREATE));
    await database.db.execute(sql.raw(INSERT));
    // Drizzle as it comes, on a PGlite of its own: what every query read before
    plain = new PGlite();
    await plain.exec(CREATE);
    await plain.exec(INSERT);
  }, 120_000);
  afterAll(async () => {
    spy.mockRestore();
    await database?.close();
    await plain?.close();
  });

  it('reads every row as Drizzle on PGlite reads it', async () => {
    const ours = await database.db.select().from(probe);
    const theirs = await drizzle({ client: plain }).select().from(probe);
    expect(ours).toEqual(theirs);
    expect(ours[0]).toMatchObject({
      at: '2026-11-30 08:15:00.123456',
      day: '2026-02-28',
      span: '1 day 02:00:00',
      amounts: ['0.10000000', '123456789012.12345678'],
      days: ['2026-01-31', '2026-12-01'],
    });
    expect(ours[0].atDate).toEqual(new Date('2026-11-30T00:15:00Z'));
    // in a transaction, and through db.execute (Drizzle's raw path) as well
    const inTx = await database.db.transaction((tx) => tx.select().from(probe));
    expect(inTx).toEqual(theirs);
    const raw = (await database.db.execute(sql`select at, day, amounts from client_probe`)) as { rows: unknown[] };
    const rawPlain = await drizzle({ client: plain }).execute(sql`select at, day, amounts from client_probe`);
    expect(raw.rows).toEqual(rawPlain.rows);
  });

  it('sends no parsers with Drizzle’s queries (PGlite copies its whole parser table for a query that brings some)', async () => {
    spy.mockClear();
    await database.db.select().from(probe);
    await database.db.transaction((tx) => tx.select().from(probe));
    const options = spy.mock.calls.map((c) => c[2] as { parsers?: unknown } | undefined);
    expect(options.length).toBeGreaterThan(0);
    expect(options.filter((o) => o?.parsers)).toEqual([]);
  });

  it('rawQuery answers as node-postgres does (dates as Date objects); rawArrays as Drizzle reads them', async () => {
    const [r] = await rawQuery<{ day: Date; at: Date; name: string }>(
      database.db,
      'probe',
      'select day, at, name from client_probe',
      [],
    );
    expect(r.day).toBeInstanceOf(Date);
    expect(r.at).toBeInstanceOf(Date);
    expect(r.name).toBe('一');
    const inTx = await database.db.transaction((tx) =>
      rawQuery<{ at_date: Date }>(tx, 'probe_tx', 'select at_date from client_probe', []),
    );
    expect(inTx[0].at_date).toEqual(new Date('2026-11-30T00:15:00Z'));
    const [row] = await rawArrays(database.db, 'probe_arrays', 'select day, at, span from client_probe', []);
    expect(row).toEqual(['2026-02-28', '2026-11-30 08:15:00.123456', '1 day 02:00:00']);
  });
});

describe('PostgreSQL pool (openDatabase with a URL)', () => {
  it('fails a query after connectTimeoutMs when the server accepts and never answers', async () => {
    // a "server" that takes the connection and says nothing: PostgreSQL's startup answer never comes
    const sockets: Socket[] = [];
    const silent = createServer((s) => sockets.push(s));
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    const port = (silent.address() as AddressInfo).port;
    const database = await openDatabase({ databaseUrl: `postgres://u:p@127.0.0.1:${port}/x`, connectTimeoutMs: 300 });
    const t0 = Date.now();
    try {
      await expect(database.db.execute(sql`select 1`)).rejects.toThrow();
      expect(Date.now() - t0).toBeLessThan(5000);
      expect(Date.now() - t0).toBeGreaterThanOrEqual(250);
    } finally {
      await database.close();
      for (const s of sockets) s.destroy();
      silent.close();
    }
  });
});
