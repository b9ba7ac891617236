// @vitest-environment node
/** 修改日志 (spec §7.8 modify-log): report by any signed-in user, page / filters / detail for the monitor menu. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ModifyLogRow } from '../../core/contract/izs-toolbox/modify-log.contract.ts';
import { modifyLog } from '../../server/db/schema/index.ts';
import { boot, call, login, type TestApp } from './helpers.ts';

let t: TestApp;
let admin: string;
let clerk: string;
let clerkId: string;
let clerkDept: string;
beforeAll(async () => {
  t = await boot({ captchaMode: false });
  admin = (await login(t, 'admin')).access_token;
  const c = await login(t, 'clerk');
  clerk = c.access_token;
  clerkId = c.user_id;
  clerkDept = c.dept_id;
});
afterAll(async () => {
  await t?.close();
});

const BASE = '/api/izs-toolbox/modify-log';
const report = (body: unknown, token = clerk) => call(t, `${BASE}/report`, { token, body });
const page = (query: Record<string, string | number>, token = admin) => call(t, `${BASE}/page`, { token, query });

describe('modify-log report', () => {
  it('stores who, where and what from the request, never from the body', async () => {
    const r = await report({
      orderType: 'weight-memo',
      orderNo: 'BD20261122001',
      title: '修改磅单毛重',
      reason: '复磅后更正',
      modifyParams: { grossWeight: ['32.500', '32.480'], carNumber: ['浙B12345', '浙B12346'] },
      // spoofing attempts are ignored
      tenantId: '100001',
      createUser: '1',
      deptId: '1',
    });
    expect(r.status).toBe(200);
    const [row] = await t.database.db.select().from(modifyLog).where(eq(modifyLog.id, r.body.data.id));
    expect(row.tenantId).toBe('000000');
    expect(row.createUser).toBe(clerkId);
    expect(row.deptId).toBe(clerkDept);
    expect(row.requestUri).toBe(`${BASE}/report`);
    expect(row.method).toBe('POST');
    expect(JSON.parse(row.modifyParams)).toEqual([
      { field: 'grossWeight', label: 'grossWeight', oldValue: '32.500', newValue: '32.480' },
      { field: 'carNumber', label: 'carNumber', oldValue: '浙B12345', newValue: '浙B12346' },
    ]);
  });

  it('accepts the row form with labels and the operation-log fields of spec §3', async () => {
    const r = await report({
      orderType: 'in-stock',
      orderNo: 'RK20261122007',
      title: '修改入库单价',
      serviceId: 'izs-sell',
      requestUri: '/api/izs-sell/in-stock/update',
      method: 'post',
      params: { id: '42' },
      modifyParams: [{ field: 'price', label: '单价', oldValue: 2650, newValue: 2700 }],
    });
    expect(r.status).toBe(200);
    const d = await call(t, `${BASE}/detail`, { token: admin, query: { id: r.body.data.id } });
    expect(d.body.data).toMatchObject({
      orderType: 'in-stock',
      orderNo: 'RK20261122007',
      serviceId: 'izs-sell',
      requestUri: '/api/izs-sell/in-stock/update',
      method: 'POST',
      params: '{"id":"42"}',
      account: 'clerk',
      realName: '李过磅',
      deptName: '过磅中心',
      changeCount: 1,
      changes: [{ field: 'price', label: '单价', oldValue: 2650, newValue: 2700 }],
    });
  });

  it('refuses bad bodies with a Chinese message naming the field, writing nothing', async () => {
    const before = (await t.database.db.select().from(modifyLog)).length;
    const cases: [unknown, string][] = [
      [{ orderType: 'weight-memo', title: 'x', modifyParams: { a: [1, 2] } }, '请填写单据编号'],
      [{ orderType: 'nope', orderNo: '1', title: 'x', modifyParams: { a: [1, 2] } }, '请选择正确的业务模块'],
      [{ orderType: 'weight-memo', orderNo: '1', modifyParams: { a: [1, 2] } }, '请输入修改内容'],
      [{ orderType: 'weight-memo', orderNo: '1', title: 'x', modifyParams: {} }, '修改明细不能为空'],
      [{ orderType: 'weight-memo', orderNo: '1', title: 'x', modifyParams: 'a' }, '修改明细格式不正确'],
      [{ orderType: 'weight-memo', orderNo: '1', title: 'x', modifyParams: [{ oldValue: 1 }] }, '修改明细格式不正确'],
      [
        { orderType: 'weight-memo', orderNo: 'x'.repeat(65), title: 'x', modifyParams: { a: [1, 2] } },
        '单据编号不能超过64个字符',
      ],
    ];
    for (const [body, msg] of cases) {
      const r = await report(body);
      expect(r.status, msg).toBe(400);
      expect(r.body.msg).toContain(msg);
    }
    expect((await t.database.db.select().from(modifyLog)).length).toBe(before);
    const anon = await call(t, `${BASE}/report`, { body: { orderType: 'weight-memo' } });
    expect(anon.status).toBe(401);
  });
});

describe('modify-log page', () => {
  it('filters by module, document number, user and time', async () => {
    const byType = (await page({ orderType: 'weight-memo' })).body.data.records as ModifyLogRow[];
    expect(byType.map((r) => r.orderNo)).toEqual(['BD20261122001']);
    expect(byType[0].changeCount).toBe(2);
    expect(byType[0]).not.toHaveProperty('modifyParams');
    expect((await page({ orderNo: '1122007' })).body.data.records[0].title).toBe('修改入库单价');
    expect((await page({ account: '李过' })).body.data.total).toBe(2);
    expect((await page({ account: 'admin' })).body.data.total).toBe(0);
    expect((await page({ createTimeBegin: '2000-01-01', createTimeEnd: '2000-12-31' })).body.data.total).toBe(0);
    const bad = await page({ orderType: 'x' });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe('业务模块不正确');
  });

  it('is the monitor menu’s: the clerk may report but not read; other tenants stay invisible', async () => {
    const denied = await page({}, clerk);
    expect(denied.status).toBe(403);
    expect(denied.body.msg).toBe('没有权限');
    const [other] = await t.database.db
      .insert(modifyLog)
      .values({ tenantId: '100001', title: '别家', orderType: 'weight-memo', orderNo: 'BD-OTHER', modifyParams: '[]' })
      .returning({ id: modifyLog.id });
    expect((await page({ orderNo: 'BD-OTHER' })).body.data.total).toBe(0);
    const d = await call(t, `${BASE}/detail`, { token: admin, query: { id: other.id } });
    expect(d.status).toBe(400);
    expect(d.body.msg).toBe('修改日志不存在');
    expect((await call(t, `${BASE}/remove`, { token: admin, method: 'POST', query: { ids: other.id } })).status).toBe(
      404,
    );
  });
});
