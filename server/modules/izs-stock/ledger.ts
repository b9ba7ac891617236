/**
 * Stock effects of documents (DESIGN §5 Stock) — the only writer of izs_stock and izs_stock_movement.
 *
 * Guarantees, inside the caller's transaction:
 * - every stock row a document touches is created if missing and locked (SELECT … FOR UPDATE) in one sorted
 *   order (warehouse, material) before anything is computed, so concurrent reviews queue instead of racing and
 *   cannot deadlock on each other;
 * - each line becomes one movement computed by core/stock/moving-average.ts (receipt / issue / reverse) with the
 *   balance after it, and the row takes that balance — Σ movements = balance, to the fen;
 * - negative stock is refused (库存不足) unless `allowNegative`;
 * - a void writes, for each movement of the document (newest first), the inverse movement at the booked amount
 *   as a negative entry on the same side (isVoid = 1); nothing is deleted.
 */
import Decimal from 'decimal.js';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { moneyFixed, priceFixed, weightFixed } from '../../../core/format/amounts.ts';
import { allocate } from '../../../core/stock/allocation.ts';
import { proportional } from '../../../core/stock/amount.ts';
import {
  issue,
  type Movement,
  receipt,
  reverse,
  type StockBalance,
  StockError,
} from '../../../core/stock/moving-average.ts';
import type { Tx } from '../../db/client.ts';
import { material, stock, stockMovement, stockOrder, stockOrderLine, warehouse } from '../../db/schema/index.ts';
import { badRequest } from '../../platform/r.ts';
import { tenantOnly } from '../../platform/scope.ts';
import { refuseBelowPledge } from './pledge-lock.ts';

/** Quantities are kg with 3 decimals. */
export const QTY_PLACES = 3;

export interface LedgerDoc {
  id: string;
  tenantId: string;
  orderNo: string;
  docType: string;
  allocMethod: string;
}

export interface LedgerLine {
  id: string;
  lineNo: number;
  direction: string;
  materialId: string;
  warehouseId: string;
  qty: string;
  /** the line's 不含税金额 (issue 21): what a receipt or a purchase return moves */
  amount: string;
  ratio: string | null;
  sourceLineId: string | null;
}

export interface LedgerOptions {
  allowNegative: boolean;
  userId: string;
}

type StockRow = typeof stock.$inferSelect;

interface Locked {
  rows: Map<string, StockRow>;
  names: (warehouseId: string, materialId: string) => string;
}

const key = (warehouseId: string, materialId: string) => `${warehouseId}:${materialId}`;

/** Net kg a document's lines take out of each warehouse:material (outs − ins). */
function netOutOf(lines: LedgerLine[]): Map<string, Decimal> {
  const m = new Map<string, Decimal>();
  for (const l of lines) {
    const k = key(l.warehouseId, l.materialId);
    m.set(k, (m.get(k) ?? new Decimal(0))[l.direction === 'out' ? 'plus' : 'minus'](l.qty));
  }
  return m;
}

/** Creates missing stock rows and locks every row of `pairs` in (warehouse, material) order. */
async function lockStocks(
  tx: Tx,
  tenantId: string,
  pairs: { warehouseId: string; materialId: string }[],
): Promise<Locked> {
  const uniq = [...new Map(pairs.map((p) => [key(p.warehouseId, p.materialId), p])).values()].sort(
    (a, b) => a.warehouseId.localeCompare(b.warehouseId) || a.materialId.localeCompare(b.materialId),
  );
  const whIds = [...new Set(uniq.map((p) => p.warehouseId))];
  const matIds = [...new Set(uniq.map((p) => p.materialId))];
  const whs = whIds.length
    ? await tx
        .select({ id: warehouse.id, deptId: warehouse.deptId, name: warehouse.name })
        .from(warehouse)
        .where(and(tenantOnly(tenantId, warehouse), inArray(warehouse.id, whIds)))
    : [];
  const mats = matIds.length
    ? await tx
        .select({ id: material.id, name: material.name })
        .from(material)
        .where(and(tenantOnly(tenantId, material), inArray(material.id, matIds)))
    : [];
  const whBy = new Map(whs.map((w) => [w.id, w]));
  const matBy = new Map(mats.map((m) => [m.id, m.name]));
  const rows = new Map<string, StockRow>();
  for (const p of uniq) {
    const w = whBy.get(p.warehouseId);
    if (!w) throw badRequest('仓库不存在');
    if (!matBy.has(p.materialId)) throw badRequest('物料不存在');
    await tx
      .insert(stock)
      .values({ tenantId, deptId: w.deptId, warehouseId: p.warehouseId, materialId: p.materialId })
      .onConflictDoNothing();
    const [row] = await tx
      .select()
      .from(stock)
      .where(and(tenantOnly(tenantId, stock), eq(stock.warehouseId, p.warehouseId), eq(stock.materialId, p.materialId)))
      .for('update');
    rows.set(key(p.warehouseId, p.materialId), row);
  }
  return {
    rows,
    names: (w, m) => `${whBy.get(w)?.name ?? ''}的${matBy.get(m) ?? ''}`,
  };
}

/** The last known average unit cost of a row (issues into negative stock go out at it). */
async function lastUnitCost(tx: Tx, row: StockRow): Promise<string> {
  if (new Decimal(row.qty).gt(0)) return priceFixed(new Decimal(row.amount).div(row.qty), 6);
  const [m] = await tx
    .select({ unitCost: stockMovement.unitCost })
    .from(stockMovement)
    .where(and(eq(stockMovement.stockId, row.id), sql`${stockMovement.unitCost} > 0`))
    .orderBy(desc(stockMovement.id))
    .limit(1);
  return m?.unitCost ?? '0';
}

function compute(fn: () => Movement, what: string): Movement {
  try {
    return fn();
  } catch (e) {
    if (e instanceof StockError) throw badRequest(`${what}${e.message}`);
    throw e;
  }
}

interface Write {
  row: StockRow;
  m: Movement;
  lineId: string | null;
  /** Void entries are negative on the side they reverse. */
  isVoid: boolean;
}

async function writeMovement(tx: Tx, doc: LedgerDoc, w: Write, userId: string): Promise<void> {
  const neg = (v: string) => (w.isVoid ? new Decimal(v).neg().toFixed() : v);
  // a void of a receipt is recorded on the "in" side (negative), a void of an issue on the "out" side
  const inSide = w.isVoid ? w.m.kind === 'reverse' : w.m.kind === 'receipt';
  const qty = w.m.kind === 'receipt' ? w.m.qtyIn : w.m.qtyOut;
  const values = {
    tenantId: doc.tenantId,
    deptId: w.row.deptId,
    stockId: w.row.id,
    warehouseId: w.row.warehouseId,
    materialId: w.row.materialId,
    orderId: doc.id,
    orderNo: doc.orderNo,
    docType: doc.docType,
    lineId: w.lineId,
    kind: w.m.kind,
    isVoid: w.isVoid ? 1 : 0,
    qtyIn: inSide ? neg(qty) : '0',
    qtyOut: inSide ? '0' : neg(qty),
    amountIn: inSide ? neg(w.m.amount) : '0',
    amountOut: inSide ? '0' : neg(w.m.amount),
    unitCost: w.m.unitCost,
    variance: w.m.variance,
    balanceQty: w.m.balance.qty,
    balanceAmount: w.m.balance.amount,
    createUser: userId,
  };
  await tx.insert(stockMovement).values(values);
  await tx
    .update(stock)
    .set({ qty: w.m.balance.qty, amount: w.m.balance.amount, updateTime: new Date() })
    .where(eq(stock.id, w.row.id));
  w.row.qty = w.m.balance.qty;
  w.row.amount = w.m.balance.amount;
}

const balanceOf = (r: StockRow): StockBalance => ({ qty: r.qty, amount: r.amount });

/** The cost a sale return comes back at: its share of the source issue, else the current average. */
async function saleReturnCost(tx: Tx, doc: LedgerDoc, line: LedgerLine, row: StockRow, last: string): Promise<string> {
  if (line.sourceLineId) {
    const [src] = await tx
      .select({ qty: stockOrderLine.qty, costAmount: stockOrderLine.costAmount })
      .from(stockOrderLine)
      .where(and(eq(stockOrderLine.id, line.sourceLineId), tenantOnly(doc.tenantId, stockOrderLine)));
    if (src?.costAmount) return proportional(src.costAmount, line.qty, src.qty);
  }
  const unit = new Decimal(row.qty).gt(0) ? new Decimal(row.amount).div(row.qty) : new Decimal(last);
  return moneyFixed(unit.times(line.qty));
}

/** Already returned qty of a source line by other reviewed documents of `docType`. */
async function returnedQty(tx: Tx, tenantId: string, sourceLineId: string, docType: string, selfId: string) {
  const [r] = await tx
    .select({ q: sql<string>`coalesce(sum(${stockOrderLine.qty}), 0)` })
    .from(stockOrderLine)
    .innerJoin(stockOrder, eq(stockOrder.id, stockOrderLine.orderId))
    .where(
      and(
        tenantOnly(tenantId, stockOrderLine),
        eq(stockOrderLine.sourceLineId, sourceLineId),
        eq(stockOrder.docType, docType),
        eq(stockOrder.state, 'reviewed'),
        eq(stockOrder.isDeleted, 0),
        sql`${stockOrder.id} <> ${selfId}`,
      ),
    );
  return new Decimal(r?.q ?? '0');
}

async function checkReturnable(tx: Tx, doc: LedgerDoc, lines: LedgerLine[]) {
  for (const l of lines) {
    if (!l.sourceLineId) continue;
    const [src] = await tx
      .select({ qty: stockOrderLine.qty })
      .from(stockOrderLine)
      .where(and(eq(stockOrderLine.id, l.sourceLineId), tenantOnly(doc.tenantId, stockOrderLine)));
    if (!src) throw badRequest(`明细第${l.lineNo}行：原单明细不存在`);
    const done = await returnedQty(tx, doc.tenantId, l.sourceLineId, doc.docType, doc.id);
    const left = new Decimal(src.qty).minus(done);
    if (new Decimal(l.qty).gt(left)) {
      throw badRequest(`明细第${l.lineNo}行：退货数量超过可退数量 ${weightFixed(left, QTY_PLACES)} kg`);
    }
  }
}

export interface ReviewResult {
  /** line id → cost amount booked */
  costs: Map<string, string>;
  totalCost: string;
}

/** Applies a document's stock effects (review). Lines must be complete; the document row is locked by the caller. */
export async function applyReview(
  tx: Tx,
  doc: LedgerDoc,
  lines: LedgerLine[],
  o: LedgerOptions,
): Promise<ReviewResult> {
  const locked = await lockStocks(tx, doc.tenantId, lines);
  const get = (l: LedgerLine) => locked.rows.get(key(l.warehouseId, l.materialId)) as StockRow;
  const opts = (last: string) => ({ allowNegative: o.allowNegative, qtyPlaces: QTY_PLACES, lastUnitCost: last });
  const costs = new Map<string, string>();
  if (doc.docType === 'purchase_return' || doc.docType === 'sale_return') await checkReturnable(tx, doc, lines);

  // inputs (out) first: production documents allocate their cost to the outputs
  const outs = lines.filter((l) => l.direction === 'out');
  const ins = lines.filter((l) => l.direction === 'in');
  for (const l of outs) {
    const row = get(l);
    const what = locked.names(l.warehouseId, l.materialId);
    const last = await lastUnitCost(tx, row);
    const m =
      doc.docType === 'purchase_return'
        ? compute(() => reverse(balanceOf(row), l.qty, l.amount, opts(last)), what)
        : compute(() => issue(balanceOf(row), l.qty, opts(last)), what);
    await writeMovement(tx, doc, { row, m, lineId: l.id, isVoid: false }, o.userId);
    costs.set(l.id, m.amount);
  }
  const production = doc.docType === 'assembly' || doc.docType === 'disassembly' || doc.docType === 'conversion';
  let shares: string[] = [];
  if (production && ins.length) {
    const input = moneyFixed(outs.reduce((s, l) => s.plus(costs.get(l.id) ?? '0'), new Decimal(0)));
    const weights = ins.map((l) => (doc.allocMethod === 'ratio' ? (l.ratio ?? '0') : l.qty));
    try {
      shares = allocate(input, weights);
    } catch (e) {
      throw badRequest(e instanceof Error ? e.message : String(e));
    }
  }
  for (let i = 0; i < ins.length; i++) {
    const l = ins[i];
    const row = get(l);
    const what = locked.names(l.warehouseId, l.materialId);
    const last = await lastUnitCost(tx, row);
    const amount = production
      ? shares[i]
      : doc.docType === 'sale_return'
        ? await saleReturnCost(tx, doc, l, row, last)
        : l.amount;
    const m = compute(() => receipt(balanceOf(row), l.qty, amount, opts(last)), what);
    await writeMovement(tx, doc, { row, m, lineId: l.id, isVoid: false }, o.userId);
    costs.set(l.id, m.amount);
  }
  for (const [lineId, cost] of costs) {
    await tx.update(stockOrderLine).set({ costAmount: cost }).where(eq(stockOrderLine.id, lineId));
  }
  // issue 12: pledged stock stays (rows still locked)
  await refuseBelowPledge(tx, doc.tenantId, [...locked.rows.values()], netOutOf(lines), locked.names);
  // total cost: what went out for issue-type documents, what came in for receipt-type ones
  const side = ins.length && !production ? ins : outs.length ? outs : ins;
  const totalCost = moneyFixed(side.reduce((s, l) => s.plus(costs.get(l.id) ?? '0'), new Decimal(0)));
  return { costs, totalCost };
}

/** Reverses every movement of a reviewed document with new (void) movements, newest first. */
export async function applyVoid(tx: Tx, doc: LedgerDoc, o: LedgerOptions): Promise<void> {
  const moves = await tx
    .select()
    .from(stockMovement)
    .where(and(eq(stockMovement.orderId, doc.id), eq(stockMovement.isVoid, 0), tenantOnly(doc.tenantId, stockMovement)))
    .orderBy(desc(stockMovement.id));
  if (!moves.length) return;
  const locked = await lockStocks(tx, doc.tenantId, moves);
  const opts = { allowNegative: o.allowNegative, qtyPlaces: QTY_PLACES };
  for (const mv of moves) {
    const row = locked.rows.get(key(mv.warehouseId, mv.materialId)) as StockRow;
    const what = locked.names(mv.warehouseId, mv.materialId);
    // receipts are taken back out at their booked amount; issues and returns come back in at theirs
    const m =
      mv.kind === 'receipt'
        ? compute(() => reverse(balanceOf(row), mv.qtyIn, mv.amountIn, opts), `作废后${what}`)
        : compute(() => receipt(balanceOf(row), mv.qtyOut, mv.amountOut, opts), `作废后${what}`);
    await writeMovement(tx, doc, { row, m, lineId: mv.lineId, isVoid: true }, o.userId);
  }
  // issue 12: a void that takes receipts back out may not leave less than the pledged quantity
  const netOut = new Map<string, Decimal>();
  for (const mv of moves) {
    const k = key(mv.warehouseId, mv.materialId);
    const d = mv.kind === 'receipt' ? new Decimal(mv.qtyIn) : new Decimal(mv.qtyOut).neg();
    netOut.set(k, (netOut.get(k) ?? new Decimal(0)).plus(d));
  }
  await refuseBelowPledge(tx, doc.tenantId, [...locked.rows.values()], netOut, locked.names, '作废本单减少');
}

/** Lines of a document in line order. */
export async function loadLines(tx: Tx, tenantId: string, orderId: string): Promise<LedgerLine[]> {
  const r = await tx
    .select()
    .from(stockOrderLine)
    .where(and(eq(stockOrderLine.orderId, orderId), tenantOnly(tenantId, stockOrderLine)))
    .orderBy(asc(stockOrderLine.lineNo));
  return r.map((l) => ({
    id: l.id,
    lineNo: l.lineNo,
    direction: l.direction,
    materialId: l.materialId,
    warehouseId: l.warehouseId,
    qty: l.qty,
    // issue 21: stock moves at the 不含税金额 (a purchase whose VAT is not deductible is at rate 0: net = price)
    amount: l.netAmount,
    ratio: l.ratio,
    sourceLineId: l.sourceLineId,
  }));
}
