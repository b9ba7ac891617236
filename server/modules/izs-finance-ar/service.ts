/**
 * The receivables / payables service (issue 11): the only writer of izs_ar_doc.settled, izs_ar_cash.applied and
 * izs_ar_settle. Other modules call these inside their own transaction (contracts and supply-chain finance will
 * settle through `settle`, logistics posts freight with `createPayable`).
 *
 * Locking: a cash row (收款单 / 付款单 / 退款单) before documents, documents in id order, always FOR UPDATE in the
 * caller's transaction — two clerks settling one document queue on its row and the second sees what the first
 * left open, so nothing is over-settled.
 */
import Decimal from 'decimal.js';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Side } from '../../../core/contract/izs-finance-ar/fields.ts';
import { type Allocation, allocate, dueDate, oldestFirst, refundCheck } from '../../../core/finance-ar/index.ts';
import { moneyFixed, rateFixed } from '../../../core/format/amounts.ts';
import type { OrderKind } from '../../../core/stock/order-no.ts';
import { type Executor, rows, type Tx } from '../../db/client.ts';
import { arCash, arCredit, arDoc, arSettle, relatedParty } from '../../db/schema/index.ts';
import { drawOrderNo } from '../../platform/numbering.ts';
import { badRequest } from '../../platform/r.ts';
import { tenantIs, tenantOnly } from '../../platform/scope.ts';
import { refuseDocsVouchered } from './vouchered.ts';

export type DocRow = typeof arDoc.$inferSelect;
export type CashRow = typeof arCash.$inferSelect;

const D = (v: string | number | Decimal) => new Decimal(v);
export const PARTY_TYPES: Record<Side, string[]> = { ar: ['customer', 'both'], ap: ['supplier', 'both', 'logistics'] };
/** The numbering kind of each document / cash kind (prefixes in core/stock/order-no.ts; drawn by drawOrderNo). */
export const ARAP_KIND = {
  ar: 'receivable',
  ap: 'payable',
  collection: 'collection',
  payment: 'payment',
  refund_ar: 'refundAr',
  refund_ap: 'refundAp',
  offset: 'offset',
  transfer: 'transfer',
} as const satisfies Record<string, OrderKind>;

export async function partyOf(ex: Executor, tenantId: string, partyId: string, side: Side) {
  const [p] = await ex
    .select({ id: relatedParty.id, name: relatedParty.name, type: relatedParty.type })
    .from(relatedParty)
    .where(and(eq(relatedParty.id, partyId), tenantIs(tenantId, relatedParty)));
  if (!p || !PARTY_TYPES[side].includes(p.type)) throw badRequest(side === 'ar' ? '客户不存在' : '供应商不存在');
  return p;
}

export async function creditOf(ex: Executor, tenantId: string, partyId: string) {
  const [c] = await ex
    .select()
    .from(arCredit)
    .where(and(tenantOnly(tenantId, arCredit), eq(arCredit.partyId, partyId)));
  return { creditLimit: c?.creditLimit ?? '0.00', paymentDays: c?.paymentDays ?? 0 };
}

export interface NewDoc {
  tenantId: string;
  deptId: string | null;
  userId: string;
  side: Side;
  partyId: string;
  sourceType: string;
  sourceId?: string | null;
  sourceNo?: string;
  docDate: string;
  /** 价税合计 */
  amount: string;
  /** 不含税金额 / 税额 / rate (fraction) / source (template | config | manual); default: net = amount, tax 0 */
  net?: string;
  tax?: string;
  taxRate?: string;
  taxSource?: 'document' | 'template' | 'config' | 'manual';
  summary: string;
  /** reviewed (written by a reviewed source document) or draft (manual, waits for approval) */
  state?: 'reviewed' | 'draft';
  remark?: string;
  tz: string;
}

/** Writes a 应收单 / 应付单 in the caller's transaction (due date from the party's payment terms). */
export async function createDoc(tx: Tx, d: NewDoc): Promise<DocRow> {
  const credit = await creditOf(tx, d.tenantId, d.partyId);
  const state = d.state ?? 'reviewed';
  const now = new Date();
  const [row] = await tx
    .insert(arDoc)
    .values({
      tenantId: d.tenantId,
      deptId: d.deptId,
      createUser: d.userId,
      createDept: d.deptId,
      orderNo: await drawOrderNo(tx, ARAP_KIND[d.side], { tenantId: d.tenantId, tz: d.tz }),
      side: d.side,
      partyId: d.partyId,
      sourceType: d.sourceType,
      sourceId: d.sourceId ?? null,
      sourceNo: d.sourceNo ?? '',
      docDate: d.docDate,
      dueDate: dueDate(d.docDate, credit.paymentDays),
      amount: moneyFixed(D(d.amount)),
      net: moneyFixed(D(d.net ?? d.amount)),
      tax: moneyFixed(D(d.tax ?? 0)),
      taxRate: rateFixed(D(d.taxRate ?? 0), 4),
      taxSource: d.taxSource ?? 'manual',
      summary: d.summary.slice(0, 200),
      remark: d.remark ?? '',
      state,
      ...(state === 'reviewed' ? { reviewer: d.userId, reviewTime: now } : {}),
    })
    .returning();
  return row;
}

export const createReceivable = (tx: Tx, d: Omit<NewDoc, 'side'>) => createDoc(tx, { ...d, side: 'ar' });
/** Logistics (freight) and the purchase side post payables through this. */
export const createPayable = (tx: Tx, d: Omit<NewDoc, 'side'>) => createDoc(tx, { ...d, side: 'ap' });

/** Voids the live documents written from a source document; refused while one of them is settled. */
export async function voidDocsOfSource(tx: Tx, tenantId: string, sourceId: string, userId: string, reason: string) {
  const docs = await tx
    .select()
    .from(arDoc)
    .where(and(tenantOnly(tenantId, arDoc), eq(arDoc.sourceId, sourceId), eq(arDoc.state, 'reviewed')))
    .orderBy(asc(arDoc.id))
    .for('update');
  for (const d of docs) {
    if (!D(d.settled).isZero()) {
      const what = d.side === 'ar' ? '收款单' : '付款单';
      throw badRequest(
        `${d.side === 'ar' ? '应收单' : '应付单'} ${d.orderNo} 已核销 ${moneyFixed(D(d.settled))} 元，请先作废相关${what}或对冲再作废`,
      );
    }
  }
  if (!docs.length) return;
  // issue 21: a document its own voucher booked (直发单's) stays until the accountant deletes or reverses it
  await refuseDocsVouchered(tx, tenantId, docs);
  await tx
    .update(arDoc)
    .set({
      state: 'voided',
      voidUser: userId,
      voidTime: new Date(),
      voidReason: reason.slice(0, 255),
      updateTime: new Date(),
    })
    .where(
      inArray(
        arDoc.id,
        docs.map((d) => d.id),
      ),
    );
}

/** A party's open (reviewed, open ≠ 0) documents of one side, locked FOR UPDATE in id order. */
async function lockOpenDocs(tx: Tx, tenantId: string, side: string, partyId: string): Promise<DocRow[]> {
  return tx
    .select()
    .from(arDoc)
    .where(
      and(
        tenantOnly(tenantId, arDoc),
        eq(arDoc.side, side),
        eq(arDoc.partyId, partyId),
        eq(arDoc.state, 'reviewed'),
        sql`${arDoc.amount} > ${arDoc.settled}`,
      ),
    )
    .orderBy(asc(arDoc.id))
    .for('update');
}

async function lockCash(tx: Tx, tenantId: string, id: string): Promise<CashRow> {
  const [c] = await tx
    .select()
    .from(arCash)
    .where(and(eq(arCash.id, id), tenantIs(tenantId, arCash)))
    .for('update');
  if (!c) throw badRequest('收付款单不存在');
  return c;
}

async function addSettled(tx: Tx, docId: string, amount: string) {
  await tx
    .update(arDoc)
    .set({ settled: sql`${arDoc.settled} + ${amount}::numeric`, updateTime: new Date() })
    .where(eq(arDoc.id, docId));
}
async function addApplied(tx: Tx, cashId: string, amount: string) {
  await tx
    .update(arCash)
    .set({ applied: sql`${arCash.applied} + ${amount}::numeric`, updateTime: new Date() })
    .where(eq(arCash.id, cashId));
}

export interface SettleInput {
  tenantId: string;
  userId: string;
  cashId: string;
  /** chosen lines; absent = oldest first */
  lines?: Allocation[];
  date: string;
}

/**
 * 核销 unapplied money of a reviewed collection / payment against the party's open documents. Refused with the
 * figures when a line exceeds its document's open amount or the lines exceed the unapplied money.
 */
export async function settle(tx: Tx, s: SettleInput): Promise<Allocation[]> {
  const cash = await lockCash(tx, s.tenantId, s.cashId);
  if (cash.state !== 'reviewed' || cash.kind === 'refund') throw badRequest('只有已审核的收款单/付款单可以核销');
  const cashTitle = cash.kind === 'collection' ? '收款单' : '付款单';
  if (s.date < cash.cashDate)
    throw badRequest(`核销日期 ${s.date} 早于${cashTitle} ${cash.orderNo} 的日期 ${cash.cashDate}，不能核销`);
  const unapplied = moneyFixed(D(cash.amount).minus(cash.applied));
  const locked = await lockOpenDocs(tx, s.tenantId, cash.side, cash.partyId);
  // a settlement is never dated before the documents it settles: a chosen later document is refused, oldest first
  // only takes documents dated on or before the settlement
  for (const l of s.lines ?? []) {
    const d = locked.find((x) => x.id === l.docId);
    if (d && d.docDate > s.date) {
      throw badRequest(
        `${d.side === 'ar' ? '应收单' : '应付单'} ${d.orderNo} 的日期 ${d.docDate} 晚于核销日期 ${s.date}，不能用此${cashTitle}核销`,
      );
    }
  }
  const docs = locked.filter((d) => d.docDate <= s.date);
  const open = oldestFirst(
    docs.map((d) => ({
      id: d.id,
      orderNo: d.orderNo,
      date: d.docDate,
      open: moneyFixed(D(d.amount).minus(d.settled)),
    })),
  );
  const r = allocate(open, unapplied, s.lines);
  if (!r.ok) {
    const gone = s.lines?.find((l) => !docs.some((d) => d.id === l.docId));
    throw badRequest(
      gone
        ? r.message
        : r.message.replace('可用金额', cash.kind === 'collection' ? '收款单未核销金额' : '付款单未核销金额'),
    );
  }
  for (const l of r.lines) {
    await tx.insert(arSettle).values({
      tenantId: s.tenantId,
      side: cash.side,
      kind: 'cash',
      partyId: cash.partyId,
      docId: l.docId,
      cashId: cash.id,
      amount: l.amount,
      settleDate: s.date,
      createUser: s.userId,
    });
    await addSettled(tx, l.docId, l.amount);
    await addApplied(tx, cash.id, l.amount);
  }
  return r.lines;
}

/** Spreads a refund over the party's collections / payments with unapplied money, oldest first. */
export async function takeRefund(tx: Tx, refund: CashRow, userId: string): Promise<void> {
  const sources = await tx
    .select()
    .from(arCash)
    .where(
      and(
        tenantOnly(refund.tenantId, arCash),
        eq(arCash.side, refund.side),
        eq(arCash.partyId, refund.partyId),
        eq(arCash.state, 'reviewed'),
        inArray(arCash.kind, ['collection', 'payment']),
        sql`${arCash.amount} > ${arCash.applied}`,
        // money received / paid after the refund's date cannot be what it pays back
        sql`${arCash.cashDate} <= ${refund.cashDate}`,
      ),
    )
    .orderBy(asc(arCash.id))
    .for('update');
  const unapplied = moneyFixed(sources.reduce((s, c) => s.plus(D(c.amount).minus(c.applied)), D(0)));
  const refused = refundCheck(unapplied, refund.amount);
  if (refused) throw badRequest(refused);
  const spread = allocate(
    sources.map((c) => ({
      id: c.id,
      orderNo: c.orderNo,
      date: c.cashDate,
      open: moneyFixed(D(c.amount).minus(c.applied)),
    })),
    refund.amount,
  );
  if (!spread.ok) throw badRequest(spread.message);
  for (const l of spread.lines) {
    await tx.insert(arSettle).values({
      tenantId: refund.tenantId,
      side: refund.side,
      kind: 'refund',
      partyId: refund.partyId,
      cashId: l.docId,
      refundId: refund.id,
      amount: l.amount,
      settleDate: refund.cashDate,
      createUser: userId,
    });
    await addApplied(tx, l.docId, l.amount);
  }
  await addApplied(tx, refund.id, refund.amount);
}

/**
 * Reverses every live 核销 line matching `where` (a voided cash record or transfer): appends the negative lines
 * and takes them off the documents' and cash records' sums. Document rows are locked in id order first.
 */
export async function reverseLines(
  tx: Tx,
  tenantId: string,
  userId: string,
  date: string,
  where: ReturnType<typeof sql>,
) {
  const lines = await rows<{
    id: string;
    side: string;
    kind: string;
    party_id: string;
    doc_id: string | null;
    cash_id: string | null;
    refund_id: string | null;
    transfer_id: string | null;
    amount: string;
  }>(
    tx,
    sql`select s.id::text as id, s.side, s.kind, s.party_id::text as party_id, s.doc_id::text as doc_id, s.cash_id::text as cash_id, s.refund_id::text as refund_id, s.transfer_id::text as transfer_id, s.amount::text as amount
          from izs_ar_settle s
         where s.tenant_id = ${tenantId} and s.is_void = 0 and ${where}
           and not exists (select 1 from izs_ar_settle r where r.reverses_id = s.id)
         order by s.id`,
  );
  const docIds = [...new Set(lines.map((l) => l.doc_id).filter((x): x is string => !!x))].sort();
  if (docIds.length)
    await tx.select({ id: arDoc.id }).from(arDoc).where(inArray(arDoc.id, docIds)).orderBy(asc(arDoc.id)).for('update');
  for (const l of lines) {
    const neg = moneyFixed(D(l.amount).neg());
    await tx.insert(arSettle).values({
      tenantId,
      side: l.side,
      kind: l.kind,
      partyId: l.party_id,
      docId: l.doc_id,
      cashId: l.cash_id,
      refundId: l.refund_id,
      transferId: l.transfer_id,
      amount: neg,
      settleDate: date,
      isVoid: 1,
      reversesId: l.id,
      createUser: userId,
    });
    if (l.doc_id) await addSettled(tx, l.doc_id, neg);
    if (l.cash_id) await addApplied(tx, l.cash_id, neg);
    if (l.refund_id) await addApplied(tx, l.refund_id, neg);
  }
}

export interface OpenBalance {
  documents: string;
  settled: string;
  open: string;
  unapplied: string;
  /** open − unapplied = Σ documents − Σ collections/payments + Σ refunds − Σ offsets */
  balance: string;
}

/** A cut-off day: only what is dated on or before `date` and was live that day counts (`tz`: the business day). */
export interface AsOf {
  date: string;
  tz: string;
}

/**
 * A record (alias `a`, its date column) as it stood at the end of `asOf.date`: dated on or before it, and reviewed —
 * or voided only after that day (its reversing 核销 lines are dated the void day, so they are cut off with it).
 */
export const liveAt = (a: string, dateCol: string, asOf: AsOf) =>
  sql`${sql.raw(`${a}.${dateCol}`)} <= ${asOf.date} and (${sql.raw(a)}.state = 'reviewed' or (${sql.raw(a)}.state = 'voided'
      and ${sql.raw(a)}.review_time is not null and (${sql.raw(a)}.void_time at time zone ${asOf.tz})::date > ${asOf.date}::date))`;

/** Σ 核销 lines of a document (`column` doc_id) or a cash record (cash_id) dated on or before the cut-off. */
export const settledAt = (column: 'doc_id' | 'cash_id', id: ReturnType<typeof sql>, asOf: AsOf) =>
  sql`coalesce((select sum(s.amount) from izs_ar_settle s where ${sql.raw(`s.${column}`)} = ${id} and s.settle_date <= ${asOf.date}), 0)`;

/** A party's open balance on one side as it stood at the end of a day (documents and settlements after it cut off). */
async function openBalanceAt(
  ex: Executor,
  tenantId: string,
  side: Side,
  partyId: string,
  asOf: AsOf,
): Promise<OpenBalance> {
  const docs = sql`from ${arDoc} where ${tenantOnly(tenantId, arDoc)} and ${arDoc.side} = ${side} and ${arDoc.partyId} = ${partyId}
    and ${liveAt('izs_ar_doc', 'doc_date', asOf)}`;
  const cash = sql`from ${arCash} where ${tenantOnly(tenantId, arCash)} and ${arCash.side} = ${side} and ${arCash.partyId} = ${partyId}
    and ${arCash.kind} <> 'refund' and ${liveAt('izs_ar_cash', 'cash_date', asOf)}`;
  const [r] = await rows<{ documents: string; settled: string; cash: string; applied: string }>(
    ex,
    sql`select
          coalesce((select sum(izs_ar_doc.amount) ${docs}), 0)::text as documents,
          coalesce((select sum(${settledAt('doc_id', sql`izs_ar_doc.id`, asOf)}) ${docs}), 0)::text as settled,
          coalesce((select sum(izs_ar_cash.amount) ${cash}), 0)::text as cash,
          coalesce((select sum(${settledAt('cash_id', sql`izs_ar_cash.id`, asOf)}) ${cash}), 0)::text as applied`,
  );
  const open = D(r.documents).minus(r.settled);
  const unapplied = D(r.cash).minus(r.applied);
  return {
    documents: moneyFixed(D(r.documents)),
    settled: moneyFixed(D(r.settled)),
    open: moneyFixed(open),
    unapplied: moneyFixed(unapplied),
    balance: moneyFixed(open.minus(unapplied)),
  };
}

/** A party's open documents (open > 0) at the end of a day, for aging and 逾期. */
export async function openDocsAt(ex: Executor, tenantId: string, side: Side, partyId: string, asOf: AsOf) {
  return rows<{ date: string; due: string; open: string }>(
    ex,
    sql`select x.date, x.due, x.open::text as open from (
          select izs_ar_doc.doc_date as date, izs_ar_doc.due_date as due,
                 izs_ar_doc.amount - ${settledAt('doc_id', sql`izs_ar_doc.id`, asOf)} as open
            from ${arDoc}
           where ${tenantOnly(tenantId, arDoc)} and ${arDoc.side} = ${side} and ${arDoc.partyId} = ${partyId}
             and ${liveAt('izs_ar_doc', 'doc_date', asOf)}) x
         where x.open > 0`,
  );
}

/**
 * A party's open balance on one side (reviewed documents and cash records); with `asOf`, as it stood at the end
 * of that day.
 */
export async function openBalanceOf(
  ex: Executor,
  tenantId: string,
  side: Side,
  partyId: string,
  asOf?: AsOf,
): Promise<OpenBalance> {
  if (asOf) return openBalanceAt(ex, tenantId, side, partyId, asOf);
  const [r] = await rows<{ documents: string; settled: string; cash: string; applied: string; refunds: string }>(
    ex,
    sql`select
          coalesce((select sum(amount) from izs_ar_doc where tenant_id = ${tenantId} and side = ${side} and party_id = ${partyId} and state = 'reviewed'), 0)::text as documents,
          coalesce((select sum(settled) from izs_ar_doc where tenant_id = ${tenantId} and side = ${side} and party_id = ${partyId} and state = 'reviewed'), 0)::text as settled,
          coalesce((select sum(amount) from izs_ar_cash where tenant_id = ${tenantId} and side = ${side} and party_id = ${partyId} and state = 'reviewed' and kind <> 'refund'), 0)::text as cash,
          coalesce((select sum(applied) from izs_ar_cash where tenant_id = ${tenantId} and side = ${side} and party_id = ${partyId} and state = 'reviewed' and kind <> 'refund'), 0)::text as applied,
          coalesce((select sum(amount) from izs_ar_cash where tenant_id = ${tenantId} and side = ${side} and party_id = ${partyId} and state = 'reviewed' and kind = 'refund'), 0)::text as refunds`,
  );
  const open = D(r.documents).minus(r.settled);
  const unapplied = D(r.cash).minus(r.applied);
  return {
    documents: moneyFixed(D(r.documents)),
    settled: moneyFixed(D(r.settled)),
    open: moneyFixed(open),
    unapplied: moneyFixed(unapplied),
    balance: moneyFixed(open.minus(unapplied)),
  };
}

export { addSettled, lockCash, lockOpenDocs };
