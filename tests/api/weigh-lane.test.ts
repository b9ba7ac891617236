// @vitest-environment node
/**
 * The unattended lane's step times through the real HTTP app (issue 24, WEIGH_LANE.steps): recorded beside the
 * capture's own steps so 过磅时效 sees arrived → left; each refusal (pass not captured, a step twice, times out of lane
 * order, a time in the future, an unknown step, a weighing of another tenant / not found) writes nothing.
 */
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { weighingStep } from '../../server/db/schema/index.ts';
import { apiOf, bootStock, okPost, type StockCtx } from './stock-helpers.ts';

const W = '/api/izs-weighing/loadometer-order';
const L = '/api/izs-weighing/lane/steps';

let c: StockCtx;
beforeAll(async () => {
  c = await bootStock();
}, 180_000);
afterAll(async () => {
  await c?.t.close();
});

const clerk = () => apiOf(c, c.clerk);
const steady = (v: string, n = 9) => {
  const end = Date.now();
  return Array.from({ length: n }, (_, i) => ({ t: end - (n - 1 - i) * 500, v, s: true }));
};
async function firstPass(plate: string, weight = '30000') {
  return okPost(clerk(), `${W}/first-pass`, {
    orderType: 'purchase',
    weighbridgeId: c.wb.DB01,
    carNumber: plate,
    weight,
    readings: steady(weight),
    plateRead: plate,
    partyId: c.party.GYS001,
    materialId: c.mat.WL0002,
  });
}
async function stepsOf(weighingId: string) {
  return c.t.database.db
    .select({ pass: weighingStep.pass, step: weighingStep.step, at: weighingStep.at })
    .from(weighingStep)
    .where(eq(weighingStep.weighingId, weighingId))
    .orderBy(asc(weighingStep.at), asc(weighingStep.id));
}
async function countSteps(weighingId: string, pass: string) {
  return (
    await c.t.database.db
      .select({ id: weighingStep.id })
      .from(weighingStep)
      .where(and(eq(weighingStep.weighingId, weighingId), eq(weighingStep.pass, pass)))
  ).length;
}

describe('lane step times', () => {
  it('records arrived … left of a first pass beside the capture steps; 过磅时效 then has the whole cycle', async () => {
    const t0 = Date.now() - 20_000;
    const w = await firstPass('皖L00001');
    const r = await okPost(clerk(), L, {
      weighingId: w.id,
      pass: 'first',
      steps: [
        { step: 'left', at: t0 + 19_000 },
        { step: 'arrived', at: t0 },
        { step: 'identified', at: t0 + 600 },
        { step: 'on_deck', at: t0 + 4_600 },
        { step: 'barrier_open', at: t0 + 14_000 },
      ],
    });
    expect(r).toEqual({ recorded: 5 });
    const steps = (await stepsOf(w.id)).map((s) => s.step);
    expect(steps.slice(0, 3)).toEqual(['arrived', 'identified', 'on_deck']);
    expect(steps).toEqual(expect.arrayContaining(['stable', 'captured', 'barrier_open', 'left']));
    const report = await apiOf(c)(`/api/izs-weighing/timing/report?weighbridgeId=${c.wb.DB01}`);
    expect(report.body.data.lanes[0].cycles).toBeGreaterThanOrEqual(1);
    expect(report.body.data.lanes[0].steps.map((s: { segment: string }) => s.segment)).toContain('arrived>identified');
  });

  it.each<[string, (id: string) => unknown, string]>([
    [
      'the second pass before it is captured',
      (id) => ({ weighingId: id, pass: 'second', steps: [{ step: 'arrived', at: Date.now() }] }),
      '磅单尚未二次过磅，不能记录二次过磅的车道步骤',
    ],
    [
      'a step twice in one call',
      (id) => ({
        weighingId: id,
        pass: 'first',
        steps: [
          { step: 'arrived', at: Date.now() - 2000 },
          { step: 'arrived', at: Date.now() - 1000 },
        ],
      }),
      '步骤「到达」重复',
    ],
    [
      'times out of lane order',
      (id) => ({
        weighingId: id,
        pass: 'first',
        steps: [
          { step: 'arrived', at: Date.now() - 1000 },
          { step: 'identified', at: Date.now() - 5000 },
        ],
      }),
      '步骤时间顺序不正确：「识别」早于「到达」',
    ],
    [
      'a time in the future',
      (id) => ({ weighingId: id, pass: 'first', steps: [{ step: 'left', at: Date.now() + 3_600_000 }] }),
      '步骤「离开」的时间晚于当前时间',
    ],
    [
      'a step the capture writes itself',
      (id) => ({ weighingId: id, pass: 'first', steps: [{ step: 'captured', at: Date.now() }] }),
      '步骤应为 到达、识别、上磅、打印、抬杆、离开 之一',
    ],
    ['no steps', (id) => ({ weighingId: id, pass: 'first', steps: [] }), '至少记录一个步骤'],
  ])('refuses %s (nothing written)', async (_n, body, msg) => {
    const w = await firstPass(`皖L1${String(Math.floor(Math.random() * 9000) + 1000)}`);
    const before = await countSteps(w.id, 'first');
    const r = await clerk()(L, { body: body(w.id) });
    expect(r.status).toBe(400);
    expect(r.body.msg).toBe(msg);
    expect(await countSteps(w.id, 'first')).toBe(before);
    expect(await countSteps(w.id, 'second')).toBe(0);
  });

  it('refuses a step recorded before for the same pass', async () => {
    const w = await firstPass('皖L00002');
    await okPost(clerk(), L, { weighingId: w.id, pass: 'first', steps: [{ step: 'arrived', at: Date.now() - 9000 }] });
    const r = await clerk()(L, {
      body: {
        weighingId: w.id,
        pass: 'first',
        steps: [
          { step: 'arrived', at: Date.now() - 5000 },
          { step: 'left', at: Date.now() - 1000 },
        ],
      },
    });
    expect(r.body.msg).toBe('磅单的一次过磅已记录过步骤「到达」');
    expect(await countSteps(w.id, 'first')).toBe(3);
  });

  it('refuses a weighing that does not exist, or without the capture button', async () => {
    const r = await clerk()(L, {
      body: { weighingId: '999999999', pass: 'first', steps: [{ step: 'arrived', at: 1 }] },
    });
    expect(r.status).toBe(400);
    const w = await firstPass('皖L00003');
    const { revokeCodes } = await import('./stock-helpers.ts');
    const restore = await revokeCodes(c, 'user', ['supply_chain_loadometer_add', 'supply_chain_weight_memo_add']);
    try {
      const f = await clerk()(L, {
        body: { weighingId: w.id, pass: 'first', steps: [{ step: 'arrived', at: Date.now() }] },
      });
      expect(f.status).toBe(403);
    } finally {
      await restore();
    }
  });
});
