/**
 * The shared pieces of 票据管理 (bills.ts, bill-actions.ts, bill-reads.ts): names, the accounts found by name in the
 * book's chart, the receive / issue voucher lines, the events of a bill, the lock and the answer after an action.
 */
import { and, desc, eq } from 'drizzle-orm';
import { dec } from '../../../core/accounting/index.ts';
import type { billStateSchema } from '../../../core/contract/izs-financing/bill.contract.ts';
import { BILL_ACTIONS, BILL_STATES } from '../../../core/contract/izs-financing/bills.contract.ts';
import { moneyFixed } from '../../../core/format/amounts.ts';
import type { Executor, Tx } from '../../db/client.ts';
import { finBill, finBillEvent } from '../../db/schema/index.ts';
import type { Row } from '../../platform/crud/index.ts';
import { badRequest } from '../../platform/r.ts';
import { type AccountRow, type BookChart, type BookCtx, loadBookChart } from './book.ts';
import {
  auxFor,
  counterpartyOf,
  defaultWord,
  isLeaf,
  isUnder,
  labelOf,
  leafOf,
  leavesUnder,
  line,
  topByName,
} from './income-expend.ts';
import { saveVoucherTx } from './vouchers.ts';

type BillState = import('zod').infer<typeof billStateSchema>;

export type BillRow = typeof finBill.$inferSelect;
export type EventRow = typeof finBillEvent.$inferSelect;
export type VLine = ReturnType<typeof line>;

export const stateName = (s: string) => BILL_STATES.find((x) => x.value === s)?.label ?? s;
export const actionName = (a: string) => BILL_ACTIONS.find((x) => x.value === a)?.label ?? a;

/** The account named `name` in the book: itself when an enabled leaf, else its first enabled leaf (400 if none). */
export function accountNamed(bc: BookChart, name: string, prefer: string[] = []): AccountRow {
  const top = topByName(bc, name);
  if (!top) throw badRequest(`账套科目表中没有「${name}」科目`);
  if (isLeaf(bc, top.code)) {
    if (top.status !== 1) throw badRequest(`科目「${labelOf(bc, top.code)}」已停用`);
    return top;
  }
  const leaves = leavesUnder(bc, [name]);
  const found = prefer.map((p) => leaves.find((l) => l.name === p)).find(Boolean) ?? leaves[0];
  if (!found) throw badRequest(`科目「${name}」没有可用的明细科目`);
  return found;
}

/** The 银行存款 leaf of an action: the given one (checked) or the first enabled one. */
export function bankOf(bc: BookChart, code: string | undefined): AccountRow {
  if (!code) return accountNamed(bc, '银行存款');
  const r = leafOf(bc, code, '银行账户');
  const top = topByName(bc, '银行存款');
  if (!top || !isUnder(bc, r.code, top.code)) throw badRequest(`银行账户「${labelOf(bc, r.code)}」不是银行存款科目`);
  return r;
}

/** 收款单 / 付款单: the record that created a bill (receivable bills come from collections). */
export const linkTitle = (b: Pick<BillRow, 'direction'>) => (b.direction === 'receivable' ? '收款单' : '付款单');

export const kindText = (b: Pick<BillRow, 'billKind'>) => (b.billKind === 'bank' ? '银行承兑汇票' : '商业承兑汇票');

export async function writeVoucher(tx: Tx, c: BookCtx, date: string, lines: VLine[], remark: string, prevId?: string) {
  return saveVoucherTx(
    tx,
    c,
    { word: await defaultWord(tx, c.book.id), voucherDate: date, attachments: 1, remark, lines },
    prevId ? { id: prevId } : {},
  );
}

/** The receive / issue voucher lines of a bill. */
export async function bookingLines(tx: Executor, c: BookCtx, b: Row) {
  const bc = await loadBookChart(tx, c.book);
  const receivable = b.direction === 'receivable';
  const cp = await counterpartyOf(
    tx,
    c.book.id,
    String(b.counterparty ?? ''),
    receivable ? '付款单位（客户）' : '收款单位（供应商）',
    [receivable ? '客户' : '供应商'],
  );
  const amount = moneyFixed(dec(String(b.amount)));
  const kind = kindText(b as BillRow);
  if (receivable) {
    const bill = accountNamed(bc, '应收票据');
    const ar = accountNamed(bc, '应收账款');
    const summary = `收到${cp?.name ?? ''}${kind} ${b.billNo}`;
    return {
      cp,
      accounts: { bill: bill.code, other: ar.code },
      lines: [line(summary, bill.code, 'debit', amount), line(summary, ar.code, 'credit', amount, auxFor(ar, cp))],
    };
  }
  const bill = accountNamed(bc, '应付票据');
  const ap = accountNamed(bc, '应付账款');
  const summary = `开出${kind} ${b.billNo}${cp ? ` 付${cp.name}` : ''}`;
  return {
    cp,
    accounts: { bill: bill.code, other: ap.code },
    lines: [line(summary, ap.code, 'debit', amount, auxFor(ap, cp)), line(summary, bill.code, 'credit', amount)],
  };
}

export async function liveEvents(ex: Executor, bookId: string, billId: string): Promise<EventRow[]> {
  return ex
    .select()
    .from(finBillEvent)
    .where(and(eq(finBillEvent.accountSetId, bookId), eq(finBillEvent.billId, billId), eq(finBillEvent.isDeleted, 0)))
    .orderBy(desc(finBillEvent.id));
}

export function checkDates(b: Row) {
  if (String(b.dueDate) <= String(b.issueDate)) throw badRequest('到期日应晚于出票日期');
  if (String(b.entryDate) < String(b.issueDate)) throw badRequest('收票/开票日期不能早于出票日期');
}

/** The bill of the book, locked FOR UPDATE (400 when not there). */
export async function lockBill(tx: Tx, c: BookCtx, id: string): Promise<BillRow> {
  const [b] = await tx
    .select()
    .from(finBill)
    .where(and(eq(finBill.id, id), eq(finBill.accountSetId, c.book.id), eq(finBill.isDeleted, 0)))
    .for('update');
  if (!b) throw badRequest('票据不存在');
  return b;
}

/** The bill as the page answers it (400 when not in the book). */
export async function detailOf(ex: Executor, c: BookCtx, id: string): Promise<BillState> {
  const [b] = await ex
    .select()
    .from(finBill)
    .where(and(eq(finBill.id, id), eq(finBill.accountSetId, c.book.id), eq(finBill.isDeleted, 0)));
  if (!b) throw badRequest('票据不存在');
  return { id: b.id, billNo: b.billNo, state: b.state, amount: moneyFixed(dec(b.amount)) };
}
