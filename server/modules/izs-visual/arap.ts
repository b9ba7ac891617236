/**
 * Receivables / payables and invoices of izs-finance-ar for the finance and tax wall screens (money.ts): open
 * reviewed documents with their aging (core/finance-ar), invoice tax by month, documents waiting for invoices and
 * 反向开票. Read in the screen's data scope; summed in SQL, bucketed with decimal.js.
 */
import type Decimal from 'decimal.js';
import { type AnyColumn, and, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { ArapFigure, TaxAnswer } from '../../../core/contract/izs-visual/money.ts';
import { addDays, aging } from '../../../core/finance-ar/aging.ts';
import type { Db } from '../../db/client.ts';
import {
  accountSet,
  arCash,
  arDoc,
  arInvoice,
  arReverseInvoice,
  dept,
  relatedParty,
  stockOrder,
} from '../../db/schema/index.ts';
import type { AuthUser } from '../../platform/auth.ts';
import { scopeOf, tenantIs, tenantOnly } from '../../platform/scope.ts';
import { D, yuan2 } from './common.ts';

/**
 * Open reviewed 应收单 (ar) / 应付单 (ap): total, overdue (due date before today), due within 7 days, aging, top 5;
 * and the 余额 — the open documents less the unsettled 预收 / 预付, as 业财对账 and the ledger count it.
 */
export async function arapFigure(
  db: Db,
  user: AuthUser,
  side: 'ar' | 'ap',
  today: string,
  code: string,
  /** the books' companies (`bookCompanies`): only their departments' records count, as 业财对账 counts a book */
  companies?: (deptCol: AnyColumn) => SQL | undefined,
): Promise<ArapFigure> {
  const open = await db
    .select({
      partyId: arDoc.partyId,
      partyName: sql<string>`coalesce(${relatedParty.name}, '')`,
      date: arDoc.docDate,
      due: arDoc.dueDate,
      open: sql<string>`(${arDoc.amount} - ${arDoc.settled})::text`,
    })
    .from(arDoc)
    .leftJoin(relatedParty, eq(relatedParty.id, arDoc.partyId))
    .where(
      and(
        await scopeOf(db, user, arDoc, code),
        companies?.(arDoc.deptId),
        eq(arDoc.side, side),
        eq(arDoc.state, 'reviewed'),
        sql`${arDoc.amount} > ${arDoc.settled}`,
      ),
    );
  // issue 21: the money received / paid and not settled yet (预收 / 预付) — 余额 = open documents − it, the
  // definition of 业财对账 and of the ledger account (Σ 应收单 − 收款 + 退款 − 对冲)
  const [u] = await db
    .select({ v: sql<string>`coalesce(sum(${arCash.amount} - ${arCash.applied}), 0)::text` })
    .from(arCash)
    .where(
      and(
        await scopeOf(db, user, arCash, code),
        companies?.(arCash.deptId),
        eq(arCash.side, side),
        eq(arCash.state, 'reviewed'),
        sql`${arCash.kind} <> 'refund'`,
      ),
    );
  const unapplied = D(u?.v);
  const soon = addDays(today, 7);
  let total = D(0);
  let overdue = D(0);
  let dueSoon = D(0);
  let overdueDocs = 0;
  const parties = new Map<string, { partyId: string; partyName: string; open: Decimal; overdue: Decimal }>();
  for (const o of open) {
    const late = o.due !== '' && o.due < today;
    total = total.plus(o.open);
    if (late) {
      overdue = overdue.plus(o.open);
      overdueDocs += 1;
    } else if (o.due !== '' && o.due <= soon) dueSoon = dueSoon.plus(o.open);
    const p = parties.get(o.partyId) ?? { partyId: o.partyId, partyName: o.partyName, open: D(0), overdue: D(0) };
    p.open = p.open.plus(o.open);
    if (late) p.overdue = p.overdue.plus(o.open);
    parties.set(o.partyId, p);
  }
  return {
    balance: yuan2(total.minus(unapplied)),
    open: yuan2(total),
    unapplied: yuan2(unapplied),
    overdue: yuan2(overdue),
    dueSoon: yuan2(dueSoon),
    docs: open.length,
    overdueDocs,
    aging: aging(
      open.map((o) => ({ date: o.date, open: o.open })),
      today,
    ),
    top: [...parties.values()]
      .sort((a, b) => b.open.comparedTo(a.open))
      .slice(0, 5)
      .map((p) => ({ partyId: p.partyId, partyName: p.partyName, open: yuan2(p.open), overdue: yuan2(p.overdue) })),
  };
}

/** 销项 / 进项 tax of the live invoices per month (yyyy-MM) of the year. */
export async function invoiceVatByMonth(db: Db, user: AuthUser, year: string, code: string) {
  const found = await db
    .select({
      period: sql<string>`left(${arInvoice.invoiceDate}, 7)`,
      out: sql<string>`coalesce(sum(${arInvoice.taxAmount}) filter (where ${arInvoice.direction} = 'out'), 0)::text`,
      in: sql<string>`coalesce(sum(${arInvoice.taxAmount}) filter (where ${arInvoice.direction} = 'in'), 0)::text`,
    })
    .from(arInvoice)
    .where(and(await scopeOf(db, user, arInvoice, code), sql`${arInvoice.invoiceDate} like ${`${year}-%`}`))
    .groupBy(sql`1`);
  return new Map(found.map((f) => [f.period, f]));
}

/**
 * The companies of the books (their departments and those below, blade_dept.ancestors) as a condition on a dept id
 * column — the scope 业财对账 compares a book with (issue 21); undefined (no narrowing) when there is no book or a
 * book has no department (it keeps the whole tenant).
 */
export async function bookCompanies(db: Db, tenantId: string, bookIds: string[]) {
  if (!bookIds.length) return undefined;
  const found = await db
    .select({ deptId: accountSet.deptId })
    .from(accountSet)
    .where(and(tenantIs(tenantId, accountSet), inArray(accountSet.id, bookIds)));
  if (found.some((b) => !b.deptId)) return undefined;
  const heads = [...new Set(found.map((b) => String(b.deptId)))];
  return (deptCol: AnyColumn) =>
    sql`${deptCol} in (select ${dept.id} from ${dept} where ${tenantOnly(tenantId, dept)} and (${or(
      ...heads.map((h) => sql`${dept.id} = ${h} or (',' || ${dept.ancestors} || ',') like ${`%,${h},%`}`),
    )}))`;
}

/** Reviewed out-stocks (sales) / in-stocks (purchases) not fully invoiced, and this year's 反向开票. */
export async function pendingInvoices(
  db: Db,
  user: AuthUser,
  year: string,
  code: string,
): Promise<Pick<TaxAnswer, 'invoices' | 'reverseInvoices'>> {
  const openAmt = sql`(${stockOrder.grossAmount} - coalesce((select sum(l.amount) from izs_ar_invoice_link l
    join izs_ar_invoice i on i.id = l.invoice_id where l.order_id = ${stockOrder.id} and i.is_deleted = 0), 0))`;
  const found = await db
    .select({
      docType: stockOrder.docType,
      n: sql<number>`count(*)::int`,
      amount: sql<string>`coalesce(sum(${openAmt}), 0)::text`,
    })
    .from(stockOrder)
    .where(
      and(
        await scopeOf(db, user, stockOrder, code),
        eq(stockOrder.state, 'reviewed'),
        inArray(stockOrder.docType, ['out_stock', 'in_stock']),
        sql`${openAmt} > 0`,
      ),
    )
    .groupBy(stockOrder.docType);
  const of = (t: string) => found.find((f) => f.docType === t);
  const [rev] = await db
    .select({
      n: sql<number>`count(*)::int`,
      amount: sql<string>`coalesce(sum(${arInvoice.amount}), 0)::text`,
      tax: sql<string>`coalesce(sum(${arInvoice.taxAmount}), 0)::text`,
    })
    .from(arInvoice)
    .where(
      and(
        await scopeOf(db, user, arInvoice, code),
        eq(arInvoice.reverse, 1),
        sql`${arInvoice.invoiceDate} like ${`${year}-%`}`,
      ),
    );
  const [ev] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(arReverseInvoice)
    .where(and(await scopeOf(db, user, arReverseInvoice, code), sql`${arReverseInvoice.month} like ${`${year}-%`}`));
  return {
    invoices: {
      salesDocs: of('out_stock')?.n ?? 0,
      salesAmount: yuan2(of('out_stock')?.amount),
      purchaseDocs: of('in_stock')?.n ?? 0,
      purchaseAmount: yuan2(of('in_stock')?.amount),
    },
    reverseInvoices: {
      count: rev?.n ?? 0,
      amount: yuan2(rev?.amount),
      taxAmount: yuan2(rev?.tax),
      evidence: ev?.n ?? 0,
    },
  };
}
