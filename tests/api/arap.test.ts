// @vitest-environment node
/**
 * Receivables and payables (issue 11) through the real HTTP app: 应收单 / 应付单 written by stock reviews and
 * reversed by voids, 收款 with 核销 (oldest first, chosen, leftover 预收), every refusal with its figures, the
 * concurrent settlement race, refunds, offsets, the credit limit and the statement's closing balance.
 */
import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARAP_ENDPOINTS as E } from '../../core/contract/izs-finance-ar/arap.contract.ts';
import { INVOICE_ENDPOINTS as INV } from '../../core/contract/izs-finance-ar/invoice.contract.ts';
import { relatedParty } from '../../server/db/schema/index.ts';
import { formatDate } from '../../server/platform/time.ts';
import { demoBook, patchStockTemplates } from './arap-helpers.ts';
import { type Api, apiOf, bootStock, okPost, P, reviewed, revokeCodes, type StockCtx } from './stock-helpers.ts';

/** the business day: the stock documents are dated today, and a settlement is never dated before them */
const TODAY = formatDate(new Date(), process.env.TZ || 'Asia/Shanghai');
let c: StockCtx;
let api: Api;
let KH1: string;
let KH2: string;
beforeAll(async () => {
  c = await bootStock();
  api = apiOf(c);
  // parties of the test's own (the demo seed already has receivables for KH001 / KH002)
  const rows = await c.t.database.db
    .insert(relatedParty)
    .values([
      { tenantId: '000000', code: 'T-KH1', name: '测试客户甲', type: 'customer' },
      { tenantId: '000000', code: 'T-KH2', name: '测试伙伴乙', type: 'both' },
    ])
    .returning({ id: relatedParty.id, code: relatedParty.code });
  KH1 = rows[0].id;
  KH2 = rows[1].id;
  // the figures below are the documents' amounts: the demo book takes them as 价税合计 (arap-tax.test.ts covers
  // the default, tax on top)
  await patchStockTemplates(c, await demoBook(c), ['in_stock', 'out_stock', 'sale_return', 'purchase_return'], {
    amountIncludesTax: 1,
  });
  // stock to sell from
  await reviewed(api, P.inStock, {
    warehouseId: c.wh.T1,
    partyId: c.party.GYS001,
    lines: [{ materialId: c.mat.WL0001, qty: '100000', unitPrice: '2000' }],
  });
}, 180_000); // boots the demo app: over a minute on a busy 2-core machine
afterAll(async () => {
  await c?.t.close();
});

const get = async (path: string, query: Record<string, string | number | undefined>, token?: string) => {
  const r = await apiOf(c, token)(path, { method: 'GET', query });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data;
};
const refused = async (path: string, body: unknown, token?: string) => {
  const r = await apiOf(c, token)(path, { body });
  expect(r.status, JSON.stringify(r.body)).toBe(400);
  return String(r.body.msg);
};
/** Reviews an out-stock of `qty` kg at `price` 元/吨 to a customer; answers the stock document. */
const sell = (party: string, qty: string, price = '3000', token?: string) =>
  reviewed(apiOf(c, token), P.outStock, {
    warehouseId: c.wh.T1,
    partyId: party,
    lines: [{ materialId: c.mat.WL0001, qty, unitPrice: price }],
  });
const docsOf = async (side: 'ar' | 'ap', partyId: string) =>
  (await get(E.docPage.path, { side, partyId, size: 100 })).records as {
    id: string;
    sourceNo: string;
    amount: string;
    open: string;
    settled: string;
    state: string;
    settleState: string;
  }[];
const balanceOf = async (side: 'ar' | 'ap', partyId: string) =>
  ((await get(E.balances.path, { side, partyId })).rows[0] ?? {
    documents: '0.00',
    open: '0.00',
    unapplied: '0.00',
    balance: '0.00',
  }) as {
    documents: string;
    open: string;
    unapplied: string;
    balance: string;
  };

describe('receivables', () => {
  it('a reviewed out-stock writes its 应收单, a collection settles it oldest first, leftover stands as 预收', async () => {
    const out = await sell(KH1, '1000'); // 1 t × 3000 = 3000.00
    const docs = await docsOf('ar', KH1);
    const d = docs.find((x) => x.sourceNo === out.orderNo);
    expect(d).toMatchObject({
      amount: new Decimal(out.totalAmount).toFixed(2),
      open: '3000.00',
      settleState: 'open',
      state: 'reviewed',
    });
    const cash = await okPost(api, E.cashCreate.path, {
      side: 'ar',
      partyId: KH1,
      accountType: 'cash',
      method: 'cash',
      cashDate: TODAY,
      amount: '1000.50',
    });
    expect(cash).toMatchObject({ applied: '1000.50', unapplied: '0.00', kind: 'collection' });
    const after = (await docsOf('ar', KH1)).find((x) => x.id === d?.id);
    expect(after).toMatchObject({ settled: '1000.50', open: '1999.50', settleState: 'partial' });
    const over = await okPost(api, E.cashCreate.path, {
      side: 'ar',
      partyId: KH1,
      accountType: 'cash',
      method: 'wechat',
      cashDate: TODAY,
      amount: '2500',
    });
    expect(over).toMatchObject({ applied: '1999.50', unapplied: '500.50' });
    expect(await balanceOf('ar', KH1)).toMatchObject({
      open: '0.00',
      unapplied: '500.50',
      balance: '-500.50',
    });
    // the next sale is settled from the advance
    const out2 = await sell(KH1, '100'); // 300.00
    const d2 = (await docsOf('ar', KH1)).find((x) => x.sourceNo === out2.orderNo);
    const s = await okPost(api, E.cashSettle.path, { cashId: over.id });
    expect(s.unapplied).toBe('200.50');
    expect((await get(E.docDetail.path, { id: d2?.id })).settles).toHaveLength(1);
  });

  it('refuses settling more than the open amount or more than the collection holds, with the figures', async () => {
    const out = await sell(KH1, '200'); // 600.00
    const d = (await docsOf('ar', KH1)).find((x) => x.sourceNo === out.orderNo);
    const base = { side: 'ar', partyId: KH1, accountType: 'cash', method: 'cash', cashDate: TODAY };
    expect(
      await refused(E.cashCreate.path, { ...base, amount: '1000', lines: [{ docId: d?.id, amount: '600.01' }] }),
    ).toBe(
      `单据 ${d?.sourceNo ? (await get(E.docDetail.path, { id: d.id })).orderNo : ''} 未核销金额 600.00 元，不能核销 600.01 元`,
    );
    expect(await refused(E.cashCreate.path, { ...base, amount: '100', lines: [{ docId: d?.id, amount: '150' }] })).toBe(
      '核销合计 150.00 元超过收款单未核销金额 100.00 元',
    );
    // nothing was written by the refusals
    expect((await docsOf('ar', KH1)).find((x) => x.id === d?.id)?.open).toBe('600.00');
    expect(await refused(E.cashCreate.path, { ...base, amount: '0' })).toBe('金额必须大于0');
    expect(await refused(E.cashCreate.path, { ...base, amount: '1.001' })).toContain('最多2位小数');
    expect(await refused(E.cashCreate.path, { ...base, amount: '10', fee: '10' })).toBe('手续费必须小于金额');
    expect(await refused(E.cashCreate.path, { ...base, partyId: c.party.GYS001, amount: '10' })).toBe('客户不存在');
  });

  it('two clerks settling one document at once cannot over-settle it', async () => {
    const out = await sell(KH2, '50'); // 150.00
    const d = (await docsOf('ar', KH2)).find((x) => x.sourceNo === out.orderNo);
    const advance = () =>
      okPost(api, E.cashCreate.path, {
        side: 'ar',
        partyId: KH2,
        accountType: 'cash',
        method: 'cash',
        cashDate: TODAY,
        amount: '100',
        auto: false,
      });
    const [a, b] = [await advance(), await advance()];
    const results = await Promise.all(
      [a, b].map((x) => api(E.cashSettle.path, { body: { cashId: x.id, lines: [{ docId: d?.id, amount: '100' }] } })),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 400]);
    expect(results.find((r) => r.status === 400)?.body.msg).toContain('未核销金额 50.00 元，不能核销 100.00 元');
    const doc = await get(E.docDetail.path, { id: d?.id });
    expect([doc.settled, doc.open]).toEqual(['100.00', '50.00']);
  });

  it('a void of the source is refused while its 应收单 is settled; voiding the collection restores every settlement', async () => {
    const out = await sell(KH2, '10'); // 30.00
    const d = (await docsOf('ar', KH2)).find((x) => x.sourceNo === out.orderNo);
    const cash = await okPost(api, E.cashCreate.path, {
      side: 'ar',
      partyId: KH2,
      accountType: 'cash',
      method: 'cash',
      cashDate: TODAY,
      amount: '30',
      lines: [{ docId: d?.id, amount: '30' }],
    });
    const r = await api(`${P.outStock}/void`, { body: { id: out.id, reason: '开错' } });
    expect([r.status, r.body.msg]).toEqual([400, expect.stringContaining('已核销 30.00 元')]);
    await okPost(api, E.cashVoid.path, { id: cash.id, reason: '退回重录' });
    expect((await get(E.docDetail.path, { id: d?.id })).open).toBe('30.00');
    const again = await api(E.cashVoid.path, { body: { id: cash.id, reason: 'x' } });
    expect([again.status, again.body.msg]).toEqual([400, '收款单已作废']);
    await okPost(api, `${P.outStock}/void`, { id: out.id, reason: '开错' });
    expect((await get(E.docDetail.path, { id: d?.id })).state).toBe('voided');
  });

  it('refunds take only unapplied money; offsets at most the smaller open side', async () => {
    const bal = await balanceOf('ar', KH1);
    const more = new Decimal(bal.unapplied).plus('0.01').toFixed(2);
    const base = { side: 'ar', partyId: KH1, accountType: 'cash', method: 'cash', cashDate: TODAY };
    expect(await refused(E.refund.path, { ...base, amount: more })).toBe(
      `可退金额（未核销的预收/预付）${bal.unapplied} 元，不能退 ${more} 元`,
    );
    const refund = await okPost(api, E.refund.path, { ...base, amount: '0.50' });
    expect(refund.kind).toBe('refund');
    expect((await balanceOf('ar', KH1)).balance).toBe(new Decimal(bal.balance).plus('0.50').toFixed(2));

    // KH002 is customer and supplier: a purchase from it makes a 应付单
    await reviewed(api, P.inStock, {
      warehouseId: c.wh.T1,
      partyId: KH2,
      lines: [{ materialId: c.mat.WL0001, qty: '10', unitPrice: '2000' }],
    }); // 20.00
    const ar = await balanceOf('ar', KH2);
    const ap = await balanceOf('ap', KH2);
    const max = Decimal.min(ar.open, ap.open).toFixed(2);
    const too = new Decimal(max).plus('0.01').toFixed(2);
    expect(await refused(E.offset.path, { partyId: KH2, transferDate: TODAY, amount: too })).toBe(
      `未核销应收 ${ar.open} 元、应付 ${ap.open} 元，最多对冲 ${max} 元，不能对冲 ${too} 元`,
    );
    const off = await okPost(api, E.offset.path, { partyId: KH2, transferDate: TODAY, amount: '20' });
    expect((await balanceOf('ap', KH2)).open).toBe('0.00');
    expect((await balanceOf('ar', KH2)).open).toBe(new Decimal(ar.open).minus(20).toFixed(2));
    await okPost(api, E.transferVoid.path, { id: off.id, reason: '撤销' });
    expect((await balanceOf('ap', KH2)).open).toBe('20.00');
  });

  it('a customer over its credit limit: refused with the figures without the button, allowed with it', async () => {
    await okPost(api, E.creditSave.path, { partyId: KH1, creditLimit: '1000', paymentDays: 30 });
    const bal = await balanceOf('ar', KH1);
    const d = await okPost(api, `${P.outStock}/submit`, {
      warehouseId: c.wh.T1,
      partyId: KH1,
      lines: [{ materialId: c.mat.WL0001, qty: '500', unitPrice: '3000' }],
    }); // 1500.00
    await okPost(api, `${P.outStock}/submit-review`, { id: d.id });
    const giveBack = await revokeCodes(c, 'admin', ['supply_chain_sale_out_stock_credit']);
    const r = await apiOf(c, c.manager)(`${P.outStock}/review`, { body: { id: d.id } });
    await giveBack();
    const after = new Decimal(bal.balance).plus(1500);
    expect([r.status, r.body.msg]).toEqual([
      400,
      `客户信用额度 1000.00 元，当前欠款 ${bal.balance} 元，本单 1500.00 元，审核后欠款 ${after.toFixed(2)} 元，超出 ${after.minus(1000).toFixed(2)} 元，需要「信用超额审核」权限`,
    ]);
    // with the button (管理员 holds it) the review goes through
    await okPost(apiOf(c, c.manager), `${P.outStock}/review`, { id: d.id });
    const doc = (await docsOf('ar', KH1)).find((x) => x.sourceNo === d.orderNo) as unknown as {
      dueDate: string;
      docDate: string;
    };
    expect(doc.dueDate > doc.docDate).toBe(true);
  });

  it('the statement closes at the open balance, and its lines add up', async () => {
    const st = await get(E.statement.path, {
      side: 'ar',
      partyId: KH1,
      beginDate: '2000-01-01',
      endDate: '2099-12-31',
    });
    const bal = await balanceOf('ar', KH1);
    expect(st.closing).toBe(bal.balance);
    expect(new Decimal(st.opening).plus(st.totalDebit).minus(st.totalCredit).toFixed(2)).toBe(st.closing);
    expect(st.lines.at(-1).balance).toBe(st.closing);
    expect(st.closingCapital).toMatch(/元/);
    const later = await get(E.statement.path, {
      side: 'ar',
      partyId: KH1,
      beginDate: '2099-01-01',
      endDate: '2099-12-31',
    });
    expect([later.opening, later.closing, later.lines.length]).toEqual([bal.balance, bal.balance, 0]);
  });

  it('invoices: linked to documents with the uninvoiced amount; duplicates and over-invoicing refused', async () => {
    const out = await sell(KH1, '1000', '2260'); // 2260.00
    const inv = {
      direction: 'out',
      invoiceNo: '26332000000111122223',
      invoiceType: 'special',
      invoiceDate: TODAY,
      amount: '2000.00',
      taxAmount: '260.00',
      taxAndAmount: '2260.00',
      purchaserName: '测试客户甲',
    };
    expect(await refused(INV.save.path, { ...inv, links: [{ orderId: out.id, amount: '2260.01' }] })).toBe(
      `单据 ${out.orderNo} 未开票金额 2260.00 元，不能开票 2260.01 元`,
    );
    expect(await refused(INV.save.path, { ...inv, taxAmount: '261' })).toBe(
      '价税合计 2260.00 应等于金额 2000.00 + 税额 261.00',
    );
    const saved = await okPost(api, INV.save.path, { ...inv, links: [{ orderId: out.id, amount: '1000' }] });
    expect(saved.orderNos).toBe(out.orderNo);
    expect(await refused(INV.save.path, { ...inv, links: [] })).toBe('发票 26332000000111122223 已登记，不能重复录入');
    const match = (await get(INV.match.path, { direction: 'out' })) as {
      orderNo: string;
      goods: string;
      invoiced: string;
      uninvoiced: string;
    }[];
    expect(match.find((m) => m.orderNo === out.orderNo)).toMatchObject({
      goods: '2260.00',
      invoiced: '1000.00',
      uninvoiced: '1260.00',
    });
    expect(await refused(INV.save.path, { ...inv, invoiceDate: '2026年11月25日' })).toBe('开票日期格式应为yyyy-MM-dd');
  });
});
