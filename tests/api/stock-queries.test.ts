// @vitest-environment node
/**
 * Stock queries and the other izs-stock resources through the real HTTP app (issue 4): stock as of a date,
 * send-receive statistics, material cost, movements, documents waiting for review, price lists and the price
 * lookup, drop shipping (never in stock), purchase orders with delivered quantities, supplier merge, the
 * supplier / customer lists.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  dropShipping,
  priceList,
  relatedParty,
  stock,
  stockMovement,
  stockOrder,
  tradeOrder,
  weighingOrder,
} from '../../server/db/schema/index.ts';
import { formatDate } from '../../server/platform/time.ts';
import { apiOf, bootStock, okPost, P, reviewed, type StockCtx, stockRow } from './stock-helpers.ts';

let c: StockCtx;
beforeAll(async () => {
  c = await bootStock();
});
afterAll(async () => {
  await c?.t.close();
});

const admin = () => apiOf(c);
const clerk = () => apiOf(c, c.clerk);
const tz = () => c.t.config.tz;
const daysAgo = (n: number) => formatDate(new Date(Date.now() - n * 86400_000), tz());

describe('demo seed', () => {
  it('keeps stock equal to the sum of its movements, never negative, with a document waiting for review', async () => {
    const db = c.t.database.db;
    const rows = await db.select().from(stock).where(eq(stock.tenantId, '000000'));
    expect(rows.length).toBeGreaterThan(3);
    for (const r of rows) {
      const [m] = await db
        .select({
          q: sql<string>`coalesce(sum(${stockMovement.qtyIn} - ${stockMovement.qtyOut}), 0)`,
          a: sql<string>`coalesce(sum(${stockMovement.amountIn} - ${stockMovement.amountOut}), 0)`,
        })
        .from(stockMovement)
        .where(eq(stockMovement.stockId, r.id));
      expect([Number(m.q), Number(m.a)]).toEqual([Number(r.qty), Number(r.amount)]);
      expect(Number(r.qty)).toBeGreaterThanOrEqual(0);
    }
    // 38620 − 14280 − 1.5 % deduction = 23974.9 kg bought, 20000 kg sold
    expect(await stockRow(c, c.wh.CK01, c.mat.WL0001)).toMatchObject({ qty: '3974.900' });
    const waiting = (await admin()('/api/izs-stock/not-check/page')).body.data;
    expect(waiting.records.map((r: { kindName: string }) => r.kindName)).toContain('采购入库');
    const open = (await admin()('/api/izs-weighing/loadometer-order/open', { query: { carNumber: '浙B5Q218' } })).body
      .data;
    expect(open).toMatchObject({ weighState: 'first', firstWeight: '31260.000' });
  });
});

describe('stock as of a date and send-receive statistics', () => {
  const wh = () => c.wh.T1;
  const mat = () => c.mat.WL0011;

  it('sums movements up to a day; statistics net voids and close at the balance', async () => {
    const inA = await reviewed(admin(), P.inStock, {
      warehouseId: wh(),
      partyId: c.party.GYS001,
      lines: [{ materialId: mat(), qty: '1000', unitPrice: '2000' }],
    });
    // A happened two days ago
    await c.t.database.db
      .update(stockMovement)
      .set({ createTime: sql`now() - interval '2 days'` })
      .where(eq(stockMovement.orderId, inA.id));
    await reviewed(admin(), P.inStock, {
      warehouseId: wh(),
      partyId: c.party.GYS001,
      lines: [{ materialId: mat(), qty: '500', unitPrice: '2200' }],
    });
    const out = await reviewed(admin(), P.outStock, {
      warehouseId: wh(),
      partyId: c.party.KH001,
      lines: [{ materialId: mat(), qty: '300', unitPrice: '2500' }],
    });
    expect(out.totalCost).toBe('620.00'); // 3100.00 × 300 / 1500
    const inC = await reviewed(admin(), P.inStock, {
      warehouseId: wh(),
      partyId: c.party.GYS002,
      lines: [{ materialId: mat(), qty: '200', unitPrice: '2100' }],
    });
    await okPost(admin(), `${P.inStock}/void`, { id: inC.id, reason: '重复' });
    expect(await stockRow(c, wh(), mat())).toEqual({ qty: '1200.000', amount: '2480.00' });

    const hist = async (date: string) =>
      (await admin()(`${P.inventory}/history`, { query: { date, warehouseId: wh(), materialId: mat() } })).body.data;
    expect(await hist(daysAgo(3))).toEqual([]);
    expect(await hist(daysAgo(2))).toEqual([
      expect.objectContaining({ qty: '1000.000', amount: '2000.00', unitCost: '2.000000', materialName: '黄板纸' }),
    ]);
    expect((await hist(daysAgo(0)))[0]).toMatchObject({ qty: '1200.000', amount: '2480.00', unitCost: '2.066667' });

    const sr = (
      await admin()(`${P.inventory}/send-receive`, {
        query: { beginDate: daysAgo(0), endDate: daysAgo(0), warehouseId: wh() },
      })
    ).body.data;
    expect(sr.find((r: { materialId: string }) => r.materialId === mat())).toMatchObject({
      openingQty: '1000.000',
      openingAmount: '2000.00',
      inQty: '500.000', // 500 + 200 − 200 (the void nets out)
      inAmount: '1100.00',
      outQty: '300.000',
      outAmount: '620.00',
      closingQty: '1200.000',
      closingAmount: '2480.00',
    });
    const bad = await admin()(`${P.inventory}/send-receive`, { query: { beginDate: daysAgo(0), endDate: daysAgo(1) } });
    expect([bad.status, bad.body.msg]).toEqual([400, '结束日期不能早于开始日期']);
    const noDate = await admin()(`${P.inventory}/history`, { query: {} });
    expect([noDate.status, noDate.body.msg]).toEqual([400, '请选择日期']);

    const cost = (await admin()(`${P.inventory}/material-cost`)).body.data;
    expect(cost.find((r: { materialId: string }) => r.materialId === mat())).toMatchObject({
      qty: '1200.000',
      amount: '2480.00',
      unitCost: '2.066667',
      warehouses: 1,
    });

    const row = (await admin()(`${P.inventory}/page`, { query: { warehouseId: wh(), materialId: mat() } })).body.data
      .records[0];
    expect((await admin()(`${P.inventory}/detail`, { query: { id: row.id } })).body.data).toEqual(row);
    const mv = (await admin()(`${P.inventory}/movements`, { query: { stockId: row.id, size: 20 } })).body.data;
    expect(mv.total).toBe(5);
    expect(
      mv.records.map((m: { kind: string; isVoid: number; balanceQty: string }) => [m.kind, m.isVoid, m.balanceQty]),
    ).toEqual([
      ['reverse', 1, '1200.000'],
      ['receipt', 0, '1400.000'],
      ['issue', 0, '1200.000'],
      ['receipt', 0, '1500.000'],
      ['receipt', 0, '1000.000'],
    ]);
    const todayOnly = (await admin()(`${P.inventory}/movements`, { query: { stockId: row.id, beginDate: daysAgo(0) } }))
      .body.data;
    expect(todayOnly.total).toBe(4);
    // zero rows can be hidden
    const hidden = (await admin()(`${P.inventory}/page`, { query: { hideZero: 1, size: 1000 } })).body.data.records;
    expect(hidden.every((r: { qty: string; amount: string }) => r.qty !== '0.000' || r.amount !== '0.00')).toBe(true);
  });
});

describe('documents waiting for review', () => {
  it('lists submitted documents of every kind, not drafts or reviewed ones', async () => {
    const inS = await okPost(clerk(), `${P.inStock}/submit`, {
      warehouseId: c.wh.T1,
      partyId: c.party.GYS001,
      lines: [{ materialId: c.mat.WL0012, qty: '10', unitPrice: '1900' }],
    });
    await okPost(clerk(), `${P.inStock}/submit-review`, { id: inS.id });
    const draft = await okPost(clerk(), `${P.inStock}/submit`, {
      warehouseId: c.wh.T1,
      partyId: c.party.GYS001,
      lines: [{ materialId: c.mat.WL0012, qty: '10', unitPrice: '1900' }],
    });
    const po = await okPost(admin(), `${P.purchaseOrder}/submit`, {
      partyId: c.party.GYS002,
      lines: [{ materialId: c.mat.WL0012, qty: '50000', unitPrice: '1880' }],
    });
    await okPost(admin(), `${P.purchaseOrder}/submit-review`, { id: po.id });
    const page = (await clerk()('/api/izs-stock/not-check/page', { query: { size: 100 } })).body.data;
    const byId = new Map(page.records.map((r: { id: string }) => [r.id, r]));
    expect(byId.get(inS.id)).toMatchObject({
      kind: 'in_stock',
      kindName: '采购入库',
      orderNo: inS.orderNo,
      path: P.inStock,
    });
    expect(byId.get(po.id)).toMatchObject({ kind: 'purchase_order', kindName: '采购订单', totalAmount: '94000.00' });
    expect(byId.has(draft.id)).toBe(false);
    await okPost(admin(), `${P.inStock}/review`, { id: inS.id });
    const after = (await clerk()('/api/izs-stock/not-check/page', { query: { kind: 'in_stock' } })).body.data;
    expect(after.records.map((r: { id: string }) => r.id)).not.toContain(inS.id);
  });
});

describe('price lists and the price lookup', () => {
  it("answers the party's price, else the general one, else the material's default", async () => {
    const mat = c.mat.WL0013;
    await okPost(admin(), '/api/izs-stock/purchase-price/submit', {
      materialId: mat,
      price: '3700',
      validFrom: '2020-01-01',
    });
    await okPost(admin(), '/api/izs-stock/purchase-price/submit', {
      materialId: mat,
      partyId: c.party.GYS001,
      price: '3750',
      validFrom: '2021-01-01',
      validTo: '2099-12-31',
    });
    const look = async (q: Record<string, string>) =>
      (await clerk()('/api/izs-stock/price/lookup', { query: { priceType: 'purchase', materialId: mat, ...q } })).body
        .data;
    expect(await look({ partyId: c.party.GYS001 })).toMatchObject({
      price: '3750.00',
      source: 'party',
      priceUnit: 'yuan_per_tonne',
    });
    expect(await look({ partyId: c.party.GYS002 })).toMatchObject({ price: '3700.00', source: 'general' });
    expect(await look({ partyId: c.party.GYS001, date: '2020-06-01' })).toMatchObject({
      price: '3700.00',
      source: 'general',
    });
    expect(await look({ date: '2019-01-01' })).toMatchObject({
      price: '3800.00',
      source: 'material',
      priceListId: null,
    });
    const bad = await admin()('/api/izs-stock/purchase-price/submit', {
      body: { materialId: mat, price: '1', validFrom: '2024-02-01', validTo: '2024-01-01' },
    });
    expect([bad.status, bad.body.msg]).toEqual([400, '失效日期不能早于生效日期']);
    const wrongSide = await admin()('/api/izs-stock/sale-price/submit', {
      body: { materialId: mat, partyId: c.party.GYS001, price: '1' },
    });
    expect([wrongSide.status, wrongSide.body.msg]).toEqual([400, '客户不存在']);
    const list = (
      await admin()('/api/izs-stock/purchase-price/page', { query: { materialId: mat, validOn: '2020-06-01' } })
    ).body.data.records;
    expect(list.map((r: { price: string }) => r.price)).toEqual(['3700.00']);
  });
});

describe('drop shipping', () => {
  it('computes both sides and the gross profit, and never touches stock', async () => {
    const db = c.t.database.db;
    const snapshot = async () => [
      (await db.select().from(stock)).map((s) => `${s.id}:${s.qty}:${s.amount}`).sort(),
      (await db.select({ id: stockMovement.id }).from(stockMovement)).length,
    ];
    const before = await snapshot();
    const d = await okPost(admin(), `${P.drop}/submit`, {
      supplierId: c.party.GYS001,
      customerId: c.party.KH001,
      materialId: c.mat.WL0001,
      carNumber: '浙B12345',
      purchaseQty: '30000',
      purchasePrice: '2500',
      saleQty: '29950',
      salePrice: '2700',
      evidenceFiles: '["upload/drop/contract.pdf"]',
    });
    expect(d).toMatchObject({
      state: 'draft',
      purchaseAmount: '75000.00',
      saleAmount: '80865.00',
      grossProfit: '5865.00',
      priceUnit: 'yuan_per_tonne',
    });
    expect((await admin()(`${P.drop}/detail`, { query: { id: d.id } })).body.data).toMatchObject({
      supplierName: '宁波北仑鑫达拆解有限公司',
      customerName: '宁波钢铁有限公司',
      materialName: '重废钢',
    });
    expect(d.orderNo).toMatch(/^ZF\d{12}$/);
    await okPost(admin(), `${P.drop}/submit-review`, { id: d.id });
    expect((await okPost(admin(), `${P.drop}/review`, { id: d.id })).state).toBe('reviewed');
    const ev = await okPost(admin(), '/api/izs-stock/drop-evidence/submit', {
      dropId: d.id,
      evidenceType: 'weigh',
      title: '客户磅单',
      files: '["upload/drop/weigh.jpg"]',
    });
    const evs = (await admin()('/api/izs-stock/drop-evidence/page', { query: { dropId: d.id } })).body.data;
    expect(evs.total).toBe(1);
    expect(evs.records[0]).toMatchObject({ id: ev.id, dropOrderNo: d.orderNo, evidenceType: 'weigh' });
    await okPost(admin(), `${P.drop}/void`, { id: d.id, reason: '客户取消' });
    expect(await snapshot()).toEqual(before);
    const same = await admin()(`${P.drop}/submit`, {
      body: {
        supplierId: c.party.KH002,
        customerId: c.party.KH002,
        materialId: c.mat.WL0001,
        purchaseQty: '1',
        saleQty: '1',
      },
    });
    expect([same.status, same.body.msg]).toEqual([400, '供应商和客户不能是同一单位']);
    const noFiles = await admin()('/api/izs-stock/drop-evidence/submit', {
      body: { dropId: d.id, evidenceType: 'photo' },
    });
    expect([noFiles.status, noFiles.body.msg]).toEqual([400, '请上传凭证文件']);
  });
});

describe('purchase orders', () => {
  it('answer the delivered quantity from reviewed in-stocks against them; only reviewed orders take deliveries', async () => {
    const po = await okPost(admin(), `${P.purchaseOrder}/submit`, {
      partyId: c.party.GYS001,
      contractNo: 'HT-2024-001',
      lines: [
        { materialId: c.mat.WL0014, qty: '20000', unitPrice: '2100' },
        { materialId: c.mat.WL0013, qty: '5000', unitPrice: '3800' },
      ],
    });
    expect(po).toMatchObject({ state: 'draft', totalQty: '25000.000', totalAmount: '61000.00' });
    expect(po.orderNo).toMatch(/^CG\d{12}$/);
    const early = await admin()(`${P.inStock}/submit`, {
      body: {
        warehouseId: c.wh.T1,
        partyId: c.party.GYS001,
        sourceOrderId: po.id,
        lines: [{ materialId: c.mat.WL0014, qty: '1', unitPrice: '2100' }],
      },
    });
    expect([early.status, early.body.msg]).toEqual([400, '采购订单不存在或未审核']);
    await okPost(admin(), `${P.purchaseOrder}/submit-review`, { id: po.id });
    await okPost(admin(), `${P.purchaseOrder}/review`, { id: po.id });
    const other = await admin()(`${P.inStock}/submit`, {
      body: {
        warehouseId: c.wh.T1,
        partyId: c.party.GYS002,
        sourceOrderId: po.id,
        lines: [{ materialId: c.mat.WL0014, qty: '1' }],
      },
    });
    expect([other.status, other.body.msg]).toEqual([400, '采购订单的往来单位与单据不一致']);
    await reviewed(admin(), P.inStock, {
      warehouseId: c.wh.T1,
      partyId: c.party.GYS001,
      sourceOrderId: po.id,
      lines: [{ materialId: c.mat.WL0014, qty: '12345.678', unitPrice: '2100' }],
    });
    const detail = (await admin()(`${P.purchaseOrder}/detail`, { query: { id: po.id } })).body.data;
    expect(detail.lines.map((l: { doneQty: string; qty: string }) => [l.qty, l.doneQty])).toEqual([
      ['20000.000', '12345.678'],
      ['5000.000', '0.000'],
    ]);
    const rm = await admin()(`${P.purchaseOrder}/remove`, { query: { ids: po.id }, method: 'POST' });
    expect([rm.status, rm.body.msg]).toEqual([400, '只能删除草稿状态的采购订单，已提交或审核的请作废']);
  });
});

describe('suppliers and customers', () => {
  it('list the parties of each side; the supplier form keeps its type', async () => {
    const sup = (await clerk()('/api/izs-stock/supplier/select-list')).body.data.map((p: { id: string }) => p.id);
    const cus = (await clerk()('/api/izs-stock/customer/select-list')).body.data.map((p: { id: string }) => p.id);
    expect(sup).toEqual(expect.arrayContaining([c.party.GYS001, c.party.GYS002, c.party.KH002]));
    expect(sup).not.toContain(c.party.KH001);
    expect(cus).toEqual(expect.arrayContaining([c.party.KH001, c.party.KH002]));
    expect(cus).not.toContain(c.party.GYS001);
    const s = await okPost(admin(), '/api/izs-stock/supplier/submit', { code: 'GYS901', name: '测试供应商' });
    expect(s.type).toBe('supplier');
    const wrong = await admin()('/api/izs-stock/supplier/submit', {
      body: { code: 'GYS902', name: 'x', type: 'customer' },
    });
    expect([wrong.status, wrong.body.msg]).toEqual([400, '请选择单位类型']);
    const cd = await admin()('/api/izs-stock/customer/detail', { query: { id: c.party.GYS001 } });
    expect([cd.status, cd.body.msg]).toEqual([400, '客户不存在']);
  });

  it('merges a duplicate supplier: every document moves in one transaction, the duplicate is soft-deleted', async () => {
    const db = c.t.database.db;
    const dup = await okPost(admin(), '/api/izs-stock/supplier/submit', { code: 'GYS999', name: '鑫达拆解(重复)' });
    await reviewed(admin(), P.inStock, {
      warehouseId: c.wh.T2,
      partyId: dup.id,
      lines: [{ materialId: c.mat.WL0008, qty: '100', unitPrice: '15200' }],
    });
    await okPost(admin(), `${P.purchaseOrder}/submit`, {
      partyId: dup.id,
      lines: [{ materialId: c.mat.WL0008, qty: '100', unitPrice: '15200' }],
    });
    await okPost(admin(), '/api/izs-stock/purchase-price/submit', {
      materialId: c.mat.WL0008,
      partyId: dup.id,
      price: '15100',
    });
    await okPost(admin(), `${P.drop}/submit`, {
      supplierId: dup.id,
      customerId: c.party.KH001,
      materialId: c.mat.WL0008,
      purchaseQty: '10',
      saleQty: '10',
    });
    await okPost(clerk(), '/api/izs-weighing/loadometer-order/first-pass', {
      orderType: 'purchase',
      weighbridgeId: c.wb.DB01,
      carNumber: '浙B99999',
      weight: '20000',
      stable: true,
      partyId: dup.id,
    });
    const M = '/api/izs-stock/supplier/merge';
    expect((await clerk()(M, { body: { keepId: c.party.GYS001, mergeId: dup.id } })).status).toBe(403);
    const self = await admin()(M, { body: { keepId: dup.id, mergeId: dup.id } });
    expect([self.status, self.body.msg]).toEqual([400, '不能把供应商合并到自己']);
    const customer = await admin()(M, { body: { keepId: c.party.KH001, mergeId: dup.id } });
    expect([customer.status, customer.body.msg]).toEqual([400, '供应商不存在']);

    const r = await okPost(admin(), M, { keepId: c.party.GYS001, mergeId: dup.id });
    expect(r.moved).toEqual({ weighings: 1, stockOrders: 1, tradeOrders: 1, dropShippings: 1, prices: 1 });
    const left = async () =>
      [
        await db.select().from(stockOrder).where(eq(stockOrder.partyId, dup.id)),
        await db.select().from(tradeOrder).where(eq(tradeOrder.partyId, dup.id)),
        await db.select().from(priceList).where(eq(priceList.partyId, dup.id)),
        await db.select().from(dropShipping).where(eq(dropShipping.supplierId, dup.id)),
        await db.select().from(weighingOrder).where(eq(weighingOrder.partyId, dup.id)),
      ].map((x) => x.length);
    expect(await left()).toEqual([0, 0, 0, 0, 0]);
    const [d] = await db.select().from(relatedParty).where(eq(relatedParty.id, dup.id));
    expect(d.isDeleted).toBe(1);
    const again = await admin()(M, { body: { keepId: c.party.GYS001, mergeId: dup.id } });
    expect([again.status, again.body.msg]).toEqual([400, '供应商不存在']);
    const sum = (await admin()('/api/izs-stock/party/summary', { query: { id: c.party.GYS001 } })).body.data;
    const [w] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(weighingOrder)
      .where(and(eq(weighingOrder.partyId, c.party.GYS001), eq(weighingOrder.isDeleted, 0)));
    expect(sum).toMatchObject({ name: '宁波北仑鑫达拆解有限公司', type: 'supplier', weighings: w.n });
    expect(w.n).toBeGreaterThan(0);
    expect(sum.documents).toBeGreaterThan(0);
    const moved = await db
      .select({ id: stockOrder.id })
      .from(stockOrder)
      .where(
        and(
          eq(stockOrder.partyId, c.party.GYS001),
          inArray(stockOrder.docType, ['in_stock']),
          eq(stockOrder.state, 'reviewed'),
          eq(stockOrder.isDeleted, 0),
        ),
      );
    expect(moved.length).toBe(sum.documents);
  });
});
