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

describe('the lane reports a takeover’s result; the monitor lists the commands with their state', () => {
  const REPORT = `${TK}/report`;
  const list = async () => {
    const r = await clerk()(`${TK}/list`, { query: { weighbridgeId: c.wb.DB01 } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.data as { id: string; state: string; stateName: string; resultNote: string; stepName: string }[];
  };
  const stateOf = async (id: string) =>
    (await c.t.database.db.select().from(laneTakeover).where(eq(laneTakeover.id, id)))[0];

  it('pending → claimed → done | failed (with the reason), once; each refusal in Chinese, nothing written', async () => {
    const revoke = await grantCodes(c, 'user', ['supply_chain_lane_monitor', TAKEOVER]);
    try {
      // drain anything an earlier test left pending
      await okPost(clerk(), `${TK}/claim`, { weighbridgeId: c.wb.DB01 });
      const give = async (step: string) => {
        const r = await clerk()(TK, { body: { weighbridgeId: c.wb.DB01, step } });
        expect(r.status).toBe(200);
        return r.body.data as { id: string };
      };
      const print = await give('print');
      const open = await give('open');
      // not claimed yet: no result
      const early = await clerk()(REPORT, { body: { id: print.id, result: 'done' } });
      expect(early.status).toBe(400);
      expect(early.body.msg).toBe('接管指令尚未被车道领取，不能报告执行结果');
      expect((await list()).slice(0, 2).map((x) => [x.id, x.stateName])).toEqual([
        [open.id, '待执行'],
        [print.id, '待执行'],
      ]);
      await okPost(clerk(), `${TK}/claim`, { weighbridgeId: c.wb.DB01 });
      expect((await list()).slice(0, 2).map((x) => x.stateName)).toEqual(['执行中', '执行中']);
      // a failure needs its reason
      const bare = await clerk()(REPORT, { body: { id: print.id, result: 'failed' } });
      expect(bare.status).toBe(400);
      expect(bare.body.msg).toBe('请填写失败原因');
      const odd = await clerk()(REPORT, { body: { id: print.id, result: 'ok' } });
      expect(odd.body.msg).toBe('执行结果应为 done 或 failed（已执行、失败）');
      expect((await stateOf(print.id)).state).toBe('claimed');
      expect(await okPost(clerk(), REPORT, { id: print.id, result: 'failed', reason: '没有待打印的磅单' })).toEqual({
        id: print.id,
        state: 'failed',
      });
      expect(await okPost(clerk(), REPORT, { id: open.id, result: 'done' })).toEqual({ id: open.id, state: 'done' });
      // once: a second report is refused and changes nothing
      const again = await clerk()(REPORT, { body: { id: open.id, result: 'failed', reason: 'x' } });
      expect(again.status).toBe(400);
      expect(again.body.msg).toBe('接管指令已报告过执行结果（已执行）');
      const row = await stateOf(open.id);
      expect(row.state).toBe('done');
      expect(row.resultTime).not.toBeNull();
      const shown = await list();
      expect(shown.find((x) => x.id === print.id)).toMatchObject({
        stepName: '人工打印',
        state: 'failed',
        stateName: '失败',
        resultNote: '没有待打印的磅单',
      });
      expect(shown.find((x) => x.id === open.id)).toMatchObject({ state: 'done', stateName: '已执行' });
      // an unknown (or another tenant's) command
      const none = await clerk()(REPORT, { body: { id: '999999999', result: 'done' } });
      expect(none.body.msg).toBe('接管指令不存在');
      // a command left past its minute shows as 已过期 before any claim marks it, and takes no result
      const [old] = await c.t.database.db
        .insert(laneTakeover)
        .values({
          tenantId: '000000',
          weighbridgeId: c.wb.DB01,
          step: 'open',
          state: 'pending',
          createUser: row.createUser,
          createTime: new Date(Date.now() - 5 * 60_000),
        })
        .returning();
      expect((await list()).find((x) => x.id === old.id)?.stateName).toBe('已过期');
      await okPost(clerk(), `${TK}/claim`, { weighbridgeId: c.wb.DB01 });
      const late = await clerk()(REPORT, { body: { id: old.id, result: 'done' } });
      expect(late.body.msg).toBe('接管指令已过期（车道未在60秒内领取），不能报告执行结果');
    } finally {
      await revoke();
    }
  });

  it('the table refuses a result without its time, and a failure without its reason, from SQL', async () => {
    const [u] = await c.t.database.db.select({ id: laneTakeover.createUser }).from(laneTakeover).limit(1);
    const base = {
      tenantId: '000000',
      weighbridgeId: c.wb.DB01,
      step: 'open',
      createUser: u.id,
      claimUser: u.id,
      claimTime: new Date(),
    };
    const refused = async (v: Record<string, unknown>) => {
      const e = await c.t.database.db
        .insert(laneTakeover)
        .values({ ...base, ...v } as never)
        .then(
          () => null,
          (x: unknown) => x as { cause?: { constraint?: string }; constraint?: string },
        );
      return e?.cause?.constraint ?? e?.constraint;
    };
    expect(await refused({ state: 'done' })).toBe('izs_lane_takeover_result_ck');
    expect(await refused({ state: 'failed', resultTime: new Date() })).toBe('izs_lane_takeover_result_ck');
    expect(await refused({ state: 'claimed', resultTime: new Date() })).toBe('izs_lane_takeover_result_ck');
    expect(await refused({ state: 'finished' })).toBe('izs_lane_takeover_state_ck');
    expect(await refused({ state: 'failed', resultTime: new Date(), resultNote: '道闸无响应' })).toBeUndefined();
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
    // 派车单详情 lists the weighings made under the slip (and only those)
    await firstPass('皖L20011');
    const made = await apiOf(c)(`${W}/page`, { query: { dispatchSlipId: s.id, current: 1, size: 10 } });
    expect(made.body.data.records.map((x: { id: string }) => x.id)).toEqual([w.id]);
    const bad = await apiOf(c)(`${W}/page`, { query: { dispatchSlipId: 'x' } });
    expect(bad.body.msg).toBe('派车单格式不正确');
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
