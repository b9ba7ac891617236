/**
 * 票据管理 (/accounting/bill/manage): commercial bills received (应收票据) and issued (应付票据), each action writing
 * its voucher through `saveVoucherTx`. Contract: core/contract/izs-financing/bills.contract.ts.
 *
 * Guarantees:
 * - one transaction per effect: the bill row (locked FOR UPDATE for actions), its event and its voucher are written
 *   together, or nothing is (a closed period, an unbalanced or refused voucher → 400, nothing written);
 * - state machine: receivable 持有 → 已贴现 | 已背书 | 已到期兑付; payable 未到期 → 已兑付; any other move is 400 (a second
 *   discount included); `undo` takes back the last action while its voucher is unreviewed;
 * - accounts are found by name in the book's chart (应收票据, 应收账款, 应付账款, 应付票据, 银行存款, 财务费用 — the
 *   leaf itself or its first enabled leaf), never by an assumed code; a counterparty is put on a line as 辅助核算
 *   only when that account keeps the 客户 / 供应商 dimension.
 */
import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { dec } from '../../../core/accounting/index.ts';
import {
  BILL_ACTIONS,
  BILL_PATHS,
  BILL_PERMISSION,
  BILL_STATES,
  type BillEvent,
  type BillSummary,
  billActionBody,
  billIdBody,
  billResource,
  DUE_SOON_DAYS,
} from '../../../core/contract/izs-financing/bills.contract.ts';
import { type Executor, rows, type Tx } from '../../db/client.ts';
import { finBill, finBillEvent } from '../../db/schema/index.ts';
import type { CrudContext, Row } from '../../platform/crud/index.ts';
import { writeOperationLog } from '../../platform/logs.ts';
import { badRequest, ok } from '../../platform/r.ts';
import { formatDateTime } from '../../platform/time.ts';
import { parse } from '../../platform/validate.ts';
import { type AccountRow, type BookChart, type BookCtx, bookOf, loadBookChart, need } from './book.ts';
import { registerBookResource } from './book-resource.ts';
import {
  auxFor,
  counterpartyOf,
  defaultWord,
  dropVoucher,
  editableVoucher,
  isLeaf,
  isUnder,
  labelOf,
  leafOf,
  leavesUnder,
  line,
  topByName,
} from './income-expend.ts';
import { saveVoucherTx } from './vouchers.ts';

type BillRow = typeof finBill.$inferSelect;
type EventRow = typeof finBillEvent.$inferSelect;
type VLine = ReturnType<typeof line>;

const stateName = (s: string) => BILL_STATES.find((x) => x.value === s)?.label ?? s;
const actionName = (a: string) => BILL_ACTIONS.find((x) => x.value === a)?.label ?? a;

/** The account named `name` in the book: itself when an enabled leaf, else its first enabled leaf (400 if none). */
function accountNamed(bc: BookChart, name: string, prefer: string[] = []): AccountRow {
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
function bankOf(bc: BookChart, code: string | undefined): AccountRow {
  if (!code) return accountNamed(bc, '银行存款');
  const r = leafOf(bc, code, '银行账户');
  const top = topByName(bc, '银行存款');
  if (!top || !isUnder(bc, r.code, top.code)) throw badRequest(`银行账户「${labelOf(bc, r.code)}」不是银行存款科目`);
  return r;
}

/** 收款单 / 付款单: the record that created a bill (receivable bills come from collections). */
const linkTitle = (b: Pick<BillRow, 'direction'>) => (b.direction === 'receivable' ? '收款单' : '付款单');

const kindText = (b: Pick<BillRow, 'billKind'>) => (b.billKind === 'bank' ? '银行承兑汇票' : '商业承兑汇票');

async function writeVoucher(tx: Tx, c: BookCtx, date: string, lines: VLine[], remark: string, prevId?: string) {
  return saveVoucherTx(
    tx,
    c,
    { word: await defaultWord(tx, c.book.id), voucherDate: date, attachments: 1, remark, lines },
    prevId ? { id: prevId } : {},
  );
}

/** The receive / issue voucher lines of a bill. */
async function bookingLines(tx: Executor, c: BookCtx, b: Row) {
  const bc = await loadBookChart(tx, c.book);
  const receivable = b.direction === 'receivable';
  const cp = await counterpartyOf(
    tx,
    c.book.id,
    String(b.counterparty ?? ''),
    receivable ? '付款单位（客户）' : '收款单位（供应商）',
    [receivable ? '客户' : '供应商'],
  );
  const amount = dec(String(b.amount)).toFixed(2);
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

async function liveEvents(ex: Executor, bookId: string, billId: string): Promise<EventRow[]> {
  return ex
    .select()
    .from(finBillEvent)
    .where(and(eq(finBillEvent.accountSetId, bookId), eq(finBillEvent.billId, billId), eq(finBillEvent.isDeleted, 0)))
    .orderBy(desc(finBillEvent.id));
}

function checkDates(b: Row) {
  if (String(b.dueDate) <= String(b.issueDate)) throw badRequest('到期日应晚于出票日期');
  if (String(b.entryDate) < String(b.issueDate)) throw badRequest('收票/开票日期不能早于出票日期');
}

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

export function registerBills(app: FastifyInstance, ctx: CrudContext): void {
  const { db, tz } = ctx;
  // the booking voucher written in beforeSave, for the event written in afterSave (same request)
  const pending = new WeakMap<FastifyRequest, { voucherId: string; accounts: Record<string, string>; cp: string }>();

  registerBookResource(app, ctx, billResource, finBill, {
    joins: { voucherNo: VOUCHER_NO_SQL, dueHint: DUE_HINT_SQL },
    filters: { billNo: (v) => sql`${finBill.billNo} like ${`%${String(v).replace(/[\\%_]/g, (m) => `\\${m}`)}%`}` },
    beforeSave: async (tx, row, sc) => {
      const c = bookOf(sc.req);
      const prev = sc.prev as BillRow | undefined;
      if (prev?.cashId)
        throw badRequest(`票据由${linkTitle(prev)} ${prev.cashNo} 生成，不能修改；请作废该单据后重新录入`);
      if (prev) row.direction = prev.direction;
      const b = { ...(prev ?? {}), ...row } as Row;
      checkDates(b);
      const [dup] = await tx
        .select({ id: finBill.id })
        .from(finBill)
        .where(
          and(
            eq(finBill.accountSetId, c.book.id),
            eq(finBill.direction, String(b.direction)),
            eq(finBill.billNo, String(b.billNo)),
            eq(finBill.isDeleted, 0),
            ...(prev ? [ne(finBill.id, prev.id)] : []),
          ),
        )
        .limit(1);
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
        await tx
          .update(finBillEvent)
          .set({
            voucherId,
            eventDate: String(b.entryDate),
            amount: dec(String(b.amount)).toFixed(2),
            counterparty: String(b.counterparty ?? ''),
            counterpartyName: booking.cp?.name ?? '',
            accounts: booking.accounts,
            updateUser: c.user.userId,
            updateTime: new Date(),
          })
          .where(eq(finBillEvent.id, first.id));
      }
    },
    afterSave: async (tx, created, sc) => {
      const p = pending.get(sc.req);
      if (!p) return;
      const c = bookOf(sc.req);
      await tx.insert(finBillEvent).values({
        tenantId: c.user.tenantId,
        accountSetId: c.book.id,
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
        createUser: c.user.userId,
        createDept: c.user.currentDeptId,
        updateUser: c.user.userId,
      });
    },
    beforeRemove: async (tx, list, rc) => {
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
          await tx.update(finBillEvent).set({ isDeleted: 1 }).where(eq(finBillEvent.id, e.id));
        }
      }
    },
  });

  const lockBill = async (tx: Tx, c: BookCtx, id: string): Promise<BillRow> => {
    const [b] = await tx
      .select()
      .from(finBill)
      .where(and(eq(finBill.id, id), eq(finBill.accountSetId, c.book.id), eq(finBill.isDeleted, 0)))
      .for('update');
    if (!b) throw badRequest('票据不存在');
    return b;
  };

  app.post(BILL_PATHS.action, async (req: FastifyRequest) => {
    const c = bookOf(req);
    await need(db, c.user, BILL_PERMISSION, 'edit');
    const body = parse(billActionBody, req.body ?? {});
    await db.transaction(async (tx) => {
      const b = await lockBill(tx, c, body.id);
      const name = actionName(body.action);
      const wanted = body.action === 'pay' ? 'outstanding' : 'held';
      if ((body.action === 'pay') !== (b.direction === 'payable')) {
        throw badRequest(`${b.direction === 'payable' ? '应付票据' : '应收票据'}不能${name}`);
      }
      if (b.state !== wanted) throw badRequest(`票据当前状态为「${stateName(b.state)}」，不能${name}`);
      if (body.date < b.entryDate) throw badRequest(`${name}日期不能早于收票/开票日期 ${b.entryDate}`);
      const bc = await loadBookChart(tx, c.book);
      const amount = dec(b.amount);
      const billAcc = accountNamed(bc, b.direction === 'payable' ? '应付票据' : '应收票据');
      let lines: VLine[];
      let toState: string;
      let interest = dec(0);
      let cp: Awaited<ReturnType<typeof counterpartyOf>> = null;
      const accounts: Record<string, string> = { bill: billAcc.code };
      switch (body.action) {
        case 'discount': {
          interest = dec(body.interest || '0');
          if (interest.gte(amount)) throw badRequest('贴现息应小于票面金额');
          const bank = bankOf(bc, body.bankAccount);
          const fee = accountNamed(bc, '财务费用', ['利息费用', '利息支出']);
          const summary = `${kindText(b)} ${b.billNo} 贴现`;
          lines = [line(summary, bank.code, 'debit', amount.minus(interest).toFixed(2))];
          if (interest.gt(0)) lines.push(line(`${summary}（贴现息）`, fee.code, 'debit', interest.toFixed(2)));
          lines.push(line(summary, billAcc.code, 'credit', amount.toFixed(2)));
          Object.assign(accounts, { bank: bank.code, expense: fee.code });
          toState = 'discounted';
          break;
        }
        case 'endorse': {
          if (!body.counterparty) throw badRequest('请选择被背书人（供应商）');
          cp = await counterpartyOf(tx, c.book.id, body.counterparty, '被背书人（供应商）', ['供应商']);
          const ap = accountNamed(bc, '应付账款');
          const summary = `${kindText(b)} ${b.billNo} 背书转让给${cp?.name ?? ''}`;
          lines = [
            line(summary, ap.code, 'debit', amount.toFixed(2), auxFor(ap, cp)),
            line(summary, billAcc.code, 'credit', amount.toFixed(2)),
          ];
          accounts.other = ap.code;
          toState = 'endorsed';
          break;
        }
        case 'collect': {
          const bank = bankOf(bc, body.bankAccount);
          const summary = `${kindText(b)} ${b.billNo} 到期兑付`;
          lines = [
            line(summary, bank.code, 'debit', amount.toFixed(2)),
            line(summary, billAcc.code, 'credit', amount.toFixed(2)),
          ];
          accounts.bank = bank.code;
          toState = 'collected';
          break;
        }
        default: {
          const bank = bankOf(bc, body.bankAccount);
          const summary = `${kindText(b)} ${b.billNo} 到期付款`;
          lines = [
            line(summary, billAcc.code, 'debit', amount.toFixed(2)),
            line(summary, bank.code, 'credit', amount.toFixed(2)),
          ];
          accounts.bank = bank.code;
          toState = 'paid';
        }
      }
      const voucherId = await writeVoucher(tx, c, body.date, lines, `票据管理-${b.billNo}`);
      await tx.insert(finBillEvent).values({
        tenantId: c.user.tenantId,
        accountSetId: c.book.id,
        billId: b.id,
        action: body.action,
        eventDate: body.date,
        fromState: b.state,
        toState,
        amount: amount.toFixed(2),
        interest: interest.toFixed(2),
        counterparty: body.counterparty ?? '',
        counterpartyName: cp?.name ?? '',
        voucherId,
        accounts,
        createUser: c.user.userId,
        createDept: c.user.currentDeptId,
        updateUser: c.user.userId,
      });
      await tx
        .update(finBill)
        .set({ state: toState, updateUser: c.user.userId, updateTime: new Date() })
        .where(eq(finBill.id, b.id));
      await writeOperationLog(tx, req, `票据${name} ${b.billNo}`, { state: [b.state, toState] });
    });
    return ok(await detailOf(db, c, body.id));
  });

  app.post(BILL_PATHS.undo, async (req: FastifyRequest) => {
    const c = bookOf(req);
    await need(db, c.user, BILL_PERMISSION, 'edit');
    const body = parse(billIdBody, req.body ?? {});
    await db.transaction(async (tx) => {
      const b = await lockBill(tx, c, body.id);
      const [last] = await liveEvents(tx, c.book.id, b.id);
      if (!last || last.action === 'receive' || last.action === 'issue') {
        throw badRequest('票据没有可撤销的操作（删除票据请用删除）');
      }
      if (last.cashId) throw badRequest(`该${actionName(last.action)}由付款单 ${last.cashNo} 生成，请作废该付款单`);
      const v = await editableVoucher(tx, c, last.voucherId, `${actionName(last.action)}`);
      if (v) await dropVoucher(tx, c, v.id);
      await tx.update(finBillEvent).set({ isDeleted: 1 }).where(eq(finBillEvent.id, last.id));
      await tx
        .update(finBill)
        .set({ state: last.fromState, updateUser: c.user.userId, updateTime: new Date() })
        .where(eq(finBill.id, b.id));
      await writeOperationLog(tx, req, `撤销票据${actionName(last.action)} ${b.billNo}`, {
        state: [b.state, last.fromState],
      });
    });
    return ok(await detailOf(db, c, body.id));
  });

  app.get(BILL_PATHS.events, async (req: FastifyRequest) => {
    const c = bookOf(req);
    await need(db, c.user, BILL_PERMISSION, 'view');
    const { id } = parse(billIdBody, req.query ?? {});
    await detailOf(db, c, id);
    const list = await rows<Record<string, unknown>>(
      db,
      sql`select e.*, v.word || '-' || v.no as voucher_no, v.state as voucher_state
          from izs_fin_bill_event e left join izs_fin_voucher v on v.id = e.voucher_id and v.is_deleted = 0
          where e.account_set_id = ${c.book.id} and e.bill_id = ${id} and e.is_deleted = 0 order by e.id`,
    );
    const answer: BillEvent[] = list.map((e) => ({
      id: String(e.id),
      action: String(e.action),
      eventDate: String(e.event_date),
      fromState: String(e.from_state),
      toState: String(e.to_state),
      amount: dec(String(e.amount)).toFixed(2),
      interest: dec(String(e.interest)).toFixed(2),
      counterpartyName: String(e.counterparty_name ?? ''),
      voucherId: e.voucher_id ? String(e.voucher_id) : null,
      cashNo: String(e.cash_no ?? ''),
      voucherNo: (e.voucher_no as string | null) ?? null,
      voucherState: (e.voucher_state as string | null) ?? null,
      createTime: formatDateTime(new Date(e.create_time as string), tz),
    }));
    return ok(answer);
  });

  app.get(BILL_PATHS.summary, async (req: FastifyRequest) => {
    const c = bookOf(req);
    await need(db, c.user, BILL_PERMISSION, 'view');
    const today = String((req.query as Row)?.today ?? '') || new Date().toISOString().slice(0, 10);
    if (!/^\d{4}-\d{2}-\d{2}$/.test(today)) throw badRequest('日期格式应为yyyy-MM-dd');
    const soon = new Date(`${today}T00:00:00Z`);
    soon.setUTCDate(soon.getUTCDate() + DUE_SOON_DAYS);
    const until = soon.toISOString().slice(0, 10);
    const [s] = await rows<Record<string, string | number>>(
      db,
      sql`select
            coalesce(sum(amount) filter (where state = 'held'), 0)::text as receivable_held,
            count(*) filter (where state = 'held')::int as receivable_count,
            coalesce(sum(amount) filter (where state = 'outstanding'), 0)::text as payable_outstanding,
            count(*) filter (where state = 'outstanding')::int as payable_count,
            count(*) filter (where state in ('held', 'outstanding') and due_date <= ${until})::int as due_count,
            coalesce(sum(amount) filter (where state in ('held', 'outstanding') and due_date <= ${until}), 0)::text
              as due_amount
          from izs_fin_bill where account_set_id = ${c.book.id} and is_deleted = 0`,
    );
    const answer: BillSummary = {
      receivableHeld: dec(String(s?.receivable_held ?? 0)).toFixed(2),
      receivableCount: Number(s?.receivable_count ?? 0),
      payableOutstanding: dec(String(s?.payable_outstanding ?? 0)).toFixed(2),
      payableCount: Number(s?.payable_count ?? 0),
      dueSoonCount: Number(s?.due_count ?? 0),
      dueSoonAmount: dec(String(s?.due_amount ?? 0)).toFixed(2),
    };
    return ok(answer);
  });
}

/** The bill as the page answers it (400 when not in the book). */
async function detailOf(ex: Executor, c: BookCtx, id: string) {
  const [b] = await ex
    .select()
    .from(finBill)
    .where(and(eq(finBill.id, id), eq(finBill.accountSetId, c.book.id), eq(finBill.isDeleted, 0)));
  if (!b) throw badRequest('票据不存在');
  return { ...b, amount: dec(b.amount).toFixed(2) };
}
