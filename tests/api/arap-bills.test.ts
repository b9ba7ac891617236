// @vitest-environment node
/**
 * 承兑汇票 ↔ 票据管理 (issue 11): a 收款单 by 承兑汇票 writes its receivable bill in 票据管理 (the company's book) in
 * the same transaction, linked both ways; a 付款单 endorses a held bill (refused unless held and of the same amount)
 * or issues a payable bill; voids reverse them, refused once the bill has moved on; an endorsing payment's voucher
 * gives away 应收票据.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ARAP_ENDPOINTS as E } from '../../core/contract/izs-finance-ar/arap.contract.ts';
import { BILL_PATHS } from '../../core/contract/izs-financing/bills.contract.ts';
import { BIZ_VOUCHER as V } from '../../core/contract/izs-financing/business-voucher.contract.ts';
import { bank, finBill, voucherLine } from '../../server/db/schema/index.ts';
import { demoBook } from './arap-helpers.ts';
import { addDays, openDay, thisMonth, todayStr } from './dates.ts';
import { apiFor } from './finance-helpers.ts';
import { type Api, apiOf, bootStock, okPost, type StockCtx } from './stock-helpers.ts';

let c: StockCtx;
let api: Api;
let bankId: string;
beforeAll(async () => {
  c = await bootStock();
  api = apiOf(c);
  [{ id: bankId }] = await c.t.database.db.select({ id: bank.id }).from(bank).limit(1);
}, 180_000); // boots the demo app (seeds it when the file runs first): over a minute on a busy machine
afterAll(async () => {
  await c?.t.close();
});

// dates of the open month, on or before today (tests/api/dates.ts): the bill is issued on the 1st, the collection
// takes it, the payment endorses it and 票据管理 collects it in that order
const BILL = {
  billNo: '531000002026112000017',
  billKind: 'bank',
  drawer: '宁波钢铁有限公司',
  acceptor: '中国工商银行宁波分行',
  issueDate: `${thisMonth()}-01`,
  dueDate: addDays(todayStr(), 150),
};
const collection = (bill: Record<string, unknown> | undefined, amount = '30000') => ({
  side: 'ar',
  partyId: c.party.KH001,
  accountType: 'bank',
  bankId,
  method: 'bill',
  cashDate: openDay(2),
  amount,
  auto: false,
  bill,
});
const payment = (bill: Record<string, unknown>, amount = '30000') => ({
  side: 'ap',
  partyId: c.party.GYS001,
  accountType: 'bank',
  bankId,
  method: 'bill',
  cashDate: openDay(1),
  amount,
  auto: false,
  bill,
});
const detail = async (id: string) => (await api(E.cashDetail.path, { method: 'GET', query: { id } })).body.data;
const refused = async (path: string, body: unknown) => {
  const r = await api(path, { body });
  expect(r.status, JSON.stringify(r.body)).toBe(400);
  return String(r.body.msg);
};
const billRow = async (billNo: string, direction = 'receivable') =>
  (
    await c.t.database.db
      .select()
      .from(finBill)
      .where(and(eq(finBill.billNo, billNo), eq(finBill.direction, direction)))
  ).at(-1);

it('a collection by 承兑汇票 asks for the bill and records it in 票据管理, linked both ways', async () => {
  const body = collection(undefined);
  expect(await refused(E.cashCreate.path, body)).toBe('请填写票据号码');
  expect(await refused(E.cashCreate.path, { ...body, bill: { ...BILL, drawer: '' } })).toBe('请填写出票人');
  expect(await refused(E.cashCreate.path, { ...body, bill: { ...BILL, dueDate: addDays(BILL.issueDate, -30) } })).toBe(
    '到期日应晚于出票日',
  );
  const cash = await okPost(api, E.cashCreate.path, { ...body, bill: BILL });
  expect(cash).toMatchObject({ method: 'bill', billNo: BILL.billNo, billMode: 'receive' });
  const d = await detail(cash.id);
  expect(d.bill).toMatchObject({
    mode: 'receive',
    billNo: BILL.billNo,
    direction: 'receivable',
    state: 'held',
    amount: '30000.00',
    drawer: BILL.drawer,
    acceptor: BILL.acceptor,
    dueDate: BILL.dueDate,
    cashNo: cash.orderNo,
  });
  const row = await billRow(BILL.billNo);
  expect(row).toMatchObject({ cashId: cash.id, cashNo: cash.orderNo, state: 'held', amount: '30000.00' });
  expect(row?.accountSetId).toBe((await demoBook(c)).id);
  // the same bill number twice is refused, nothing written
  expect(await refused(E.cashCreate.path, { ...body, bill: BILL })).toBe(`票据号码「${BILL.billNo}」已存在`);
  // held bills to endorse
  const held = (await api(E.heldBills.path, { method: 'GET' })).body.data as { id: string; billNo: string }[];
  expect(held.map((b) => b.billNo)).toContain(BILL.billNo);
});

it('a payment endorses a held bill (same amount only); voids undo it, refused once the bill moved on', async () => {
  const bill = await billRow(BILL.billNo);
  const collectionId = String(bill?.cashId);
  expect(await refused(E.cashCreate.path, payment({ mode: 'endorse', billId: bill?.id }, '29999.99'))).toBe(
    `票据 ${BILL.billNo} 票面金额 30000.00 元与付款金额 29999.99 元不一致`,
  );
  expect(await refused(E.cashCreate.path, payment({ mode: 'endorse' }))).toBe('请选择要背书转让的应收票据');
  const pay = await okPost(api, E.cashCreate.path, payment({ mode: 'endorse', billId: bill?.id }));
  expect((await detail(pay.id)).bill).toMatchObject({ mode: 'endorse', state: 'endorsed', billNo: BILL.billNo });
  expect((await billRow(BILL.billNo))?.state).toBe('endorsed');
  // not held any more: a second endorsement and the collection's void are refused
  expect(await refused(E.cashCreate.path, payment({ mode: 'endorse', billId: bill?.id }))).toBe(
    `票据 ${BILL.billNo} 当前状态为「已背书」，不是持有中的票据，不能背书转让`,
  );
  expect(await refused(E.cashVoid.path, { id: collectionId, reason: '录错' })).toContain(
    `票据 ${BILL.billNo} 已背书转让（当前「已背书」），不能作废收款单`,
  );
  // the payment's void undoes the endorsement; then the collection's void voids the bill
  await okPost(api, E.cashVoid.path, { id: pay.id, reason: '录错' });
  expect((await billRow(BILL.billNo))?.state).toBe('held');
  await okPost(api, E.cashVoid.path, { id: collectionId, reason: '录错' });
  expect((await billRow(BILL.billNo))?.isDeleted).toBe(1);
  expect((await detail(collectionId)).bill).toMatchObject({ state: 'voided', stateName: '已作废' });
});

it('a bill collected in 票据管理 keeps its collection from being voided; a payment can issue a payable bill', async () => {
  const book = await demoBook(c);
  const fin = apiFor(c, c.admin, book.deptId, book.id);
  const cash = await okPost(api, E.cashCreate.path, collection({ ...BILL, billNo: 'B-COLLECT-1' }, '5000'));
  const bill = await billRow('B-COLLECT-1');
  const r = await fin(BILL_PATHS.action, {
    method: 'POST',
    body: { id: bill?.id, action: 'collect', date: todayStr() },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  expect(await refused(E.cashVoid.path, { id: cash.id, reason: 'x' })).toContain('已到期兑付');
  const pay = await okPost(api, E.cashCreate.path, payment({ ...BILL, billNo: 'B-ISSUE-1', drawer: '' }, '8000'));
  const issued = await billRow('B-ISSUE-1', 'payable');
  expect(issued).toMatchObject({ state: 'outstanding', cashNo: pay.orderNo, amount: '8000.00' });
  await okPost(api, E.cashVoid.path, { id: pay.id, reason: '开错' });
  expect((await billRow('B-ISSUE-1', 'payable'))?.isDeleted).toBe(1);
});

it("an endorsing payment's voucher credits 应收票据, a collection's debits it", async () => {
  const book = await demoBook(c);
  const fin = apiFor(c, c.admin, book.deptId, book.id);
  const got = await okPost(api, E.cashCreate.path, collection({ ...BILL, billNo: 'B-V-1' }, '1200'));
  const bill = await billRow('B-V-1');
  const pay = await okPost(api, E.cashCreate.path, payment({ mode: 'endorse', billId: bill?.id }, '1200'));
  const r = await fin(V.moneyGenerate.path, { method: 'POST', body: { ids: [got.id, pay.id] } });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  const lines = await c.t.database.db
    .select({
      voucherId: voucherLine.voucherId,
      code: voucherLine.accountCode,
      debit: voucherLine.debit,
      credit: voucherLine.credit,
    })
    .from(voucherLine)
    .where(eq(voucherLine.accountSetId, book.id));
  const [vGot, vPay] = (r.body.data as { id: string }[]).map((v) => lines.filter((l) => l.voucherId === v.id));
  expect(vGot.find((l) => l.code.startsWith('1121'))?.debit).toBe('1200.00');
  expect(vPay.find((l) => l.code.startsWith('1121'))?.credit).toBe('1200.00');
  expect(vPay.some((l) => l.code.startsWith('2201'))).toBe(false);
});
