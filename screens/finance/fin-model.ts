/**
 * Pure helpers of the finance screens (期初余额, 凭证过账, 结转损益, books): periods to pick from, amount text typed
 * in a cell, the opening items sent to opening/save, voucher-number gaps. Amounts stay decimal strings (decimal.js),
 * never JS floats. Unit-tested in fin-model.test.ts.
 */
import { Decimal, dec } from '../../core/accounting/amount.ts';
import { addMonths, periodRange } from '../../core/accounting/period.ts';
import type { OpeningInput } from '../../core/contract/izs-financing/opening.contract.ts';
import { formatFixed, moneyFixed } from '../../core/format/amounts.ts';

/** Money for display: thousands separators and 2 decimals; zero is '0.00' (never blank). */
export { moneyText } from '../../core/accounting/amount.ts';

/** What a typed amount cell keeps: digits, one leading minus, one point and at most `places` decimals. */
export function cleanAmount(text: string, places = 2): string {
  let t = text.replace(/[,，\s]/g, '').replace(/[^\d.-]/g, '');
  const neg = t.startsWith('-');
  t = t.replace(/-/g, '');
  const dot = t.indexOf('.');
  if (dot >= 0)
    t = `${t.slice(0, dot + 1)}${t
      .slice(dot + 1)
      .replace(/\./g, '')
      .slice(0, places)}`;
  return `${neg ? '-' : ''}${t}`;
}

/** A complete amount ('' counts as zero): used before saving. */
export function isAmount(text: string, places = 2): boolean {
  const t = text.trim();
  return t === '' || new RegExp(`^-?\\d{1,14}(\\.\\d{0,${places}})?$`).test(t);
}

/** Stored '0.00' shows as an empty cell in an entry grid. */
export const cellOf = (v: string | null | undefined): string => (v && !dec(v).isZero() ? v : '');

/** The periods a book's screens offer: start period … current period + `ahead` months, newest first. */
export function bookPeriods(book: { startPeriod: string; currentPeriod: string }, ahead = 0): string[] {
  return periodRange(book.startPeriod, addMonths(book.currentPeriod, ahead)).reverse();
}

/** The same key the server gives 辅助核算 items: `dimId:itemId|…`, ordered by dimension id (numeric). */
export function auxKeyOf(aux: Record<string, string> | null | undefined): string {
  if (!aux) return '';
  const byId = (a: string, b: string) => (a.length !== b.length ? a.length - b.length : a < b ? -1 : a > b ? 1 : 0);
  return Object.entries(aux)
    .filter(([, v]) => v)
    .sort(([a], [b]) => byId(a, b))
    .map(([d, i]) => `${d}:${i}`)
    .join('|');
}

/** An edited opening position (one leaf account, or one 辅助核算 item of it). */
export interface OpeningEdit {
  accountCode: string;
  aux: Record<string, string>;
  balance: string;
  ytdDebit: string;
  ytdCredit: string;
  ytdPl: string;
  quantity: string;
}

export const openingKey = (code: string, aux?: Record<string, string> | null) => `${code}|${auxKeyOf(aux)}`;

/**
 * The body items of opening/save: one per edited position, blanks as '0' (an all-zero item removes the stored
 * figures). Throws the first malformed cell named in Chinese, so nothing half-typed is sent.
 */
export function openingItems(edits: Iterable<OpeningEdit>, opts: { midYear: boolean }): OpeningInput[] {
  const out: OpeningInput[] = [];
  for (const e of edits) {
    const cells: [keyof OpeningEdit, string, number][] = [
      ['balance', '期初余额', 2],
      ['ytdDebit', '本年累计借方', 2],
      ['ytdCredit', '本年累计贷方', 2],
      ['ytdPl', '本年累计损益', 2],
      ['quantity', '期初数量', 4],
    ];
    for (const [k, label, places] of cells) {
      const v = String(e[k] ?? '');
      if (!isAmount(v, places) || v.trim() === '-' || v.trim() === '.') {
        throw new Error(`科目 ${e.accountCode} 的${label}「${v}」格式不正确`);
      }
    }
    const z = (v: string) => (v.trim() === '' ? '0' : moneyFixed(dec(v.trim())));
    out.push({
      accountCode: e.accountCode,
      ...(Object.keys(e.aux).length ? { aux: e.aux } : {}),
      balance: z(e.balance),
      ...(opts.midYear ? { ytdDebit: z(e.ytdDebit), ytdCredit: z(e.ytdCredit), ytdPl: z(e.ytdPl) } : {}),
      ...(e.quantity.trim() ? { quantity: formatFixed(dec(e.quantity.trim()), 4, { thousands: false }) } : {}),
    });
  }
  return out;
}

/** Voucher numbers missing per word in a period ("记 3、5"), for the 凭证整理 hint. */
export function gapsByWord(vouchers: readonly { word: string; no: number }[]): { word: string; missing: number[] }[] {
  const byWord = new Map<string, number[]>();
  for (const v of vouchers) byWord.set(v.word, [...(byWord.get(v.word) ?? []), v.no]);
  const out: { word: string; missing: number[] }[] = [];
  for (const [word, nos] of byWord) {
    const have = new Set(nos);
    const max = Math.max(...nos);
    const missing: number[] = [];
    for (let n = 1; n <= max; n++) if (!have.has(n)) missing.push(n);
    if (missing.length) out.push({ word, missing });
  }
  return out;
}

/** Σ of decimal strings (exact). */
export function sumOf(values: Iterable<string | null | undefined>): Decimal {
  let s = new Decimal(0);
  for (const v of values) if (v) s = s.plus(dec(v));
  return s;
}
