/**
 * The printed 记账凭证 as data (print/templates/voucher.tsx): lines split into sheets of a fixed number of rows
 * (voucher paper holds a few lines; a longer voucher continues on the next sheet with 过次页 / 承前页), the totals
 * and their 人民币大写 (core/accounting/capital.ts) on the last sheet. Amounts stay decimal strings.
 */
import { dec } from '../../core/accounting/amount.ts';
import { toCapital } from '../../core/accounting/capital.ts';
import type { Voucher, VoucherLine } from '../../core/contract/izs-financing/voucher.contract.ts';
import { formatMoney, moneyFixed } from '../../core/format/amounts.ts';

export const LINES_PER_SHEET = 6;

export interface VoucherSheet {
  index: number;
  count: number;
  /** the sheet's lines padded with nulls to LINES_PER_SHEET */
  rows: (VoucherLine | null)[];
  /** totals of this and the earlier sheets */
  debit: string;
  credit: string;
  last: boolean;
  /** 合计 label: 合计 on the last sheet, 过次页 before it */
  totalLabel: string;
  /** 大写 of the voucher total, last sheet only */
  capital: string;
}

/** Displayed money: thousands separators, 2 decimals; '' for zero (empty cells on paper). */
export function printMoney(v: string | null | undefined): string {
  return formatMoney(dec(v ?? '0'), { blankZero: true });
}

export function voucherSheets(v: Pick<Voucher, 'lines' | 'debitTotal'>, perSheet = LINES_PER_SHEET): VoucherSheet[] {
  const lines = v.lines.length ? v.lines : [];
  const count = Math.max(1, Math.ceil(lines.length / perSheet));
  const out: VoucherSheet[] = [];
  let debit = dec(0);
  let credit = dec(0);
  for (let s = 0; s < count; s++) {
    const part = lines.slice(s * perSheet, (s + 1) * perSheet);
    for (const l of part) {
      debit = debit.plus(dec(l.debit));
      credit = credit.plus(dec(l.credit));
    }
    const last = s === count - 1;
    out.push({
      index: s + 1,
      count,
      rows: [...part, ...Array.from({ length: perSheet - part.length }, () => null)],
      debit: moneyFixed(debit),
      credit: moneyFixed(credit),
      last,
      totalLabel: last ? '合计' : '过次页',
      capital: last ? toCapital(v.debitTotal) : '',
    });
  }
  return out;
}

/** "2026年11月30日" */
export function voucherDateText(date: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  return m ? `${m[1]}年${Number(m[2])}月${Number(m[3])}日` : date;
}

/** A line's account as printed: "1122 应收账款" + the 辅助核算 items, quantity × price when kept. */
export function accountText(l: VoucherLine): string {
  const aux = l.auxNames.length ? `（${l.auxNames.join('，')}）` : '';
  const qty = l.quantity && !dec(l.quantity).isZero() ? ` 数量 ${dec(l.quantity).toString()}${l.unit}` : '';
  const price = l.unitPrice && !dec(l.unitPrice).isZero() ? ` × ${dec(l.unitPrice).toString()}` : '';
  return `${l.accountCode} ${l.accountName}${aux}${qty}${price}`;
}
