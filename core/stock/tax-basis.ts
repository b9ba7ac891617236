/**
 * One amount basis for every stock document (issue 21). Each line carries its unit price, its VAT rate (percent)
 * and whether the price is 含税; the line's priced amount (qty × price, half-up to the fen) is then split into
 * 不含税金额 / 税额 / 价税合计 here, once, at save — every consumer (应收单/应付单, vouchers, ledgers, contracts,
 * 票货款 match, credit, statements) reads the stored figures and never recomputes tax.
 *
 * Guarantees (decimal.js, half-up to the fen):
 * - 不含税 price: net = amount, tax = round2(net × rate), gross = net + tax;
 * - 含税 price: gross = amount, net = round2(gross ÷ (1 + rate)), tax = gross − net;
 * - on every line net + tax = gross exactly; the document's figures are the sums of its lines (tax is rounded per
 *   line, never on the total, so the lines always add up to the header);
 * - rate 0 (免税, a natural person's sale, production documents): net = tax-free amount = gross, tax 0;
 * - the stock receives a purchase at `net` — the input VAT of a rate > 0 line is deductible; a purchase whose VAT
 *   is not deductible is entered at rate 0, so its whole price is the cost.
 */
import Decimal from 'decimal.js';
import { moneyFixed, rateFixed } from '../format/amounts.ts';

export interface TaxLineIn {
  /** qty × unit price, money */
  amount: Decimal.Value;
  /** percent, e.g. 13 */
  ratePercent: Decimal.Value;
  /** the price (and so the amount) is 含税 */
  priceIncludesTax: boolean;
}

export interface TaxFigures {
  net: string;
  tax: string;
  gross: string;
}

const r2 = (v: Decimal) => v.toDecimalPlaces(2, Decimal.ROUND_HALF_UP);

/** 不含税金额 / 税额 / 价税合计 of one line. Throws on a negative or out-of-range rate. */
export function lineTaxFigures(l: TaxLineIn): TaxFigures {
  const amount = new Decimal(l.amount);
  const pct = new Decimal(l.ratePercent);
  if (pct.isNegative() || pct.gt(100)) throw new Error(`税率 ${pct.toString()}% 不正确`);
  const rate = pct.div(100);
  if (l.priceIncludesTax) {
    const net = r2(amount.div(rate.plus(1)));
    return { net: moneyFixed(net), tax: moneyFixed(amount.minus(net)), gross: moneyFixed(amount) };
  }
  const tax = r2(amount.times(rate));
  return { net: moneyFixed(amount), tax: moneyFixed(tax), gross: moneyFixed(amount.plus(tax)) };
}

/** The document's figures: the sums of its lines'. */
export function docTaxFigures(lines: readonly TaxFigures[]): TaxFigures {
  const sum = (k: keyof TaxFigures) => lines.reduce((s, l) => s.plus(l[k]), new Decimal(0));
  return { net: moneyFixed(sum('net')), tax: moneyFixed(sum('tax')), gross: moneyFixed(sum('gross')) };
}

/**
 * The one rate a document reports (应收单/应付单 税率, fraction with 4 places): the lines' common rate, else the
 * effective rate tax ÷ net of the document (mixed rates), 0 when the net is 0.
 */
export function docRateFraction(ratesPercent: readonly Decimal.Value[], f: TaxFigures): string {
  const uniq = [...new Set(ratesPercent.map((r) => new Decimal(r).toString()))];
  if (uniq.length === 1) return rateFixed(new Decimal(uniq[0]).div(100), 4);
  const net = new Decimal(f.net);
  return net.isZero() ? rateFixed(new Decimal(0), 4) : rateFixed(new Decimal(f.tax).div(net).abs(), 4);
}
