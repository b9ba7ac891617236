// @vitest-environment node
/**
 * Vouchers of the receivables area's money records through the real HTTP app (issue 11): the default 收款 / 付款 /
 * 退款 / 对冲 templates of a book, a bank collection with a fee (借 银行存款 金额−手续费 + 财务费用, 贷 应收账款 [客户]),
 * a cash payment on 库存现金, the offset on both dimensions, a second generation refused, the record's void refused
 * while its voucher lives and allowed after the voucher is deleted, a closed period refused; the trace chain and
 * the webhook outbox get one record each for a saved collection and a recorded invoice.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARAP_ENDPOINTS as E } from '../../core/contract/izs-finance-ar/arap.contract.ts';
import { INVOICE_ENDPOINTS as INV } from '../../core/contract/izs-finance-ar/invoice.contract.ts';
import { BIZ_VOUCHER } from '../../core/contract/izs-financing/business-voucher.contract.ts';
import { rows } from '../../server/db/client.ts';
import { bank, openApp, relatedParty } from '../../server/db/schema/index.ts';
import { createPayable } from '../../server/modules/izs-finance-ar/service.ts';
import { openDay, thisMonth } from './dates.ts';
import { createBook, FIN, type Api as FinApi, type FinCtx, okGet, refused } from './finance-helpers.ts';
import { type Api, apiOf, bootStock, okPost, P, reviewed, type StockCtx } from './stock-helpers.ts';

let c: StockCtx & FinCtx;
let api: Api;
let book: FinApi;
let partner: string;
let bankId: string;
const V = BIZ_VOUCHER;

beforeAll(async () => {
  const s = await bootStock();
  c = { ...s, financeDept: s.depts['财务部'] };
  api = apiOf(c);
  const db = c.t.database.db;
  const company = c.depts['绿循再生资源有限公司'];
  book = (await createBook(c, company, { name: '收付款凭证账套', enableDate: '2026-01-01', allowSelfReview: 1 })).api;
  [{ id: partner }] = await db
    .insert(relatedParty)
    .values({ tenantId: '000000', code: 'V-1', name: '凭证伙伴', type: 'both' })
    .returning({ id: relatedParty.id });
  [{ id: bankId }] = await db
    .insert(bank)
    .values({ tenantId: '000000', bankName: '中国工商银行', accountName: '绿循', bankAccount: '6222000011112222' })
    .returning({ id: bank.id });
  await db.insert(openApp).values({
    tenantId: '000000',
    name: '财务对接',
    appKey: 'ak_arap_test',
    secretEnc: 'x',
    webhookUrl: 'https://example.invalid/hook',
    webhookEvents: 'collection.saved,payment.saved,invoice.recorded',
  });
  await reviewed(api, P.inStock, {
    warehouseId: c.wh.T1,
    partyId: c.party.GYS001,
    lines: [{ materialId: c.mat.WL0001, qty: '100000', unitPrice: '2000' }],
  });
}, 180_000);
afterAll(async () => {
  await c?.t.close();
});

const gen = (ids: string[]) => book(V.moneyGenerate.path, { method: 'POST', body: { ids } });
const lineOf = (v: { lines: { accountCode: string; debit: string; credit: string; auxNames: string[] }[] }) =>
  v.lines.map((l) => [l.accountCode, l.debit, l.credit, l.auxNames.join('')]);

describe('money vouchers', () => {
  it('a new book has the default money templates', async () => {
    const list = (await okGet(book, V.templateList.path)) as {
      docType: string;
      lines: { accountCode: string; side: string; amountSource: string; auxSource: string }[];
    }[];
    const pick = (k: string) =>
      list.find((t) => t.docType === k)?.lines.map((l) => [l.accountCode, l.side, l.amountSource, l.auxSource]);
    expect(pick('collection')).toEqual([
      ['1002', 'debit', 'netfee', 'none'],
      ['560303', 'debit', 'fee', 'none'],
      ['1122', 'credit', 'amount', 'party'],
    ]);
    expect(pick('payment')?.map((l) => l[0])).toEqual(['2202', '560303', '1002']);
    expect(pick('offset')).toEqual([
      ['2202', 'debit', 'amount', 'supplier'],
      ['1122', 'credit', 'amount', 'customer'],
    ]);
    // a money kind refuses a stock amount source
    await refused(
      book(V.templateSubmit.path, {
        method: 'POST',
        body: {
          name: '收款（错）',
          docType: 'collection',
          word: '记',
          summary: 's',
          lines: [
            { accountCode: '1002', side: 'debit', amountSource: 'gross' },
            { accountCode: '1122', side: 'credit', amountSource: 'amount', auxSource: 'party' },
          ],
        },
      }),
      400,
      '金额来源',
    );
  });

  it('a collection with a fee, a cash payment and an offset give balanced vouchers on the party', async () => {
    const sale = await reviewed(api, P.outStock, {
      warehouseId: c.wh.T1,
      partyId: partner,
      orderDate: openDay(4),
      lines: [{ materialId: c.mat.WL0001, qty: '1000', unitPrice: '3000' }],
    });
    const buy = await reviewed(api, P.inStock, {
      warehouseId: c.wh.T1,
      partyId: partner,
      orderDate: openDay(4),
      lines: [{ materialId: c.mat.WL0001, qty: '500', unitPrice: '2000' }],
    });
    expect([sale.totalAmount, buy.totalAmount]).toEqual(['3000.00', '1000.00']);
    const col = await okPost(api, E.cashCreate.path, {
      side: 'ar',
      partyId: partner,
      accountType: 'bank',
      bankId,
      method: 'transfer',
      cashDate: openDay(3),
      amount: '1200.00',
      fee: '2.50',
      auto: true,
    });
    const pay = await okPost(api, E.cashCreate.path, {
      side: 'ap',
      partyId: partner,
      accountType: 'cash',
      method: 'cash',
      cashDate: openDay(3),
      amount: '300.00',
      auto: true,
    });
    const off = await okPost(api, E.offset.path, { partyId: partner, transferDate: openDay(2), amount: '500.00' });
    const recs = (await okGet(book, V.moneyRecords.path, { period: thisMonth(), state: 'open' })) as {
      id: string;
      kind: string;
      orderNo: string;
    }[];
    expect(recs.map((r) => r.orderNo)).toEqual(expect.arrayContaining([col.orderNo, pay.orderNo, off.orderNo]));
    const vs = await okPost(book, V.moneyGenerate.path, { ids: [col.id, pay.id, off.id] });
    expect(vs).toHaveLength(3);
    const byRemark = (no: string) => vs.find((v: { remark: string }) => v.remark.endsWith(no));
    expect(lineOf(byRemark(col.orderNo))).toEqual([
      ['1002', '1197.50', '0.00', ''],
      ['560303', '2.50', '0.00', ''],
      ['1122', '0.00', '1200.00', expect.stringContaining('凭证伙伴')],
    ]);
    expect(lineOf(byRemark(pay.orderNo))).toEqual([
      ['2202', '300.00', '0.00', expect.stringContaining('凭证伙伴')],
      ['1001', '0.00', '300.00', ''],
    ]);
    expect(lineOf(byRemark(off.orderNo)).map((l) => l.slice(0, 3))).toEqual([
      ['2202', '500.00', '0.00'],
      ['1122', '0.00', '500.00'],
    ]);
    // linked both ways: the record lists its voucher, the voucher names the record
    const done = (await okGet(book, V.moneyRecords.path, { period: thisMonth(), state: 'done' })) as {
      id: string;
      voucherNo: string;
    }[];
    expect(done.find((r) => r.id === col.id)?.voucherNo).toBe(byRemark(col.orderNo).voucherNo);
    const detail = await okGet(api, E.cashDetail.path, { id: col.id });
    expect(detail.vouchers.map((v: { voucherNo: string }) => v.voucherNo)).toEqual([byRemark(col.orderNo).voucherNo]);
    // a second generation is refused; the record's void too while its voucher lives
    await refused(gen([col.id]), 400, '已生成凭证');
    await refused(api(E.cashVoid.path, { body: { id: col.id, reason: '录错' } }), 400, '请先删除或冲销凭证');
    await refused(api(E.transferVoid.path, { body: { id: off.id, reason: '录错' } }), 400, '请先删除或冲销凭证');
    // deleting the voucher frees the record: it is voided, and a voided record gets no voucher
    const del = await book(`${FIN}/voucher/remove`, { method: 'POST', query: { ids: byRemark(col.orderNo).id } });
    expect(del.status, JSON.stringify(del.body)).toBe(200);
    await okPost(api, E.cashVoid.path, { id: col.id, reason: '录错' });
    await refused(gen([col.id]), 400, '不是已审核状态');
  });

  it('a record dated in a closed period is refused', async () => {
    const old = await okPost(api, E.cashCreate.path, {
      side: 'ar',
      partyId: partner,
      accountType: 'cash',
      method: 'cash',
      cashDate: '2026-01-15',
      amount: '10.00',
    });
    await okPost(book, `${FIN}/period/close`, { period: '2026-01' });
    await refused(gen([old.id]), 400, '结账');
    await refused(gen(['999999999']), 400, '收付款单据不存在');
    await refused(book(V.moneyGenerate.path, { method: 'POST', body: { ids: [] } }), 400, '请选择收付款单据');
  });

  it('a saved collection and a recorded invoice are chained and queued for the webhook', async () => {
    const db = c.t.database.db;
    const col = await okPost(api, E.cashCreate.path, {
      side: 'ar',
      partyId: partner,
      accountType: 'cash',
      method: 'cash',
      cashDate: openDay(1),
      amount: '88.00',
    });
    const inv = await okPost(api, INV.save.path, {
      direction: 'out',
      invoiceNo: '26110000000088',
      invoiceDate: openDay(1),
      amount: '100.00',
      taxAmount: '13.00',
      taxAndAmount: '113.00',
      purchaserName: '凭证伙伴',
    });
    const chained = await rows<{ orderType: string; orderNo: string }>(
      db,
      sql`select order_type as "orderType", order_no as "orderNo" from izs_chain_tx
           where order_no in (${col.orderNo}, ${inv.invoiceNo}) order by id`,
    );
    expect(chained).toEqual([
      { orderType: 'collection', orderNo: col.orderNo },
      { orderType: 'invoice_out', orderNo: inv.invoiceNo },
    ]);
    const queued = await rows<{ event: string; payload: string }>(
      db,
      sql`select event, payload from izs_open_webhook where event in ('collection.saved', 'invoice.recorded') order by id`,
    );
    expect(queued.filter((q) => q.payload.includes(col.orderNo)).map((q) => q.event)).toEqual(['collection.saved']);
    expect(queued.filter((q) => q.payload.includes(inv.invoiceNo)).map((q) => q.event)).toEqual(['invoice.recorded']);
  });

  it('freight from logistics: createPayable for a carrier, paid and vouchered on the supplier dimension', async () => {
    const db = c.t.database.db;
    const [{ id: carrier }] = await db
      .insert(relatedParty)
      .values({ tenantId: '000000', code: 'WL-1', name: '顺达物流', type: 'logistics' })
      .returning({ id: relatedParty.id });
    const doc = await db.transaction((tx) =>
      createPayable(tx, {
        tenantId: '000000',
        deptId: c.depts['绿循再生资源有限公司'],
        userId: '1123598821738675201',
        partyId: carrier,
        sourceType: 'freight',
        sourceNo: 'YD202611230001',
        docDate: openDay(1),
        amount: '850.00',
        summary: '运费 YD202611230001',
        tz: 'Asia/Shanghai',
      }),
    );
    expect([doc.side, doc.sourceType, doc.state, doc.amount]).toEqual(['ap', 'freight', 'reviewed', '850.00']);
    const pay = await okPost(api, E.cashCreate.path, {
      side: 'ap',
      partyId: carrier,
      accountType: 'bank',
      bankId,
      method: 'transfer',
      cashDate: openDay(0),
      amount: '850.00',
      auto: true,
    });
    expect(pay.applied).toBe('850.00');
    const [v] = await okPost(book, V.moneyGenerate.path, { ids: [pay.id] });
    expect(lineOf(v)[0]).toEqual(['2202', '850.00', '0.00', expect.stringContaining('顺达物流')]);
  });
});
