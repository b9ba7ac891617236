// @vitest-environment node
/**
 * Stock documents through the real HTTP app (issue 4, DESIGN §5 Documents and Stock): in-stock → review →
 * inventory at the exact average cost; out-stock at the average cost; purchase and sale returns; voids restoring
 * balances exactly; negative stock refused unless the config allows it; concurrent reviews; order numbers
 * gapless under concurrency; a bad line writes nothing; permissions; tenant isolation; production documents.
 */
import Decimal from 'decimal.js';
import { and, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseOrderNo } from '../../core/stock/order-no.ts';
import { material, stock, stockMovement, stockOrder, stockOrderLine, warehouse } from '../../server/db/schema/index.ts';
import { OTHER_TENANT } from './base-suite.ts';
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
const CONFIG = '/api/izs-base/system-business-config/update';
const company = () => c.depts['绿循再生资源有限公司'];

/** Σ movements of a stock row equals the row (the ledger invariant). */
async function expectLedgerConsistent(warehouseId: string, materialId: string) {
  const db = c.t.database.db;
  const [m] = await db
    .select({
      qty: sql<string>`coalesce(sum(${stockMovement.qtyIn} - ${stockMovement.qtyOut}), 0)`,
      amount: sql<string>`coalesce(sum(${stockMovement.amountIn} - ${stockMovement.amountOut}), 0)`,
    })
    .from(stockMovement)
    .where(and(eq(stockMovement.warehouseId, warehouseId), eq(stockMovement.materialId, materialId)));
  const row = await stockRow(c, warehouseId, materialId);
  expect(new Decimal(m.qty).eq(row.qty), `qty ${m.qty} vs ${row.qty}`).toBe(true);
  expect(new Decimal(m.amount).eq(row.amount), `amount ${m.amount} vs ${row.amount}`).toBe(true);
  // the last movement's balance is the row
  const [last] = await db
    .select({ q: stockMovement.balanceQty, a: stockMovement.balanceAmount })
    .from(stockMovement)
    .where(and(eq(stockMovement.warehouseId, warehouseId), eq(stockMovement.materialId, materialId)))
    .orderBy(sql`${stockMovement.id} desc`)
    .limit(1);
  if (last) expect({ qty: last.q, amount: last.a }).toEqual(row);
}

describe('purchase, sale, returns and voids (worked example of core/stock/moving-average.test.ts)', () => {
  const wh = () => c.wh.T1;
  const mat = () => c.mat.WL0001;
  const ids: Record<string, string> = {};

  it('in-stock reviews put the net weight into stock at the line amounts; the average is exact', async () => {
    const d1 = await reviewed(admin(), P.inStock, {
      warehouseId: wh(),
      partyId: c.party.GYS001,
      lines: [{ materialId: mat(), qty: '20140', unitPrice: '2350' }],
    });
    expect(d1).toMatchObject({ state: 'reviewed', totalAmount: '47329.00', totalCost: '47329.00' });
    expect(d1.orderNo).toMatch(/^RK\d{12}$/);
    expect(await stockRow(c, wh(), mat())).toEqual({ qty: '20140.000', amount: '47329.00' });
    const d2 = await reviewed(admin(), P.inStock, {
      warehouseId: wh(),
      partyId: c.party.GYS001,
      lines: [{ materialId: mat(), qty: '10000', unitPrice: '2400' }],
    });
    ids.in2 = d2.id;
    const inv = (await admin()(`${P.inventory}/page`, { query: { warehouseId: wh(), materialId: mat() } })).body.data;
    expect(inv.records[0]).toMatchObject({ qty: '30140.000', amount: '71329.00', unitCost: '2.366589' });
  });

  it('an out-stock issues at the moving average (71329 × 7000 / 30140 = 16566.12)', async () => {
    const d = await reviewed(admin(), P.outStock, {
      warehouseId: wh(),
      partyId: c.party.KH001,
      lines: [{ materialId: mat(), qty: '7000', unitPrice: '2800' }],
    });
    ids.out = d.id;
    expect(d).toMatchObject({ totalAmount: '19600.00', totalCost: '16566.12' });
    const detail = (await admin()(`${P.outStock}/detail`, { query: { id: d.id } })).body.data;
    expect(detail.lines[0].costAmount).toBe('16566.12');
    ids.outLine = detail.lines[0].id;
    expect(await stockRow(c, wh(), mat())).toEqual({ qty: '23140.000', amount: '54762.88' });
  });

  it('a purchase return goes out at the receipt price; more than received is refused', async () => {
    const src = (await admin()(`${P.inStock}/detail`, { query: { id: ids.in2 } })).body.data;
    const body = {
      warehouseId: wh(),
      partyId: c.party.GYS001,
      sourceDocId: ids.in2,
      lines: [{ materialId: mat(), qty: '1000', sourceLineId: src.lines[0].id }],
    };
    const r = await reviewed(admin(), P.purchaseReturn, body);
    expect(r).toMatchObject({ totalAmount: '2400.00', totalCost: '2400.00' }); // price taken from the source line
    expect(await stockRow(c, wh(), mat())).toEqual({ qty: '22140.000', amount: '52362.88' });
    const too = await okPost(admin(), `${P.purchaseReturn}/submit`, {
      ...body,
      lines: [{ ...body.lines[0], qty: '9001' }],
    });
    await okPost(admin(), `${P.purchaseReturn}/submit-review`, { id: too.id });
    const refused = await admin()(`${P.purchaseReturn}/review`, { body: { id: too.id } });
    expect([refused.status, refused.body.msg]).toEqual([400, '明细第1行：退货数量超过可退数量 9000.000 kg']);
    expect(await stockRow(c, wh(), mat())).toEqual({ qty: '22140.000', amount: '52362.88' });
  });

  it('a sale return comes back at its share of the issued cost (16566.12 × 500 / 7000 = 1183.29)', async () => {
    const r = await reviewed(admin(), P.saleReturn, {
      warehouseId: wh(),
      partyId: c.party.KH001,
      sourceDocId: ids.out,
      lines: [{ materialId: mat(), qty: '500', unitPrice: '2800', sourceLineId: ids.outLine }],
    });
    ids.saleReturn = r.id;
    expect(r.totalCost).toBe('1183.29');
    expect(await stockRow(c, wh(), mat())).toEqual({ qty: '22640.000', amount: '53546.17' });
  });

  it('voids restore quantity and amount exactly, newest first, with new movements (nothing deleted)', async () => {
    const moves = async () => (await c.t.database.db.select().from(stockMovement)).length;
    const n = await moves();
    await okPost(admin(), `${P.saleReturn}/void`, { id: ids.saleReturn, reason: '客户撤回退货' });
    expect(await stockRow(c, wh(), mat())).toEqual({ qty: '22140.000', amount: '52362.88' });
    await okPost(admin(), `${P.outStock}/void`, { id: ids.out, reason: '开错客户' });
    expect(await stockRow(c, wh(), mat())).toEqual({ qty: '29140.000', amount: '68929.00' });
    expect(await moves()).toBe(n + 2);
    const voids = await c.t.database.db.select().from(stockMovement).where(eq(stockMovement.isVoid, 1));
    expect(voids.map((m) => [m.docType, m.qtyIn, m.qtyOut, m.amountIn, m.amountOut])).toEqual([
      ['sale_return', '-500.000', '0.000', '-1183.29', '0.00'],
      ['out_stock', '0.000', '-7000.000', '0.00', '-16566.12'],
    ]);
    // a fresh in-stock reviewed and voided leaves the row exactly as before
    const before = await stockRow(c, wh(), mat());
    const d = await reviewed(admin(), P.inStock, {
      warehouseId: wh(),
      partyId: c.party.GYS002,
      lines: [{ materialId: mat(), qty: '333.333', unitPrice: '2651.17' }],
    });
    expect(await stockRow(c, wh(), mat())).not.toEqual(before);
    const v = await okPost(admin(), `${P.inStock}/void`, { id: d.id, reason: '重复录入' });
    expect(v).toMatchObject({ state: 'voided', voidReason: '重复录入' });
    expect(await stockRow(c, wh(), mat())).toEqual(before);
    await expectLedgerConsistent(wh(), mat());
    // the life cycle refuses what makes no sense
    const again = await admin()(`${P.inStock}/void`, { body: { id: d.id, reason: 'x' } });
    expect([again.status, again.body.msg]).toEqual([400, '入库单已作废，不能作废']);
    const rm = await admin()(`${P.inStock}/remove`, { query: { ids: ids.in2 }, method: 'POST' });
    expect([rm.status, rm.body.msg]).toEqual([400, '只能删除草稿状态的入库单，已提交或审核的请作废']);
    const edit = await admin()(`${P.inStock}/submit`, {
      body: { id: ids.in2, warehouseId: wh(), partyId: c.party.GYS001, lines: [{ materialId: mat(), qty: '1' }] },
    });
    expect([edit.status, edit.body.msg]).toEqual([400, '只能修改草稿状态的入库单']);
    const noVoid = await admin()(`${P.inStock}/void`, { body: { id: ids.in2 } });
    expect([noVoid.status, noVoid.body.msg]).toEqual([400, '请输入作废原因']);
  });

  it('a draft must be submitted before review; drafts are edited and removed (soft) freely', async () => {
    const d = await okPost(clerk(), `${P.inStock}/submit`, {
      warehouseId: wh(),
      partyId: c.party.GYS001,
      lines: [{ materialId: mat(), qty: '100', unitPrice: '2000' }],
    });
    expect(d.deptId).toBe(c.depts['过磅中心']);
    const r = await admin()(`${P.inStock}/review`, { body: { id: d.id } });
    expect([r.status, r.body.msg]).toEqual([400, '入库单是草稿，请先提交再审核']);
    const e = await okPost(admin(), `${P.inStock}/submit`, {
      id: d.id,
      warehouseId: wh(),
      partyId: c.party.GYS001,
      lines: [
        { materialId: mat(), qty: '100', unitPrice: '2000' },
        { materialId: c.mat.WL0002, qty: '50.5', unitPrice: '2480' },
      ],
    });
    expect(e).toMatchObject({ totalQty: '150.500', totalAmount: '325.24' }); // 200.00 + 125.24
    expect(e.orderNo).toBe(d.orderNo);
    await okPost(admin(), `${P.inStock}/remove?ids=${d.id}`, {});
    const [row] = await c.t.database.db.select().from(stockOrder).where(eq(stockOrder.id, d.id));
    expect(row.isDeleted).toBe(1);
  });
});

describe('negative stock', () => {
  it('is refused with a Chinese message, then allowed when the business config says so', async () => {
    const wh = c.wh.T2;
    const mat = c.mat.WL0005;
    const d = await okPost(admin(), `${P.outStock}/submit`, {
      warehouseId: wh,
      partyId: c.party.KH002,
      lines: [{ materialId: mat, qty: '100', unitPrice: '65000' }],
    });
    await okPost(admin(), `${P.outStock}/submit-review`, { id: d.id });
    const r = await admin()(`${P.outStock}/review`, { body: { id: d.id } });
    expect([r.status, r.body.msg]).toEqual([400, '测试封闭库的光亮铜库存不足：现有 0.000，需要 100.000']);
    expect((await admin()(`${P.outStock}/detail`, { query: { id: d.id } })).body.data.state).toBe('submitted');
    expect(await stockRow(c, wh, mat)).toEqual({ qty: '0.000', amount: '0.00' });
    await okPost(admin(), CONFIG, { deptId: company(), allowNegativeStock: 1 });
    try {
      await okPost(admin(), `${P.outStock}/review`, { id: d.id });
      expect(await stockRow(c, wh, mat)).toEqual({ qty: '-100.000', amount: '0.00' });
      // the next receipt fills the hole: 300 kg at 62500 元/吨 = 18750.00
      await reviewed(admin(), P.inStock, {
        warehouseId: wh,
        partyId: c.party.KH002,
        lines: [{ materialId: mat, qty: '300', unitPrice: '62500' }],
      });
      expect(await stockRow(c, wh, mat)).toEqual({ qty: '200.000', amount: '18750.00' });
    } finally {
      await okPost(admin(), CONFIG, { deptId: company(), allowNegativeStock: 0 });
    }
    await expectLedgerConsistent(wh, mat);
  });
});

describe('concurrency', () => {
  it('two in-stocks of the same material reviewed at once leave a consistent balance', async () => {
    const wh = c.wh.T2;
    const mat = c.mat.WL0007;
    const make = async (qty: string, price: string) => {
      const d = await okPost(admin(), `${P.inStock}/submit`, {
        warehouseId: wh,
        partyId: c.party.GYS001,
        lines: [{ materialId: mat, qty, unitPrice: price }],
      });
      await okPost(admin(), `${P.inStock}/submit-review`, { id: d.id });
      return d.id;
    };
    const a = await make('1234.567', '13600');
    const b = await make('7654.321', '13650.55');
    const rs = await Promise.all([a, b].map((id) => admin()(`${P.inStock}/review`, { body: { id } })));
    expect(rs.map((r) => r.status)).toEqual([200, 200]);
    // 1.234567 × 13600 = 16790.11; 7.654321 × 13650.55 = 104485.69
    expect(await stockRow(c, wh, mat)).toEqual({ qty: '8888.888', amount: '121275.80' });
    await expectLedgerConsistent(wh, mat);
    // reviewing the same document twice at once applies it once
    const d = await make('100', '10000');
    const twice = await Promise.all([1, 2].map(() => admin()(`${P.inStock}/review`, { body: { id: d } })));
    expect(twice.map((r) => r.status).sort()).toEqual([200, 400]);
    expect(twice.find((r) => r.status === 400)?.body.msg).toBe('入库单已审核，不能审核');
    expect(await stockRow(c, wh, mat)).toEqual({ qty: '8988.888', amount: '122275.80' });
  });

  it('two reviewers racing to issue the last tonne: one succeeds, the other gets a clear error, never negative', async () => {
    const wh = c.wh.T2;
    const mat = c.mat.WL0006;
    await reviewed(admin(), P.inStock, {
      warehouseId: wh,
      partyId: c.party.GYS001,
      lines: [{ materialId: mat, qty: '1000', unitPrice: '43800' }],
    });
    const outs: string[] = [];
    for (const token of [c.admin, c.manager]) {
      const d = await okPost(apiOf(c, token), `${P.outStock}/submit`, {
        warehouseId: wh,
        partyId: c.party.KH002,
        lines: [{ materialId: mat, qty: '1000', unitPrice: '46000' }],
      });
      await okPost(apiOf(c, token), `${P.outStock}/submit-review`, { id: d.id });
      outs.push(d.id);
    }
    const rs = await Promise.all([
      apiOf(c, c.admin)(`${P.outStock}/review`, { body: { id: outs[0] } }),
      apiOf(c, c.manager)(`${P.outStock}/review`, { body: { id: outs[1] } }),
    ]);
    expect(rs.map((r) => r.status).sort()).toEqual([200, 400]);
    expect(rs.find((r) => r.status === 400)?.body.msg).toBe('测试封闭库的黄杂铜库存不足：现有 0.000，需要 1000.000');
    expect(await stockRow(c, wh, mat)).toEqual({ qty: '0.000', amount: '0.00' });
    const negative = await c.t.database.db
      .select()
      .from(stockMovement)
      .where(sql`${stockMovement.balanceQty} < 0 and ${stockMovement.materialId} = ${mat}`);
    expect(negative).toHaveLength(0);
  });

  it('draws order numbers without gaps per day, also when some documents of the batch are refused', async () => {
    const bodies = Array.from({ length: 8 }, (_, i) => ({
      warehouseId: c.wh.T1,
      partyId: c.party.GYS001,
      lines: [{ materialId: i % 4 === 3 ? '999999999' : c.mat.WL0011, qty: '10', unitPrice: '1650' }],
    }));
    const rs = await Promise.all(bodies.map((b) => admin()(`${P.inStock}/submit`, { body: b })));
    expect(rs.map((r) => r.status)).toEqual([200, 200, 200, 400, 200, 200, 200, 400]);
    const all = await c.t.database.db
      .select({ no: stockOrder.orderNo })
      .from(stockOrder)
      .where(like(stockOrder.orderNo, 'RK%'));
    const byDay = new Map<string, number[]>();
    for (const { no } of all) {
      const p = parseOrderNo(no);
      expect(p?.kind).toBe('inStock');
      byDay.set(p!.day, [...(byDay.get(p!.day) ?? []), p!.seq]);
    }
    for (const seqs of byDay.values()) {
      expect(seqs.sort((a, b) => a - b)).toEqual(Array.from({ length: seqs.length }, (_, i) => i + 1));
    }
  });
});

describe('bad input', () => {
  const counts = async () => {
    const db = c.t.database.db;
    return [(await db.select().from(stockOrder)).length, (await db.select().from(stockOrderLine)).length];
  };
  const good = () => ({ materialId: c.mat.WL0001, qty: '10', unitPrice: '2650' });

  it('a 3-line in-stock with a bad 3rd line writes nothing and names the line and the field', async () => {
    const before = await counts();
    for (const [third, msg] of [
      [{ ...good(), qty: '-1' }, '明细第3行：数量格式不正确，最多3位小数'],
      [{ ...good(), qty: '0' }, '明细第3行：数量必须大于0'],
      [{ ...good(), unitPrice: '1.234' }, '明细第3行：单价格式不正确，最多2位小数'],
      [{ qty: '1' }, '明细第3行：请选择物料'],
      [{ ...good(), materialId: '999999999' }, '明细第3行：物料不存在'],
      [{ ...good(), warehouseId: '999999999' }, '明细第3行：仓库不存在'],
    ] as const) {
      const r = await admin()(`${P.inStock}/submit`, {
        body: { warehouseId: c.wh.T1, partyId: c.party.GYS001, lines: [good(), good(), third] },
      });
      expect([r.status, r.body.msg], JSON.stringify(third)).toEqual([400, msg]);
    }
    expect(await counts()).toEqual(before);
  });

  it('answers 400 naming the header field', async () => {
    const before = await counts();
    const base = { warehouseId: c.wh.T1, partyId: c.party.GYS001, lines: [good()] };
    for (const [patch, msg, path] of [
      [{ lines: [] }, '请至少填写一行明细', P.inStock],
      [{ lines: undefined }, '请填写明细', P.inStock],
      [{ warehouseId: undefined }, '请选择仓库', P.inStock],
      [{ partyId: undefined }, '请选择供应商', P.inStock],
      [{ partyId: c.party.KH001 }, '供应商不存在', P.inStock],
      [{ partyId: c.party.GYS001 }, '客户不存在', P.outStock],
      [{ orderDate: '2024/01/01' }, '单据日期格式应为yyyy-MM-dd', P.inStock],
      [{ bizType: 'gift' }, '请选择业务类型', P.inStock],
      [{ sourceDocId: '999999999', partyId: c.party.GYS001 }, '原入库单不存在或未审核', P.purchaseReturn],
    ] as const) {
      const r = await admin()(`${path}/submit`, { body: { ...base, ...patch } });
      expect([r.status, r.body.msg], JSON.stringify(patch)).toEqual([400, msg]);
    }
    // a transfer in needs no supplier
    const t = await okPost(admin(), `${P.inStock}/submit`, { ...base, bizType: 'transfer', partyId: undefined });
    expect(t.partyId).toBeNull();
    expect((await counts())[0]).toBe(before[0] + 1);
  });
});

describe('permissions and tenancy', () => {
  it('a clerk creates and submits but cannot review, void or delete (403)', async () => {
    const d = await okPost(clerk(), `${P.inStock}/submit`, {
      warehouseId: c.wh.T1,
      partyId: c.party.GYS001,
      lines: [{ materialId: c.mat.WL0012, qty: '10', unitPrice: '1900' }],
    });
    await okPost(clerk(), `${P.inStock}/submit-review`, { id: d.id });
    for (const [path, r] of [
      [`${P.inStock}/review`, { body: { id: d.id } }],
      [`${P.inStock}/void`, { body: { id: d.id, reason: 'x' } }],
      [`${P.inStock}/remove`, { query: { ids: d.id }, method: 'POST' }],
      [`${P.inStock}/update`, { body: { id: d.id } }],
    ] as const) {
      const res = await clerk()(path, r);
      expect([res.status, res.body.msg], path).toEqual([403, '没有权限']);
    }
    expect((await admin()(`${P.inStock}/detail`, { query: { id: d.id } })).body.data.state).toBe('submitted');
  });

  it('refuses a document of another type through a path that is not its own', async () => {
    const out = await okPost(admin(), `${P.outStock}/submit`, {
      warehouseId: c.wh.T1,
      partyId: c.party.KH001,
      lines: [{ materialId: c.mat.WL0001, qty: '1', unitPrice: '2800' }],
    });
    await okPost(admin(), `${P.outStock}/submit-review`, { id: out.id });
    for (const [path, r] of [
      [`${P.inStock}/detail`, { query: { id: out.id } }],
      [`${P.inStock}/review`, { body: { id: out.id } }],
      [`${P.inStock}/void`, { body: { id: out.id, reason: 'x' } }],
      [`${P.inStock}/remove`, { query: { ids: out.id }, method: 'POST' }],
      [
        `${P.inStock}/update`,
        { body: { id: out.id, warehouseId: c.wh.T1, lines: [{ materialId: c.mat.WL0001, qty: '1' }] } },
      ],
    ] as const) {
      const res = await admin()(path, r);
      expect([res.status, res.body.msg], path).toEqual([400, '入库单不存在']);
    }
    const [row] = await c.t.database.db.select().from(stockOrder).where(eq(stockOrder.id, out.id));
    expect([row.docType, row.state, row.isDeleted]).toEqual(['out_stock', 'submitted', 0]);
  });

  it("never reads, reviews, voids or removes another tenant's document", async () => {
    const db = c.t.database.db;
    // the other tenant's document on its own warehouse and material (the schema's foreign keys refuse a row of one
    // tenant pointing at another tenant's warehouse or material: issue 22)
    const [wh] = await db
      .insert(warehouse)
      .values({ tenantId: OTHER_TENANT, code: 'X1', name: '别家仓库' })
      .returning({ id: warehouse.id });
    const [mat] = await db
      .insert(material)
      .values({ tenantId: OTHER_TENANT, code: 'XWL1', name: '别家物料' })
      .returning({ id: material.id });
    const [foreign] = await db
      .insert(stockOrder)
      .values({
        tenantId: OTHER_TENANT,
        orderNo: 'RK202401010001',
        docType: 'in_stock',
        bizType: 'purchase',
        state: 'submitted',
        warehouseId: wh.id,
      })
      .returning({ id: stockOrder.id });
    await db.insert(stockOrderLine).values({
      tenantId: OTHER_TENANT,
      orderId: foreign.id,
      lineNo: 1,
      direction: 'in',
      materialId: mat.id,
      warehouseId: wh.id,
      qty: '1000',
      amount: '1000',
    });
    const before = await stockRow(c, c.wh.T1, c.mat.WL0001);
    for (const [path, r] of [
      [`${P.inStock}/detail`, { query: { id: foreign.id } }],
      [`${P.inStock}/detail`, { query: { orderNo: 'RK202401010001' } }],
      [`${P.inStock}/review`, { body: { id: foreign.id } }],
      [`${P.inStock}/void`, { body: { id: foreign.id, reason: 'x' } }],
      [`${P.inStock}/remove`, { query: { ids: foreign.id }, method: 'POST' }],
    ] as const) {
      const res = await admin()(path, r);
      expect([res.status, res.body.msg], path).toEqual([400, '入库单不存在']);
    }
    const [row] = await db.select().from(stockOrder).where(eq(stockOrder.id, foreign.id));
    expect([row.state, row.isDeleted]).toEqual(['submitted', 0]);
    expect(await stockRow(c, c.wh.T1, c.mat.WL0001)).toEqual(before);
    const foreignStock = await db.select().from(stock).where(eq(stock.tenantId, OTHER_TENANT));
    expect(foreignStock).toHaveLength(0);
  });
});

describe('production documents', () => {
  it('a disassembly allocates the input cost to the outputs by weight, summing exactly', async () => {
    const wh = c.wh.T3;
    await reviewed(admin(), P.inStock, {
      warehouseId: wh,
      partyId: c.party.GYS002,
      lines: [{ materialId: c.mat.WL0003, qty: '10000', unitPrice: '2301.23' }],
    });
    expect(await stockRow(c, wh, c.mat.WL0003)).toEqual({ qty: '10000.000', amount: '23012.30' });
    const d = await reviewed(admin(), P.disassembly, {
      warehouseId: wh,
      allocMethod: 'weight',
      lines: [
        { direction: 'out', materialId: c.mat.WL0003, qty: '10000' },
        { direction: 'in', materialId: c.mat.WL0001, qty: '6000' },
        { direction: 'in', materialId: c.mat.WL0002, qty: '3000' },
        { direction: 'in', materialId: c.mat.WL0004, qty: '999.5' }, // 0.5 kg lost (water, dirt)
      ],
    });
    expect(d.orderNo).toMatch(/^CF\d{12}$/);
    const lines = (await admin()(`${P.disassembly}/detail`, { query: { id: d.id } })).body.data.lines;
    const costs = lines
      .filter((l: { direction: string }) => l.direction === 'in')
      .map((l: { costAmount: string }) => l.costAmount);
    // 23012.30 × 6000/9999.5, × 3000/9999.5, × 999.5/9999.5 → 13808.07, 6904.04, 2300.19 (largest remainder)
    expect(costs).toEqual(['13808.07', '6904.04', '2300.19']);
    expect(costs.reduce((s: Decimal, x: string) => s.plus(x), new Decimal(0)).toFixed(2)).toBe('23012.30');
    expect(await stockRow(c, wh, c.mat.WL0003)).toEqual({ qty: '0.000', amount: '0.00' });
    expect(await stockRow(c, wh, c.mat.WL0002)).toEqual({ qty: '3000.000', amount: '6904.04' });
    // by entered ratios, then a conversion moves quantity and the whole cost to another material
    const r = await reviewed(admin(), P.disassembly, {
      warehouseId: wh,
      allocMethod: 'ratio',
      lines: [
        { direction: 'out', materialId: c.mat.WL0001, qty: '6000' },
        { direction: 'in', materialId: c.mat.WL0008, qty: '1000', ratio: '3' },
        { direction: 'in', materialId: c.mat.WL0009, qty: '5000', ratio: '1' },
      ],
    });
    const rl = (await admin()(`${P.disassembly}/detail`, { query: { id: r.id } })).body.data.lines;
    expect(rl.map((l: { costAmount: string }) => l.costAmount)).toEqual(['13808.07', '10356.05', '3452.02']);
    const conv = await reviewed(admin(), P.conversion, {
      warehouseId: wh,
      lines: [
        { direction: 'out', materialId: c.mat.WL0009, qty: '5000' },
        { direction: 'in', materialId: c.mat.WL0010, qty: '4990' },
      ],
    });
    expect(conv.totalCost).toBe('3452.02');
    expect(await stockRow(c, wh, c.mat.WL0010)).toEqual({ qty: '4990.000', amount: '3452.02' });
    // voiding the conversion puts everything back
    await okPost(admin(), `${P.conversion}/void`, { id: conv.id, reason: '转换错误' });
    expect(await stockRow(c, wh, c.mat.WL0010)).toEqual({ qty: '0.000', amount: '0.00' });
    expect(await stockRow(c, wh, c.mat.WL0009)).toEqual({ qty: '5000.000', amount: '3452.02' });
  });

  it('refuses malformed production documents', async () => {
    const wh = c.wh.T3;
    for (const [path, lines, msg] of [
      [P.disassembly, [{ direction: 'out', materialId: c.mat.WL0001, qty: '1' }], '请至少填写一行产出(入库)物料'],
      [
        P.disassembly,
        [
          { direction: 'out', materialId: c.mat.WL0001, qty: '1' },
          { direction: 'out', materialId: c.mat.WL0002, qty: '1' },
          { direction: 'in', materialId: c.mat.WL0003, qty: '1' },
        ],
        '拆解分拣单只能有一行投入物料',
      ],
      [P.conversion, [{ materialId: c.mat.WL0001, qty: '1' }], '明细第1行：请选择方向(投入或产出)'],
      [
        P.conversion,
        [
          { direction: 'out', materialId: c.mat.WL0001, qty: '1' },
          { direction: 'in', materialId: c.mat.WL0001, qty: '1' },
        ],
        '转入物料不能与转出物料相同',
      ],
    ] as const) {
      const r = await admin()(`${path}/submit`, { body: { warehouseId: wh, lines } });
      expect([r.status, r.body.msg]).toEqual([400, msg]);
    }
    const ratio = await admin()(`${P.assembly}/submit`, {
      body: {
        warehouseId: wh,
        allocMethod: 'ratio',
        lines: [
          { direction: 'out', materialId: c.mat.WL0001, qty: '1' },
          { direction: 'in', materialId: c.mat.WL0002, qty: '1' },
        ],
      },
    });
    expect([ratio.status, ratio.body.msg]).toEqual([400, '明细第2行：请填写分摊比例']);
  });
});
