/**
 * The voucher entry grid as data (录入凭证): rows, totals, the `=` balance key and the body sent to voucher/save.
 * Pure functions, unit-tested; amounts stay decimal strings (decimal.js), never floats.
 */
import { Decimal, dec } from '../../core/accounting/amount.ts';
import type { VoucherForm, VoucherLine } from '../../core/contract/izs-financing/voucher.contract.ts';
import { formatMoney, moneyFixed } from '../../core/format/amounts.ts';

export interface GridRow {
  key: number;
  summary: string;
  accountCode: string;
  aux: Record<string, string>;
  debit: string;
  credit: string;
  quantity: string;
  unitPrice: string;
}

let seq = 0;
export const emptyRow = (): GridRow => ({
  key: ++seq,
  summary: '',
  accountCode: '',
  aux: {},
  debit: '',
  credit: '',
  quantity: '',
  unitPrice: '',
});

export const MIN_ROWS = 4;

export function blankGrid(): GridRow[] {
  return Array.from({ length: MIN_ROWS }, emptyRow);
}

export function rowsOf(lines: VoucherLine[]): GridRow[] {
  const rows = lines.map((l) => ({
    key: ++seq,
    summary: l.summary,
    accountCode: l.accountCode,
    aux: { ...l.aux },
    debit: dec(l.debit).isZero() ? '' : l.debit,
    credit: dec(l.credit).isZero() ? '' : l.credit,
    quantity: l.quantity ?? '',
    unitPrice: l.unitPrice ?? '',
  }));
  while (rows.length < MIN_ROWS) rows.push(emptyRow());
  return rows;
}

const num = (v: string): Decimal => {
  const t = v.trim();
  if (!t || !/^-?\d*\.?\d*$/.test(t) || t === '-' || t === '.') return new Decimal(0);
  return new Decimal(t);
};

export const isBlank = (r: GridRow) => !r.accountCode && !r.debit.trim() && !r.credit.trim() && !r.summary.trim();

export function totals(rows: GridRow[]): { debit: Decimal; credit: Decimal; balanced: boolean } {
  const debit = rows.reduce((s, r) => s.plus(num(r.debit)), new Decimal(0));
  const credit = rows.reduce((s, r) => s.plus(num(r.credit)), new Decimal(0));
  return { debit, credit, balanced: debit.eq(credit) && !debit.isZero() };
}

/** `=` in an amount cell: the line takes the difference of the other lines, on the side that balances them. */
export function balanceLine(rows: GridRow[], index: number): GridRow {
  const others = rows.filter((_, i) => i !== index);
  const { debit, credit } = totals(others);
  const diff = credit.minus(debit);
  const row = rows[index];
  if (diff.isZero()) return { ...row, debit: '', credit: '' };
  return diff.gt(0)
    ? { ...row, debit: moneyFixed(diff), credit: '' }
    : { ...row, credit: moneyFixed(diff.negated()), debit: '' };
}

/** Quantity × unit price → the line's amount on its side (debit unless the line is a credit). */
export function withQuantityAmount(row: GridRow): GridRow {
  if (!row.quantity.trim() || !row.unitPrice.trim()) return row;
  const amount = moneyFixed(num(row.quantity).times(num(row.unitPrice)));
  return row.credit.trim() ? { ...row, credit: amount } : { ...row, debit: amount };
}

/** Displayed money: thousands separators, 2 decimals; '' for zero. */
export function moneyCell(v: Decimal | string): string {
  return formatMoney(typeof v === 'string' ? num(v) : v, { blankZero: true });
}

/** The body of voucher/save|update: blank rows dropped, the line's side kept, quantities only when given. */
export function voucherBody(
  head: { id?: string; word: string; voucherDate: string; attachments: number; remark?: string },
  rows: GridRow[],
): VoucherForm {
  return {
    ...(head.id ? { id: head.id } : {}),
    word: head.word,
    voucherDate: head.voucherDate,
    attachments: head.attachments,
    remark: head.remark ?? '',
    lines: rows
      .filter((r) => !isBlank(r))
      .map((r) => ({
        summary: r.summary.trim(),
        accountCode: r.accountCode,
        aux: Object.keys(r.aux).length ? r.aux : undefined,
        debit: r.debit.trim() || undefined,
        credit: r.credit.trim() || undefined,
        quantity: r.quantity.trim() || undefined,
        unitPrice: r.unitPrice.trim() || undefined,
      })),
  };
}

/** The row a server message names ("第 2 行…" counts the sent lines): the grid index, or -1. */
export function rowOfMessage(message: string, rows: GridRow[]): number {
  const m = /第\s*(\d+)\s*行/.exec(message);
  if (!m) return -1;
  let n = Number(m[1]);
  for (let i = 0; i < rows.length; i++) {
    if (isBlank(rows[i])) continue;
    n -= 1;
    if (n === 0) return i;
  }
  return -1;
}

/** Accounts matching what was typed in the account cell: code prefix first, then code or name contains. */
export function matchAccounts<T extends { code: string; name: string; fullName: string }>(
  accounts: readonly T[],
  typed: string,
  limit = 30,
): T[] {
  const q = typed.trim().toLowerCase();
  if (!q) return accounts.slice(0, limit);
  const prefix = accounts.filter((a) => a.code.startsWith(q));
  const rest = accounts.filter(
    (a) => !a.code.startsWith(q) && (a.code.includes(q) || a.fullName.toLowerCase().includes(q)),
  );
  return [...prefix, ...rest].slice(0, limit);
}

/** A cell of the grid: the fixed columns, or one 辅助核算 dimension of the line's account (`aux:<dimension id>`). */
export type GridCol = 'summary' | 'account' | 'quantity' | 'unitPrice' | 'debit' | 'credit' | `aux:${string}`;

/**
 * The cells of a line in keyboard order: 摘要, 会计科目, each 辅助核算 the account requires (客户, 供应商 …), quantity and
 * unit price where the account keeps quantities, 借方, 贷方. Enter walks this order, so no required item is skipped.
 */
export function cellOrder(account: { auxDims: readonly string[]; quantity: number } | undefined): GridCol[] {
  const aux = (account?.auxDims ?? []).map((d): GridCol => `aux:${d}`);
  const qty: GridCol[] = account?.quantity === 1 ? ['quantity', 'unitPrice'] : [];
  return ['summary', 'account', ...aux, ...qty, 'debit', 'credit'];
}

/** 辅助核算 items matching what was typed: code prefix first, then code or name contains; disabled items left out. */
export function matchAuxItems<T extends { code: string; name: string; status: number }>(
  items: readonly T[],
  typed: string,
  limit = 30,
): T[] {
  const live = items.filter((it) => it.status === 1);
  const q = typed.trim().toLowerCase();
  if (!q) return live.slice(0, limit);
  const prefix = live.filter((it) => it.code.toLowerCase().startsWith(q));
  const rest = live.filter(
    (it) =>
      !it.code.toLowerCase().startsWith(q) && (it.code.toLowerCase().includes(q) || it.name.toLowerCase().includes(q)),
  );
  return [...prefix, ...rest].slice(0, limit);
}
