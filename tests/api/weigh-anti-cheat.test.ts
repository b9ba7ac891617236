// @vitest-environment node
/**
 * The weighbridge's anti-cheat through the real HTTP app (issue 24): each refusal at capture (empty deck, outside the
 * bridge's stable window, half on the deck, a manual weight without a reason, a second open first pass), each flag
 * (tare outside the archive, over the registered maximum gross, quick re-weigh, plate swap, a step while stable,
 * photos missing, manual entry) opening 异常过磅 with what the lane saw, the hold on completion, the supervisor's
 * release and void (the clerk may not), the chain record and the webhook event, the tare archive.
 */
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  chainTx,
  lgCar,
  openApp,
  openWebhook,
  stockOrder,
  weighbridge,
  weighException,
  weighingOrder,
  weighingStep,
} from '../../server/db/schema/index.ts';
import { apiOf, bootStock, okPost, type StockCtx } from './stock-helpers.ts';

const W = '/api/izs-weighing/loadometer-order';
const X = '/api/izs-weighing/exception';
const T = '/api/izs-weighing/tare-archive';

let c: StockCtx;
beforeAll(async () => {
  c = await bootStock();
  await c.t.database.db.insert(openApp).values({
    tenantId: '000000',
    name: '磅房对接',
    appKey: 'ak_weigh_anti_cheat',
    secretEnc: 'x',
    webhookUrl: 'https://example.invalid/hook',
    webhookEvents: 'weighing.flagged',
  });
}, 180_000);
afterAll(async () => {
  await c?.t.close();
});

const admin = () => apiOf(c);
const clerk = () => apiOf(c, c.clerk);
const db = () => c.t.database.db;

/** What the bridge reported: `n` readings 500 ms apart ending now, all `v` and stable (4 s ≥ DB01's 3 s window). */
const steady = (v: string, n = 9) => {
  const end = Date.now();
  return Array.from({ length: n }, (_, i) => ({ t: end - (n - 1 - i) * 500, v, s: true }));
};

const firstBody = (carNumber: string, weight: string, extra: Record<string, unknown> = {}) => ({
  orderType: 'purchase',
  weighbridgeId: c.wb.DB01,
  carNumber,
  weight,
  readings: steady(weight),
  plateRead: carNumber,
  partyId: c.party.GYS001,
  materialId: c.mat.WL0002,
  ...extra,
});
const secondBody = (id: string, weight: string, extra: Record<string, unknown> = {}) => ({
  id,
  weight,
  readings: steady(weight),
  ...extra,
});

async function rowsOfPlate(plate: string) {
  const [r] = await db().select({ n: count() }).from(weighingOrder).where(eq(weighingOrder.carNumber, plate));
  return Number(r.n);
}
async function exceptionsOf(weighingId: string) {
  return db().select().from(weighException).where(eq(weighException.weighingId, weighingId)).orderBy(weighException.id);
}
/** A completed weighing of the plate `hoursAgo` (history for the archive), straight into the table. */
async function history(plate: string, tare: string, hoursAgo: number, gross = '35000') {
  const at = new Date(Date.now() - hoursAgo * 3600_000);
  await db()
    .insert(weighingOrder)
    .values({
      tenantId: '000000',
      orderNo: `GBH${plate}${hoursAgo}`.slice(0, 32),
      orderType: 'other',
      weighState: 'completed',
      carNumber: plate,
      weighbridgeId: c.wb.DB01,
      firstWeight: gross,
      firstTime: at,
      secondWeight: tare,
      secondTime: at,
      grossWeight: gross,
      tareWeight: tare,
      netWeight: '1',
      completeTime: at,
    });
}
async function setScale(over: Partial<typeof weighbridge.$inferInsert>) {
  await db().update(weighbridge).set(over).where(eq(weighbridge.id, c.wb.DB01));
}

describe('refusals at capture (nothing written)', () => {
  it.each<[string, Record<string, unknown>, string]>([
    [
      '20 kg on the empty deck',
      { weight: '20', readings: steady('20') },
      '秤台上无车或重量过低（20 kg，最小称量 400 kg），不能采集',
    ],
    [
      'a reading the bridge did not report stable (the newest moving)',
      { readings: [...steady('15000'), { t: Date.now() + 100, v: '15000', s: false }] },
      '重量未稳定（地磅未报稳定），不能采集',
    ],
    [
      'a weight that is not the reading',
      { weight: '18000' },
      '采集重量 18000 kg 与地磅当前读数 15000 kg 不符，不能采集',
    ],
    ['no readings and no stable bit', { readings: undefined }, '重量未稳定，不能采集'],
    [
      'a "stable" the last second of readings contradicts (the deck still moving)',
      {
        readings: (() => {
          const t = Date.now();
          return [
            { t: t - 900, v: '9000', s: false },
            { t: t - 500, v: '14000', s: false },
            { t, v: '15000', s: true },
          ];
        })(),
      },
      '重量未稳定（地磅报稳定，但最近 1 秒的读数变化超过一个分度值 20 kg），不能采集',
    ],
    [
      'half on the deck (rear beam blocked)',
      { sensors: { front: false, rear: true } },
      '车辆未完全上磅（后红外对射被遮挡），不能采集',
    ],
  ])('%s', async (_n, over, msg) => {
    const plate = '皖R00001';
    const r = await clerk()(`${W}/first-pass`, { body: { ...firstBody(plate, '15000'), ...over } });
    expect(r.status).toBe(400);
    expect(r.body.msg).toBe(msg);
    expect(await rowsOfPlate(plate)).toBe(0);
  });

  it('a lane with positioning sensors needs their report, clear', async () => {
    await setScale({ positionSensors: 1 });
    try {
      const plate = '皖R00002';
      const r = await clerk()(`${W}/first-pass`, { body: firstBody(plate, '15000') });
      expect(r.body.msg).toBe('本地磅装有定位传感器（红外对射），未收到传感器状态，不能采集');
      expect(await rowsOfPlate(plate)).toBe(0);
      const ok = await okPost(clerk(), `${W}/first-pass`, {
        ...firstBody(plate, '15000'),
        sensors: { front: false, rear: false },
      });
      expect(ok.openExceptions).toBe(0);
      await okPost(admin(), `${W}/void`, { id: ok.id, reason: '测试' });
    } finally {
      await setScale({ positionSensors: 0 });
    }
  });

  it('the scale minimum is the scale own when set', async () => {
    await setScale({ minWeightKg: '1000' });
    try {
      const r = await clerk()(`${W}/first-pass`, { body: firstBody('皖R00003', '800') });
      expect(r.body.msg).toBe('秤台上无车或重量过低（800 kg，最小称量 1000 kg），不能采集');
    } finally {
      await setScale({ minWeightKg: '0' });
    }
  });

  it('manual entry needs its button and a reason, and is always flagged', async () => {
    const plate = '皖R00004';
    const manual = { ...firstBody(plate, '15000'), readings: undefined, manual: 1, manualReason: '仪表通讯故障' };
    // the clerk has no 手工录入 button
    expect((await clerk()(`${W}/first-pass`, { body: manual })).status).toBe(403);
    await okPost(admin(), '/api/izs-base/system-business-config/update', {
      deptId: c.depts['绿循再生资源有限公司'],
      manualWeighAllowed: 1,
    });
    const noReason = await admin()(`${W}/first-pass`, { body: { ...manual, manualReason: '  ' } });
    expect(noReason.body.msg).toBe('手工录入重量必须填写原因');
    expect(await rowsOfPlate(plate)).toBe(0);
    const r = await okPost(admin(), `${W}/first-pass`, manual);
    expect(r).toMatchObject({ firstManual: 1, openExceptions: 1 });
    const [e] = await exceptionsOf(r.id);
    expect(e).toMatchObject({ kind: 'manual_entry', state: 'open', detail: '手工录入 15000 kg，原因：仪表通讯故障' });
    await okPost(admin(), `${W}/void`, { id: r.id, reason: '测试' });
    expect((await exceptionsOf(r.id))[0]).toMatchObject({ state: 'voided', resolveNote: '磅单作废：测试' });
  });

  it('one plate has one open first pass, also when the database is written to directly', async () => {
    const plate = '皖R00005';
    const f = await okPost(clerk(), `${W}/first-pass`, firstBody(plate, '15000'));
    const again = await clerk()(`${W}/first-pass`, { body: firstBody(plate, '15000') });
    expect(again.body.msg).toBe(`车辆${plate}有未完成的磅单${f.orderNo}，请进行二次过磅`);
    await expect(
      db()
        .insert(weighingOrder)
        .values({ tenantId: '000000', orderNo: 'GBRACE', weighState: 'first', carNumber: plate, firstWeight: '1' }),
    ).rejects.toThrow();
    await okPost(admin(), `${W}/void`, { id: f.id, reason: '测试' });
  });
});

describe('flags open 异常过磅 and hold the weighing until a supervisor releases it', () => {
  it('a clean truck completes in one go, with its step times and no exception', async () => {
    const plate = '皖C10001';
    const f = await okPost(clerk(), `${W}/first-pass`, firstBody(plate, '35000'));
    const done = await okPost(clerk(), `${W}/second-pass`, secondBody(f.id, '15000', { complete: 1 }));
    expect(done).toMatchObject({ weighState: 'completed', openExceptions: 0 });
    expect(await exceptionsOf(f.id)).toEqual([]);
    const steps = await db().select().from(weighingStep).where(eq(weighingStep.weighingId, f.id));
    expect(steps.map((s) => `${s.pass}:${s.step}`).sort()).toEqual(
      ['first:captured', 'first:stable', 'second:captured', 'second:stable'].sort(),
    );
  });

  it('a tare 25 % under its last three: held (no document), the clerk may not release, the supervisor does', async () => {
    const plate = '皖C10002';
    await history(plate, '15000', 72);
    await history(plate, '15100', 48);
    await history(plate, '14900', 24);
    const f = await okPost(clerk(), `${W}/first-pass`, firstBody(plate, '35000'));
    expect(f.openExceptions).toBe(0);
    const photos = ['weigh/cam1.jpg', 'weigh/cam2.jpg', 'weigh/cam3.jpg'];
    const held = await okPost(
      clerk(),
      `${W}/second-pass`,
      secondBody(f.id, '11250', { complete: 1, plateRead: plate, photos }),
    );
    expect(held).toMatchObject({ weighState: 'first', secondWeight: '11250.000', openExceptions: 1, stockOrderNo: '' });
    const [e] = await exceptionsOf(f.id);
    expect(e).toMatchObject({
      kind: 'tare_deviation',
      pass: 'second',
      state: 'open',
      plateRead: plate,
      weight: '11250.000',
      reference: '15000.000',
      detail: '皮重 11250 kg 与近3次平均皮重 15000 kg 偏差 -25%（允许 ±10%）',
    });
    expect(JSON.parse(e.photos)).toEqual(photos);
    expect(JSON.parse(e.readings)).toHaveLength(9);
    // no document while held
    const complete = await clerk()(`${W}/complete`, { body: { id: f.id } });
    expect(complete.status).toBe(400);
    expect(complete.body.msg).toBe('磅单有1条未处理的异常过磅，需主管放行后才能完成');
    const [docs] = await db().select({ n: count() }).from(stockOrder).where(eq(stockOrder.carNumber, plate));
    expect(Number(docs.n)).toBe(0);
    // the chain and the webhook outbox have it
    const chained = await db()
      .select()
      .from(chainTx)
      .where(and(eq(chainTx.orderNo, f.orderNo), eq(chainTx.event, 'flagged')));
    expect(chained).toHaveLength(1);
    const hooks = await db().select().from(openWebhook).where(eq(openWebhook.event, 'weighing.flagged'));
    expect(hooks.some((h) => JSON.parse(h.payload).data.orderNo === f.orderNo)).toBe(true);
    // the list and the counts
    const list = (await admin()(`${X}/page`, { query: { carNumber: plate } })).body.data;
    expect(list.total).toBe(1);
    expect(list.records[0]).toMatchObject({ orderNo: f.orderNo, kindName: '皮重超出档案范围', stateName: '待处理' });
    const counts = (await admin()(`${X}/counts`)).body.data;
    expect(counts.byKind.find((k: { kind: string }) => k.kind === 'tare_deviation').open).toBeGreaterThanOrEqual(1);
    // the clerk has no 放行 button
    const byClerk = await clerk()(`${X}/release`, { body: { weighingId: f.id, note: '司机换了轮胎' } });
    expect(byClerk.status).toBe(403);
    const noNote = await admin()(`${X}/release`, { body: { weighingId: f.id, note: '' } });
    expect(noNote.body.msg).toBe('请输入放行说明');
    expect(await okPost(admin(), `${X}/release`, { weighingId: f.id, note: '已核实：空车卸下备胎' })).toEqual({
      released: 1,
    });
    const [after] = await exceptionsOf(f.id);
    expect(after).toMatchObject({ state: 'released', resolveNote: '已核实：空车卸下备胎' });
    const again = await admin()(`${X}/release`, { body: { weighingId: f.id, note: '再放行' } });
    expect(again.body.msg).toBe('该磅单没有待处理的异常过磅');
    const done = await okPost(clerk(), `${W}/complete`, { id: f.id });
    expect(done.weighState).toBe('completed');
    expect(done.stockOrderNo).toMatch(/^RK/);
    const released = await db()
      .select()
      .from(chainTx)
      .where(and(eq(chainTx.orderNo, f.orderNo), eq(chainTx.event, 'released')));
    expect(released).toHaveLength(1);
  });

  it('the same truck and load weighed in again two minutes after completing: quick_reweigh', async () => {
    const plate = '皖C10003';
    const f = await okPost(clerk(), `${W}/first-pass`, firstBody(plate, '35000'));
    await okPost(clerk(), `${W}/second-pass`, secondBody(f.id, '15000', { complete: 1 }));
    const again = await okPost(clerk(), `${W}/first-pass`, firstBody(plate, '35000'));
    expect(again.openExceptions).toBe(1);
    const [e] = await exceptionsOf(again.id);
    expect(e.kind).toBe('quick_reweigh');
    expect(e.detail).toContain(`距上次完成过磅（${f.orderNo}）仅 0 分钟（限 15 分钟）`);
    // the supervisor voids it with a reason
    expect(await okPost(admin(), `${X}/void`, { weighingId: again.id, note: '同一车货重复过磅' })).toEqual({
      voided: 1,
    });
    const [row] = await db().select().from(weighingOrder).where(eq(weighingOrder.id, again.id));
    expect(row).toMatchObject({ weighState: 'voided', voidReason: '异常过磅：同一车货重复过磅' });
    expect((await exceptionsOf(again.id))[0].state).toBe('voided');
    // switched off on the scale: no flag
    await setScale({ reweighMinutes: 0 });
    try {
      const third = await okPost(clerk(), `${W}/first-pass`, firstBody(plate, '35000'));
      expect(third.openExceptions).toBe(0);
      await okPost(admin(), `${W}/void`, { id: third.id, reason: '测试' });
    } finally {
      await setScale({ reweighMinutes: 15 });
    }
  });

  it.each<[string, string, Record<string, unknown>, string]>([
    ['plate swap', '皖C10004', { plateRead: '皖C99999' }, 'plate_mismatch'],
    [
      'a remote-control step while stable',
      '皖C10005',
      {
        readings: [...steady('36000').map((r) => ({ ...r, t: r.t - 5000 })), ...steady('35000')],
      },
      'stable_step',
    ],
    [
      'a remote-control device switched on before the bridge ever reported stable',
      '皖C10008',
      {
        readings: (() => {
          // 100 ms frames: driving on, 1.5 s settled at 36 000 (the bridge's window not yet full), a 1 t jump, then
          // the bridge's window fills at 35 000 and it reports stable
          const t0 = Date.now() - 5000;
          const at = (i: number) => t0 + i * 100;
          return [
            ...['8000', '20000', '31000', '35500'].map((v, i) => ({ t: at(i), v, s: false })),
            ...Array.from({ length: 15 }, (_, i) => ({ t: at(4 + i), v: '36000', s: false })),
            ...Array.from({ length: 25 }, (_, i) => ({ t: at(19 + i), v: '35000', s: i >= 20 })),
          ];
        })(),
      },
      'stable_step',
    ],
  ])('%s', async (_n, plate, over, kind) => {
    const f = await okPost(clerk(), `${W}/first-pass`, { ...firstBody(plate, '35000'), ...over });
    expect(f.openExceptions).toBe(1);
    expect((await exceptionsOf(f.id)).map((e) => e.kind)).toEqual([kind]);
    await okPost(admin(), `${W}/void`, { id: f.id, reason: '测试' });
  });

  it('gross over the registered maximum gross of the car', async () => {
    const plate = '皖C10006';
    await db().insert(lgCar).values({ tenantId: '000000', plate, maxGrossKg: '49000' });
    const f = await okPost(clerk(), `${W}/first-pass`, firstBody(plate, '49500'));
    const [e] = await exceptionsOf(f.id);
    expect(e).toMatchObject({ kind: 'over_max_gross', detail: '重量 49500 kg 超过核定总质量 49000 kg' });
    await okPost(admin(), `${W}/void`, { id: f.id, reason: '测试' });
  });

  it('photos missing when the scale checks them (DB01 has three cameras)', async () => {
    const plate = '皖C10007';
    const one = { ...firstBody(plate, '35000'), photos: ['weigh/front.jpg'] };
    const off = await okPost(clerk(), `${W}/first-pass`, one);
    expect(off.openExceptions).toBe(0); // off by default
    await okPost(admin(), `${W}/void`, { id: off.id, reason: '测试' });
    await setScale({ checkPhotos: 1 });
    try {
      const f = await okPost(clerk(), `${W}/first-pass`, one);
      const [e] = await exceptionsOf(f.id);
      expect(e).toMatchObject({ kind: 'photos_missing', detail: '地磅有 3 台摄像机，只抓拍到 1 张照片' });
      await okPost(admin(), `${W}/void`, { id: f.id, reason: '测试' });
    } finally {
      await setScale({ checkPhotos: 0 });
    }
  });
});

describe('皮重档案', () => {
  it('the standard tare (valid) is what the tare flag compares with; an expired one falls back to history', async () => {
    const plate = '皖T20001';
    const [car] = await db().insert(lgCar).values({ tenantId: '000000', plate }).returning({ id: lgCar.id });
    await history(plate, '15000', 30);
    // the clerk has no edit button of 皮重档案
    const refused = await clerk()(`${T}/save`, { body: { carId: car.id, kind: 'vehicle', tareKg: '12000' } });
    expect(refused.status).toBe(403);
    const bad = await admin()(`${T}/save`, { body: { carId: car.id, kind: 'trailer', tareKg: '6000' } });
    expect(bad.body.msg).toBe('请输入挂车号');
    const a = await okPost(admin(), `${T}/save`, {
      carId: car.id,
      kind: 'vehicle',
      tareKg: '12000',
      validUntil: '2099-12-31',
    });
    expect(a).toMatchObject({
      plate,
      lastTareKg: '15000.000',
      averageTareKg: '15000',
      referenceTareKg: '12000',
      tares: [{ kind: 'vehicle', kindName: '整车标准皮重', tareKg: '12000.000', valid: true }],
    });
    await okPost(admin(), `${T}/max-gross`, { carId: car.id, maxGrossKg: '49000' });
    const f = await okPost(clerk(), `${W}/first-pass`, firstBody(plate, '35000'));
    const held = await okPost(clerk(), `${W}/second-pass`, secondBody(f.id, '15000'));
    expect(held.openExceptions).toBe(1);
    expect((await exceptionsOf(f.id))[0].detail).toBe('皮重 15000 kg 与标准皮重 12000 kg 偏差 25%（允许 ±10%）');
    await okPost(admin(), `${W}/void`, { id: f.id, reason: '测试' });
    // expired: the history's 15000 is the reference, the same tare is clean
    await okPost(admin(), `${T}/save`, { carId: car.id, kind: 'vehicle', tareKg: '12000', validUntil: '2020-01-01' });
    const g = await okPost(clerk(), `${W}/first-pass`, firstBody(plate, '35000'));
    const clean = await okPost(clerk(), `${W}/second-pass`, secondBody(g.id, '15000', { complete: 1 }));
    expect(clean).toMatchObject({ weighState: 'completed', openExceptions: 0 });
    const list = (await admin()(`${T}/page`, { query: { plate } })).body.data;
    expect(list.records[0]).toMatchObject({ plate, standardTareKg: '12000.000', standardValid: false, weighings: 2 });
  });

  it('a trailer trip compares with the vehicle tare plus the trailer tare', async () => {
    const plate = '皖T20002';
    const [car] = await db().insert(lgCar).values({ tenantId: '000000', plate }).returning({ id: lgCar.id });
    await okPost(admin(), `${T}/save`, { carId: car.id, kind: 'vehicle', tareKg: '9000' });
    await okPost(admin(), `${T}/save`, { carId: car.id, kind: 'trailer', label: '皖T123挂', tareKg: '6000' });
    const f = await okPost(clerk(), `${W}/first-pass`, { ...firstBody(plate, '40000'), trailerNo: '皖T123挂' });
    const done = await okPost(clerk(), `${W}/second-pass`, secondBody(f.id, '15100', { complete: 1 }));
    expect(done).toMatchObject({ weighState: 'completed', openExceptions: 0 });
    // without the trailer the same tare is 68 % over the vehicle's 9000
    const g = await okPost(clerk(), `${W}/first-pass`, firstBody(plate, '40000'));
    expect(g.openExceptions).toBe(1); // quick re-weigh of the same plate
    const held = await okPost(clerk(), `${W}/second-pass`, secondBody(g.id, '15100'));
    expect(held.openExceptions).toBe(2);
    expect((await exceptionsOf(g.id)).map((e) => e.kind).sort()).toEqual(['quick_reweigh', 'tare_deviation']);
  });
});
