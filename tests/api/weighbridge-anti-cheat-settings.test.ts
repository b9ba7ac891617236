// @vitest-environment node
/**
 * 地磅管理's anti-cheat settings (issue 24): the thresholds of a weighbridge are saved through its resource (the
 * 地磅管理 dialog), empty = the global default (null); out-of-range values are refused with a Chinese message naming
 * the field and nothing is written; a saved threshold changes what a capture is flagged with; detail answers them;
 * the linearity profile's 检定点 and 线性允差 flag off-profile readings and a drifting scale.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { weighbridge, weighbridgeCalibration, weighException, weighingOrder } from '../../server/db/schema/index.ts';
import { apiOf, bootStock, okPost, type StockCtx } from './stock-helpers.ts';

const B = '/api/izs-base/weighbridge';
const W = '/api/izs-weighing/loadometer-order';

let c: StockCtx;
beforeAll(async () => {
  c = await bootStock();
}, 180_000);
afterAll(async () => {
  await c?.t.close();
});

const admin = () => apiOf(c);
const db = () => c.t.database.db;
const stored = async () => {
  const [r] = await db().select().from(weighbridge).where(eq(weighbridge.id, c.wb.DB01));
  return r;
};
const detail = async () => {
  const r = await admin()(`${B}/detail?id=${c.wb.DB01}`);
  expect(r.body.code).toBe(200);
  return r.body.data;
};
const update = (over: Record<string, unknown>) => admin()(`${B}/update`, { body: { id: c.wb.DB01, ...over } });

const steady = (v: string, n = 9) => {
  const end = Date.now();
  return Array.from({ length: n }, (_, i) => ({ t: end - (n - 1 - i) * 500, v, s: true }));
};

describe('地磅防作弊设置', () => {
  it('answers empty thresholds as null (the default) and the checks as 0/1', async () => {
    const d = await detail();
    expect(d).toMatchObject({
      minWeightKg: null,
      tareTolerancePct: null,
      reweighMinutes: null,
      stepDivisions: null,
      settledMs: null,
      positionSensors: 0,
      checkPlate: 1,
      checkPhotos: 0,
      checkMaxGross: 1,
    });
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['tolerance over 100', { tareTolerancePct: '100.5' }, '皮重允差(%)不能大于100'],
    ['tolerance not a number', { tareTolerancePct: 'abc' }, '皮重允差(%)格式不正确，最多2位小数'],
    ['negative minimum', { minWeightKg: '-1' }, '最小称量(kg)格式不正确，最多3位小数'],
    ['re-weigh over a day', { reweighMinutes: 1441 }, '重复过磅间隔(分钟)不能大于1440'],
    ['re-weigh negative', { reweighMinutes: -5 }, '重复过磅间隔(分钟)不能小于0'],
    ['step not whole', { stepDivisions: 2.5 }, '稳定突变阈值(分度值)必须是整数'],
    ['step over 1000', { stepDivisions: 1001 }, '稳定突变阈值(分度值)不能大于1000'],
    ['settled window too short', { settledMs: 100 }, '静止判定时长(毫秒)不能小于200'],
    ['settled window too long', { settledMs: 10001 }, '静止判定时长(毫秒)不能大于10000'],
    ['a check not 0/1', { checkPlate: 2 }, '核对车牌识别格式不正确'],
  ])('refuses %s with the field named, writing nothing', async (_name, over, msg) => {
    const before = await stored();
    const r = await update({ ...over, minWeightKg: over.minWeightKg ?? '500' });
    expect(r.body.code).toBe(400);
    expect(r.body.msg).toBe(msg);
    expect(await stored()).toEqual(before);
  });

  it('saves thresholds, answers them on detail, and empty puts back the default', async () => {
    const r = await update({
      minWeightKg: '500',
      tareTolerancePct: '7.5',
      reweighMinutes: 3,
      stepDivisions: 25,
      settledMs: 1500,
      checkPhotos: 1,
    });
    expect(r.body.code, JSON.stringify(r.body)).toBe(200);
    expect(await detail()).toMatchObject({
      minWeightKg: '500.000',
      tareTolerancePct: '7.50',
      reweighMinutes: 3,
      stepDivisions: 25,
      settledMs: 1500,
      checkPhotos: 1,
    });
    // an edit that leaves the boxes empty sends null: back to the default
    const cleared = await update({
      minWeightKg: null,
      tareTolerancePct: null,
      reweighMinutes: null,
      stepDivisions: null,
      settledMs: null,
      checkPhotos: 0,
    });
    expect(cleared.body.code).toBe(200);
    expect(await detail()).toMatchObject({
      minWeightKg: null,
      tareTolerancePct: null,
      reweighMinutes: null,
      stepDivisions: null,
      settledMs: null,
      checkPhotos: 0,
    });
  });

  it('a saved re-weigh interval changes the quick re-weigh flag; the minimum refuses a light capture', async () => {
    const plate = '皖S20001';
    // a completed weighing of the plate 5 minutes ago
    const at = new Date(Date.now() - 5 * 60_000);
    await db().insert(weighingOrder).values({
      tenantId: '000000',
      orderNo: 'GBSET20001',
      orderType: 'other',
      weighState: 'completed',
      carNumber: plate,
      weighbridgeId: c.wb.DB01,
      firstWeight: '35000',
      firstTime: at,
      secondWeight: '15000',
      secondTime: at,
      grossWeight: '35000',
      tareWeight: '15000',
      netWeight: '20000',
      completeTime: at,
    });
    const first = (weight: string) => ({
      orderType: 'purchase',
      weighbridgeId: c.wb.DB01,
      carNumber: plate,
      weight,
      readings: steady(weight),
      plateRead: plate,
      partyId: c.party.GYS001,
      materialId: c.mat.WL0002,
    });
    // the default (15 minutes): 5 minutes later is a quick re-weigh
    const flagged = await okPost(admin(), `${W}/first-pass`, first('35000'));
    expect(flagged.openExceptions).toBe(1);
    const kinds = await db()
      .select({ kind: weighException.kind })
      .from(weighException)
      .where(eq(weighException.weighingId, flagged.id));
    expect(kinds.map((k) => k.kind)).toEqual(['quick_reweigh']);
    await okPost(admin(), `${W}/void`, { id: flagged.id, reason: '测试' });

    // 3 minutes saved in 地磅管理: the same capture is clean
    expect((await update({ reweighMinutes: 3 })).body.code).toBe(200);
    const clean = await okPost(admin(), `${W}/first-pass`, first('35000'));
    expect(clean.openExceptions).toBe(0);
    await okPost(admin(), `${W}/void`, { id: clean.id, reason: '测试' });

    // a minimum of 1000 kg saved: 800 kg is refused (the default, 20 × 20 kg = 400 kg, takes it)
    expect((await update({ minWeightKg: '1000' })).body.code).toBe(200);
    const light = await admin()(`${W}/first-pass`, { body: first('800') });
    expect(light.body.msg).toBe('秤台上无车或重量过低（800 kg，最小称量 1000 kg），不能采集');
    expect((await update({ minWeightKg: null, reweighMinutes: null })).body.code).toBe(200);
    const taken = await okPost(admin(), `${W}/first-pass`, first('800'));
    expect(taken.openExceptions).toBe(1); // back to 15 minutes: quick re-weigh again
    await okPost(admin(), `${W}/void`, { id: taken.id, reason: '测试' });
  });
});

const points = () =>
  db()
    .select({ ref: weighbridgeCalibration.referenceKg, reading: weighbridgeCalibration.readingKg })
    .from(weighbridgeCalibration)
    .where(eq(weighbridgeCalibration.weighbridgeId, c.wb.DB01))
    .orderBy(weighbridgeCalibration.referenceKg);

const firstOf = (plate: string, weight: string) => ({
  orderType: 'purchase',
  weighbridgeId: c.wb.DB01,
  carNumber: plate,
  weight,
  readings: steady(weight),
  plateRead: plate,
  partyId: c.party.GYS001,
  materialId: c.mat.WL0002,
});
const kindsOf = async (weighingId: string) =>
  (
    await db()
      .select({ kind: weighException.kind, detail: weighException.detail })
      .from(weighException)
      .where(eq(weighException.weighingId, weighingId))
  ).map((r) => r);

/** The scale's last 检定: true to 30 t, 200 kg heavy at 40 t, true at 50 t (e = 20 kg: tolerance 60 kg). */
const PROFILE = '10000=10000\n20000=20020\n30000=30020\n40000=40200\n50000=50000';

/**
 * The linearity profile (core/weighing/linearity.ts): 地磅管理 saves the scale's 检定点 (izs_weighbridge_calibration)
 * and tolerance; a bad point is refused naming it, nothing written; a reading planted where the profile reads off
 * beyond tolerance opens 异常过磅 读数超出检定线性 with its Chinese reason, a reading in a good range does not;
 * same-truck tare re-weighings on the scale drifting beyond the tolerance flag 地磅皮重漂移 — and a scale without
 * points checks neither.
 */
describe('地磅管理 检定点 and 线性允差', () => {
  it('refuses a bad point naming it, writing nothing; saves and answers the profile', async () => {
    const bad = await update({ calibrationPoints: '10000=10000\n4万=40200' });
    expect(bad.body.code).toBe(400);
    expect(bad.body.msg).toBe('检定点第2个格式应为“参考重量=读数”（kg，最多3位小数）');
    const neg = await update({ linearityTolKg: '-5' });
    expect(neg.body.msg).toBe('线性允差(kg)格式不正确，最多3位小数');
    expect(await points()).toEqual([]);

    const r = await update({ calibrationPoints: PROFILE });
    expect(r.body.code, JSON.stringify(r.body)).toBe(200);
    expect(await points()).toHaveLength(5);
    expect(await detail()).toMatchObject({ calibrationPoints: PROFILE, linearityTolKg: null });
    // an edit that does not send the box leaves the points
    expect((await update({ remark: '年检 2026-11' })).body.code).toBe(200);
    expect((await detail()).calibrationPoints).toBe(PROFILE);
  });

  it('a planted off-profile reading is flagged with its reason; a reading in a good range is not', async () => {
    const off = await okPost(admin(), `${W}/first-pass`, firstOf('皖L40001', '40000'));
    expect(off.openExceptions).toBe(1);
    expect(await kindsOf(off.id)).toEqual([
      {
        kind: 'off_profile',
        detail: '读数 40000 kg 落在检定超差区间：按检定点该处示值误差 +196.464 kg，超过允差 ±60 kg，须重新检定',
      },
    ]);
    const good = await okPost(admin(), `${W}/first-pass`, firstOf('皖L40002', '25000'));
    expect(good.openExceptions).toBe(0);
    // the scale's own wider tolerance (250 kg) takes the same reading
    expect((await update({ linearityTolKg: '250' })).body.code).toBe(200);
    expect((await detail()).linearityTolKg).toBe('250.000');
    const wide = await okPost(admin(), `${W}/first-pass`, firstOf('皖L40003', '40000'));
    expect(wide.openExceptions).toBe(0);
    expect((await update({ linearityTolKg: null })).body.code).toBe(200);
    for (const w of [off, good, wide]) await okPost(admin(), `${W}/void`, { id: w.id, reason: '测试' });
  });

  it('same-truck tare re-weighings drifting beyond tolerance flag the scale; without points nothing', async () => {
    // three trucks re-weighed on DB01 a day apart, each tare 100 kg heavier than its last; a fourth weighed 2 days ago
    const at = (h: number) => new Date(Date.now() - h * 3600_000);
    let n = 0;
    const done = (plate: string, tare: string, hoursAgo: number) => ({
      tenantId: '000000',
      orderNo: `GBLIN${++n}`,
      orderType: 'other',
      weighState: 'completed',
      carNumber: plate,
      weighbridgeId: c.wb.DB01,
      firstWeight: '25000',
      firstTime: at(hoursAgo),
      secondWeight: tare,
      secondTime: at(hoursAgo),
      grossWeight: '25000',
      tareWeight: tare,
      netWeight: '1',
      completeTime: at(hoursAgo),
    });
    await db()
      .insert(weighingOrder)
      .values([
        ...['皖L50001', '皖L50002', '皖L50003'].flatMap((p) => [done(p, '15000', 48), done(p, '15100', 24)]),
        done('皖L50004', '15000', 48),
      ]);
    const weigh = async () => {
      const f = await okPost(admin(), `${W}/first-pass`, firstOf('皖L50004', '25000'));
      const s = await okPost(admin(), `${W}/second-pass`, { id: f.id, weight: '15100', readings: steady('15100') });
      return { id: f.id as string, second: s };
    };
    const drifted = await weigh();
    expect(await kindsOf(drifted.id)).toEqual([
      {
        kind: 'scale_drift',
        detail: '本地磅近4次同车复称皮重偏移中位数 +100 kg，超过允差 ±60 kg，地磅可能漂移，须校秤',
      },
    ]);
    await okPost(admin(), `${W}/void`, { id: drifted.id, reason: '测试' });

    // the points removed (an empty box): no profile, neither check
    expect((await update({ calibrationPoints: '' })).body.code).toBe(200);
    expect(await points()).toEqual([]);
    expect((await detail()).calibrationPoints).toBe('');
    const clean = await weigh();
    expect(await kindsOf(clean.id)).toEqual([]);
    expect(clean.second.openExceptions).toBe(0);
  });
});
