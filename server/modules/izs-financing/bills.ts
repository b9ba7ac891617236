/**
 * 票据管理 (/accounting/bill/manage): commercial bills received (应收票据) and issued (应付票据), each action writing
 * its voucher through `saveVoucherTx`. Contracts: core/contract/izs-financing/bills.contract.ts (the resource: list,
 * form, remove) and bill.contract.ts (descriptors BILLS: action / undo in bill-actions.ts, events / summary in
 * bill-reads.ts); shared pieces in bill-kit.ts. A bill made by a 收款单 / 付款单 (issue 11, izs-finance-ar
 * cash-bill.ts) is edited or removed only through that record.
 *
 * Guarantees:
 * - one transaction per effect: the bill row (locked FOR UPDATE for actions), its event and its voucher are written
 *   together, or nothing is (a closed period, an unbalanced or refused voucher → 400, nothing written);
 * - state machine: receivable 持有 → 已贴现 | 已背书 | 已到期兑付; payable 未到期 → 已兑付; any other move is 400 (a second
 *   discount included); `undo` takes back the last action while its voucher is unreviewed;
 * - accounts are found by name in the book's chart (应收票据, 应收账款, 应付账款, 应付票据, 银行存款, 财务费用 — the
 *   leaf itself or its first enabled leaf), never by an assumed code; a counterparty is put on a line as 辅助核算
 *   only when that account keeps the 客户 / 供应商 dimension.
 * Queries: bills-repository.ts (and the event rows of bill-actions-repository.ts).
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { dec } from '../../../core/accounting/index.ts';
import { billResource, DUE_SOON_DAYS } from '../../../core/contract/izs-financing/bills.contract.ts';
import { moneyFixed } from '../../../core/format/amounts.ts';
import { finBill } from '../../db/schema/index.ts';
import type { CrudContext, Row } from '../../platform/crud/index.ts';
import { badRequest } from '../../platform/r.ts';
import { registerBillActions } from './bill-actions.ts';
import { insertBillEvent, retireBillEvent } from './bill-actions-repository.ts';
import { actionName, type BillRow, bookingLines, checkDates, linkTitle, liveEvents, writeVoucher } from './bill-kit.ts';
import { registerBillReads } from './bill-reads.ts';
import { billNoTaken, updateBookingEvent } from './bills-repository.ts';
import { bookOf } from './book.ts';
import { type BookResourceHooks, registerBookResource } from './book-resource.ts';
import { dropVoucher, editableVoucher } from './income-expend.ts';

const VOUCHER_NO_SQL = sql.raw(`(select v.word || '-' || v.no from izs_fin_bill_event e
  join izs_fin_voucher v on v.id = e.voucher_id and v.is_deleted = 0
  where e.bill_id = "izs_fin_bill"."id" and e.is_deleted = 0 order by e.id desc limit 1)`);

/** 到期日 with 「（N天后）」/「（逾期N天）」/「（今天）」 for a live bill due within DUE_SOON_DAYS days (the list's highlight). */
const DUE_HINT_SQL = sql.raw(`(case when "izs_fin_bill"."state" in ('held', 'outstanding')
  and "izs_fin_bill"."due_date" <> ''
  and "izs_fin_bill"."due_date"::date - current_date <= ${DUE_SOON_DAYS} then
  "izs_fin_bill"."due_date" || case
    when "izs_fin_bill"."due_date"::date < current_date
      then '（逾期' || (current_date - "izs_fin_bill"."due_date"::date) || '天）'
    when "izs_fin_bill"."due_date"::date = current_date then '（今天）'
    else '（' || ("izs_fin_bill"."due_date"::date - current_date) || '天后）' end
  end)`);

/** The booking voucher written in beforeSave, for the event written in afterSave (same request). */
type Pending = WeakMap<FastifyRequest, { voucherId: string; accounts: Record<string, string>; cp: string }>;

export function registerBills(app: FastifyInstance, ctx: CrudContext): void {
  // the booking voucher written in beforeSave, for the event written in afterSave (same request)
  const pending: Pending = new WeakMap();

  registerBookResource(app, ctx, billResource, finBill, {
    joins: { voucherNo: VOUCHER_NO_SQL, dueHint: DUE_HINT_SQL },
    filters: { billNo: (v) => sql`${finBill.billNo} like ${`%${String(v).replace(/[\\%_]/g, (m) => `\\${m}`)}%`}` },
    beforeSave: saveBooking(pending),
    afterSave: recordBooking(pending),
    beforeRemove: removeBills,
  });

  registerBillActions(app, ctx);
  registerBillReads(app, ctx);
}

/**
 * A bill's booking voucher: a new bill's (its event follows in afterSave); an edited bill's rewritten while it has
 * no later action and its voucher is editable, its receive / issue event updated. A 收款单's bill is refused.
 */
function saveBooking(pending: Pending): NonNullable<BookResourceHooks['beforeSave']> {
  return async (tx, row, sc) => {
    const c = bookOf(sc.req);
    const prev = sc.prev as BillRow | undefined;
    if (prev?.cashId)
      throw badRequest(`票据由${linkTitle(prev)} ${prev.cashNo} 生成，不能修改；请作废该单据后重新录入`);
    if (prev) row.direction = prev.direction;
    const b = { ...(prev ?? {}), ...row } as Row;
    checkDates(b);
    const dup = await billNoTaken(tx, c.book.id, String(b.direction), String(b.billNo), prev?.id);
    if (dup) throw badRequest(`票据号码「${b.billNo}」已存在`);
    const booking = await bookingLines(tx, c, b);
    row.counterpartyName = booking.cp?.name ?? '';
    if (!prev) {
      row.state = b.direction === 'receivable' ? 'held' : 'outstanding';
      const voucherId = await writeVoucher(tx, c, String(b.entryDate), booking.lines, `票据管理-${b.billNo}`);
      pending.set(sc.req, { voucherId, accounts: booking.accounts, cp: String(b.counterparty ?? '') });
      return;
    }
    const events = await liveEvents(tx, c.book.id, prev.id);
    if (events.length > 1) {
      throw badRequest(`票据已${actionName(events[0].action)}，不能修改；请先撤销后续操作`);
    }
    const first = events[0];
    const live = first ? await editableVoucher(tx, c, first.voucherId, '票据') : null;
    const voucherId = await writeVoucher(tx, c, String(b.entryDate), booking.lines, `票据管理-${b.billNo}`, live?.id);
    if (first) {
      await updateBookingEvent(tx, c.user.userId, first.id, {
        voucherId,
        eventDate: String(b.entryDate),
        amount: moneyFixed(dec(String(b.amount))),
        counterparty: String(b.counterparty ?? ''),
        counterpartyName: booking.cp?.name ?? '',
        accounts: booking.accounts,
      });
    }
  };
}

/** A new bill's receive / issue event, with the voucher its beforeSave wrote. */
function recordBooking(pending: Pending): NonNullable<BookResourceHooks['afterSave']> {
  return async (tx, created, sc) => {
    const p = pending.get(sc.req);
    if (!p) return;
    const c = bookOf(sc.req);
    await insertBillEvent(tx, c.user, c.book.id, {
      billId: String(created.id),
      action: created.direction === 'receivable' ? 'receive' : 'issue',
      eventDate: String(created.entryDate),
      fromState: '',
      toState: String(created.state),
      amount: String(created.amount),
      counterparty: p.cp,
      counterpartyName: String(created.counterpartyName ?? ''),
      voucherId: p.voucherId,
      accounts: p.accounts,
    });
  };
}

/** A bill is removed with its booking (voucher and event) while it has no later action and is not a 收款单's. */
const removeBills: NonNullable<BookResourceHooks['beforeRemove']> = async (tx, list, rc) => {
  const c = bookOf(rc.req);
  for (const b of list as unknown as BillRow[]) {
    if (b.cashId) throw badRequest(`票据 ${b.billNo} 由${linkTitle(b)} ${b.cashNo} 生成，请作废该单据`);
    const events = await liveEvents(tx, c.book.id, b.id);
    if (events.length > 1) {
      throw badRequest(`票据 ${b.billNo} 已${actionName(events[0].action)}，不能删除；请先撤销后续操作`);
    }
    for (const e of events) {
      const v = await editableVoucher(tx, c, e.voucherId, `票据 ${b.billNo}`);
      if (v) await dropVoucher(tx, c, v.id);
      await retireBillEvent(tx, e.id);
    }
  }
};
