// @vitest-environment node
/**
 * Monitor (spec §2.7): 接口日志 /api/blade-log/api and 操作日志 /api/blade-log/operation — paging, every filter,
 * detail with redacted params, per-field changes, export, tenant isolation, read-only, the menu's buttons.
 */

import { inArray, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiLogRow } from '../../core/contract/blade-log/api-log.contract.ts';
import type { OperationLogRow } from '../../core/contract/blade-log/operation-log.contract.ts';
import type { GrantKeys } from '../../core/contract/blade-system/role.contract.ts';
import { rows } from '../../server/db/client.ts';
import { apiLog, menu, operationLog, role } from '../../server/db/schema/index.ts';
import { BASIC, boot, call, login, type TestApp } from './helpers.ts';

let t: TestApp;
let admin: string;
let clerk: string;
let clerkId: string;
let adminId: string;
beforeAll(async () => {
  t = await boot({ captchaMode: false });
  const a = await login(t, 'admin');
  admin = a.access_token;
  adminId = a.user_id;
  const c = await login(t, 'clerk');
  clerk = c.access_token;
  clerkId = c.user_id;
});
afterAll(async () => {
  await t?.close();
});

const API = '/api/blade-log/api';
const OP = '/api/blade-log/operation';
const page = (path: string, query: Record<string, string | number | undefined>, token = admin) =>
  call(t, `${path}/page`, { token, query });

describe('api log', () => {
  it('records every call with user, status and duration; pages newest first', async () => {
    await call(t, '/api/izs-base/material/page', { token: admin, query: { name: '不存在的物料' } });
    const denied = await call(t, `${API}/page`, { token: clerk });
    expect(denied.status).toBe(403);
    expect(denied.body.msg).toBe('没有权限');

    const r = await page(API, { requestUri: '/izs-base/material/page', current: 1, size: 5 });
    expect(r.status).toBe(200);
    const rec: ApiLogRow = r.body.data.records[0];
    expect(rec.requestUri).toBe('/api/izs-base/material/page');
    expect(rec.method).toBe('GET');
    expect(rec.status).toBe(200);
    expect(rec.account).toBe('admin');
    expect(rec.realName).toBe('管理员');
    expect(rec.serviceId).toBe('izs-base');
    expect(typeof rec.time).toBe('number');
    expect(rec.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(rec).not.toHaveProperty('params'); // lists hide params (BladeX VO)
    expect(rec).not.toHaveProperty('tenantId');

    const all = await page(API, { size: 2, current: 1 });
    expect(all.body.data.records).toHaveLength(2);
    expect(all.body.data.total).toBeGreaterThan(3);
    expect(all.body.data.pages).toBe(Math.ceil(all.body.data.total / 2));
    const [first, second] = all.body.data.records as ApiLogRow[];
    expect(first.createTime >= second.createTime).toBe(true);
    const p2 = await page(API, { size: 2, current: 2 });
    expect(p2.body.data.records.map((x: ApiLogRow) => x.id)).not.toContain(first.id);
  });

  it('writes the rows after the answers, in one batch, each with the time of its call; closing the app writes the rest', async () => {
    const mark = `批量日志-${Date.now()}`;
    const logged = () =>
      t.database.db
        .select({ at: apiLog.createTime })
        .from(apiLog)
        .where(sql`${apiLog.params} like ${`%${mark}%`}`)
        .orderBy(apiLog.id);
    const before = Date.now();
    for (let i = 0; i < 3; i++) {
      await call(t, '/api/izs-base/material/page', { token: admin, query: { name: `${mark}-${i}` } });
    }
    // nothing read the log yet, so the batch is written by its timer
    await new Promise((r) => setTimeout(r, 400));
    const rows = await logged();
    expect(rows).toHaveLength(3);
    expect(rows[0].at.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(rows[0].at.getTime()).toBeLessThanOrEqual(rows[2].at.getTime());

    const t2 = await boot({ captchaMode: false });
    try {
      const tok = (await login(t2, 'admin')).access_token;
      await call(t2, '/api/izs-base/material/page', { token: tok, query: { name: mark } });
      await t2.app.close();
      const [n] = await t2.database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(apiLog)
        .where(sql`${apiLog.params} like ${`%${mark}%`}`);
      expect(n.n).toBe(1);
    } finally {
      await t2.close();
    }
  });

  it('filters by status, user (account or name), method and time range', async () => {
    const forbidden = await page(API, { status: 403, size: 100 });
    const rows = forbidden.body.data.records as ApiLogRow[];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((x) => x.status === 403)).toBe(true);
    expect(rows.some((x) => x.account === 'clerk' && x.requestUri === `${API}/page`)).toBe(true);

    const byClerk = (await page(API, { account: 'cler', size: 100 })).body.data.records as ApiLogRow[];
    expect(byClerk.length).toBeGreaterThan(0);
    expect(byClerk.every((x) => x.userId === clerkId)).toBe(true);
    const byName = (await page(API, { account: '李过', size: 100 })).body.data.records as ApiLogRow[];
    expect(byName.map((x) => x.id).sort()).toEqual(byClerk.map((x) => x.id).sort());

    const posts = (await page(API, { method: 'POST', size: 100 })).body.data.records as ApiLogRow[];
    expect(posts.length).toBeGreaterThan(0); // the sign-ins
    expect(posts.every((x) => x.method === 'POST')).toBe(true);

    const today = new Date().toLocaleDateString('sv-SE', { timeZone: 'Asia/Shanghai' });
    const inRange = await page(API, { createTimeBegin: `${today} 00:00:00`, createTimeEnd: `${today} 23:59:59` });
    expect(inRange.body.data.total).toBeGreaterThan(0);
    const past = await page(API, { createTimeBegin: '2000-01-01', createTimeEnd: '2000-01-31' });
    expect(past.body.data.total).toBe(0);
    const bad = await page(API, { createTimeBegin: '2026/01/01' });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe('开始时间格式不正确');
    const badStatus = await page(API, { status: 'abc' });
    expect(badStatus.status).toBe(400);
    expect(badStatus.body.msg).toBe('状态码必须是数字');
    const badSort = await page(API, { descs: 'request_uri' });
    expect(badSort.status).toBe(400);
    expect(badSort.body.msg).toContain('不支持的排序字段');
    const slowest = (await page(API, { descs: 'time', size: 3 })).body.data.records as ApiLogRow[];
    expect(slowest[0].time >= slowest[2].time).toBe(true);
  });

  it('detail answers params with secrets masked', async () => {
    // sign-ins carry no token yet: the newest token call is the clerk's (beforeAll signs in admin, then clerk)
    const [tokenCall] = (await page(API, { requestUri: '/oauth/token', size: 1 })).body.data.records as ApiLogRow[];
    expect(tokenCall.userId).toBeNull();
    const d = await call(t, `${API}/detail`, { token: admin, query: { id: tokenCall.id } });
    expect(d.status).toBe(200);
    const params = JSON.parse(d.body.data.params);
    expect(params.query.username).toBe('clerk');
    expect(params.query.password).toBe('******');
    expect(d.body.data.params).not.toMatch(/[0-9a-f]{32}/); // the md5 never lands in the log
    expect(d.body.data.userAgent).toBeTypeOf('string');
  });

  it('keeps any text of a call as it came: quotes, backslashes, braces, commas, NULL, new lines, emoji', async () => {
    // the rows go in as one array a column (logs.ts); an array element is quoted and escaped by the driver
    const name = 'a"b\\c{d},e NULL\n行 😀 \'x\' ""';
    const agent = 'UA "q" \\ {x,y} NULL';
    const r = await call(t, '/api/izs-base/material/page', {
      token: admin,
      query: { name, current: 1, size: 1 },
      headers: { 'user-agent': agent },
    });
    expect(r.status).toBe(200);
    const [row] = (await page(API, { requestUri: '/izs-base/material/page', size: 1 })).body.data
      .records as ApiLogRow[];
    const d = await call(t, `${API}/detail`, { token: admin, query: { id: row.id } });
    expect(JSON.parse(d.body.data.params).query.name).toBe(name);
    expect(d.body.data.userAgent).toBe(agent);
    expect(d.body.data.userId).toBe(adminId);
  });

  it('is tenant-isolated and read-only', async () => {
    const [other] = await t.database.db
      .insert(apiLog)
      .values({ tenantId: '100001', method: 'GET', requestUri: '/api/other-tenant/secret', status: 200, time: 1 })
      .returning({ id: apiLog.id });
    expect((await page(API, { requestUri: 'other-tenant' })).body.data.total).toBe(0);
    const d = await call(t, `${API}/detail`, { token: admin, query: { id: other.id } });
    expect(d.status).toBe(400);
    expect(d.body.msg).toBe('接口日志不存在');
    for (const ep of ['submit', 'save', 'update', 'remove']) {
      expect((await call(t, `${API}/${ep}`, { token: admin, method: 'POST', body: {} })).status).toBe(404);
    }
  });

  it('an unfiltered page reads its total from the counters (migration 0045), equal to count(*) through writes and deletes', async () => {
    // the counter and the rows read in one statement (the API log's timer may write a batch between two)
    const both = async (table: string) => {
      const [r] = await rows<{ counted: string; live: string }>(
        t.database.db,
        sql`select (select coalesce(sum(n), 0) from loopyard_row_count
                     where table_name = ${table} and tenant_id = '000000')::text as counted,
                   (select count(*) from ${sql.identifier(table)} where tenant_id = '000000')::text as live`,
      );
      return { counted: Number(r.counted), live: Number(r.live) };
    };
    const shift = (table: string, by: number) =>
      t.database.db.execute(
        sql`update loopyard_row_count set n = n + ${by} where table_name = ${table} and tenant_id = '000000'`,
      );
    // a mutation, so that the operation log holds a row
    const made = await call(t, '/api/izs-base/material/submit', {
      token: admin,
      method: 'POST',
      body: { code: 'LOG-CNT', name: '计数物料' },
    });
    expect(made.body.code, made.body.msg).toBe(200);
    for (const [path, table] of [
      [API, 'blade_log_api'],
      [OP, 'blade_log_operation'],
    ] as const) {
      const now = await both(table);
      expect(now.live).toBeGreaterThan(0);
      expect(now.counted).toBe(now.live);
      // the page's total is the counter: a counter set 1,000 apart from the rows shows on the page (then put back)
      await shift(table, 1000);
      const shifted = (await page(path, { size: 1, current: 1 })).body.data.total as number;
      await shift(table, -1000);
      const after = await both(table);
      expect(after.counted).toBe(after.live);
      expect(shifted).toBeGreaterThanOrEqual(now.live + 1000);
      expect(shifted).toBeLessThanOrEqual(after.live + 1000);
      // a filtered page still counts its rows
      expect((await page(path, { account: 'no-such-account' })).body.data.total).toBe(0);
    }
    // another tenant's rows, a deletion (the retention job's kind) and a batch of inserts keep it exact
    await t.database.db.insert(apiLog).values([
      { tenantId: '100001', method: 'GET', requestUri: '/api/x', status: 200, time: 1 },
      { tenantId: '000000', method: 'GET', requestUri: '/api/counted-a', status: 200, time: 1 },
      { tenantId: '000000', method: 'GET', requestUri: '/api/counted-b', status: 200, time: 1 },
    ]);
    await t.database.db.execute(sql`delete from blade_log_api where request_uri = '/api/counted-a'`);
    const end = await both('blade_log_api');
    expect(end.counted).toBe(end.live);
    expect((await page(API, { requestUri: '/api/counted-' })).body.data.total).toBe(1);
  });

  it('exports the matching rows with Chinese headers', async () => {
    const url = new URL(`${API}/export`, t.base);
    url.searchParams.set('status', '403');
    const res = await fetch(url, { headers: { Authorization: BASIC, 'Blade-Auth': `bearer ${admin}` } });
    expect(res.status).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(await res.arrayBuffer()) as never);
    const ws = wb.worksheets[0];
    const header = (ws.getRow(1).values as unknown[]).slice(1);
    expect(header).toContain('请求路径');
    expect(header).toContain('耗时(ms)');
    const total = (await page(API, { status: 403 })).body.data.total;
    expect(ws.rowCount - 1).toBe(total);
  });

  it('the clerk may read once its role holds the menu button (monitor_log_api_view)', async () => {
    const db = t.database.db;
    const [userRole] = await db
      .select()
      .from(role)
      .where(inArray(role.roleAlias, ['user']));
    const keys: GrantKeys = (
      await call(t, '/api/blade-system/menu/role-tree-keys', { token: admin, query: { roleIds: userRole.id } })
    ).body.data;
    const extra = await db
      .select({ id: menu.id })
      .from(menu)
      .where(inArray(menu.code, ['monitor_center', 'monitor_log_api', 'monitor_log_api_view']));
    expect(extra.length).toBeGreaterThanOrEqual(2);
    const grant = (menuIds: string[]) =>
      call(t, '/api/blade-system/role/grant', { token: admin, body: { roleIds: [userRole.id], menuIds } });
    expect((await grant([...keys.menu, ...extra.map((m) => m.id)])).status).toBe(200);
    const r = await page(API, { account: 'admin' }, clerk);
    expect(r.status).toBe(200);
    expect(r.body.data.total).toBeGreaterThan(0);
    // still not the operation log, still no export button
    expect((await page(OP, {}, clerk)).status).toBe(403);
    expect((await call(t, `${API}/export`, { token: clerk })).status).toBe(403);
    await grant(keys.menu);
    expect((await page(API, {}, clerk)).status).toBe(403);
  });
});

describe('operation log', () => {
  it('an update leaves a row whose detail lists each changed field old → new with its Chinese label', async () => {
    const add = await call(t, '/api/izs-base/material/submit', {
      token: admin,
      body: { code: 'OPLOG-1', name: '操作日志废铁', defaultPrice: '2650.00', deductRate: '1.5' },
    });
    expect(add.status).toBe(200);
    const id = add.body.data.id;
    const upd = await call(t, '/api/izs-base/material/submit', {
      token: admin,
      body: { id, name: '操作日志废铁（重）', defaultPrice: '2700.5' },
    });
    expect(upd.status).toBe(200);

    const r = await page(OP, { title: '修改物料', size: 10 });
    expect(r.status).toBe(200);
    const row: OperationLogRow = r.body.data.records[0];
    expect(row.title).toBe('修改物料');
    expect(row.account).toBe('admin');
    expect(row.method).toBe('POST');
    expect(row.requestUri).toBe('/api/izs-base/material/submit');
    expect(row.changeCount).toBe(2);
    expect(row).not.toHaveProperty('params');
    expect(row).not.toHaveProperty('modifyParams');

    const d = await call(t, `${OP}/detail`, { token: admin, query: { id: row.id } });
    expect(d.status).toBe(200);
    const byField = Object.fromEntries(d.body.data.changes.map((c: { field: string }) => [c.field, c]));
    expect(byField.defaultPrice).toEqual({
      field: 'defaultPrice',
      label: '参考单价',
      oldValue: '2650.00',
      newValue: '2700.50',
    });
    expect(byField.name).toMatchObject({ label: '物料名称', oldValue: '操作日志废铁', newValue: '操作日志废铁（重）' });
    expect(JSON.parse(d.body.data.params).body.defaultPrice).toBe('2700.5');
  });

  it('filters by user, title and time; other tenants stay invisible; the clerk is refused', async () => {
    await t.database.db.insert(operationLog).values({
      tenantId: '100001',
      title: '修改物料',
      requestUri: '/api/izs-base/material/submit',
      method: 'POST',
      createBy: adminId,
    });
    const mine = (await page(OP, { title: '修改物料', size: 100 })).body.data.records as OperationLogRow[];
    expect(mine).toHaveLength(1);
    const byAccount = (await page(OP, { account: 'admin', size: 100 })).body.data.records as OperationLogRow[];
    expect(byAccount.length).toBeGreaterThanOrEqual(3); // add, update, the grants
    expect(byAccount.every((x) => x.account === 'admin')).toBe(true);
    expect((await page(OP, { account: 'clerk' })).body.data.total).toBe(0);
    expect((await page(OP, { createTimeEnd: '2000-01-01' })).body.data.total).toBe(0);
    const denied = await page(OP, {}, clerk);
    expect(denied.status).toBe(403);
    expect(denied.body.msg).toBe('没有权限');
    expect((await call(t, `${OP}/detail`, { token: clerk, query: { id: mine[0].id } })).status).toBe(403);
  });
});
