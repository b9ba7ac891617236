// @vitest-environment node
/**
 * Print settings (spec §7.7): print-config detail-warehouse-id / save per warehouse, and the printer config by
 * department (detail-dept-id) the client keeps in session.printer (spec §3).
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeptPrinterConfig, PrintConfig } from '../../core/contract/izs-toolbox/print-config.contract.ts';
import { dept, printConfig, warehouse } from '../../server/db/schema/index.ts';
import { boot, call, login, type TestApp } from './helpers.ts';

let t: TestApp;
let admin: string;
let clerk: string;
let clerkDept: string;
let wh: Record<string, string>;
let whName: Record<string, string>;
let company: string;
beforeAll(async () => {
  t = await boot({ captchaMode: false });
  admin = (await login(t, 'admin')).access_token;
  const c = await login(t, 'clerk');
  clerk = c.access_token;
  clerkDept = c.dept_id;
  const rows = await t.database.db.select().from(warehouse).where(eq(warehouse.tenantId, '000000'));
  wh = Object.fromEntries(rows.map((r) => [r.code, r.id]));
  whName = Object.fromEntries(rows.map((r) => [r.code, r.name]));
  const [d] = await t.database.db.select().from(dept).where(eq(dept.deptName, '绿循再生资源有限公司'));
  company = d.id;
});
afterAll(async () => {
  await t?.close();
});

const P = '/api/izs-sell/print-config';
const detail = (warehouseId: string, token = admin) =>
  call<{ code: number; msg: string; data: PrintConfig }>(t, `${P}/detail-warehouse-id`, {
    token,
    query: { warehouseId },
  });
const save = (body: Record<string, unknown>, token = admin) => call(t, `${P}/save`, { token, body });

describe('print-config per warehouse', () => {
  it('answers the defaults (id null) while nothing is saved; unknown stored paper reads as the default', async () => {
    const a = await detail(wh.CK01);
    expect(a.status).toBe(200);
    expect(a.body.data).toEqual({
      id: null,
      warehouseId: wh.CK01,
      warehouseName: whName.CK01,
      printType: 1,
      printDevice: '',
      printDevice2: '',
      printDevice3: '',
      template: 'standard',
      paper: 'c241-half',
      copies: 1,
      marginTop: 0,
      marginBottom: 0,
      marginLeft: 0,
      marginRight: 0,
      title: '',
      footer: '',
      updateTime: null,
    });
    const [legacy] = await t.database.db
      .insert(printConfig)
      .values({ tenantId: '000000', warehouseId: wh.CK03, paper: '241mm', copies: 2 })
      .returning({ id: printConfig.id });
    const b = await detail(wh.CK03);
    expect(b.body.data).toMatchObject({ id: legacy.id, paper: 'c241-half', copies: 2 });
  });

  it('save then detail: every field round-trips; a second save updates the same row and logs the change', async () => {
    const body = {
      warehouseId: wh.CK02,
      printType: 2,
      printDevice: 'EPSON LQ-735K',
      printDevice2: 'HP M1136',
      printDevice3: '',
      template: 'amount',
      paper: 'a5',
      copies: 3,
      marginTop: '2.5',
      marginBottom: 0,
      marginLeft: 5,
      marginRight: '1',
      title: '绿循再生 过磅单',
      footer: '司机签字：',
    };
    const r = await save(body);
    expect(r.status).toBe(200);
    const d = (await detail(wh.CK02)).body.data;
    expect(d).toMatchObject({
      ...body,
      marginTop: 2.5,
      marginLeft: 5,
      marginRight: 1,
      warehouseId: wh.CK02,
    });
    expect(d.updateTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const again = await save({ ...body, copies: 2 });
    expect(again.body.data.id).toBe(d.id);
    expect((await detail(wh.CK02)).body.data.copies).toBe(2);
    const rows = await t.database.db
      .select()
      .from(printConfig)
      .where(and(eq(printConfig.warehouseId, wh.CK02), eq(printConfig.isDeleted, 0)));
    expect(rows).toHaveLength(1);
    const log = await call(t, '/api/blade-log/operation/page', { token: admin, query: { title: '修改打印设置' } });
    const op = await call(t, '/api/blade-log/operation/detail', {
      token: admin,
      query: { id: log.body.data.records[0].id },
    });
    expect(op.body.data.changes).toEqual([{ field: 'copies', label: 'copies', oldValue: 3, newValue: 2 }]);
  });

  it('refuses bad input with the field named, writing nothing', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{}, '请选择仓库'],
      [{ warehouseId: 'abc' }, '编号格式不正确'],
      [{ warehouseId: wh.CK03, marginTop: 60 }, '上边距不能大于50毫米'],
      [{ warehouseId: wh.CK03, marginLeft: '1.25' }, '左边距须为 0–50 之间的数字，最多一位小数'],
      [{ warehouseId: wh.CK03, marginRight: -1 }, '右边距须为 0–50 之间的数字'],
      [{ warehouseId: wh.CK03, copies: 0 }, '打印份数至少为1'],
      [{ warehouseId: wh.CK03, copies: 'x' }, '打印份数必须是数字'],
      [{ warehouseId: wh.CK03, paper: 'b5' }, '请选择正确的纸张'],
      [{ warehouseId: wh.CK03, template: 'fancy' }, '请选择正确的打印模板'],
      [{ warehouseId: wh.CK03, printType: 3 }, '打印方式不正确'],
      [{ warehouseId: wh.CK03, title: '抬'.repeat(51) }, '磅单抬头不能超过50个字符'],
      [{ warehouseId: '123456789' }, '仓库不存在'],
    ];
    for (const [body, msg] of cases) {
      const r = await save(body);
      expect(r.status, msg).toBe(400);
      expect(r.body.msg).toContain(msg);
    }
    expect((await detail(wh.CK03)).body.data.copies).toBe(2); // unchanged
  });

  it('another tenant’s warehouse is refused for read and write; the clerk may read but not save', async () => {
    const [other] = await t.database.db
      .insert(warehouse)
      .values({ tenantId: '100001', code: 'X1', name: '别家仓库' })
      .returning({ id: warehouse.id });
    const d = await detail(other.id);
    expect(d.status).toBe(400);
    expect(d.body.msg).toBe('仓库不存在');
    const s = await save({ warehouseId: other.id, copies: 2 });
    expect(s.status).toBe(400);
    expect(s.body.msg).toBe('仓库不存在');
    expect(await t.database.db.select().from(printConfig).where(eq(printConfig.warehouseId, other.id))).toHaveLength(0);

    expect((await detail(wh.CK01, clerk)).status).toBe(200);
    const c = await save({ warehouseId: wh.CK01, copies: 2 }, clerk);
    expect(c.status).toBe(403);
    expect(c.body.msg).toBe('没有权限');
    expect((await detail(wh.CK01)).body.data.id).toBeNull();
  });
});

describe('printer config by department (spec §7.7 printType, printDevice, printDevice2, printDevice3)', () => {
  const byDept = (token: string, deptId?: string) =>
    call<{ data: DeptPrinterConfig; msg: string }>(t, `${P}/detail-dept-id`, { token, query: { deptId } });

  it('the company takes its default warehouse’s printers (business config → CK01), not the newest', async () => {
    const printers = {
      printDevice: 'EPSON LQ-630K',
      printDevice2: 'HP LaserJet M1136',
      printDevice3: 'HP LaserJet M1136',
    };
    expect((await save({ warehouseId: wh.CK01, ...printers })).status).toBe(200);
    expect((await save({ warehouseId: wh.CK02, copies: 4 })).status).toBe(200); // CK02 is now the newest
    const r = await byDept(admin, company);
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual({
      deptId: company,
      warehouseId: wh.CK01,
      printType: 1,
      printDevice: 'EPSON LQ-630K',
      printDevice2: 'HP LaserJet M1136',
      printDevice3: 'HP LaserJet M1136',
    });
  });

  it('without deptId the caller’s own department; a department without settings answers the defaults', async () => {
    const r = await byDept(clerk);
    expect(r.body.data).toEqual({
      deptId: clerkDept,
      warehouseId: null,
      printType: 1,
      printDevice: '',
      printDevice2: '',
      printDevice3: '',
    });
  });

  it('someone else’s department is refused (another tenant’s even for administrator)', async () => {
    const c = await byDept(clerk, company);
    expect(c.status).toBe(403);
    const [x] = await t.database.db
      .insert(dept)
      .values({ tenantId: '100001', parentId: '0', ancestors: '0', deptName: '别家' })
      .returning({ id: dept.id });
    expect((await byDept(admin, x.id)).status).toBe(403);
    const bad = await byDept(admin, 'abc');
    expect(bad.status).toBe(400);
  });
});
