/**
 * GET /api/izs-visual/dashboard/work — 首页 by role (core/contract/izs-visual/workbench.contract.ts). Each block is read
 * in the caller's data scope of the list it links to and is null without that list's view, so the home page shows
 * each user what they work on. Amounts and weights are summed in SQL and answered as decimal strings.
 */
import { and, eq, gte, inArray, or, sql } from 'drizzle-orm';
import { nextPeriod, periodOf } from '../../../core/accounting/period.ts';
import {
  WORKBENCH_LINKS as L,
  QUICK_LINKS,
  WORKBENCH,
  type WorkbenchAnswer,
} from '../../../core/contract/izs-visual/workbench.contract.ts';
import { daysBetween } from '../../../core/finance-ar/aging.ts';
import { moneyFixed, rateFixed } from '../../../core/format/amounts.ts';
import type { Db } from '../../db/client.ts';
import {
  accountSet,
  stock,
  stockMovement,
  stockOrder,
  stockOrderLine,
  weighException,
  weighingOrder,
} from '../../db/schema/index.ts';
import type { AuthUser } from '../../platform/auth.ts';
import type { endpoints } from '../../platform/endpoint.ts';
import { scopeOf, tenantOf } from '../../platform/scope.ts';
import { cashBefore, defaultBook, lastReconciliations, periodFigures } from './books.ts';
import { businessDay, canView, D, dayStart, kg3, materialNames, time, yuan2 } from './common.ts';
import { TRADE_TYPES } from './metrics.ts';

/** Reviewed purchases and sales (returns net) of one day per material, at the stored 价税合计 (the registry's basis). */
async function tradeByMaterial(db: Db, user: AuthUser, today: string) {
  const found = await db
    .select({
      materialId: stockOrderLine.materialId,
      inKg: sql<string>`coalesce(sum(case ${stockOrder.docType} when 'in_stock' then ${stockOrderLine.qty} when 'purchase_return' then -${stockOrderLine.qty} end), 0)`,
      inAmount: sql<string>`coalesce(sum(case ${stockOrder.docType} when 'in_stock' then ${stockOrderLine.grossAmount} when 'purchase_return' then -${stockOrderLine.grossAmount} end), 0)`,
      outKg: sql<string>`coalesce(sum(case ${stockOrder.docType} when 'out_stock' then ${stockOrderLine.qty} when 'sale_return' then -${stockOrderLine.qty} end), 0)`,
      outAmount: sql<string>`coalesce(sum(case ${stockOrder.docType} when 'out_stock' then ${stockOrderLine.grossAmount} when 'sale_return' then -${stockOrderLine.grossAmount} end), 0)`,
    })
    .from(stockOrderLine)
    .innerJoin(stockOrder, eq(stockOrder.id, stockOrderLine.orderId))
    .where(
      and(
        await scopeOf(db, user, stockOrder, L.trade.code),
        eq(stockOrder.state, 'reviewed'),
        inArray(stockOrder.docType, [...TRADE_TYPES.purchase, ...TRADE_TYPES.sale]),
        eq(stockOrder.orderDate, today),
      ),
    )
    .groupBy(stockOrderLine.materialId);
  const names = await materialNames(
    db,
    user.tenantId,
    found.map((r) => r.materialId),
  );
  return found
    .map((r) => ({
      materialId: r.materialId,
      name: names.get(r.materialId) ?? '',
      inKg: kg3(r.inKg),
      inAmount: yuan2(r.inAmount),
      outKg: kg3(r.outKg),
      outAmount: yuan2(r.outAmount),
    }))
    .sort((a, b) =>
      D(b.inAmount)
        .plus(D(b.outAmount))
        .cmp(D(a.inAmount).plus(D(a.outAmount))),
    );
}

/** Purchase price per tonne (入库单价税合计 ÷ 净重 of reviewed 采购入库, the registry's basis) today against the 30 days before. */
async function priceMoves(db: Db, user: AuthUser, today: string, from: string) {
  const found = await db
    .select({
      materialId: stockOrderLine.materialId,
      todayAmount: sql<string>`coalesce(sum(${stockOrderLine.grossAmount}) filter (where ${stockOrder.orderDate} = ${today}), 0)`,
      todayKg: sql<string>`coalesce(sum(${stockOrderLine.qty}) filter (where ${stockOrder.orderDate} = ${today}), 0)`,
      pastAmount: sql<string>`coalesce(sum(${stockOrderLine.grossAmount}) filter (where ${stockOrder.orderDate} < ${today}), 0)`,
      pastKg: sql<string>`coalesce(sum(${stockOrderLine.qty}) filter (where ${stockOrder.orderDate} < ${today}), 0)`,
    })
    .from(stockOrderLine)
    .innerJoin(stockOrder, eq(stockOrder.id, stockOrderLine.orderId))
    .where(
      and(
        await scopeOf(db, user, stockOrder, L.trade.code),
        eq(stockOrder.state, 'reviewed'),
        eq(stockOrder.docType, 'in_stock'),
        gte(stockOrder.orderDate, from),
        sql`${stockOrder.orderDate} <= ${today}`,
      ),
    )
    .groupBy(stockOrderLine.materialId);
  const names = await materialNames(
    db,
    user.tenantId,
    found.map((r) => r.materialId),
  );
  const perTonne = (amount: string, kg: string) =>
    D(kg).isZero() ? null : D(amount).div(D(kg)).times(1000).toDecimalPlaces(2);
  return found
    .map((r) => {
      const t = perTonne(r.todayAmount, r.todayKg);
      const p = perTonne(r.pastAmount, r.pastKg);
      const delta = t && p && !p.isZero() ? t.minus(p).div(p).times(100) : null;
      return {
        materialId: r.materialId,
        name: names.get(r.materialId) ?? '',
        today: t ? moneyFixed(t) : '',
        avg30: p ? moneyFixed(p) : '',
        change: delta ? `${delta.gte(0) ? '+' : ''}${rateFixed(delta)}` : '',
      };
    })
    .sort((a, b) => a.name.localeCompare(b.name, 'zh-CN'));
}

/** Stock per material (all warehouses in scope) and the days since its last receipt. */
async function stockByMaterial(db: Db, user: AuthUser, tz: string, today: string) {
  const scope = await scopeOf(db, user, stock, L.stock.code);
  const found = await db
    .select({
      materialId: stock.materialId,
      qty: sql<string>`sum(${stock.qty})`,
      amount: sql<string>`sum(${stock.amount})`,
    })
    .from(stock)
    .where(and(scope, sql`${stock.qty} <> 0`))
    .groupBy(stock.materialId);
  const receipts = found.length
    ? await db
        .select({
          materialId: stockMovement.materialId,
          lastIn: sql<string>`max((${stockMovement.createTime} at time zone ${tz})::date)::text`,
        })
        .from(stockMovement)
        .where(
          and(
            tenantOf(user, stockMovement),
            eq(stockMovement.kind, 'receipt'),
            eq(stockMovement.isVoid, 0),
            inArray(
              stockMovement.materialId,
              found.map((r) => r.materialId),
            ),
          ),
        )
        .groupBy(stockMovement.materialId)
    : [];
  const lastIn = new Map(receipts.map((r) => [r.materialId, r.lastIn]));
  const names = await materialNames(
    db,
    user.tenantId,
    found.map((r) => r.materialId),
  );
  return found
    .map((r) => ({
      materialId: r.materialId,
      name: names.get(r.materialId) ?? '',
      qtyKg: kg3(r.qty),
      amount: yuan2(r.amount),
      lastInDays: lastIn.has(r.materialId) ? daysBetween(lastIn.get(r.materialId)!, today) : null,
    }))
    .sort((a, b) => D(b.amount).cmp(D(a.amount)));
}

async function openExceptions(db: Db, user: AuthUser) {
  const [r] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(weighException)
    .where(and(await scopeOf(db, user, weighException, L.exceptions.code), eq(weighException.state, 'open')));
  return r?.n ?? 0;
}

/** The weighings the caller captured today (either pass) and the trucks waiting for their second pass. */
async function station(db: Db, user: AuthUser, tz: string, today: string) {
  const scope = await scopeOf(db, user, weighingOrder, L.station.code);
  const [mine] = await db
    .select({
      n: sql<number>`count(*)::int`,
      net: sql<string>`coalesce(sum(${weighingOrder.netWeight}) filter (where ${weighingOrder.weighState} = 'completed'), 0)`,
    })
    .from(weighingOrder)
    .where(
      and(
        scope,
        or(eq(weighingOrder.firstOperator, user.userId), eq(weighingOrder.secondOperator, user.userId)),
        gte(weighingOrder.firstTime, dayStart(today, tz)),
      ),
    );
  const waitingWhere = and(scope, eq(weighingOrder.weighState, 'first'));
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(weighingOrder).where(waitingWhere);
  const waiting = await db
    .select({ orderNo: weighingOrder.orderNo, carNumber: weighingOrder.carNumber, firstTime: weighingOrder.firstTime })
    .from(weighingOrder)
    .where(waitingWhere)
    .orderBy(weighingOrder.firstTime)
    .limit(5);
  return {
    mineToday: mine?.n ?? 0,
    mineNetKg: kg3(mine?.net),
    waiting: waiting.map((w) => ({ orderNo: w.orderNo, carNumber: w.carNumber, firstTime: time(w.firstTime, tz) })),
    waitingCount: count?.n ?? 0,
  };
}

/** The default book's period state and this month's VAT in the books. */
async function financeBlock(db: Db, user: AuthUser, today: string) {
  const [book] = await defaultBook(db, user, L.vouchers.code);
  if (!book) return null;
  const [row] = await db
    .select({ startPeriod: accountSet.startPeriod, closedThrough: accountSet.closedThrough })
    .from(accountSet)
    .where(eq(accountSet.id, book.accountSetId));
  const closed = row?.closedThrough ?? '';
  const current = closed ? nextPeriod(closed) : (row?.startPeriod ?? today.slice(0, 7));
  const month = today.slice(0, 7);
  const [f] = await periodFigures(db, user.tenantId, [book.accountSetId], month, month);
  const output = D(f?.outputVat);
  const input = D(f?.inputVat);
  return {
    book: book.name,
    currentPeriod: current,
    closedThrough: closed,
    outputVat: yuan2(output),
    inputVat: yuan2(input),
    vatDue: yuan2(output.minus(input).gt(0) ? output.minus(input) : 0),
  };
}

export function registerWorkbench(r: ReturnType<typeof endpoints>, db: Db, tz: string): void {
  r.handle(WORKBENCH.work, async ({ user }): Promise<WorkbenchAnswer> => {
    const { today, daysAgo } = businessDay(tz);
    const codes: string[] = [
      L.trade.code,
      L.stock.code,
      L.exceptions.code,
      L.daybook.code,
      L.vouchers.code,
      L.reconcile.code,
      L.station.code,
      L.users.code,
      ...QUICK_LINKS.map((q) => q.code),
    ];
    const unique = [...new Set(codes)];
    const seen = new Map(await Promise.all(unique.map(async (c) => [c, await canView(db, user, c)] as const)));
    const may = (code: string) => seen.get(code) === true;

    let cashBank: WorkbenchAnswer['cashBank'] = null;
    if (may(L.daybook.code)) {
      const [book] = await defaultBook(db, user, L.daybook.code);
      if (book) {
        const c = await cashBefore(db, user.tenantId, [book.accountSetId], nextPeriod(periodOf(today)));
        cashBank = { book: book.name, cash: yuan2(c.cash), bank: yuan2(c.bank) };
      }
    }
    let reconcile: WorkbenchAnswer['reconcile'] = null;
    if (may(L.reconcile.code)) {
      const books = await defaultBook(db, user, L.reconcile.code);
      const [last] = await lastReconciliations(db, books, tz);
      if (last)
        reconcile = {
          book: last.bookName,
          period: last.period,
          clean: last.clean,
          differences: last.differences,
          runTime: last.runTime,
        };
    }
    return {
      today,
      system: may(L.users.code),
      links: QUICK_LINKS.filter((q) => may(q.code)).map(({ title, path }) => ({ title, path })),
      trade: may(L.trade.code) ? await tradeByMaterial(db, user, today) : null,
      prices: may(L.trade.code) ? await priceMoves(db, user, today, daysAgo(30)) : null,
      stock: may(L.stock.code) ? await stockByMaterial(db, user, tz, today) : null,
      exceptionsOpen: may(L.exceptions.code) ? await openExceptions(db, user) : null,
      cashBank,
      finance: may(L.vouchers.code) ? await financeBlock(db, user, today) : null,
      reconcile,
      station: may(L.station.code) ? await station(db, user, tz, today) : null,
    };
  });
}
