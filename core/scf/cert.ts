/**
 * 金单 split rules (money-contracts-finance.md §5.1, §5.3): the parts of a split are positive amounts to the fen
 * whose sum is exactly the parent's face; children keep the parent's issuer and maturity. Pure decimal.js.
 */
import Decimal from 'decimal.js';
import { moneyFixed } from '../format/amounts.ts';

const FEN = /^\d{1,14}(\.\d{1,2})?$/;

/** Checks a split: answers the parts as fixed 2-place strings, or throws the Chinese reason. */
export function checkSplit(face: Decimal.Value, parts: string[], minPart: Decimal.Value = '0.01'): string[] {
  if (parts.length < 2) throw new Error('拆分至少需要两份');
  const out = parts.map((p, i) => {
    const s = String(p).trim();
    if (!FEN.test(s)) throw new Error(`第${i + 1}份金额格式不正确，最多2位小数`);
    const d = new Decimal(s);
    if (d.lt(minPart)) throw new Error(`第${i + 1}份金额不能小于 ${moneyFixed(new Decimal(minPart))} 元`);
    return moneyFixed(d);
  });
  const sum = out.reduce((s, p) => s.plus(p), new Decimal(0));
  if (!sum.eq(face)) {
    throw new Error(`拆分金额合计 ${moneyFixed(sum)} 元与金单面额 ${moneyFixed(new Decimal(face))} 元不一致`);
  }
  return out;
}

/** Child certificate numbers: parent-01, parent-02… */
export function childNo(parentNo: string, i: number): string {
  return `${parentNo}-${String(i + 1).padStart(2, '0')}`;
}
