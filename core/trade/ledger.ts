import Decimal from 'decimal.js';
import { moneyFixed } from '../format/amounts.ts';
import { allocate } from '../stock/allocation.ts';

/**
 * Ledger figures of a document spread over its material lines (issue 12): invoices link to a whole stock
 * document and settlements to its 应收单 / 应付单, so the ledger (per party × material) gives each material line the
 * share of its amount — fen-exact (core/stock/allocation.ts largest remainder), the shares summing to the
 * document's figure. A negative figure (returns' red documents) is spread by its absolute value and negated; lines
 * whose amounts sum to zero share by quantity, else equally.
 */
export function spreadOverLines(total: string, lines: { amount: string; qty: string }[]): string[] {
  if (!lines.length) return [];
  const t = new Decimal(total);
  if (t.isZero()) return lines.map(() => '0.00');
  const abs = (v: string) => new Decimal(v).abs().toFixed();
  const byAmount = lines.map((l) => abs(l.amount));
  const byQty = lines.map((l) => abs(l.qty));
  const nonZero = (w: string[]) => w.some((x) => !new Decimal(x).isZero());
  const weights = nonZero(byAmount) ? byAmount : nonZero(byQty) ? byQty : lines.map(() => '1');
  const shares = allocate(moneyFixed(t.abs()), weights);
  return t.isNeg() ? shares.map((s) => moneyFixed(new Decimal(s).neg())) : shares;
}

/** open = amount − paid / collected (2 places). */
export const openAmount = (amount: string, paid: string) => moneyFixed(new Decimal(amount).minus(paid));
