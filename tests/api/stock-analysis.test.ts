// @vitest-environment node
/**
 * 供应链分析 and 综合报表 through the real HTTP app (issue 4, spec §2.4 Analysis): purchases and sales from reviewed
 * documents only (drafts and voids left out), sale cost as booked at review, gross profit and margin, stock now,
 * every day of the period, top suppliers / customers, the per-material statement reconciling opening + purchases −
 * sales + other = closing, bad periods refused.
 */
import Decimal from 'decimal.js';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../server/db/client.ts';
import { stockMovement, stockOrder } from '../../server/db/schema/index.ts';
import { formatDate } from '../../server/platform/time.ts';
import { apiOf, bootStock, okPost, P, reviewed, type StockCtx } from './stock-helpers.ts';

let c: StockCtx;
beforeAll(async () => {
  c = await bootStock();
}, 180_000);
afterAll(async () => {
  await c?.t.close();
});

const admin = () => apiOf(c);
const daysAgo = (n: number) => formatDate(new Date(Date.now() - n * 86400_000), c.t.config.tz);
const SUMMARY = '/api/izs-stock/analysis/summary';
const STATEMENT = '/api/izs-stock/analysis/statement';

describe('supply-chain analysis', () => {
  it('sums reviewed purchases and sales of the period with cost, profit, margin and stock', async () => {
    const wh = c.wh.T2;
    const mat = c.mat.WL0011;
    // two days ago: 1000 kg bought at 2000 元/t, its movement dated then too (opening stock of today's statement)
    const old = await reviewed(admin(), P.inStock, {
      warehouseId: wh,
      partyId: c.party.GYS001,
      orderDate: daysAgo(2),
      lines: [{ materialId: mat, qty: '1000', unitPrice: '2000' }],
    });
    await c.t.database.db
      .update(stockMovement)
      .set({ createTime: sql`now() - interval '2 days'` })
      .where(eq(stockMovement.orderId, old.id));
    // today: 500 kg bought at 2200 (1100.00), 300 kg sold at 2500 (750.00) issued at the average 620.00
    const today = await reviewed(admin(), P.inStock, {
      warehouseId: wh,
      partyId: c.party.GYS002,
      lines: [{ materialId: mat, qty: '500', unitPrice: '2200' }],
    });
    const out = await reviewed(admin(), P.outStock, {
      warehouseId: wh,
      partyId: c.party.KH001,
      lines: [{ materialId: mat, qty: '300', unitPrice: '2500' }],
    });
    expect(out.totalCost).toBe('620.00');
    // neither a draft nor a voided document counts
    await okPost(admin(), `${P.inStock}/submit`, {
      warehouseId: wh,
      partyId: c.party.GYS001,
      lines: [{ materialId: mat, qty: '999', unitPrice: '1' }],
    });
    const voided = await reviewed(admin(), P.inStock, {
      warehouseId: wh,
      partyId: c.party.GYS001,
      lines: [{ materialId: mat, qty: '200', unitPrice: '2100' }],
    });
    await okPost(admin(), `${P.inStock}/void`, { id: voided.id, reason: '重复' });

    // issue 21: amounts are the stored 价税合计 (GYS001 is taxed 13 % on top by the book's template, GYS002 a natural
    // person at 0 %), 毛利 the stored 不含税金额 − cost (750.00 − 620.00)
    const [g] = await rows<{ old: string; today: string; out: string; outNet: string }>(
      c.t.database.db,
      sql`select (select gross_amount::text from izs_stock_order where id = ${old.id}) as old,
                 (select gross_amount::text from izs_stock_order where id = ${today.id}) as today,
                 (select gross_amount::text from izs_stock_order where id = ${out.id}) as out,
                 (select net_amount::text from izs_stock_order where id = ${out.id}) as "outNet"`,
    );
    expect(g.outNet).toBe('750.00');
    expect(g.out).not.toBe(g.outNet);
    const r = await admin()(SUMMARY, { query: { beginDate: daysAgo(2), endDate: daysAgo(0), warehouseId: wh } });
    expect(r.status).toBe(200);
    const s = r.body.data;
    expect(s.totals).toEqual({
      purchaseQty: '1500.000',
      purchaseAmount: new Decimal(g.old).plus(g.today).toFixed(2),
      purchaseDocs: 2,
      saleQty: '300.000',
      saleAmount: g.out,
      saleCost: '620.00',
      grossProfit: '130.00',
      margin: '17.33',
      saleDocs: 1,
      stockQty: '1200.000',
      stockAmount: '2480.00',
    });
    expect(s.daily.map((d: { date: string }) => d.date)).toEqual([daysAgo(2), daysAgo(1), daysAgo(0)]);
    expect(s.daily[0]).toMatchObject({ purchaseQty: '1000.000', purchaseAmount: g.old, saleQty: '0.000' });
    expect(s.daily[1]).toMatchObject({ purchaseQty: '0.000', saleAmount: '0.00' });
    expect(s.daily[2]).toMatchObject({ purchaseQty: '500.000', saleQty: '300.000', saleAmount: g.out });
    expect(s.materials).toEqual([
      expect.objectContaining({ materialName: '黄板纸', saleCost: '620.00', grossProfit: '130.00' }),
    ]);
    expect(s.suppliers.map((p: { partyId: string; amount: string }) => [p.partyId, p.amount])).toEqual([
      [c.party.GYS001, g.old],
      [c.party.GYS002, g.today],
    ]);
    expect(s.customers).toEqual([expect.objectContaining({ partyId: c.party.KH001, qty: '300.000', docs: 1 })]);

    // only today: the old purchase is opening stock in the statement, a roll-forward at the 不含税金额
    const st = await admin()(STATEMENT, { query: { beginDate: daysAgo(0), endDate: daysAgo(0), warehouseId: wh } });
    expect(st.body.data).toEqual([
      {
        materialId: mat,
        materialCode: 'WL0011',
        materialName: '黄板纸',
        openingQty: '1000.000',
        openingAmount: '2000.00',
        purchaseQty: '500.000',
        purchaseAmount: '1100.00',
        saleQty: '300.000',
        saleAmount: '750.00',
        saleCost: '620.00',
        grossProfit: '130.00',
        margin: '17.33',
        otherQty: '0.000',
        otherAmount: '0.00',
        closingQty: '1200.000',
        closingAmount: '2480.00',
      },
    ]);
  });

  it('shows a sorting (disassembly) as other movements, so the statement still closes at the balance', async () => {
    const wh = c.wh.T3;
    await reviewed(admin(), P.inStock, {
      warehouseId: wh,
      partyId: c.party.GYS001,
      lines: [{ materialId: c.mat.WL0001, qty: '2000', unitPrice: '3000' }],
    });
    const [doc] = await c.t.database.db.select().from(stockOrder).where(eq(stockOrder.warehouseId, wh));
    expect(doc.state).toBe('reviewed');
    await reviewed(admin(), '/api/izs-stock/disassembly-order', {
      warehouseId: wh,
      allocMethod: 'weight',
      lines: [
        { direction: 'out', materialId: c.mat.WL0001, qty: '1000' },
        { direction: 'in', materialId: c.mat.WL0002, qty: '1000' },
      ],
    });
    const st = (await admin()(STATEMENT, { query: { beginDate: daysAgo(0), endDate: daysAgo(0), warehouseId: wh } }))
      .body.data;
    const byCode = Object.fromEntries(st.map((r: { materialCode: string }) => [r.materialCode, r]));
    expect(byCode.WL0001).toMatchObject({ purchaseQty: '2000.000', otherQty: '-1000.000', closingQty: '1000.000' });
    expect(byCode.WL0001).toMatchObject({ otherAmount: '-3000.00', closingAmount: '3000.00' });
    expect(byCode.WL0002).toMatchObject({ purchaseQty: '0.000', otherQty: '1000.000', otherAmount: '3000.00' });
  });

  it('refuses a bad period with a Chinese message', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ endDate: daysAgo(0) }, '请选择开始日期'],
      [{ beginDate: daysAgo(0), endDate: daysAgo(1) }, '结束日期不能早于开始日期'],
      [{ beginDate: daysAgo(400), endDate: daysAgo(0) }, '统计区间不能超过一年'],
      [{ beginDate: '2026-13-01', endDate: daysAgo(0) }, expect.stringContaining('开始日期') as unknown as string],
    ];
    for (const [query, msg] of cases) {
      for (const path of [SUMMARY, STATEMENT]) {
        const r = await admin()(path, { query });
        expect([r.status, r.body.msg]).toEqual([400, msg]);
      }
    }
  });
});
