// @vitest-environment node
/**
 * 过磅时效 through the real HTTP app (issue 24): trucks weighed through the product's own capture API (first and
 * second pass, a flagged plate) give the report its step times; the report's cycle figures equal what the recorded
 * steps say (nearest rank), its counts, exceptions by kind, heatmap, lane filter, date range and tenant are checked,
 * and bad input answers the contract's Chinese message.
 */
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { weighingOrder, weighingStep } from '../../server/db/schema/index.ts';
import { apiOf, bootStock, okPost, type StockCtx } from './stock-helpers.ts';

const W = '/api/izs-weighing/loadometer-order';
const R = '/api/izs-weighing/timing/report';

let c: StockCtx;
const admin = () => apiOf(c);
const db = () => c.t.database.db;

/** `n` stable readings 500 ms apart ending now: the stable window began (n − 1) × 500 ms ago. */
const steady = (v: string, n: number) => {
  const end = Date.now();
  return Array.from({ length: n }, (_, i) => ({ t: end - (n - 1 - i) * 500, v, s: true }));
};
const first = (wb: string, carNumber: string, weight: string, n: number, plateRead = carNumber) =>
  okPost(admin(), `${W}/first-pass`, {
    orderType: 'purchase',
    weighbridgeId: wb,
    carNumber,
    weight,
    readings: steady(weight, n),
    plateRead,
    partyId: c.party.GYS001,
    materialId: c.mat.WL0002,
  });

const ids: string[] = [];
/** The tenant's day (the server's TZ, Asia/Shanghai) of an instant. */
const dayOf = (ms: number) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(ms);
let report: Awaited<ReturnType<typeof get>>;
async function get(query = '') {
  const r = await admin()(`${R}${query}`);
  expect(r.body?.msg, JSON.stringify(r.body)).toBe('操作成功');
  return r.body.data;
}

beforeAll(async () => {
  c = await bootStock();
  // truck A on DB01: in (4 s stable window) and out (6 s), completed
  const a = await first(c.wb.DB01, '皖T00001', '35000', 9);
  await okPost(admin(), `${W}/second-pass`, { id: a.id, weight: '15000', readings: steady('15000', 13), complete: 1 });
  // truck B on DB01: 8 s, the camera read another plate → 异常过磅 plate_mismatch (held)
  const b = await first(c.wb.DB01, '皖T00002', '30000', 17, '皖T99999');
  expect(b.openExceptions).toBe(1);
  // truck C on DB02
  const d = await first(c.wb.DB02, '皖T00003', '28000', 9);
  ids.push(a.id, b.id, d.id);
  // yesterday and today (tenant time): the trucks stay in range when the run crosses midnight
  report = await get(`?from=${dayOf(Date.now() - 86_400_000)}&to=${dayOf(Date.now())}`);
}, 180_000);
afterAll(async () => {
  await c?.t.close();
});

/** What the recorded steps say: per pass captured − stable, per lane (independent of the report's code). */
async function recordedCycles() {
  const rows = await db()
    .select({ id: weighingStep.weighingId, pass: weighingStep.pass, step: weighingStep.step, at: weighingStep.at })
    .from(weighingStep)
    .where(inArray(weighingStep.weighingId, ids));
  const at = (id: string, pass: string, step: string) =>
    new Date(rows.find((r) => r.id === id && r.pass === pass && r.step === step)?.at as Date).getTime();
  const cyc = (id: string, pass: string) => at(id, pass, 'captured') - at(id, pass, 'stable');
  return { a1: cyc(ids[0], 'first'), a2: cyc(ids[0], 'second'), b1: cyc(ids[1], 'first'), c1: cyc(ids[2], 'first') };
}

describe('过磅时效 report', () => {
  it('per lane: cycle median / p90 from the recorded steps, trucks, exceptions by kind', async () => {
    const cy = await recordedCycles();
    // each cycle is the stable window the capture used plus the server's time to capture
    expect(cy.a1).toBeGreaterThanOrEqual(4000);
    expect(cy.a2).toBeGreaterThanOrEqual(6000);
    expect(cy.b1).toBeGreaterThanOrEqual(8000);
    for (const v of Object.values(cy)) expect(v).toBeLessThan(60_000);
    const db01 = [cy.a1, cy.a2, cy.b1].sort((x, y) => x - y);
    const lane1 = report.lanes.find((l: { lane: string }) => l.lane === c.wb.DB01);
    expect(lane1).toMatchObject({
      name: '1号地磅(进场)',
      passes: 3,
      cycles: 3,
      cycleMedianMs: db01[1], // nearest rank ⌈0.5·3⌉ = 2
      cycleP90Ms: db01[2], // ⌈0.9·3⌉ = 3
      queueMean: null, // a manual station records no arrival
      exceptionTotal: 1,
      exceptions: [{ kind: 'plate_mismatch', label: '车牌识别不一致', count: 1 }],
    });
    expect(lane1.trucksPerHour).toBe(lane1.busyHours === 1 ? '3.0' : '1.5');
    expect(lane1.steps).toEqual([
      {
        segment: 'stable>captured',
        label: '稳定→采集',
        n: 3,
        min: db01[0],
        q1: db01[0],
        median: db01[1],
        q3: db01[2],
        max: db01[2],
      },
    ]);
    const lane2 = report.lanes.find((l: { lane: string }) => l.lane === c.wb.DB02);
    expect(lane2).toMatchObject({
      passes: 1,
      cycleMedianMs: cy.c1,
      cycleP90Ms: cy.c1,
      exceptionTotal: 0,
      exceptions: [],
    });
    // DB03 weighed nothing: not a lane of the report, still an option of the filter (with its tare tolerance)
    expect(report.lanes).toHaveLength(2);
    expect(report.options.map((o: { name: string }) => o.name)).toContain('昆山地磅');
    expect(report.options[0].tareTolerancePct).toBe('10.00');
    const all = [cy.a1, cy.a2, cy.b1, cy.c1].sort((x, y) => x - y);
    expect(report.all).toMatchObject({ passes: 4, cycleMedianMs: all[1], cycleP90Ms: all[3], exceptionTotal: 1 });
    expect(report.heatmap.reduce((s: number, h: { trucks: number }) => s + h.trucks, 0)).toBe(4);
    expect(report.heatmap).toHaveLength(48); // two days: their two weekdays only
  });

  it('the lane filter, the date range and the tenant', async () => {
    const day = report.to;
    const plain = await get(); // no range: today
    expect(plain.from).toBe(plain.to);
    const only2 = await get(`?from=${report.from}&to=${day}&weighbridgeId=${c.wb.DB02}`);
    expect(only2.lanes.map((l: { lane: string }) => l.lane)).toEqual([c.wb.DB02]);
    expect(only2.all).toMatchObject({ passes: 1, exceptionTotal: 0 });
    // a weighing of another tenant (no lane: it would count in 全部), and one of ours ten days ago: neither counts today
    const old = new Date(Date.now() - 10 * 86_400_000);
    const [other] = await db()
      .insert(weighingOrder)
      .values({
        tenantId: '999999',
        orderNo: 'GBX1',
        orderType: 'other',
        weighState: 'first',
        carNumber: '皖X1',
        firstWeight: '20000',
        weighbridgeId: null,
      })
      .returning({ id: weighingOrder.id });
    const [mine] = await db()
      .insert(weighingOrder)
      .values({
        tenantId: '000000',
        orderNo: 'GBX2',
        orderType: 'other',
        weighState: 'first',
        carNumber: '皖X2',
        firstWeight: '20000',
        weighbridgeId: c.wb.DB01,
        firstTime: old,
      })
      .returning({ id: weighingOrder.id });
    await db()
      .insert(weighingStep)
      .values([
        { tenantId: '999999', weighingId: other.id, pass: 'first', step: 'stable', at: new Date(Date.now() - 3000) },
        { tenantId: '999999', weighingId: other.id, pass: 'first', step: 'captured', at: new Date() },
        { tenantId: '000000', weighingId: mine.id, pass: 'first', step: 'stable', at: new Date(old.getTime() - 5000) },
        { tenantId: '000000', weighingId: mine.id, pass: 'first', step: 'captured', at: old },
      ]);
    const again = await get(`?from=${report.from}&to=${day}`);
    expect(again.all.passes).toBe(4);
    const oldDay = dayOf(old.getTime());
    const then = await get(`?from=${oldDay}&to=${oldDay}`);
    expect(then.all).toMatchObject({ passes: 1, cycles: 1, cycleMedianMs: 5000, trucksPerHour: '1.0' });
    const span = await get(`?from=${oldDay}&to=${day}`);
    expect(span.all.passes).toBe(5);
    expect(span.heatmap.length).toBeGreaterThan(24);
    await db().delete(weighingStep).where(eq(weighingStep.weighingId, other.id));
  });

  it.each([
    ['?from=2026-11-30&to=2026-11-01', '开始日期不能晚于结束日期'],
    ['?from=2026-02-30', '开始日期不是有效日期'],
    ['?to=20261101', '结束日期格式应为yyyy-MM-dd'],
    ['?from=2024-01-01&to=2026-01-01', '日期范围不能超过366天'],
    ['?weighbridgeId=abc', '地磅格式不正确'],
  ])('%s → %s', async (q, msg) => {
    const r = await admin()(`${R}${q}`);
    expect(r.status).toBe(400);
    expect(r.body.msg).toBe(msg);
  });
});
