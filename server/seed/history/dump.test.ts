import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase, rows } from '../../db/client.ts';
import { compareDumps, dumpTables, ignoreList } from './dump.ts';

/**
 * Two databases holding the same story, their ids drawn from one sequence at different moments (the API log's
 * flushes in between, as in a real make), dump alike; a changed amount does not.
 */
const ddl = `
  create sequence s start 1500000000000000001;
  create table party (id bigint primary key default nextval('s'), name text, create_time timestamptz);
  create table doc (id bigint primary key default nextval('s'), party_id bigint references party(id), amount numeric(16,2),
                    note text, create_time timestamptz);
  create table blade_log_api (id bigint primary key default nextval('s'), at timestamptz);
  create table lg_alarm (id bigint primary key default nextval('s'), detail text)
`.split(';');

async function story(db: Database, logsBetween: number, amount: string, alarmFirst: boolean) {
  for (const statement of ddl) await db.db.execute(sql.raw(statement));
  if (alarmFirst) await db.db.execute(sql`insert into lg_alarm (detail) values ('离线')`);
  const [p] = await rows<{ id: string }>(
    db.db,
    sql`insert into party (name, create_time) values ('鑫达', now()) returning id::text as id`,
  );
  for (let i = 0; i < logsBetween; i++) await db.db.execute(sql`insert into blade_log_api (at) values (now())`);
  const [d] = await rows<{ id: string }>(
    db.db,
    sql`insert into doc (party_id, amount, note, create_time)
        values (${p.id}, ${amount}, ${`来自 ${p.id} 于 2026-11-30 08:15:02`}, now()) returning id::text as id`,
  );
  await db.db.execute(
    sql`insert into doc (party_id, amount, note, create_time) values (${p.id}, '1.00', ${`冲 ${d.id}`}, now())`,
  );
}

describe('demo:dump', () => {
  const dbs: Database[] = [];
  const texts: string[] = [];
  beforeAll(async () => {
    for (const [logs, amount, alarm] of [
      [0, '100.00', false],
      [7, '100.00', true],
      [3, '100.01', false],
    ] as const) {
      const db = await openDatabase('memory');
      dbs.push(db);
      await story(db, logs, amount, alarm);
      texts.push(await dumpTables(db.db, 'Asia/Shanghai'));
    }
  }, 60_000);
  afterAll(async () => {
    for (const d of dbs) await d.close();
  });

  it('ids become ranks, times their day, the logs and timed rows stay out of the ranking', () => {
    const docs = texts[0].split('\n').filter((l) => l.startsWith('doc\t'));
    expect(docs.join('\n')).toContain('"note":"来自 #1 于 2026-11-30"');
    expect(docs.join('\n')).toMatch(/"note":"冲 #2"/);
    expect(texts[0]).not.toContain('blade_log_api');
    expect(texts[0]).not.toMatch(/\b1[0-9]{18}\b/);
  });

  it('the same story with ids drawn at other moments dumps alike; another amount differs, and says where', () => {
    const ignore = ignoreList('# timed\nlg_alarm.*\n');
    expect(compareDumps(texts[0], texts[1], ignore).differ).toEqual([]);
    const other = compareDumps(texts[0], texts[2], ignore);
    expect(other.differ).toEqual(['doc: 2 rows | 2 rows']);
    expect(other.columns).toEqual(['doc.amount']);
    // without the volatile list, the timed table's row shows
    expect(compareDumps(texts[0], texts[1], new Set()).differ).toEqual(['lg_alarm: 0 rows | 1 rows']);
  });
});
