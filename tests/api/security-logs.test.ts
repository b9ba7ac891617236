// @vitest-environment node
/**
 * The API log under volume (issue 16): its export pages by keyset and stops at API_LOG_EXPORT_MAX_ROWS with a
 * note row; rows older than API_LOG_RETENTION_DAYS are pruned at start and by `pruneApiLog`.
 */
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { rows } from '../../server/db/client.ts';
import { API_LOG_EXPORT_MAX_ROWS, API_LOG_EXPORT_NOTE, pruneApiLog } from '../../server/platform/logs.ts';
import { BASIC, boot, call, login, TEST_JWT_SECRET, type TestApp } from './helpers.ts';

let t: TestApp;
let admin: string;
const API = '/api/blade-log/api';
const BULK = API_LOG_EXPORT_MAX_ROWS + 1500;

beforeAll(async () => {
  t = await boot({ captchaMode: false });
  admin = (await login(t, 'admin')).access_token;
  // a day of traffic: BULK calls of a test service, one a second, newest now
  await t.database.db.execute(sql`
    insert into blade_log_api (tenant_id, service_id, method, request_uri, status, time, create_time)
    select '000000', 'bulk-test', 'GET', '/api/bulk-test/call-' || g, case when g % 7 = 0 then 400 else 200 end,
           g % 500, now() - make_interval(secs => g)
      from generate_series(1, ${BULK}) g`);
}, 180_000);
afterAll(async () => {
  await t?.close();
});

async function exportSheet(query: Record<string, string>) {
  const url = new URL(`${API}/export`, t.base);
  for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
  const res = await fetch(url, { headers: { Authorization: BASIC, 'Blade-Auth': `bearer ${admin}` } });
  expect(res.status).toBe(200);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(Buffer.from(await res.arrayBuffer()) as never);
  const ws = wb.worksheets[0];
  const header = (ws.getRow(1).values as unknown[]).slice(1).map(String);
  const out: string[][] = [];
  ws.eachRow((r, n) => {
    if (n > 1) out.push((r.values as unknown[]).slice(1).map((v) => (v == null ? '' : String(v))));
  });
  return { header, rows: out };
}

describe('API log export', () => {
  it(`stops at ${API_LOG_EXPORT_MAX_ROWS} rows with a note, newest first, each row once`, {
    timeout: 120_000,
  }, async () => {
    const t0 = performance.now();
    const { header, rows: sheet } = await exportSheet({ serviceId: 'bulk-test' });
    const ms = performance.now() - t0;
    console.log(`export of ${API_LOG_EXPORT_MAX_ROWS} of ${BULK} rows: ${Math.round(ms)} ms`);
    expect(sheet).toHaveLength(API_LOG_EXPORT_MAX_ROWS + 1);
    expect(sheet[sheet.length - 1]).toEqual([API_LOG_EXPORT_NOTE]);
    const uri = header.indexOf('请求路径');
    const data = sheet.slice(0, -1).map((r) => r[uri]);
    expect(new Set(data).size).toBe(API_LOG_EXPORT_MAX_ROWS);
    // one a second, newest first: call-1, call-2, … (keyset continues exactly where each batch ended)
    expect(data.slice(0, 3)).toEqual(['/api/bulk-test/call-1', '/api/bulk-test/call-2', '/api/bulk-test/call-3']);
    expect(data[999]).toBe('/api/bulk-test/call-1000');
    expect(data[1000]).toBe('/api/bulk-test/call-1001');
    expect(data[API_LOG_EXPORT_MAX_ROWS - 1]).toBe(`/api/bulk-test/call-${API_LOG_EXPORT_MAX_ROWS}`);
  });

  it('a filtered export under the cap has no note; a sort column is kept through the batches', async () => {
    const { header, rows: sheet } = await exportSheet({ serviceId: 'bulk-test', status: '400', ascs: 'time' });
    const expected = Math.floor(BULK / 7);
    expect(sheet).toHaveLength(expected);
    const time = header.indexOf('耗时(ms)');
    const times = sheet.map((r) => Number(r[time]));
    expect(times.every((v, i) => i === 0 || times[i - 1] <= v)).toBe(true);
    const bad = await call(t, `${API}/export`, { token: admin, query: { descs: 'params' } });
    expect(bad.status).toBe(400);
  });

  it('calls spelled around the guard are logged as API calls', async () => {
    await fetch(`${t.base}/%61pi/blade-system/menu/lazy-list`);
    await new Promise((r) => setTimeout(r, 50)); // the log row is queued after the answer
    expect((await call(t, `${API}/page`, { token: admin })).status).toBe(200); // flushes the queue
    const [r] = await rows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from blade_log_api where request_uri = '/%61pi/blade-system/menu/lazy-list'
            and service_id = 'blade-system' and status = 401`,
    );
    expect(r.n).toBe(1);
  });
});

describe('API log retention', () => {
  it('API_LOG_RETENTION_DAYS: default 30, 0 keeps everything, nonsense refused', () => {
    expect(loadConfig({}).apiLogRetentionDays).toBe(30);
    expect(loadConfig({ API_LOG_RETENTION_DAYS: '7' }).apiLogRetentionDays).toBe(7);
    expect(loadConfig({ API_LOG_RETENTION_DAYS: '0' }).apiLogRetentionDays).toBe(0);
    expect(() => loadConfig({ API_LOG_RETENTION_DAYS: 'forever' })).toThrow();
  });

  it('pruneApiLog deletes the rows older than the setting, in batches, and keeps the rest', async () => {
    const db = t.database.db;
    await db.execute(sql`
      insert into blade_log_api (tenant_id, service_id, method, request_uri, status, time, create_time)
      select '000000', 'old-test', 'GET', '/api/old-test/' || g, 200, 1, now() - make_interval(days => 31, secs => g)
        from generate_series(1, 6000) g`);
    const count = async (svc: string) =>
      (await rows<{ n: number }>(db, sql`select count(*)::int as n from blade_log_api where service_id = ${svc}`))[0].n;
    expect(await pruneApiLog(db, 0)).toBe(0);
    expect(await count('old-test')).toBe(6000);
    expect(await pruneApiLog(db, 30)).toBe(6000);
    expect(await count('old-test')).toBe(0);
    expect(await count('bulk-test')).toBe(BULK);
  });

  it('a server starting on a database with old rows prunes them', async () => {
    const db = t.database.db;
    await db.execute(sql`
      insert into blade_log_api (tenant_id, service_id, method, request_uri, status, time, create_time)
      values ('000000', 'start-test', 'GET', '/api/start-test/x', 200, 1, now() - interval '10 days')`);
    const second = await buildApp({
      database: t.database,
      config: { ...t.config, apiLogRetentionDays: 7 },
      jwtSecret: TEST_JWT_SECRET,
    });
    await second.ready();
    await second.close(); // waits for the run started on ready
    const [r] = await rows<{ n: number }>(
      db,
      sql`select count(*)::int as n from blade_log_api where service_id = 'start-test'`,
    );
    expect(r.n).toBe(0);
  });
});
