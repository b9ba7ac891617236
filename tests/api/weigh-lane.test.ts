// @vitest-environment node
/**
 * The unattended lane's step times through the real HTTP app (issue 24, WEIGH_LANE.steps): recorded beside the
 * capture's own steps so 过磅时效 sees arrived → left; each refusal (pass not captured, a step twice, times out of lane
 * order, a time in the future, an unknown step, a weighing of another tenant / not found) writes nothing.
 * 人工接管 through the server (WEIGH_LANE.takeover / claim): refused without the 接管 button (403, nothing kept),
 * kept as its audit row with an operation log when granted, handed to the lane once.
 */
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { laneTakeover, operationLog, weighingOrder, weighingStep } from '../../server/db/schema/index.ts';
import { grantCodes } from './base-suite.ts';
import { apiOf, bootStock, okPost, revokeCodes, type StockCtx } from './stock-helpers.ts';

const W = '/api/izs-weighing/loadometer-order';
const L = '/api/izs-weighing/lane/steps';
const TK = '/api/izs-weighing/lane/takeover';
const TAKEOVER = 'supply_chain_lane_monitor_takeover';

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

describe('lane takeover (接管) through the server', () => {
  const takeovers = async () => (await c.t.database.db.select().from(laneTakeover)).length;

  it('refuses a clerk without the 接管 button: 403 in Chinese, nothing kept, the lane gets nothing', async () => {
    const restore = await revokeCodes(c, 'user', [TAKEOVER]);
    try {
      const before = await takeovers();
      const r = await clerk()(TK, { body: { weighbridgeId: c.wb.DB01, step: 'open' } });
      expect(r.status).toBe(403);
      expect(r.body.msg).toBe('没有权限');
      expect(await takeovers()).toBe(before);
      const got = await okPost(clerk(), `${TK}/claim`, { weighbridgeId: c.wb.DB01 });
      expect(got.commands).toEqual([]);
    } finally {
      await restore();
    }
  });

  it('a granted takeover is kept (audit row + operation log), rings the lane and is handed out once', async () => {
    const revoke = await grantCodes(c, 'user', ['supply_chain_lane_monitor', TAKEOVER]);
    try {
      const bad = await clerk()(TK, { body: { weighbridgeId: c.wb.DB01, step: 'capture', weight: '31000' } });
      expect(bad.status).toBe(400);
      expect(bad.body.msg).toBe('手工录入重量必须填写原因');
      const r = await clerk()(TK, {
        body: { weighbridgeId: c.wb.DB01, step: 'capture', weight: '31000', reason: '仪表通讯中断' },
      });
      expect(r.body.msg).toBe('接管指令已发送');
      expect(r.status).toBe(200);
      expect(r.body.data.notified).toBe(true);
      const id = r.body.data.id as string;
      const [row] = await c.t.database.db.select().from(laneTakeover).where(eq(laneTakeover.id, id));
      expect(row).toMatchObject({ step: 'capture', weight: '31000.000', reason: '仪表通讯中断', state: 'pending' });
      const logs = await c.t.database.db
        .select({ title: operationLog.title })
        .from(operationLog)
        .where(eq(operationLog.title, '车道人工接管：人工采集'));
      expect(logs.length).toBe(1);
      expect((await clerk()(TK, { body: { weighbridgeId: c.wb.DB01, step: 'open' } })).status).toBe(200);
      // the lane driver (the capture grant) claims them in order, once
      const got = await okPost(clerk(), `${TK}/claim`, { weighbridgeId: c.wb.DB01 });
      expect(got.commands.map((x: { step: string }) => x.step)).toEqual(['capture', 'open']);
      expect(got.commands[0]).toMatchObject({ id, weight: '31000.000', reason: '仪表通讯中断' });
      expect((await okPost(clerk(), `${TK}/claim`, { weighbridgeId: c.wb.DB01 })).commands).toEqual([]);
      const [after] = await c.t.database.db.select().from(laneTakeover).where(eq(laneTakeover.id, id));
      expect(after.state).toBe('claimed');
      expect(after.claimTime).not.toBeNull();
      // a command the lane did not claim within a minute (it was away) expires unexecuted
      const [old] = await c.t.database.db
        .insert(laneTakeover)
        .values({
          tenantId: '000000',
          weighbridgeId: c.wb.DB01,
          step: 'open',
          state: 'pending',
          createUser: after.createUser,
          createTime: new Date(Date.now() - 5 * 60_000),
        })
        .returning();
      expect((await okPost(clerk(), `${TK}/claim`, { weighbridgeId: c.wb.DB01 })).commands).toEqual([]);
      const [stale] = await c.t.database.db.select().from(laneTakeover).where(eq(laneTakeover.id, old.id));
      expect(stale.state).toBe('expired');
    } finally {
      await revoke();
    }
  });
});

describe('the lane under a 派车单, and the e-ticket', () => {
  const day = (d: number) =>
    new Date(Date.now() + d * 86_400_000).toLocaleDateString('sv-SE', { timeZone: 'Asia/Shanghai' });
  async function slip(plate: string, validTo = day(2)) {
    return okPost(apiOf(c), '/api/izs-weighing/dispatch-slip/submit', {
      orderType: 'purchase',
      partyId: c.party.GYS001,
      materialId: c.mat.WL0002,
      carNumber: plate,
      validFrom: day(-3),
      validTo,
    });
  }
  const under = (plate: string, code: string, weight = '30000') => ({
    orderType: 'purchase',
    weighbridgeId: c.wb.DB01,
    carNumber: plate,
    weight,
    readings: steady(weight),
    plateRead: plate,
    dispatchSlipNo: code,
  });

  it('a first pass under a slip (its QR link) keeps the slip and takes its party and material', async () => {
    const s = await slip('皖L20001');
    const w = await okPost(clerk(), `${W}/first-pass`, under('皖L20001', `https://x.example/slip?no=${s.slipNo}`));
    expect(w).toMatchObject({ dispatchSlipId: s.id, partyId: c.party.GYS001, materialId: c.mat.WL0002 });
    const [row] = await c.t.database.db.select().from(weighingOrder).where(eq(weighingOrder.id, w.id));
    expect(row.dispatchSlipId).toBe(s.id);
  });

  it.each<[string, () => Promise<Record<string, unknown>>, RegExp]>([
    [
      'another plate than the slip’s',
      async () => under('皖L20003', (await slip('皖L20002')).slipNo),
      /^车牌号 皖L20003 与派车单 PC\d{12} 的车牌 皖L20002 不符$/,
    ],
    [
      'an expired slip',
      async () => under('皖L20004', (await slip('皖L20004', day(-1))).slipNo),
      /^派车单 PC\d{12} 已过期（有效期至 /,
    ],
    ['no slip number in the code', async () => under('皖L20005', 'ABC'), /^派车单号格式不正确/],
  ])('refuses %s (nothing written)', async (_n, body, msg) => {
    const b = await body();
    const r = await clerk()(`${W}/first-pass`, { body: b });
    expect(r.status).toBe(400);
    expect(r.body.msg).toMatch(msg);
    const rows = await c.t.database.db
      .select({ id: weighingOrder.id })
      .from(weighingOrder)
      .where(eq(weighingOrder.carNumber, String(b.carNumber)));
    expect(rows).toEqual([]);
  });

  it('the e-ticket of a completed weighing: a trace link kept on it, the same when asked again; refused before completion', async () => {
    const w = await firstPass('皖L20010', '32000');
    const early = await clerk()(`${W}/eticket`, { body: { id: w.id } });
    expect(early.status).toBe(400);
    expect(early.body.msg).toBe('磅单尚未完成，不能发送电子磅单');
    await okPost(clerk(), `${W}/second-pass`, { id: w.id, weight: '14000', readings: steady('14000'), complete: 1 });
    const e = await okPost(clerk(), `${W}/eticket`, { id: w.id });
    expect(e.path).toMatch(/^\/blockchain-info\/weighing\/[A-Z0-9]+\?t=[A-Za-z0-9_-]{22}$/);
    expect((await okPost(clerk(), `${W}/eticket`, { id: w.id })).path).toBe(e.path);
    const d = await apiOf(c)(`${W}/detail`, { query: { id: w.id } });
    expect(d.body.data.eticketPath).toBe(e.path);
    // the link opens the weighing's trace without signing in
    const u = new URL(e.path, 'http://x');
    const open = await c.t.app.inject({
      method: 'GET',
      url: `/api/izs-toolbox/blockchain/transaction-by-order-no?orderType=weighing&orderNo=${u.pathname.split('/').at(-1)}&t=${u.searchParams.get('t')}`,
    });
    expect(open.statusCode).toBe(200);
  });
});
