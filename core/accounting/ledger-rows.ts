/** 总账 (`generalLedger`) and 明细账 (`subsidiaryLedger`) rows over a Ledger, with 借 / 贷 / 平 and running balances. */
import { type Decimal, dec, ZERO } from './amount.ts';
import { type BalanceSide, type Ledger, sideOf } from './ledger-balances.ts';
import { lastDay, monthOf, type Period, periodOf, periodRange } from './period.ts';

// ---------------------------------------------------------------- ledgers

export interface LedgerRow {
  kind: 'opening' | 'posting' | 'periodTotal' | 'yearTotal';
  period: Period;
  /** yyyy-MM-dd (the first day for 期初, the period's last day for totals) */
  date: string;
  /** 记-3 */
  voucher: string;
  voucherId: string;
  summary: string;
  debit: Decimal;
  credit: Decimal;
  side: BalanceSide;
  /** absolute balance after the row */
  balance: Decimal;
  /** raw (debit − credit) balance after the row */
  raw: Decimal;
}

function totalRows(ledger: Ledger, code: string, period: Period, raw: Decimal, auxKey?: string): LedgerRow[] {
  const base = {
    period,
    date: lastDay(period),
    voucher: '',
    voucherId: '',
    side: sideOf(raw),
    balance: raw.abs(),
    raw,
  };
  const month = {
    debit: ledger.value(code, 'debit', period, auxKey),
    credit: ledger.value(code, 'credit', period, auxKey),
  };
  const year = {
    debit: ledger.value(code, 'ytdDebit', period, auxKey),
    credit: ledger.value(code, 'ytdCredit', period, auxKey),
  };
  return [
    { ...base, kind: 'periodTotal', summary: '本月合计', ...month },
    { ...base, kind: 'yearTotal', summary: '本年累计', ...year },
  ];
}

function openingRow(ledger: Ledger, code: string, from: Period, auxKey?: string): LedgerRow {
  const raw = ledger.value(code, 'opening', from, auxKey);
  return {
    kind: 'opening',
    period: from,
    date: `${from}-01`,
    voucher: '',
    voucherId: '',
    summary: monthOf(from) === 1 ? '上年结转' : '期初余额',
    debit: ZERO,
    credit: ZERO,
    side: sideOf(raw),
    balance: raw.abs(),
    raw,
  };
}

/** 总账: per period the opening line, then 本月合计 and 本年累计 with the closing balance and its side. */
export function generalLedger(ledger: Ledger, code: string, from: Period, to: Period): LedgerRow[] {
  const rows = [openingRow(ledger, code, from)];
  for (const p of periodRange(from, to)) rows.push(...totalRows(ledger, code, p, ledger.value(code, 'closing', p)));
  return rows;
}

/** 明细账: opening, every posting with the running balance, and 本月合计 / 本年累计 after each period. */
export function subsidiaryLedger(ledger: Ledger, code: string, from: Period, to: Period, auxKey?: string): LedgerRow[] {
  const first = openingRow(ledger, code, from, auxKey);
  const rows = [first];
  let raw = first.raw;
  const postings = ledger.postingsOf(code, from, to, auxKey);
  for (const p of periodRange(from, to)) {
    for (const line of postings.filter((l) => periodOf(l.date) === p)) {
      const debit = dec(line.debit);
      const credit = dec(line.credit);
      raw = raw.plus(debit).minus(credit);
      rows.push({
        kind: 'posting',
        period: p,
        date: line.date,
        voucher: line.word && line.no !== undefined ? `${line.word}-${line.no}` : '',
        voucherId: line.voucherId,
        summary: line.summary ?? '',
        debit,
        credit,
        side: sideOf(raw),
        balance: raw.abs(),
        raw,
      });
    }
    rows.push(...totalRows(ledger, code, p, raw, auxKey));
  }
  return rows;
}
