// @vitest-environment node
/**
 * The ledgers' invoiced and paid / collected columns through the real HTTP app (issue 12): after a 销项 invoice
 * and a partial collection (核销 on the 应收单 of the out-stocks), /ledger/summary, /ledger/documents and the
 * contract page answer the same figures as independent SQL sums over the invoice links and the settled amounts;
 * open = amount − collected; the Excel export has the columns.
 */
import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../server/db/client.ts';
import { download, readSheet } from './base-suite.ts';
import { apiOf, bootStock, okPost, P, reviewed, type StockCtx } from './stock-helpers.ts';

let c: StockCtx;
beforeAll(async () => {
  c = await bootStock();
});
afterAll(async () => {
  await c?.t.close();
});

const admin = () => apiOf(c);
const TC = '/api/izs-sell/trading-contract';
const AR = '/api/izs-finance-ar';
const DAY = '2025-03-10';

async function get(path: string) {
  const r = await admin()(path);
  expect(r.body?.success, `${path}: ${JSON.stringify(r.body)}`).toBe(true);
  return r.body.data;
}

/** Independent sums for a party × material on DAY: each document's invoices and settlements × line share. */
async function sqlSums(partyId: string, materialId: string) {
  const [r] = await rows<{ amount: string; invoiced: string; paid: string }>(
    c.t.database.db,
    sql`with docs as (
          select d.id, (select sum(l.gross_amount) from izs_stock_order_line l where l.order_id = d.id) as total,
                 (select coalesce(sum(l.gross_amount), 0) from izs_stock_order_line l where l.order_id = d.id and l.material_id = ${materialId}) as mine,
                 (select coalesce(sum(k.amount), 0) from izs_ar_invoice_link k where k.order_id = d.id) as invoiced,
                 (select coalesce(sum(a.settled), 0) from izs_ar_doc a where a.source_id = d.id and a.state = 'reviewed') as paid
            from izs_stock_order d
           where d.party_id = ${partyId} and d.doc_type = 'out_stock' and d.state = 'reviewed' and d.order_date = ${DAY})
        select sum(mine)::text as amount, sum(round(invoiced * mine / total, 2))::text as invoiced,
               sum(round(paid * mine / total, 2))::text as paid
          from docs where mine <> 0`,
  );
  return r;
}

describe('ledger: invoiced and collected per party × material, per document and per contract', () => {
  let contractId = '';
  const docs: { id: string; orderNo: string }[] = [];

  it('after an invoice and a partial collection the ledger equals the SQL sums', async () => {
    await reviewed(admin(), P.inStock, {
      warehouseId: c.wh.T1,
      partyId: c.party.GYS001,
      bizType: 'purchase',
      lines: [
        { materialId: c.mat.WL0001, qty: '50000', unitPrice: '2600' },
        { materialId: c.mat.WL0002, qty: '5000', unitPrice: '2400' },
      ],
    });
    const saved = await okPost(admin(), `${TC}/save-with-lines`, {
      title: '台账测试销售合同',
      side: 'sale',
      partyId: c.party.KH002,
      signDate: DAY,
      deliveryStart: DAY,
      deliveryEnd: '2099-12-31',
      deliveryPlace: '买方厂内',
      tolerancePct: '5',
      lines: [{ materialId: c.mat.WL0001, qty: '40', priceType: 'fixed', unitPrice: '2850' }],
    });
    contractId = saved.id;
    await okPost(admin(), `${TC}/move`, { id: contractId, action: 'submit' });
    await okPost(admin(), `${TC}/move`, { id: contractId, action: 'approve' });
    const out = (lines: unknown[], extra = {}) => ({
      warehouseId: c.wh.T1,
      partyId: c.party.KH002,
      bizType: 'sale',
      orderDate: DAY,
      lines,
      ...extra,
    });
    // A: 10 t × 2850 = 28500.00 (on the contract); B: 6 t × 2850 = 17100.00 + 1 t × 1900 = 1900.00
    docs.push(
      await reviewed(
        admin(),
        P.outStock,
        out([{ materialId: c.mat.WL0001, qty: '10000', unitPrice: '2850' }], { contractId }),
      ),
    );
    docs.push(
      await reviewed(
        admin(),
        P.outStock,
        out([
          { materialId: c.mat.WL0001, qty: '6000', unitPrice: '2850' },
          { materialId: c.mat.WL0002, qty: '1000', unitPrice: '1900' },
        ]),
      ),
    );
    await okPost(admin(), `${AR}/invoice/save`, {
      direction: 'out',
      invoiceNo: '25330000001234',
      invoiceDate: DAY,
      amount: '26548.67',
      taxAmount: '3451.33',
      taxAndAmount: '30000.00',
      links: [
        { orderId: docs[0].id, amount: '20500.00' },
        { orderId: docs[1].id, amount: '9500.00' },
      ],
    });
    const ar = await rows<{ id: string; source_id: string }>(
      c.t.database.db,
      sql`select id::text as id, source_id::text as source_id from izs_ar_doc
           where source_id in (${docs[0].id}, ${docs[1].id}) and state = 'reviewed'`,
    );
    const arOf = (docId: string) => ar.find((a) => a.source_id === docId)?.id;
    await okPost(admin(), `${AR}/cash/create`, {
      side: 'ar',
      partyId: c.party.KH002,
      accountType: 'cash',
      method: 'cash',
      cashDate: DAY,
      amount: '15000.00',
      auto: false,
      lines: [
        { docId: arOf(docs[0].id), amount: '11200.00' },
        { docId: arOf(docs[1].id), amount: '3800.00' },
      ],
    });
    const led = await get(
      `/api/izs-sell/ledger/summary?side=sale&beginDate=${DAY}&endDate=${DAY}&partyId=${c.party.KH002}`,
    );
    for (const [mat, want] of [
      // issue 21: amounts are the stored 价税合计 (13 % on top of the 不含税 prices)
      // WL0001: 32205 + 19323; invoiced 20500 + 9500 × 19323/21470 = 8550; collected 11200 + 3800 × 0.9 = 3420
      [c.mat.WL0001, { deliveredAmount: '51528.00', invoicedAmount: '29050.00', paidAmount: '14620.00' }],
      // WL0002: 2147; invoiced 950; collected 380
      [c.mat.WL0002, { deliveredAmount: '2147.00', invoicedAmount: '950.00', paidAmount: '380.00' }],
    ] as const) {
      const row = led.rows.find((x: { materialId: string }) => x.materialId === mat);
      const s = await sqlSums(c.party.KH002, mat);
      expect(row).toMatchObject(want);
      expect(row.deliveredAmount).toBe(new Decimal(s.amount).toFixed(2));
      expect(row.invoicedAmount).toBe(new Decimal(s.invoiced).toFixed(2));
      expect(row.paidAmount).toBe(new Decimal(s.paid).toFixed(2));
      expect(row.openAmount).toBe(new Decimal(row.deliveredAmount).minus(row.paidAmount).toFixed(2));
    }
    expect(led.totals).toMatchObject({ invoicedAmount: '30000.00', paidAmount: '15000.00', openAmount: '38675.00' });
    const d = await get(
      `/api/izs-sell/ledger/documents?side=sale&beginDate=${DAY}&endDate=${DAY}&partyId=${c.party.KH002}&materialId=${c.mat.WL0001}`,
    );
    expect(d).toEqual([
      expect.objectContaining({
        orderNo: docs[0].orderNo,
        contractNo: saved.contractNo,
        invoicedAmount: '20500.00',
        paidAmount: '11200.00',
        openAmount: '21005.00',
      }),
      expect.objectContaining({
        orderNo: docs[1].orderNo,
        invoicedAmount: '8550.00',
        paidAmount: '3420.00',
        openAmount: '15903.00',
      }),
    ]);
  });

  it('the contract page shows invoiced, collected and open of its reviewed documents', async () => {
    const full = await get(`${TC}/full?id=${contractId}`);
    expect(full.execution).toMatchObject({
      executedAmount: '32205.00',
      invoicedAmount: '20500.00',
      paidAmount: '11200.00',
      openAmount: '21005.00',
    });
  });

  it('the Excel export has the invoiced, collected and open columns', async () => {
    const x = await download(c, '/api/izs-sell/ledger/sell/export', {
      beginDate: DAY,
      endDate: DAY,
      partyId: c.party.KH002,
    });
    expect(x.status).toBe(200);
    const [head, ...body] = await readSheet(x.buf);
    for (const h of ['已开票', '已收款', '未收款']) expect(head).toContain(h);
    const heavy = body.find((v) => v.includes('重废钢')) ?? [];
    expect(Number(heavy[head.indexOf('已开票')])).toBe(29050);
    expect(Number(heavy[head.indexOf('已收款')])).toBe(14620);
    expect(Number(heavy[head.indexOf('未收款')])).toBe(36908);
  });
});
