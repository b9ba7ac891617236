/**
 * 反向开票 (国家税务总局公告2024年第5号; /work/shared/data/accounting/vat_scrap.md §3): a 资源回收企业 issues the
 * invoice for scrap bought from a natural person. Pure rules, decimal.js:
 * - the seller is identified by a 居民身份证 number (18 characters, GB 11643 check digit); screens show it masked;
 * - the amount paid is 价税合计. The seller is treated as 小规模: when his reverse-invoiced sales of the month
 *   (excl. VAT, this invoice included) stay ≤ 100,000 元 the invoice is 免税 (rate 0), otherwise 3 % reduced to 1 %
 *   (net = amount ÷ 1.01 to the fen, tax = amount − net);
 * - 代办个人所得税 is pre-paid at 0.5 % of the net sales;
 * - over any rolling 12 months the seller's reverse-invoiced sales (excl. VAT) may not exceed 5,000,000 元.
 */
import Decimal from 'decimal.js';
import { moneyFixed, rateFixed } from '../format/amounts.ts';

export const REVERSE_MONTH_EXEMPT = new Decimal(100_000);
export const REVERSE_YEAR_LIMIT = new Decimal(5_000_000);
export const REVERSE_REDUCED_RATE = new Decimal('0.01');
export const REVERSE_IIT_RATE = new Decimal('0.005');

const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const CHECK = '10X98765432';

/** A 18-character 居民身份证 number with a correct check digit (GB 11643-1999). */
export function validIdNumber(id: string): boolean {
  const v = id.trim().toUpperCase();
  if (!/^\d{17}[\dX]$/.test(v)) return false;
  const sum = WEIGHTS.reduce((s, w, i) => s + w * Number(v[i]), 0);
  return CHECK[sum % 11] === v[17];
}

/** 110101********1234 */
export function maskIdNumber(id: string): string {
  return id.length < 10 ? '*'.repeat(id.length) : `${id.slice(0, 6)}${'*'.repeat(id.length - 10)}${id.slice(-4)}`;
}

export interface ReverseTax {
  /** '0' (免税) or '0.01' */
  rate: string;
  net: string;
  tax: string;
  iit: string;
}

/**
 * The tax of one reverse invoice of `amount` (价税合计) when the seller's month so far holds `monthNet` (excl. VAT,
 * live invoices). Exempt while the month stays ≤ 100,000 with this invoice counted at its full amount.
 */
export function reverseTax(amount: Decimal.Value, monthNet: Decimal.Value): ReverseTax {
  const a = new Decimal(amount);
  const exempt = new Decimal(monthNet).plus(a).lte(REVERSE_MONTH_EXEMPT);
  const net = exempt ? a : a.div(REVERSE_REDUCED_RATE.plus(1)).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  return {
    rate: exempt ? '0' : rateFixed(REVERSE_REDUCED_RATE),
    net: moneyFixed(net),
    tax: moneyFixed(a.minus(net)),
    iit: moneyFixed(net.times(REVERSE_IIT_RATE).toDecimalPlaces(2, Decimal.ROUND_HALF_UP)),
  };
}

/** The refusal of the rolling 12-month limit, or null. `yearNet` = live invoices of the 12 months up to this one. */
export function yearLimitRefusal(yearNet: Decimal.Value, net: Decimal.Value): string | null {
  const total = new Decimal(yearNet).plus(net);
  if (total.lte(REVERSE_YEAR_LIMIT)) return null;
  return `该出售者连续12个月反向开票销售额将达 ${moneyFixed(total)} 元，超过 5000000.00 元上限（已开 ${moneyFixed(new Decimal(yearNet))} 元），请引导其办理经营主体登记后自行开票`;
}

/** The 12 months ending with `month` (yyyy-MM): [first, month]. */
export function rollingYear(month: string): [string, string] {
  const [y, m] = month.split('-').map(Number);
  const first = new Date(Date.UTC(y, m - 12, 1));
  return [`${first.getUTCFullYear()}-${String(first.getUTCMonth() + 1).padStart(2, '0')}`, month];
}
