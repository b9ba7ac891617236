// @vitest-environment node
/** /base/stock-weigh-order: stock weighings with server-computed net weight and daily order numbers. */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { netWeight, stockWeighOrderResource } from '../../core/contract/izs-base/stock-weigh-order.contract.ts';
import { material, stockWeighOrder, warehouse, weighbridge } from '../../server/db/schema/index.ts';
import { formatDate } from '../../server/platform/time.ts';
import { type BaseCtx, bootBase, insertForeign, resourceSuite, sqlRows } from './base-suite.ts';
import { call } from './helpers.ts';

let c: BaseCtx;
const wh: Record<string, string> = {};
const wb: Record<string, string> = {};
const mat: Record<string, string> = {};
beforeAll(async () => {
  c = await bootBase();
  const db = c.t.database.db;
  for (const r of await db.select().from(warehouse)) wh[r.code] = r.id;
  for (const r of await db.select().from(weighbridge)) wb[r.code] = r.id;
  for (const r of await db.select().from(material)) mat[r.code] = r.id;
});
afterAll(async () => {
  await c?.t.close();
});
const api = (path: string, r: Parameters<typeof call>[2] = {}) => call(c.t, path, { token: c.admin, ...r });
const make = (s: string) => ({
  warehouseId: wh.CK01,
  weighbridgeId: wb.DB01,
  materialId: mat.WL0001,
  carNumber: `浙B${s.slice(-5)}`,
  grossKg: '38620',
  tareKg: '14280.5',
  deductKg: '120',
  weighTime: '2026-11-20 10:30:00',
  weigher: '李过磅',
  status: 1,
});

resourceSuite(() => c, {
  def: stockWeighOrderResource,
  table: stockWeighOrder,
  make,
  edit: {
    body: { grossKg: '40000', tareKg: '15000', deductKg: '0', carNumber: 'zjb88888' },
    expect: { netKg: '25000.000', grossKg: '40000.000', carNumber: 'ZJB88888' },
  },
  bad: [
    { body: { tareKg: '50000' }, msg: '皮重不能大于毛重' },
    { body: { deductKg: '30000' }, msg: '扣重不能大于毛重减皮重' },
    { body: { grossKg: '1.2345' }, msg: '毛重(kg)格式不正确，最多3位小数' },
    { body: { grossKg: undefined }, msg: '毛重(kg)格式不正确' },
    { body: { warehouseId: undefined }, msg: '请选择仓库' },
    { body: { materialId: '123456789' }, msg: '物料不存在' },
    { body: { weighbridgeId: '123456789' }, msg: '地磅不存在' },
    { body: { weighTime: '昨天' }, msg: '过磅时间格式应为yyyy-MM-dd HH:mm:ss' },
  ],
  foreign: (s) => ({
    orderNo: `KCX${s}`,
    warehouseId: wh.CK01,
    materialId: mat.WL0001,
    grossKg: '2',
    tareKg: '1',
    netKg: '1',
  }),
});

describe('stock weigh order rules', () => {
  it('net = gross − tare − deduction on the server; a netKg or orderNo in the body is ignored', async () => {
    const r = await api('/api/izs-base/stock-weigh-order/submit', {
      method: 'POST',
      body: {
        ...make('NET01'),
        grossKg: '38620.125',
        tareKg: '14280.5',
        deductKg: '0.3',
        netKg: '1',
        orderNo: 'FAKE1',
      },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data.netKg).toBe('24339.325');
    expect(r.body.data.orderNo).not.toBe('FAKE1');
    const u = await api('/api/izs-base/stock-weigh-order/update', {
      method: 'POST',
      body: { id: r.body.data.id, deductKg: '39.325', orderNo: 'FAKE2', materialId: mat.WL0005 },
    });
    expect(u.body.data.netKg).toBe('24300.300');
    const d = await api('/api/izs-base/stock-weigh-order/detail', { query: { id: r.body.data.id } });
    expect(d.body.data.materialName).toBe('光亮铜');
    expect(u.body.data.orderNo).toBe(r.body.data.orderNo);
    expect(netWeight('0.1', '0.2', '0')).toBe('-0.100'); // decimal arithmetic, never 0.1 + 0.2 floats
  });

  it('order numbers: KC + today (Asia/Shanghai) + a 4-digit daily sequence per tenant', async () => {
    const day = formatDate(new Date(), c.t.config.tz).replace(/-/g, '');
    const nos: string[] = [];
    for (const s of ['A1', 'A2', 'A3']) {
      const r = await api('/api/izs-base/stock-weigh-order/save', { method: 'POST', body: make(s) });
      expect(r.status).toBe(200);
      nos.push(r.body.data.orderNo);
    }
    for (const no of nos) expect(no).toMatch(new RegExp(`^KC${day}\\d{4}$`));
    const seqs = nos.map((n) => Number(n.slice(-4)));
    expect(seqs[1]).toBe(seqs[0] + 1);
    expect(seqs[2]).toBe(seqs[1] + 1);
    // another tenant's numbers do not advance ours
    await insertForeign(c.t.database.db, stockWeighOrder, {
      orderNo: `KC${day}9000`,
      warehouseId: wh.CK01,
      materialId: mat.WL0001,
    });
    const next = await api('/api/izs-base/stock-weigh-order/save', { method: 'POST', body: make('A4') });
    expect(Number(next.body.data.orderNo.slice(-4))).toBe(seqs[2] + 1);
    // several saves at once never share a number
    const many = await Promise.all(
      ['B1', 'B2', 'B3', 'B4'].map((s) =>
        api('/api/izs-base/stock-weigh-order/save', { method: 'POST', body: make(s) }),
      ),
    );
    const got = many.map((m) => m.body.data.orderNo as string);
    expect(new Set(got).size).toBe(4);
  });

  it('weighTime is wall-clock time of the server zone; date-range filters use it', async () => {
    const r = await api('/api/izs-base/stock-weigh-order/save', {
      method: 'POST',
      body: { ...make('TZ1'), weighTime: '2026-11-21 07:15:00' },
    });
    const [row] = await sqlRows(
      c,
      sql`select to_char(weigh_time at time zone 'UTC', 'YYYY-MM-DD HH24:MI') as utc from izs_stock_weigh_order where id = ${r.body.data.id}`,
    );
    expect(row.utc).toBe('2026-11-20 23:15'); // Asia/Shanghai is UTC+8
    expect(r.body.data.weighTime).toBe('2026-11-21 07:15:00');
    const hit = await api('/api/izs-base/stock-weigh-order/page', {
      query: { weighTimeBegin: '2026-11-21', weighTimeEnd: '2026-11-21', size: 100 },
    });
    expect(hit.body.data.records.map((x: { id: string }) => x.id)).toContain(r.body.data.id);
    const before = await api('/api/izs-base/stock-weigh-order/page', {
      query: { weighTimeBegin: '2026-11-20', weighTimeEnd: '2026-11-20', size: 100 },
    });
    expect(before.body.data.records.map((x: { id: string }) => x.id)).not.toContain(r.body.data.id);
    const bad = await api('/api/izs-base/stock-weigh-order/page', { query: { weighTimeBegin: '21/11/2026' } });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe('过磅时间格式不正确');
  });

  it('page rows carry the warehouse, material and weighbridge names', async () => {
    const r = await api('/api/izs-base/stock-weigh-order/page', { query: { carNumber: '浙B3M567' } });
    expect(r.body.data.records[0]).toMatchObject({
      warehouseName: '一号露天料场',
      materialName: '重废钢',
      weighbridgeName: '1号地磅(进场)',
      netKg: '24220.000',
    });
    const [m] = await c.t.database.db.select().from(material).where(eq(material.code, 'WL0001'));
    expect(r.body.data.records[0].materialId).toBe(m.id);
  });
});
