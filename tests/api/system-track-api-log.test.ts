// @vitest-environment node
/** 接口跟踪日志: the API log narrowed to failed and slow calls of the tenant; filters, detail, permissions. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiLog } from '../../server/db/schema/index.ts';
import { boot, call, login, type TestApp } from './helpers.ts';
import { OTHER_TENANT } from './system-helpers.ts';

let t: TestApp;
let admin: string;
let clerk: string;
let slowId: string;
let okId: string;
beforeAll(async () => {
  t = await boot({ captchaMode: false });
  admin = (await login(t, 'admin')).access_token;
  clerk = (await login(t, 'clerk')).access_token;
  // a real failed call (400) and a refused one (403)
  await call(t, '/api/blade-system/post/submit', { token: admin, body: { category: 1, postName: '缺编号' } });
  await call(t, '/api/blade-system/post/page', { token: clerk });
  const adminUser = (await call(t, '/api/blade-system/user/info', { token: admin })).body.data;
  const rows = await t.database.db
    .insert(apiLog)
    .values([
      {
        tenantId: '000000',
        serviceId: 'izs-base',
        method: 'GET',
        requestUri: '/api/izs-base/material/export',
        userId: adminUser.id,
        status: 200,
        time: 2400,
      },
      {
        tenantId: '000000',
        serviceId: 'izs-base',
        method: 'GET',
        requestUri: '/api/izs-base/material/page',
        status: 200,
        time: 12,
      },
      {
        tenantId: OTHER_TENANT,
        serviceId: 'izs-base',
        method: 'GET',
        requestUri: '/api/ext/slow',
        status: 500,
        time: 9000,
      },
    ])
    .returning({ id: apiLog.id });
  slowId = rows[0].id;
  okId = rows[1].id;
});
afterAll(async () => {
  await t?.close();
});

const T = '/api/blade-system/track-api-log';
interface LogRow {
  id: string;
  requestUri: string;
  status: number;
  time: number;
  account: string | null;
}
const page = async (query: Record<string, string | number> = {}) =>
  (await call(t, `${T}/page`, { token: admin, query: { size: 100, ...query } })).body.data.records as LogRow[];

describe('track-api-log', () => {
  it('lists only failed or slow calls of the tenant, newest first', async () => {
    const rows = await page();
    expect(rows.length).toBeGreaterThanOrEqual(3);
    expect(rows.every((r) => r.status >= 400 || r.time >= 1000)).toBe(true);
    expect(rows.some((r) => r.requestUri === '/api/blade-system/post/submit' && r.status === 400)).toBe(true);
    expect(rows.some((r) => r.requestUri === '/api/blade-system/post/page' && r.status === 403)).toBe(true);
    expect(rows.some((r) => r.id === okId)).toBe(false);
    expect(rows.some((r) => r.requestUri === '/api/ext/slow')).toBe(false);
    expect(rows.find((r) => r.id === slowId)?.account).toBe('admin');
  });

  it('filters by kind, minimum time, status, path and caller', async () => {
    const errors = await page({ kind: 'error' });
    expect(errors.length).toBeGreaterThanOrEqual(2);
    expect(errors.every((r) => r.status >= 400)).toBe(true);
    const slow = await page({ kind: 'slow' });
    expect(slow.map((r) => r.id)).toEqual([slowId]);
    expect((await page({ minTime: 2000 })).map((r) => r.id)).toEqual([slowId]);
    const forbidden = await page({ status: 403 });
    expect(forbidden.map((r) => r.requestUri)).toContain('/api/blade-system/post/page');
    expect(forbidden.every((r) => r.status === 403)).toBe(true);
    expect((await page({ requestUri: 'material/export' })).map((r) => r.id)).toEqual([slowId]);
    const byClerk = await page({ account: 'clerk' });
    expect(byClerk.length).toBeGreaterThanOrEqual(1);
    expect(byClerk.every((r) => r.account === 'clerk')).toBe(true);
    const bad = await call(t, `${T}/page`, { token: admin, query: { kind: 'other' } });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe('跟踪类型不正确');
    const badTime = await call(t, `${T}/page`, { token: admin, query: { minTime: 'x' } });
    expect(badTime.body.msg).toBe('最短耗时必须是数字');
  });

  it('detail answers a tracked call with its params; an ordinary or foreign call is unknown', async () => {
    const d = await call(t, `${T}/detail`, { token: admin, query: { id: slowId } });
    expect(d.status).toBe(200);
    expect(d.body.data).toMatchObject({ id: slowId, time: 2400, account: 'admin' });
    expect(d.body.data).toHaveProperty('params');
    const plain = await call(t, `${T}/detail`, { token: admin, query: { id: okId } });
    expect(plain.status).toBe(400);
    expect(plain.body.msg).toBe('接口跟踪日志不存在');
  });

  it('is read-only and needs the system_track_api_log buttons', async () => {
    expect((await call(t, `${T}/page`, { token: clerk })).status).toBe(403);
    const write = await call(t, `${T}/submit`, { token: admin, body: {} });
    expect(write.status).toBe(404);
    const rm = await call(t, `${T}/remove`, { token: admin, method: 'POST', query: { ids: slowId } });
    expect(rm.status).toBe(404);
  });
});
