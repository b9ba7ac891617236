/**
 * 承兑汇票 ↔ 票据管理 (issue 11, bill-link.ts): the bill of a 收款单 / 付款单 whose method is 承兑汇票.
 *
 * Guarantees:
 * - written in the saving transaction of the record, in the book of the record's department (izs-financing
 *   `voucherBookOf`, the book its vouchers go to); no book → 400 (票据管理 keeps bills per book);
 * - 收款 → a receivable bill 持有 (amount = the collection's), 付款 → a new payable bill 未到期, or the endorsement
 *   (背书转让) of a held receivable bill to the supplier (its state → 已背书; refused unless held and of the same
 *   amount) — linked both ways (izs_fin_bill.cash_id / izs_fin_bill_event.cash_id ↔ izs_ar_cash.bill_id);
 * - no voucher of its own: the record's money voucher (money-vouchers.ts) posts 应收票据 / 应付票据 (an endorsement
 *   credits 应收票据);
 * - `releaseBill` on the record's void: the bill it created is voided (deleted with its events), an endorsement is
 *   undone; refused while the bill has moved on since (贴现, 兑付, a further 背书 …).
 */
import { and, desc, eq, ne } from 'drizzle-orm';
import type { CashBill, CashBillIn } from '../../../core/contract/izs-finance-ar/bill-link.ts';
import { BILL_STATES } from '../../../core/contract/izs-financing/bills.contract.ts';
import { billInputProblem, billModeOf, endorseProblem } from '../../../core/finance-ar/index.ts';
import { moneyFixed } from '../../../core/format/amounts.ts';
import type { Executor, Tx } from '../../db/client.ts';
import { arCash, finBill, finBillEvent, finDimension, finDimensionData, relatedParty } from '../../db/schema/index.ts';
import type { AuthUser } from '../../platform/auth.ts';
import { badRequest } from '../../platform/r.ts';
import { effectiveDept, tenantIs } from '../../platform/scope.ts';
import { voucherBookOf } from '../izs-financing/business-voucher-figures.ts';
import type { CashRow } from './service.ts';

type BillRow = typeof finBill.$inferSelect;
const stateName = (s: string) => BILL_STATES.find((x) => x.value === s)?.label ?? s;
const TITLE: Record<string, string> = { collection: '收款单', payment: '付款单' };

/** `dimensionId:itemId` of the party in the book's 客户 / 供应商 dimension ('' when it has no item). */
async function counterpartyKey(ex: Executor, bookId: string, source: 'customer' | 'supplier', partyId: string) {
  const [hit] = await ex
    .select({ dim: finDimension.id, item: finDimensionData.id })
    .from(finDimensionData)
    .innerJoin(finDimension, eq(finDimension.id, finDimensionData.dimensionId))
    .where(
      and(
        eq(finDimension.accountSetId, bookId),
        eq(finDimension.source, source),
        eq(finDimension.isDeleted, 0),
        eq(finDimensionData.sourceId, partyId),
        eq(finDimensionData.isDeleted, 0),
      ),
    )
    .limit(1);
  return hit ? `${hit.dim}:${hit.item}` : '';
}

/** Validates and writes the bill of a just-inserted 收款单 / 付款单 (method bill). */
export async function attachBill(
  tx: Tx,
  user: Pick<AuthUser, 'tenantId' | 'userId' | 'currentDeptId' | 'deptIds'>,
  cash: CashRow,
  input: CashBillIn | undefined,
): Promise<void> {
  const kind = cash.kind === 'collection' ? 'collection' : 'payment';
  const problem = billInputProblem(kind, input, cash.cashDate);
  if (problem) throw badRequest(problem);
  const mode = billModeOf(kind, input);
  const book = await voucherBookOf(tx, user.tenantId, cash.deptId);
  if (!book) throw badRequest('承兑汇票记入票据管理，需要本机构先设立账套');
  const [party] = await tx
    .select({ name: relatedParty.name })
    .from(relatedParty)
    .where(eq(relatedParty.id, cash.partyId));
  const source = kind === 'collection' ? 'customer' : 'supplier';
  const counterparty = await counterpartyKey(tx, book.id, source, cash.partyId);
  const now = new Date();
  const audit = { createUser: user.userId, createDept: effectiveDept(user), updateUser: user.userId };
  const at: BillContext = { user, cash, input, book, counterparty, partyName: party?.name ?? '', audit, now };
  const { billId, billNo } = mode === 'endorse' ? await endorseHeldBill(tx, at) : await issueBill(tx, at, mode, kind);
  await tx.update(arCash).set({ billId, billMode: mode, billNo, updateTime: now }).where(eq(arCash.id, cash.id));
}

/** What the bill steps of one record share. */
interface BillContext {
  user: Pick<AuthUser, 'tenantId' | 'userId'>;
  cash: CashRow;
  input: CashBillIn | undefined;
  book: NonNullable<Awaited<ReturnType<typeof voucherBookOf>>>;
  counterparty: string;
  partyName: string;
  audit: { createUser: string; createDept: ReturnType<typeof effectiveDept>; updateUser: string };
  now: Date;
}

/** 付款 by endorsing a held receivable bill of the book to the supplier (same amount only): → 已背书. */
async function endorseHeldBill(tx: Tx, at: BillContext): Promise<{ billId: string; billNo: string }> {
  const { user, cash, input, book, counterparty, audit, now } = at;
  const [b] = await tx
    .select()
    .from(finBill)
    .where(
      and(eq(finBill.id, input?.billId ?? '0'), tenantIs(user.tenantId, finBill), eq(finBill.accountSetId, book.id)),
    )
    .for('update');
  if (!b) throw badRequest('要背书的票据不存在或不在本机构账套的票据管理中');
  const refused = endorseProblem({ ...b, stateName: stateName(b.state) }, cash.amount);
  if (refused) throw badRequest(refused);
  await tx.insert(finBillEvent).values({
    tenantId: user.tenantId,
    accountSetId: book.id,
    billId: b.id,
    action: 'endorse',
    eventDate: cash.cashDate,
    fromState: b.state,
    toState: 'endorsed',
    amount: b.amount,
    counterparty,
    counterpartyName: at.partyName,
    cashId: cash.id,
    cashNo: cash.orderNo,
    ...audit,
  });
  await tx
    .update(finBill)
    .set({ state: 'endorsed', updateUser: user.userId, updateTime: now })
    .where(eq(finBill.id, b.id));
  return { billId: b.id, billNo: b.billNo };
}

/** 收款 → a receivable bill 持有, 付款 → a payable bill 未到期; its number unique per book and direction. */
async function issueBill(
  tx: Tx,
  at: BillContext,
  mode: 'receive' | 'issue',
  kind: 'collection' | 'payment',
): Promise<{ billId: string; billNo: string }> {
  const { user, cash, input, book, counterparty, audit } = at;
  const direction = mode === 'receive' ? 'receivable' : 'payable';
  const billNo = input?.billNo ?? '';
  const [dup] = await tx
    .select({ id: finBill.id })
    .from(finBill)
    .where(
      and(
        eq(finBill.accountSetId, book.id),
        eq(finBill.direction, direction),
        eq(finBill.billNo, billNo),
        eq(finBill.isDeleted, 0),
      ),
    )
    .limit(1);
  if (dup) throw badRequest(`票据号码「${billNo}」已存在`);
  const state = mode === 'receive' ? 'held' : 'outstanding';
  const [b] = await tx
    .insert(finBill)
    .values({
      tenantId: user.tenantId,
      deptId: book.deptId,
      accountSetId: book.id,
      billNo,
      billKind: input?.billKind ?? 'bank',
      direction,
      counterparty,
      counterpartyName: at.partyName,
      amount: cash.amount,
      entryDate: cash.cashDate,
      issueDate: input?.issueDate ?? '',
      dueDate: input?.dueDate ?? '',
      acceptor: input?.acceptor ?? '',
      drawer: input?.drawer ?? '',
      state,
      remark: `${TITLE[kind]} ${cash.orderNo}`,
      cashId: cash.id,
      cashNo: cash.orderNo,
      ...audit,
    })
    .returning({ id: finBill.id });
  await tx.insert(finBillEvent).values({
    tenantId: user.tenantId,
    accountSetId: book.id,
    billId: b.id,
    action: mode,
    eventDate: cash.cashDate,
    fromState: '',
    toState: state,
    amount: cash.amount,
    counterparty,
    counterpartyName: at.partyName,
    cashId: cash.id,
    cashNo: cash.orderNo,
    ...audit,
  });
  return { billId: b.id, billNo };
}

/** On the void of a record: voids the bill it created or undoes its endorsement; refused if the bill moved on. */
export async function releaseBill(tx: Tx, user: AuthUser, cash: CashRow): Promise<void> {
  if (!cash.billId) return;
  const title = TITLE[cash.kind] ?? '收付款单';
  const [b] = await tx
    .select()
    .from(finBill)
    .where(and(eq(finBill.id, cash.billId), eq(finBill.isDeleted, 0)))
    .for('update');
  if (!b) return;
  const events = await tx
    .select()
    .from(finBillEvent)
    .where(and(eq(finBillEvent.billId, b.id), eq(finBillEvent.isDeleted, 0)))
    .orderBy(desc(finBillEvent.id));
  const last = events[0];
  const movedOn = () =>
    badRequest(
      `票据 ${b.billNo} 已${last ? eventName(last.action) : stateName(b.state)}（当前「${stateName(b.state)}」），不能作废${title} ${cash.orderNo}；请先在票据管理撤销该操作`,
    );
  if (cash.billMode === 'endorse') {
    if (!last || last.cashId !== cash.id || b.state !== 'endorsed') throw movedOn();
    await tx.update(finBillEvent).set({ isDeleted: 1 }).where(eq(finBillEvent.id, last.id));
    await tx
      .update(finBill)
      .set({ state: last.fromState, updateUser: user.userId, updateTime: new Date() })
      .where(eq(finBill.id, b.id));
    return;
  }
  const initial = cash.billMode === 'receive' ? 'held' : 'outstanding';
  if (b.state !== initial || events.some((e) => e.cashId !== cash.id)) throw movedOn();
  await tx
    .update(finBillEvent)
    .set({ isDeleted: 1 })
    .where(and(eq(finBillEvent.billId, b.id), ne(finBillEvent.isDeleted, 1)));
  await tx
    .update(finBill)
    .set({ isDeleted: 1, remark: `${title} ${cash.orderNo} 作废`, updateUser: user.userId, updateTime: new Date() })
    .where(eq(finBill.id, b.id));
}

const EVENT_NAMES: Record<string, string> = {
  discount: '贴现',
  endorse: '背书转让',
  collect: '到期兑付',
  pay: '到期付款',
  receive: '收票',
  issue: '开票',
};
const eventName = (a: string) => EVENT_NAMES[a] ?? a;

/** The bill of a record for its detail (null when none). */
export async function billOfCash(ex: Executor, cash: Pick<CashRow, 'billId' | 'billMode'>): Promise<CashBill | null> {
  if (!cash.billId) return null;
  const [b] = await ex.select().from(finBill).where(eq(finBill.id, cash.billId));
  if (!b) return null;
  return billAnswer(b, cash.billMode === 'endorse' ? 'endorse' : cash.billMode === 'issue' ? 'issue' : 'receive');
}

export function billAnswer(b: BillRow, mode: CashBill['mode']): CashBill {
  return {
    id: b.id,
    mode,
    billNo: b.billNo,
    billKind: b.billKind,
    direction: b.direction,
    state: b.isDeleted ? 'voided' : b.state,
    stateName: b.isDeleted ? '已作废' : stateName(b.state),
    amount: moneyFixed(b.amount),
    drawer: b.drawer,
    acceptor: b.acceptor,
    issueDate: b.issueDate,
    dueDate: b.dueDate,
    counterpartyName: b.counterpartyName,
    cashNo: b.cashNo,
  };
}
