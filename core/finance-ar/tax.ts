/**
 * The tax of a manual 应收单 / 应付单 (issue 11): the amount typed is the 价税合计; with a rate (percent) it is split
 * into 不含税金额 + 税额 exactly (core/accounting splitInclusive, half-up to the fen), without one the whole amount
 * is 不含税 and the tax is 0.
 */
import { Decimal } from 'decimal.js';
import { splitInclusive } from '../accounting/vat.ts';
import { moneyFixed, rateFixed } from '../format/amounts.ts';

export interface ManualTax {
  net: string;
  tax: string;
  /** fraction, 4 places */
  taxRate: string;
}

export function manualTax(amount: string, ratePercent?: string): ManualTax {
  const a = new Decimal(amount);
  if (!ratePercent || new Decimal(ratePercent).isZero()) return { net: moneyFixed(a), tax: '0.00', taxRate: '0.0000' };
  const rate = new Decimal(ratePercent).div(100);
  const { amount: net, tax } = splitInclusive(a, rate);
  return { net: moneyFixed(net), tax: moneyFixed(tax), taxRate: rateFixed(rate, 4) };
}
