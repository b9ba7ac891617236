// @vitest-environment node
/**
 * Dates and periods of the money area (issue 21) through the real HTTP app:
 * - every dated money write (收款, 付款, 退款, 对冲, 资金调拨, manual 应收单 / 应付单 and their review, 预收冲应收,
 *   进项 / 销项 invoices, 金单 兑付, 融资放款 / 还款) is refused in a closed period of the department's book, naming the
 *   period;
 * - a settlement is never dated before what it settles: a chosen later 应收单 is refused by name, oldest first takes
 *   only documents dated on or before the settlement, 预收冲应收 is dated and refused before its 收款单;
 * - balance/list?asOf= and the 对账单 cut off documents and settlements after that day.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARAP_ENDPOINTS as E } from '../../core/contract/izs-finance-ar/arap.contract.ts';
import { INVOICE_ENDPOINTS as INV } from '../../core/contract/izs-finance-ar/invoice.contract.ts';
import { accountSet, goldCert, relatedParty } from '../../server/db/schema/index.ts';
import { formatDate } from '../../server/platform/time.ts';
import { demoBook } from './arap-helpers.ts';
import { lastDay } from './dates.ts';
import { type Api, apiOf, bootStock, okPost, P, reviewed, type StockCtx } from './stock-helpers.ts';

let c: StockCtx;
let api: Api;
let CUS: string; // a customer of the test's own
let BOTH: string; // customer and supplier
let closed = ''; // the closed period, yyyy-MM
let open = ''; // an open period after it, yyyy-MM
const SCF = '/api/izs-scf';

const nextPeriod = (p: string) => {
  const [y, m] = p.split('-').map(Number);
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
};
const label = (p: string) => `「${p.slice(0, 4)}年${Number(p.slice(5))}月」已结账，不能在此期间`;

beforeAll(async () => {
  c = await bootStock();
  api = apiOf(c);
  const rows = await c.t.database.db
    .insert(relatedParty)
    .values([
      { tenantId: '000000', code: 'P-KH1', name: '期间测试客户', type: 'customer' },
      { tenantId: '000000', code: 'P-KH2', name: '期间测试伙伴', type: 'both' },
      { tenantId: '000000', code: 'P-ISS', name: '期间测试出票方', type: 'customer' },
    ])
    .returning({ id: relatedParty.id });
  CUS = rows[0].id;
  BOTH = rows[1].id;
  const book = await demoBook(c);
  const [b] = await c.t.database.db
    .select({ start: accountSet.startPeriod })
    .from(accountSet)
    .where(eq(accountSet.id, book.id));
  closed = b.start;
  open = nextPeriod(closed);
}, 600_000);
afterAll(async () => {
  await c?.t.close();
});

const refused = async (path: string, body: unknown) => {
  const r = await api(path, { body });
  expect(r.status, JSON.stringify(r.body)).toBe(400);
  return String(r.body.msg);
};
const get = async (path: string, query: Record<string, string | undefined>) => {
  const r = await api(path, { method: 'GET', query });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data;
};
const collection = (partyId: string, cashDate: string, amount: string, more: Record<string, unknown> = {}) => ({
  side: 'ar',
  partyId,
  accountType: 'cash',
  method: 'cash',
  cashDate,
  amount,
  ...more,
});
/** A reviewed manual 应收单 of `amount` dated `docDate`. */
const receivable = async (partyId: string, docDate: string, amount: string) => {
  const d = await okPost(api, E.docManual.path, { side: 'ar', partyId, docDate, amount, summary: '期间测试' });
  return okPost(api, E.docReview.path, { id: d.id });
};
const closeBook = async (through: string) => {
  const book = await demoBook(c);
  await c.t.database.db.update(accountSet).set({ closedThrough: through }).where(eq(accountSet.id, book.id));
};

describe('a closed period of the department book refuses every dated money write', () => {
  let draftId = '';
  let advanceId = '';
  let certId = '';
  let financeId = '';
  let providerId = '';
  let stockDraftId = '';
  let stockReviewedId = '';
  beforeAll(async () => {
    // written while the period was still open (the demo book comes closed through its start month: reopened
    // here): a draft 应收单, an advance, a 金单 due in it, a financing
    await closeBook('');
    draftId = (
      await okPost(api, E.docManual.path, {
        side: 'ar',
        partyId: CUS,
        docDate: `${closed}-20`,
        amount: '100',
        summary: '结账前的草稿',
      })
    ).id;
    advanceId = (await okPost(api, E.cashCreate.path, collection(CUS, `${closed}-05`, '500'))).id;
    // a purchase in-stock dated in the month: one left a draft, one reviewed (it writes its 应付单 that day)
    const inStock = { warehouseId: c.wh.T1, partyId: c.party.GYS001, orderDate: `${closed}-18` };
    const line = { materialId: c.mat.WL0001, qty: '1000', unitPrice: '2' };
    stockDraftId = (await okPost(api, `${P.inStock}/submit`, { ...inStock, lines: [line] })).id;
    stockReviewedId = (await reviewed(api, P.inStock, { ...inStock, lines: [line] })).id;
    certId = (
      await okPost(api, `${SCF}/gold-cert/issue`, {
        issuerName: '期间测试出票方',
        face: '1000.00',
        issueDate: `${closed}-01`,
        maturityDate: `${closed}-25`,
        payableRef: '期间测试',
      })
    ).id;
    const provider = await okPost(api, `${SCF}/fund-provider/submit`, {
      name: '期间测试银行',
      kind: 'bank',
      creditLine: '100000',
      annualRate: '4',
      pledgeRatio: '70',
    });
    providerId = provider.id;
    financeId = (
      await okPost(api, `${SCF}/finance-contract/create`, {
        providerId,
        kind: 'receivable',
        principal: '1000',
        annualRate: '4',
        startDate: `${closed}-02`,
        termDays: 90,
      })
    ).id;
    await closeBook(closed);
  });

  it('收款, 付款, 退款 dated in the closed month: 400 naming the period; the same in the open month is accepted', async () => {
    const msg = label(closed);
    expect(await refused(E.cashCreate.path, collection(CUS, `${closed}-15`, '10'))).toBe(`${msg}登记收款`);
    expect(await refused(E.cashCreate.path, { ...collection(BOTH, lastDay(closed), '10'), side: 'ap' })).toBe(
      `${msg}登记付款`,
    );
    expect(await refused(E.refund.path, collection(CUS, `${closed}-15`, '10'))).toBe(`${msg}登记退款`);
    // nothing was written
    const page = await get(E.cashPage.path, { side: 'ar', partyId: CUS });
    expect(page.total).toBe(1);
    await okPost(api, E.cashCreate.path, collection(CUS, `${open}-01`, '10', { auto: false }));
  });

  it('对冲, 资金调拨, manual 应收单 / 应付单 and the review of a draft dated in the closed month are refused', async () => {
    const msg = label(closed);
    expect(await refused(E.offset.path, { partyId: BOTH, transferDate: `${closed}-10`, amount: '1', remark: '' })).toBe(
      `${msg}登记应收应付对冲`,
    );
    expect(
      await refused(E.transferCreate.path, {
        fromAccount: '现金',
        toAccount: '银行',
        transferDate: `${closed}-10`,
        amount: '1',
      }),
    ).toBe(`${msg}登记资金调拨`);
    for (const side of ['ar', 'ap'] as const) {
      expect(
        await refused(E.docManual.path, {
          side,
          partyId: BOTH,
          docDate: `${closed}-10`,
          amount: '1',
          summary: 'x',
        }),
      ).toBe(`${msg}登记${side === 'ar' ? '应收单' : '应付单'}`);
    }
    expect(await refused(E.docReview.path, { id: draftId })).toBe(`${msg}审核应收单`);
  });

  it('a stock document dated in the closed month is neither reviewed nor voided: its stock and 应付单 stay out', async () => {
    const msg = label(closed);
    await okPost(api, `${P.inStock}/submit-review`, { id: stockDraftId });
    expect(await refused(`${P.inStock}/review`, { id: stockDraftId })).toBe(`${msg}审核入库单`);
    expect(await refused(`${P.inStock}/void`, { id: stockReviewedId, reason: '期间测试' })).toBe(`${msg}作废入库单`);
  });

  it('预收冲应收 takes a date: refused in the closed month, accepted in the open one', async () => {
    const d = await receivable(CUS, `${open}-01`, '200');
    expect(await refused(E.cashSettle.path, { cashId: advanceId, settleDate: `${closed}-28` })).toBe(
      `${label(closed)}核销预收款`,
    );
    const s = await okPost(api, E.cashSettle.path, { cashId: advanceId, settleDate: `${open}-01` });
    expect(s.applied).toBe('200.00');
    const detail = await get(E.docDetail.path, { id: d.id });
    expect(detail.settles.map((x: { settleDate: string }) => x.settleDate)).toEqual([`${open}-01`]);
  });

  it('进项 / 销项 invoices, 金单 兑付, 融资放款 and 还款 dated in the closed month are refused', async () => {
    const msg = label(closed);
    const inv = {
      invoiceNo: '26332000000999900001',
      invoiceType: 'normal',
      invoiceDate: `${closed}-12`,
      amount: '100.00',
      taxAmount: '13.00',
      taxAndAmount: '113.00',
    };
    expect(await refused(INV.save.path, { ...inv, direction: 'out' })).toBe(`${msg}登记销项发票`);
    expect(await refused(INV.save.path, { ...inv, direction: 'in' })).toBe(`${msg}登记进项发票`);
    expect(await refused(`${SCF}/gold-cert/settle`, { id: certId, settleDate: `${closed}-25` })).toBe(`${msg}兑付金单`);
    const [cert] = await c.t.database.db.select().from(goldCert).where(eq(goldCert.id, certId));
    expect(cert.status).toBe('holding');
    expect(
      await refused(`${SCF}/finance-contract/repay`, { id: financeId, repayDate: `${closed}-20`, principal: '1' }),
    ).toBe(`${msg}登记融资还款`);
    expect(
      await refused(`${SCF}/finance-contract/create`, {
        providerId,
        kind: 'receivable',
        principal: '1',
        annualRate: '4',
        startDate: `${closed}-03`,
        termDays: 30,
      }),
    ).toBe(`${msg}登记融资放款`);
    // in the open month the 金单 settles
    await okPost(api, `${SCF}/gold-cert/settle`, { id: certId, settleDate: `${open}-01` });
  });
});

describe('a void leaves its period: dated today, refused while that period is closed', () => {
  let KH = '';
  let cashId = '';
  let transferId = '';
  let docId = '';
  beforeAll(async () => {
    const [p] = await c.t.database.db
      .insert(relatedParty)
      .values({ tenantId: '000000', code: 'P-KH6', name: '作废测试客户', type: 'customer' })
      .returning({ id: relatedParty.id });
    KH = p.id;
    await closeBook('');
    docId = (await receivable(KH, `${closed}-21`, '300')).id;
    cashId = (await okPost(api, E.cashCreate.path, collection(KH, `${closed}-22`, '100'))).id; // settles 100 of it
    transferId = (
      await okPost(api, E.transferCreate.path, {
        fromAccount: '现金',
        toAccount: '银行',
        transferDate: `${closed}-23`,
        amount: '5',
      })
    ).id;
    await closeBook(closed);
  });

  it('收款单 (with its 核销) and 资金调拨 dated in the closed month: the void is refused naming the period', async () => {
    const msg = label(closed);
    expect(await refused(E.cashVoid.path, { id: cashId, reason: '录错' })).toBe(`${msg}作废收款单`);
    expect(await refused(E.transferVoid.path, { id: transferId, reason: '录错' })).toBe(`${msg}作废资金调拨`);
    await okPost(api, E.cashCreate.path, collection(KH, `${open}-01`, '200')); // settles the rest: 0 open
    const settled = await get(E.docDetail.path, { id: docId });
    expect(settled.settled).toBe('300.00');
    // nothing moved: the collection stands with its 核销
    const cash = await get(E.cashDetail.path, { id: cashId });
    expect([cash.state, cash.applied]).toEqual(['reviewed', '100.00']);
  });

  it('a manual 应收单 dated in the closed month is not voided either (once nothing settles it)', async () => {
    const [p] = await c.t.database.db
      .insert(relatedParty)
      .values({ tenantId: '000000', code: 'P-KH7', name: '作废测试客户二', type: 'customer' })
      .returning({ id: relatedParty.id });
    await closeBook('');
    const d = await receivable(p.id, `${closed}-24`, '80');
    await closeBook(closed);
    expect(await refused(E.docVoid.path, { id: d.id, reason: '录错' })).toBe(`${label(closed)}作废应收单`);
    expect((await get(E.docDetail.path, { id: d.id })).state).toBe('reviewed');
  });

  it('in an open month the void goes through; its reversing 核销 lines are dated today', async () => {
    const [p] = await c.t.database.db
      .insert(relatedParty)
      .values({ tenantId: '000000', code: 'P-KH8', name: '作废测试客户三', type: 'customer' })
      .returning({ id: relatedParty.id });
    const d = await receivable(p.id, `${open}-03`, '60');
    const cash = await okPost(api, E.cashCreate.path, collection(p.id, `${open}-04`, '60'));
    await okPost(api, E.cashVoid.path, { id: cash.id, reason: '录错' });
    const detail = await get(E.docDetail.path, { id: d.id });
    const today = formatDate(new Date(), process.env.TZ || 'Asia/Shanghai');
    expect(detail.settled).toBe('0.00');
    expect(detail.settles.map((x: { settleDate: string; amount: string }) => [x.settleDate, x.amount])).toEqual([
      [`${open}-04`, '60.00'],
      [today, '-60.00'],
    ]);
  });
});

describe('a settlement is never dated before the documents it settles', () => {
  let KH = '';
  beforeAll(async () => {
    const [p] = await c.t.database.db
      .insert(relatedParty)
      .values({ tenantId: '000000', code: 'P-KH3', name: '日期测试客户', type: 'customer' })
      .returning({ id: relatedParty.id });
    KH = p.id;
  });

  it('a chosen 应收单 dated after the 收款单 is refused by name; oldest first leaves it open', async () => {
    const later = await receivable(KH, `${open}-10`, '300');
    expect(
      await refused(
        E.cashCreate.path,
        collection(KH, `${open}-05`, '300', { lines: [{ docId: later.id, amount: '300' }] }),
      ),
    ).toBe(`应收单 ${later.orderNo} 的日期 ${open}-10 晚于核销日期 ${open}-05，不能用此收款单核销`);
    const auto = await okPost(api, E.cashCreate.path, collection(KH, `${open}-05`, '300'));
    expect(auto).toMatchObject({ applied: '0.00', unapplied: '300.00' });
    expect((await get(E.docDetail.path, { id: later.id })).settled).toBe('0.00');
    // 预收冲应收 dated before the document or before the 收款单 is refused; on the document's day it settles
    expect(await refused(E.cashSettle.path, { cashId: auto.id, settleDate: `${open}-04` })).toBe(
      `核销日期 ${open}-04 早于收款单 ${auto.orderNo} 的日期 ${open}-05，不能核销`,
    );
    expect(
      await refused(E.cashSettle.path, {
        cashId: auto.id,
        settleDate: `${open}-09`,
        lines: [{ docId: later.id, amount: '300' }],
      }),
    ).toBe(`应收单 ${later.orderNo} 的日期 ${open}-10 晚于核销日期 ${open}-09，不能用此收款单核销`);
    const early = await okPost(api, E.cashSettle.path, { cashId: auto.id, settleDate: `${open}-09` });
    expect(early.applied).toBe('0.00');
    const s = await okPost(api, E.cashSettle.path, { cashId: auto.id, settleDate: `${open}-10` });
    expect(s).toMatchObject({ applied: '300.00', unapplied: '0.00' });
  });

  it('oldest first takes only the documents dated on or before the collection', async () => {
    const [p] = await c.t.database.db
      .insert(relatedParty)
      .values({ tenantId: '000000', code: 'P-KH4', name: '日期测试客户二', type: 'customer' })
      .returning({ id: relatedParty.id });
    const first = await receivable(p.id, `${open}-02`, '100');
    const second = await receivable(p.id, `${open}-20`, '100');
    const cash = await okPost(api, E.cashCreate.path, collection(p.id, `${open}-15`, '150'));
    expect(cash).toMatchObject({ applied: '100.00', unapplied: '50.00' });
    expect((await get(E.docDetail.path, { id: first.id })).settled).toBe('100.00');
    expect((await get(E.docDetail.path, { id: second.id })).settled).toBe('0.00');
  });
});

describe('asOf cuts off later documents and settlements', () => {
  let KH = '';
  beforeAll(async () => {
    const [p] = await c.t.database.db
      .insert(relatedParty)
      .values({ tenantId: '000000', code: 'P-KH5', name: '截止日测试客户', type: 'customer' })
      .returning({ id: relatedParty.id });
    KH = p.id;
    await receivable(KH, `${open}-03`, '1000'); // day 3: 1000 owed
    await okPost(api, E.cashCreate.path, collection(KH, `${open}-06`, '400')); // day 6: 400 collected, settles it
    await receivable(KH, `${open}-09`, '250'); // day 9: 250 more
  });
  const row = async (asOf?: string) =>
    (await get(E.balances.path, { side: 'ar', partyId: KH, asOf })).rows[0] as Record<string, unknown> | undefined;

  it('balance/list?asOf= answers the balance and the aging as they stood that day', async () => {
    expect(await row(`${open}-02`)).toBeUndefined();
    expect(await row(`${open}-05`)).toMatchObject({
      documents: '1000.00',
      settled: '0.00',
      open: '1000.00',
      unapplied: '0.00',
      balance: '1000.00',
    });
    const day6 = await row(`${open}-06`);
    expect(day6).toMatchObject({ documents: '1000.00', settled: '400.00', open: '600.00', balance: '600.00' });
    expect(day6?.aging).toMatchObject({ d0_30: '600.00', total: '600.00' });
    expect(await row(`${open}-09`)).toMatchObject({ documents: '1250.00', open: '850.00', balance: '850.00' });
    expect(await row()).toMatchObject({ documents: '1250.00', open: '850.00', balance: '850.00' });
  });

  it('a 收款单 beyond the open documents stands as 预收 only from its own day on', async () => {
    await okPost(api, E.cashCreate.path, collection(KH, `${open}-12`, '1000')); // settles 850, 150 预收
    expect(await row(`${open}-11`)).toMatchObject({ unapplied: '0.00', balance: '850.00' });
    expect(await row(`${open}-12`)).toMatchObject({ open: '0.00', unapplied: '150.00', balance: '-150.00' });
    // the 对账单 ends at its end date: later documents, money and 预收 left out
    const s = await get(E.statement.path, { side: 'ar', partyId: KH, beginDate: `${open}-01`, endDate: `${open}-11` });
    expect([s.opening, s.closing, s.lines.length, s.unapplied]).toEqual(['0.00', '850.00', 3, '0.00']);
    const early = await get(E.statement.path, {
      side: 'ar',
      partyId: KH,
      beginDate: `${open}-01`,
      endDate: `${open}-05`,
    });
    expect([early.closing, early.lines.length, early.unapplied]).toEqual(['1000.00', 1, '0.00']);
  });
});
