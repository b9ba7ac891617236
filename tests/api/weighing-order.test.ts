// @vitest-environment node
/**
 * Weighing records through the real HTTP app (issue 4, DESIGN §5 Weighing): two passes, stable readings only
 * unless manual (own button + config), completion computing gross/tare/deduction/net/amount exactly and making
 * the in-stock / out-stock order, auto review by config, void reversing the stock, the memo and its print count,
 * data scope between departments, tenant isolation, bad input.
 */
import Decimal from 'decimal.js';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEIGHING_ORDER_READS } from '../../core/contract/izs-weighing/orders.contract.ts';
import { stockOrder, weighingOrder } from '../../server/db/schema/index.ts';
import { OTHER_TENANT, scopeRule } from './base-suite.ts';
import { apiOf, bootStock, okPost, P, revokeCodes, type StockCtx, stockRow } from './stock-helpers.ts';

const W = '/api/izs-weighing/loadometer-order';
const CONFIG = '/api/izs-base/system-business-config/update';

let c: StockCtx;
beforeAll(async () => {
  c = await bootStock();
});
afterAll(async () => {
  await c?.t.close();
});

const admin = () => apiOf(c);
const clerk = () => apiOf(c, c.clerk);

async function setConfig(flags: { allowNegativeStock?: 0 | 1; autoReview?: 0 | 1; manualWeighAllowed?: 0 | 1 }) {
  await okPost(admin(), CONFIG, { deptId: c.depts['绿循再生资源有限公司'], ...flags });
}

describe('purchase weighing → in-stock → review → inventory', () => {
  it('computes the figures exactly, makes a draft in-stock with the weighing as source, review stocks it at the amount', async () => {
    // a supplier price for 中型废钢 (WL0002): the first pass takes it as the default price
    await okPost(admin(), '/api/izs-stock/purchase-price/submit', {
      materialId: c.mat.WL0002,
      partyId: c.party.GYS001,
      price: '2350',
      validFrom: '2020-01-01',
    });
    const first = await okPost(clerk(), `${W}/first-pass`, {
      orderType: 'purchase',
      weighbridgeId: c.wb.DB01,
      carNumber: '浙b3m508',
      weight: '38620',
      stable: true,
      partyId: c.party.GYS001,
      materialId: c.mat.WL0002,
    });
    expect(first).toMatchObject({
      weighState: 'first',
      carNumber: '浙B3M508',
      firstWeight: '38620.000',
      firstManual: 0,
      unitPrice: '2350.00', // the supplier's price-list price
      impurityRate: '2.00', // the material's default deduct rate
      warehouseId: c.wh.CK01, // the weighbridge's warehouse
      priceUnit: 'yuan_per_tonne',
    });
    expect(first.orderNo).toMatch(/^GB\d{12}$/);
    // the same plate cannot start a second record while one is open
    const again = await clerk()(`${W}/first-pass`, {
      body: { orderType: 'purchase', weighbridgeId: c.wb.DB01, carNumber: '浙B3M508', weight: '38620', stable: true },
    });
    expect(again.status).toBe(400);
    expect(again.body.msg).toBe(`车辆浙B3M508有未完成的磅单${first.orderNo}，请进行二次过磅`);
    const open = await clerk()(`${W}/open`, { query: { carNumber: '浙b3m508' } });
    expect(open.body.data.id).toBe(first.id);

    const done = await okPost(clerk(), `${W}/second-pass`, { id: first.id, weight: '14280', stable: 1, complete: 1 });
    // load 24340; deduction 24340 × 2 % = 486.8; net 23853.2; amount 23.8532 t × 2350 = 56055.02
    expect(done).toMatchObject({
      weighState: 'completed',
      grossWeight: '38620.000',
      tareWeight: '14280.000',
      deductionWeight: '486.800',
      netWeight: '23853.200',
      amount: '56055.02',
    });
    expect(done.stockOrderNo).toMatch(/^RK\d{12}$/);
    const doc = (await admin()(`${P.inStock}/detail`, { query: { orderNo: done.stockOrderNo } })).body.data;
    expect(doc).toMatchObject({
      state: 'draft',
      sourceWeighingId: first.id,
      sourceWeighingNo: first.orderNo,
      partyId: c.party.GYS001,
      totalQty: '23853.200',
      totalAmount: '56055.02',
    });
    expect(doc.lines).toHaveLength(1);
    expect(doc.lines[0]).toMatchObject({
      materialId: c.mat.WL0002,
      qty: '23853.200',
      unitPrice: '2350.00',
      amount: '56055.02',
    });
    // nothing in stock before the review
    expect(await stockRow(c, c.wh.CK01, c.mat.WL0002)).toEqual({ qty: '0.000', amount: '0.00' });
    await okPost(clerk(), `${P.inStock}/submit-review`, { id: doc.id });
    await okPost(admin(), `${P.inStock}/review`, { id: doc.id });
    const inv = (await admin()(`${P.inventory}/page`, { query: { warehouseId: c.wh.CK01, materialId: c.mat.WL0002 } }))
      .body.data.records[0];
    expect(inv).toMatchObject({ qty: '23853.200', amount: '56055.02' });
    expect(inv.unitCost).toBe(new Decimal('56055.02').div('23853.2').toFixed(6, Decimal.ROUND_HALF_UP));
  });

  it('a sale weighing with auto review issues at the average cost; voiding it brings the stock back exactly', async () => {
    const before = await stockRow(c, c.wh.CK01, c.mat.WL0002);
    await setConfig({ autoReview: 1 });
    try {
      const first = await okPost(clerk(), `${W}/first-pass`, {
        orderType: 'sale',
        weighbridgeId: c.wb.DB02,
        carNumber: '浙B8K029',
        weight: '12900',
        stable: true,
        partyId: c.party.KH001,
        materialId: c.mat.WL0002,
        unitPrice: '2800',
        impurityRate: '0',
      });
      const done = await okPost(clerk(), `${W}/second-pass`, { id: first.id, weight: '22900', stable: true });
      expect(done.weighState).toBe('first'); // second reading kept, figures shown, not completed yet
      expect(done.netWeight).toBe('10000.000');
      const completed = await okPost(clerk(), `${W}/complete`, { id: first.id });
      expect(completed).toMatchObject({ weighState: 'completed', netWeight: '10000.000', amount: '28000.00' });
      const doc = (await admin()(`${P.outStock}/detail`, { query: { orderNo: completed.stockOrderNo } })).body.data;
      expect(doc.state).toBe('reviewed');
      // issue at the moving average: 56055.02 × 10000 / 23853.2 = 23500.03 (half-up)
      const cost = new Decimal(before.amount).times('10000').div(before.qty).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
      expect(doc.lines[0].costAmount).toBe(cost.toFixed(2));
      const after = await stockRow(c, c.wh.CK01, c.mat.WL0002);
      expect(after.qty).toBe(new Decimal(before.qty).minus('10000').toFixed(3));
      expect(after.amount).toBe(new Decimal(before.amount).minus(cost).toFixed(2));

      // the clerk has no 作废 button
      expect((await clerk()(`${W}/void`, { body: { id: first.id, reason: '录错' } })).status).toBe(403);
      const voided = await okPost(admin(), `${W}/void`, { id: first.id, reason: '客户拒收' });
      expect(voided).toMatchObject({ weighState: 'voided', voidReason: '客户拒收' });
      expect((await admin()(`${P.outStock}/detail`, { query: { id: doc.id } })).body.data.state).toBe('voided');
      expect(await stockRow(c, c.wh.CK01, c.mat.WL0002)).toEqual(before);
      const again = await admin()(`${W}/void`, { body: { id: first.id, reason: '再次' } });
      expect(again.body.msg).toBe('磅单已作废');
    } finally {
      await setConfig({ autoReview: 0 });
    }
  });
});

describe('readings', () => {
  it('refuses an unstable reading, and a manual one without the button or the config; a manual one is marked', async () => {
    const body = { orderType: 'other', weighbridgeId: c.wb.DB01, carNumber: '沪A12345', weight: '15000' };
    const unstable = await clerk()(`${W}/first-pass`, { body: { ...body, stable: false } });
    expect(unstable.status).toBe(400);
    expect(unstable.body.msg).toBe('重量未稳定，不能采集');
    expect((await clerk()(`${W}/first-pass`, { body: { ...body, manual: 1 } })).status).toBe(403);
    const off = await admin()(`${W}/first-pass`, { body: { ...body, manual: 1 } });
    expect(off.status).toBe(400);
    expect(off.body.msg).toBe('本机构未允许手工录入重量，请在业务配置中开启');
    await setConfig({ manualWeighAllowed: 1 });
    try {
      // issue 24: a manual weight needs a reason and is always held as 异常过磅 until a supervisor releases it
      const m = await okPost(admin(), `${W}/first-pass`, { ...body, manual: 1, manualReason: '仪表故障' });
      expect(m).toMatchObject({ firstManual: 1, openExceptions: 1 });
      const held = await okPost(admin(), `${W}/second-pass`, { id: m.id, weight: '9000', stable: true, complete: 1 });
      expect(held).toMatchObject({ weighState: 'first', openExceptions: 1 });
      await okPost(admin(), '/api/izs-weighing/exception/release', { weighingId: m.id, note: '已核实' });
      const done = await okPost(admin(), `${W}/complete`, { id: m.id });
      expect(done).toMatchObject({ weighState: 'completed', netWeight: '6000.000', stockOrderId: null });
      const memo = (await admin()(`${W}/memo`, { query: { id: m.id } })).body.data;
      expect(memo).toMatchObject({
        manual: true,
        grossWeight: '15000.000',
        grossManual: true,
        tareWeight: '9000.000',
        tareManual: false,
        netWeight: '6000.000',
        orderTypeName: '其他',
      });
    } finally {
      await setConfig({ manualWeighAllowed: 0 });
    }
  });

  it('answers 400 naming the field for bad bodies and writes nothing', async () => {
    const db = c.t.database.db;
    const count = async () => (await db.select({ id: weighingOrder.id }).from(weighingOrder)).length;
    const n = await count();
    const base = {
      orderType: 'purchase',
      weighbridgeId: c.wb.DB01,
      carNumber: '苏E00001',
      weight: '1000',
      stable: true,
    };
    for (const [patch, msg] of [
      [{ weight: '-5' }, '重量格式不正确，最多3位小数'],
      [{ weight: '12.3456' }, '重量格式不正确，最多3位小数'],
      [{ carNumber: '' }, '请输入车牌号'],
      [{ orderType: 'gift' }, '请选择业务类型'],
      [{ weighbridgeId: '999999' }, '地磅不存在'],
      [{ partyId: c.party.KH001 }, '供应商不存在'], // a customer is not a supplier
      [{ materialId: '123456789' }, '物料不存在'],
      [{ impurityRate: '100' }, '扣杂率必须小于100'],
    ] as const) {
      const r = await clerk()(`${W}/first-pass`, { body: { ...base, ...patch } });
      expect([r.status, r.body.msg], JSON.stringify(patch)).toEqual([400, msg]);
    }
    expect(await count()).toBe(n);

    // completing a purchase without a supplier is refused and leaves the record as it was
    const f = await okPost(clerk(), `${W}/first-pass`, { ...base, carNumber: '苏E00002' });
    await okPost(clerk(), `${W}/second-pass`, { id: f.id, weight: '400', stable: true });
    const r = await clerk()(`${W}/complete`, { body: { id: f.id } });
    expect([r.status, r.body.msg]).toEqual([400, '请选择供应商']);
    const [row] = await db.select().from(weighingOrder).where(eq(weighingOrder.id, f.id));
    expect([row.weighState, row.stockOrderId]).toEqual(['first', null]);
    const docs = await db.select().from(stockOrder).where(eq(stockOrder.sourceWeighingId, f.id));
    expect(docs).toHaveLength(0);
    // a deduction larger than the load
    const big = await clerk()(`${W}/complete`, {
      body: { id: f.id, partyId: c.party.GYS002, materialId: c.mat.WL0003, deductWeight: '700' },
    });
    expect([big.status, big.body.msg]).toEqual([400, '扣重不能大于毛重减皮重']);
    const ok = await okPost(clerk(), `${W}/complete`, { id: f.id, partyId: c.party.GYS002, materialId: c.mat.WL0003 });
    // 600 kg load × 3 % = 18 deduction → 582 kg at the material's 2300 元/吨 = 1338.60
    expect(ok).toMatchObject({
      weighState: 'completed',
      netWeight: '582.000',
      unitPrice: '2300.00',
      amount: '1338.60',
    });
  });
});

describe('memo and print count', () => {
  it('answers the memo data and counts printed copies; a voided memo is not printed', async () => {
    const f = await okPost(clerk(), `${W}/first-pass`, {
      orderType: 'purchase',
      weighbridgeId: c.wb.DB01,
      carNumber: '浙B77777',
      weight: '30000',
      stable: true,
      partyId: c.party.GYS001,
      materialId: c.mat.WL0004,
      unitPrice: '1980',
      impurityRate: '0',
      driverName: '张师傅',
    });
    await okPost(clerk(), `${W}/second-pass`, { id: f.id, weight: '10000.5', stable: true, complete: 1 });
    const memo = (await clerk()(`${W}/memo`, { query: { id: f.id } })).body.data;
    // the engine's detail answers what its descriptor (read by the print entry's memo) says
    const detail = (await clerk()(WEIGHING_ORDER_READS.detail.path, { query: { id: f.id } })).body.data;
    expect(WEIGHING_ORDER_READS.detail.answer.safeParse(detail).error?.issues ?? []).toEqual([]);
    expect(detail.warehouseId).toBeTruthy();
    expect(memo).toMatchObject({
      orderNo: f.orderNo,
      orderTypeName: '采购',
      companyName: '绿循再生资源有限公司',
      carNumber: '浙B77777',
      driverName: '张师傅',
      partyName: '宁波北仑鑫达拆解有限公司',
      materialName: '钢屑',
      grossWeight: '30000.000',
      tareWeight: '10000.500',
      netWeight: '19999.500',
      unitPrice: '1980.00',
      priceUnitName: '元/吨',
      amount: '39599.01', // 19.9995 t × 1980 = 39599.01
      amountInWords: '叁万玖仟伍佰玖拾玖元零壹分',
      manual: false,
      printCount: 0,
    });
    expect((await okPost(clerk(), `${W}/print`, { id: f.id })).printCount).toBe(1);
    expect((await okPost(clerk(), `${W}/print`, { id: f.id })).printCount).toBe(2);
    await okPost(admin(), `${W}/void`, { id: f.id, reason: '重复过磅' });
    const p = await clerk()(`${W}/print`, { body: { id: f.id } });
    expect([p.status, p.body.msg]).toEqual([400, '磅单已作废，不能打印']);
  });
});

describe('scope and tenancy', () => {
  it("hides another department's weighings from a clerk with a department data scope", async () => {
    const mine = await okPost(clerk(), `${W}/first-pass`, {
      orderType: 'other',
      weighbridgeId: c.wb.DB01,
      carNumber: '皖A11111',
      weight: '5000',
      stable: true,
    });
    const theirs = await okPost(admin(), `${W}/first-pass`, {
      orderType: 'other',
      weighbridgeId: c.wb.DB01,
      carNumber: '皖A22222',
      weight: '5000',
      stable: true,
    });
    expect(theirs.deptId).toBe(c.depts['绿循再生资源有限公司']);
    expect(mine.deptId).toBe(c.depts['过磅中心']);
    const drop = await scopeRule(c, 'user', 'supply_chain_weight_memo', 3);
    try {
      const pg = (await clerk()(`${W}/page`, { query: { size: 100 } })).body.data;
      const ids = pg.records.map((r: { id: string }) => r.id);
      expect(ids).toContain(mine.id);
      expect(ids).not.toContain(theirs.id);
      expect(pg.records.every((r: { deptId: string }) => r.deptId === c.depts['过磅中心'])).toBe(true);
      const d = await clerk()(`${W}/detail`, { query: { id: theirs.id } });
      expect([d.status, d.body.msg]).toEqual([400, '磅单不存在']);
      const s = await clerk()(`${W}/second-pass`, { body: { id: theirs.id, weight: '100', stable: true } });
      expect([s.status, s.body.msg]).toEqual([400, '磅单不存在']);
    } finally {
      await drop();
    }
  });

  it("refuses another tenant's record whatever id is sent", async () => {
    const db = c.t.database.db;
    const [foreign] = await db
      .insert(weighingOrder)
      .values({
        tenantId: OTHER_TENANT,
        orderNo: 'GB202401010001',
        orderType: 'purchase',
        weighState: 'first',
        carNumber: '外A00001',
        firstWeight: '1000',
      })
      .returning({ id: weighingOrder.id });
    for (const [path, body] of [
      [`${W}/second-pass`, { id: foreign.id, weight: '10', stable: true }],
      [`${W}/complete`, { id: foreign.id }],
      [`${W}/void`, { id: foreign.id, reason: 'x' }],
      [`${W}/print`, { id: foreign.id }],
    ] as const) {
      const r = await admin()(path, { body });
      expect([r.status, r.body.msg], path).toEqual([400, '磅单不存在']);
    }
    expect((await admin()(`${W}/detail`, { query: { id: foreign.id } })).body.msg).toBe('磅单不存在');
    const [after] = await db
      .select()
      .from(weighingOrder)
      .where(and(eq(weighingOrder.id, foreign.id), eq(weighingOrder.tenantId, OTHER_TENANT)));
    expect([after.weighState, after.secondWeight, after.printCount]).toEqual(['first', null, 0]);
  });

  it('captures with either add button (descriptor permission anyOf) and voids only with the void button', async () => {
    const restore = await revokeCodes(c, 'user', ['supply_chain_loadometer_add', 'supply_chain_weight_memo_void']);
    try {
      const r = await clerk()(`${W}/first-pass`, {
        body: { orderType: 'other', weighbridgeId: c.wb.DB01, carNumber: '赣A00002', weight: '15000', stable: true },
      });
      expect([r.status, r.body.msg]).toEqual([200, '操作成功']);
      const v = await clerk()(`${W}/void`, { body: { id: r.body.data.id, reason: '测试' } });
      expect([v.status, v.body.msg]).toEqual([403, '没有权限']);
    } finally {
      await restore();
    }
  });

  it('refuses a capture without the add buttons (403) and writes nothing', async () => {
    const restore = await revokeCodes(c, 'user', ['supply_chain_loadometer_add', 'supply_chain_weight_memo_add']);
    try {
      const r = await clerk()(`${W}/first-pass`, {
        body: { orderType: 'other', weighbridgeId: c.wb.DB01, carNumber: '赣A00001', weight: '100', stable: true },
      });
      expect([r.status, r.body.msg]).toEqual([403, '没有权限']);
      const rows = await c.t.database.db.select().from(weighingOrder).where(eq(weighingOrder.carNumber, '赣A00001'));
      expect(rows).toHaveLength(0);
    } finally {
      await restore();
    }
  });
});
