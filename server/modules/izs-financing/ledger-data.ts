/**
 * A core/accounting `Ledger` for a book, fed from the maintained period sums (izs_fin_period_sum, kept by triggers on
 * the voucher lines — issue 25) instead of every voucher line: one synthetic posting per (leaf account, auxiliary
 * key, period, 结转损益 flag) with the period's Σ debit and Σ credit, plus the opening balances. The cost follows
 * accounts × periods, not the number of lines. Every figure the core computes
 * (balances, movements, 本年累计, trial balance, ledgers, statements, leaf balances for 结转损益) is then exact,
 * because they only depend on period sums. When a subsidiary ledger (明细账 / 日记账) is asked for, the lines of
 * that account subtree inside the range are loaded one by one instead (with their voucher word, number and date).
 */
import { type SQL, sql } from 'drizzle-orm';
import { Ledger, type OpeningBalance, type Period, type Posting, periodRange } from '../../../core/accounting/index.ts';
import { type Executor, rows } from '../../db/client.ts';
import { finOpening, finPeriodSum, voucher, voucherLine } from '../../db/schema/index.ts';
import { badRequest } from '../../platform/r.ts';
import type { Book, BookChart } from './book.ts';

export interface LedgerOptions {
  /** keep auxiliary items apart (aux-level positions); default: per account only */
  withAux?: boolean;
  /** ignore lines after this period */
  to?: Period;
  /** only posted vouchers */
  postedOnly?: boolean;
  /** real lines of this subtree within [from, to] (明细账) */
  detail?: { code: string; from: Period; to: Period };
  /**
   * Balances only (the balance sheet asks `closing` and `yearOpening`, and their aux-level parts, of `to`): the
   * period sums are folded into two synthetic periods per position — before `to`'s year and within it up to `to` —
   * so the rows read follow accounts × auxiliary items, not × periods (issue 25: with 600 customers and suppliers the
   * per-period aux rows made the balance sheet's SQL 200 ms of its 386). Movements of single periods are then not
   * available from this ledger; needs `to`.
   */
  balancesOnly?: boolean;
}

const likeCode = (code: string) => `${code.replace(/[\\%_]/g, '')}%`;

export async function loadLedger(ex: Executor, book: Book, bc: BookChart, opts: LedgerOptions = {}): Promise<Ledger> {
  const withAux = !!opts.withAux;
  const conds: SQL[] = [sql`account_set_id = ${book.id}`];
  if (opts.postedOnly) conds.push(sql`posted = 1`);
  if (opts.to) conds.push(sql`period <= ${opts.to}`);
  const d = opts.detail;
  if (d) {
    conds.push(sql`not (account_code like ${likeCode(d.code)} and period >= ${d.from} and period <= ${d.to})`);
  }
  const aux = withAux ? sql`aux_key` : sql`''`;
  let period = sql`period`;
  if (opts.balancesOnly) {
    if (!opts.to || d) throw new Error('balancesOnly needs `to` and no detail');
    const yearStart = `${opts.to.slice(0, 4)}-01`;
    // every period sum lies at or after the start period: before the year → the start period; within it → the
    // year's first period the book has
    const inYear = yearStart > book.startPeriod ? yearStart : book.startPeriod;
    period = sql`case when period < ${yearStart} then ${book.startPeriod} else ${inYear} end`;
  }
  const sums = await rows<{ code: string; aux: string; period: string; cf: number; d: string; c: string }>(
    ex,
    sql`select account_code as code, ${aux} as aux, ${period} as period, carry_forward as cf,
          sum(debit)::text as d, sum(credit)::text as c
        from ${finPeriodSum} where ${sql.join(conds, sql` and `)}
        group by 1, 2, 3, 4
        having sum(lines) > 0`,
  );
  const postings: Posting[] = sums.map((s) => ({
    voucherId: 'Σ',
    date: `${s.period}-01`,
    code: s.code,
    auxKey: s.aux,
    debit: s.d,
    credit: s.c,
    carryForward: Number(s.cf) === 1,
  }));
  if (d) {
    const lines = await rows<{
      code: string;
      aux: string;
      debit: string;
      credit: string;
      line_no: number;
      summary: string;
      cf: number;
      date: string;
      word: string;
      no: number;
      vid: string;
    }>(
      ex,
      sql`select l.account_code as code, ${withAux ? sql`l.aux_key` : sql`''`} as aux, l.debit::text as debit,
            l.credit::text as credit, l.line_no, l.summary, l.carry_forward as cf, v.voucher_date as date, v.word,
            v.no, v.id::text as vid
          from ${voucherLine} l join ${voucher} v on v.id = l.voucher_id
          where l.account_set_id = ${book.id} and l.is_deleted = 0 ${opts.postedOnly ? sql`and l.posted = 1` : sql``}
            and l.account_code like ${likeCode(d.code)} and l.period >= ${d.from} and l.period <= ${d.to}`,
    );
    for (const l of lines) {
      postings.push({
        voucherId: l.vid,
        word: l.word,
        no: Number(l.no),
        lineNo: Number(l.line_no),
        date: l.date,
        summary: l.summary,
        code: l.code,
        auxKey: l.aux,
        debit: l.debit,
        credit: l.credit,
        carryForward: Number(l.cf) === 1,
      });
    }
  }
  const openRows = await rows<{ code: string; aux: string; b: string; yd: string; yc: string; pl: string }>(
    ex,
    sql`select account_code as code, ${aux} as aux, sum(balance)::text as b, sum(ytd_debit)::text as yd,
          sum(ytd_credit)::text as yc, sum(ytd_pl)::text as pl
        from ${finOpening} where account_set_id = ${book.id}
        group by 1, 2`,
  );
  const openings: OpeningBalance[] = openRows.map((o) => ({
    code: o.code,
    auxKey: o.aux,
    balance: o.b,
    ytdDebit: o.yd,
    ytdCredit: o.yc,
    ytdProfitLoss: o.pl,
  }));
  return new Ledger({ chart: bc.chart, startPeriod: book.startPeriod, openings, postings });
}

/** Checks a period range against the book (from ≤ to, not before the start period); answers the periods. */
export function checkRange(book: Book, from: Period, to: Period): Period[] {
  if (from > to) throw badRequest('开始期间不能晚于结束期间');
  if (from < book.startPeriod) throw badRequest(`开始期间不能早于账套启用期间 ${book.startPeriod}`);
  const list = periodRange(from, to);
  if (list.length > 120) throw badRequest('查询期间不能超过120个月');
  return list;
}
