/**
 * 核销 (settlement) arithmetic, pure and decimal (money-contracts-finance §1.3): a sum of money (a 收款单 / 付款单,
 * or the smaller side of an offset) is spread over open documents of one party — oldest first by default, or in
 * the amounts the clerk chose — and whatever is left stands as 预收 / 预付 for later documents.
 * Refusals name the figures (元, two decimals) so the clerk sees why.
 */
import Decimal from 'decimal.js';
import { moneyFixed } from '../format/amounts.ts';

export interface OpenDoc {
  id: string;
  orderNo: string;
  /** yyyy-MM-dd */
  date: string;
  /** open amount, decimal string ≥ 0 */
  open: string;
}

export interface Allocation {
  docId: string;
  amount: string;
}

export type SettleResult = { ok: true; lines: Allocation[]; leftover: string } | { ok: false; message: string };

const d = (v: string | number | Decimal) => new Decimal(v);
const yuan = (v: Decimal) => moneyFixed(v);

/** Oldest first (date, then number), the default 核销 order. */
export function oldestFirst<T extends { date: string; orderNo: string }>(docs: T[]): T[] {
  return [...docs].sort((a, b) => (a.date === b.date ? a.orderNo.localeCompare(b.orderNo) : a.date < b.date ? -1 : 1));
}

/**
 * Spreads `amount` over `docs`. With `chosen`, exactly those lines (each ≤ its document's open amount, Σ ≤ amount);
 * without, oldest first until the money runs out. `leftover` = amount − Σ lines (预收 / 预付).
 */
export function allocate(docs: OpenDoc[], amount: string, chosen?: Allocation[]): SettleResult {
  const total = d(amount);
  if (total.isNeg()) return { ok: false, message: '金额不能为负数' };
  const byId = new Map(docs.map((x) => [x.id, x]));
  if (chosen) {
    const lines: Allocation[] = [];
    const seen = new Set<string>();
    let sum = d(0);
    for (const c of chosen) {
      const doc = byId.get(c.docId);
      if (!doc) return { ok: false, message: '所选单据不存在或已核销完毕' };
      if (seen.has(c.docId)) return { ok: false, message: `单据 ${doc.orderNo} 重复核销` };
      seen.add(c.docId);
      const a = d(c.amount);
      if (a.lte(0)) return { ok: false, message: `单据 ${doc.orderNo} 的核销金额必须大于0` };
      if (a.decimalPlaces() > 2) return { ok: false, message: `单据 ${doc.orderNo} 的核销金额最多两位小数` };
      if (a.gt(doc.open)) {
        return {
          ok: false,
          message: `单据 ${doc.orderNo} 未核销金额 ${yuan(d(doc.open))} 元，不能核销 ${yuan(a)} 元`,
        };
      }
      sum = sum.plus(a);
      lines.push({ docId: c.docId, amount: yuan(a) });
    }
    if (sum.gt(total)) {
      return { ok: false, message: `核销合计 ${yuan(sum)} 元超过可用金额 ${yuan(total)} 元` };
    }
    return { ok: true, lines, leftover: yuan(total.minus(sum)) };
  }
  let rest = total;
  const lines: Allocation[] = [];
  for (const doc of oldestFirst(docs)) {
    if (rest.lte(0)) break;
    const open = d(doc.open);
    if (open.lte(0)) continue;
    const a = Decimal.min(open, rest);
    lines.push({ docId: doc.id, amount: yuan(a) });
    rest = rest.minus(a);
  }
  return { ok: true, lines, leftover: yuan(rest) };
}

/** State of a document from its amount and settled sum. */
export function settleState(amount: string, settled: string): 'open' | 'partial' | 'settled' {
  const s = d(settled);
  if (s.lte(0)) return 'open';
  return s.gte(amount) ? 'settled' : 'partial';
}

export const SETTLE_STATE_NAMES = { open: '未核销', partial: '部分核销', settled: '已核销' } as const;

/**
 * A refund pays back unapplied money (预收 / 预付) of one party: refused beyond what is unapplied.
 */
export function refundCheck(unapplied: string, amount: string): string | null {
  const a = d(amount);
  if (a.lte(0)) return '退款金额必须大于0';
  if (a.gt(unapplied)) return `可退金额（未核销的预收/预付）${yuan(d(unapplied))} 元，不能退 ${yuan(a)} 元`;
  return null;
}

/**
 * 应收应付对冲: a party that is both customer and supplier; the offset is at most the smaller open side.
 */
export function offsetCheck(openReceivable: string, openPayable: string, amount: string): string | null {
  const a = d(amount);
  if (a.lte(0)) return '对冲金额必须大于0';
  const max = Decimal.min(openReceivable, openPayable);
  if (a.gt(max)) {
    return `未核销应收 ${yuan(d(openReceivable))} 元、应付 ${yuan(d(openPayable))} 元，最多对冲 ${yuan(max)} 元，不能对冲 ${yuan(a)} 元`;
  }
  return null;
}
