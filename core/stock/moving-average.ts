import Decimal from 'decimal.js';
import { moneyFixed, priceFixed, weightFixed } from '../format/amounts.ts';

/**
 * Moving weighted-average stock cost (DESIGN §5 Stock), per (warehouse, material), on decimal strings.
 *
 * The balance amount is the truth and is exact to the fen; the unit cost is derived (amount ÷ quantity) and
 * only shown. An issue takes `balance amount × issued ÷ balance quantity`, half-up to the fen, and an issue
 * that empties the stock takes the whole remaining amount — so no fen is ever left on an empty stock row and
 * receipts and issues always add up to the balance.
 *
 * Movements:
 * - `receipt`  (purchase in-stock, sale return at its original cost, sorting output, void of an issue): + qty, + amount.
 * - `issue`    (sale out-stock, sorting input, transfer out): − qty at the average cost.
 * - `reverse`  (purchase return at the receipt's price, void of a receipt): − qty, − the given amount; if that
 *   empties the stock, the balance amount is taken instead; if stock stays behind but the given amount would take
 *   all of its value (or more), it leaves at the average cost instead. Either way the difference is answered as
 *   `variance` (for the accounting side: 成本差异).
 */

export interface StockBalance {
  qty: string;
  amount: string;
}

export interface Movement {
  kind: 'receipt' | 'issue' | 'reverse';
  qtyIn: string;
  qtyOut: string;
  /** Cost amount of the movement (positive), fen. */
  amount: string;
  /** Given amount − booked amount on `reverse` (0 otherwise). */
  variance: string;
  balance: StockBalance;
  /** Average unit cost after the movement (yuan per kg, 6 decimals; 0 when empty). */
  unitCost: string;
}

export class StockError extends Error {}

export interface StockOptions {
  /** Business config 允许负库存. Default false. */
  allowNegative?: boolean;
  /** Decimal places of quantities (kg), default 2. */
  qtyPlaces?: number;
  /** Unit cost used when issuing into negative stock (the last known average), default 0. */
  lastUnitCost?: string;
}

const D = (v: string) => new Decimal(v);
const fen = (x: Decimal) => x.toDecimalPlaces(2, Decimal.ROUND_HALF_UP);

function positive(v: string, name: string): Decimal {
  let x: Decimal;
  try {
    x = D(v);
  } catch {
    throw new StockError(`${name}不是有效的数字`);
  }
  if (!x.isFinite() || x.lte(0)) throw new StockError(`${name}必须大于0`);
  return x;
}

function result(
  kind: Movement['kind'],
  qtyIn: Decimal,
  qtyOut: Decimal,
  amount: Decimal,
  variance: Decimal,
  qty: Decimal,
  total: Decimal,
  places: number,
): Movement {
  return {
    kind,
    qtyIn: weightFixed(qtyIn, places),
    qtyOut: weightFixed(qtyOut, places),
    amount: moneyFixed(amount),
    variance: moneyFixed(variance),
    balance: { qty: weightFixed(qty, places), amount: moneyFixed(total) },
    unitCost: unitCost({ qty: qty.toString(), amount: total.toString() }),
  };
}

export function unitCost(b: StockBalance): string {
  const q = D(b.qty);
  if (q.lte(0)) return '0.000000';
  return priceFixed(D(b.amount).div(q), 6);
}

export function receipt(b: StockBalance, qty: string, amount: string, o: StockOptions = {}): Movement {
  const places = o.qtyPlaces ?? 2;
  const q = positive(qty, '数量');
  let a: Decimal;
  try {
    a = fen(D(amount));
  } catch {
    throw new StockError('金额不是有效的数字');
  }
  if (a.lt(0)) throw new StockError('金额不能为负数');
  return result('receipt', q, new Decimal(0), a, new Decimal(0), D(b.qty).plus(q), D(b.amount).plus(a), places);
}

export function issue(b: StockBalance, qty: string, o: StockOptions = {}): Movement {
  const places = o.qtyPlaces ?? 2;
  const q = positive(qty, '数量');
  const have = D(b.qty);
  const total = D(b.amount);
  let a: Decimal;
  if (q.gt(have)) {
    if (!o.allowNegative)
      throw new StockError(`库存不足：现有 ${weightFixed(have, places)}，需要 ${weightFixed(q, places)}`);
    // the part covered by stock takes all of its amount; the rest goes out at the last known cost
    const covered = Decimal.max(have, 0);
    const last = have.gt(0) ? total.div(have) : D(o.lastUnitCost ?? '0');
    a = (covered.gt(0) ? total : new Decimal(0)).plus(fen(q.minus(covered).times(last)));
  } else if (q.eq(have)) {
    a = total;
  } else {
    a = fen(total.times(q).div(have));
  }
  return result('issue', new Decimal(0), q, a, new Decimal(0), have.minus(q), total.minus(a), places);
}

export function reverse(b: StockBalance, qty: string, amount: string, o: StockOptions = {}): Movement {
  const places = o.qtyPlaces ?? 2;
  const q = positive(qty, '数量');
  const given = fen(D(amount));
  const have = D(b.qty);
  const total = D(b.amount);
  if (q.gt(have) && !o.allowNegative) {
    throw new StockError(`库存不足：现有 ${weightFixed(have, places)}，需要 ${weightFixed(q, places)}`);
  }
  const left = have.minus(q);
  let a = given;
  if (left.lte(0)) {
    if (left.eq(0) || total.minus(given).lt(0)) a = Decimal.max(total, 0);
  } else if (total.minus(given).lte(0) && total.gt(0)) {
    // stock stays behind but the given amount would take all its value (cheaper goods came in after the receipt, or
    // earlier issues went out at a higher average): it leaves at the average cost instead, so what stays keeps its
    // value and the amount is 0 only when the quantity is
    a = fen(total.times(q).div(have));
  }
  return result('reverse', new Decimal(0), q, a, given.minus(a), left, total.minus(a), places);
}

/** Replays movements from an opening balance (used for stock-as-of-date and for checks). */
export function replay(
  opening: StockBalance,
  ops: (
    | { op: 'receipt'; qty: string; amount: string }
    | { op: 'issue'; qty: string }
    | { op: 'reverse'; qty: string; amount: string }
  )[],
  o: StockOptions = {},
): Movement[] {
  let b = opening;
  const out: Movement[] = [];
  for (const x of ops) {
    const m =
      x.op === 'receipt'
        ? receipt(b, x.qty, x.amount, o)
        : x.op === 'issue'
          ? issue(b, x.qty, o)
          : reverse(b, x.qty, x.amount, o);
    out.push(m);
    b = m.balance;
  }
  return out;
}
