/**
 * The maintained period sums (izs_fin_period_sum, migration 0021's triggers) checked against the voucher lines they
 * summarise, and rebuilt from them. The triggers keep the sums in every writing transaction; this is the proof
 * (`npm run ledger:verify`, the tests, 业财对账) and the repair (`-- --rebuild`).
 */
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, rows } from '../../db/client.ts';

export interface PeriodSumDifference {
  accountSetId: string;
  accountCode: string;
  auxKey: string;
  period: string;
  carryForward: number;
  posted: number;
  /** Σ of the live lines */
  lines: { debit: string; credit: string; count: number };
  /** what izs_fin_period_sum holds */
  kept: { debit: string; credit: string; count: number };
}

const bookCond = (col: string, accountSetId?: string): SQL =>
  accountSetId ? sql`${sql.raw(col)} = ${accountSetId}` : sql`true`;

/** Every group whose kept sums differ from the sums of its live lines (none when the triggers did their work). */
export async function diffPeriodSums(ex: Executor, accountSetId?: string): Promise<PeriodSumDifference[]> {
  const found = await rows<{
    account_set_id: string;
    account_code: string;
    aux_key: string;
    period: string;
    carry_forward: number;
    posted: number;
    ld: string;
    lc: string;
    ln: number;
    kd: string;
    kc: string;
    kn: number;
  }>(
    ex,
    sql`with l as (
          select account_set_id, account_code, aux_key, period, carry_forward, posted,
                 sum(debit) as d, sum(credit) as c, count(*)::int as n
            from izs_fin_voucher_line where is_deleted = 0 and ${bookCond('account_set_id', accountSetId)}
            group by 1, 2, 3, 4, 5, 6),
        k as (
          select account_set_id, account_code, aux_key, period, carry_forward, posted,
                 debit as d, credit as c, lines as n
            from izs_fin_period_sum where lines <> 0 or debit <> 0 or credit <> 0)
        select coalesce(l.account_set_id, k.account_set_id)::text as account_set_id,
               coalesce(l.account_code, k.account_code) as account_code, coalesce(l.aux_key, k.aux_key) as aux_key,
               coalesce(l.period, k.period) as period, coalesce(l.carry_forward, k.carry_forward) as carry_forward,
               coalesce(l.posted, k.posted) as posted,
               coalesce(l.d, 0)::text as ld, coalesce(l.c, 0)::text as lc, coalesce(l.n, 0) as ln,
               coalesce(k.d, 0)::text as kd, coalesce(k.c, 0)::text as kc, coalesce(k.n, 0) as kn
          from l full join k using (account_set_id, account_code, aux_key, period, carry_forward, posted)
         where ${bookCond('coalesce(l.account_set_id, k.account_set_id)', accountSetId)}
           and (coalesce(l.d, 0) <> coalesce(k.d, 0) or coalesce(l.c, 0) <> coalesce(k.c, 0)
                or coalesce(l.n, 0) <> coalesce(k.n, 0))
         order by 1, 2, 3, 4, 5, 6`,
  );
  return found.map((r) => ({
    accountSetId: r.account_set_id,
    accountCode: r.account_code,
    auxKey: r.aux_key,
    period: r.period,
    carryForward: Number(r.carry_forward),
    posted: Number(r.posted),
    lines: { debit: r.ld, credit: r.lc, count: Number(r.ln) },
    kept: { debit: r.kd, credit: r.kc, count: Number(r.kn) },
  }));
}

/** Rewrites the kept sums (of one book, or all) from the live lines, in the caller's transaction. */
export async function rebuildPeriodSums(ex: Executor, accountSetId?: string): Promise<number> {
  await ex.execute(sql`delete from izs_fin_period_sum where ${bookCond('account_set_id', accountSetId)}`);
  const [r] = await rows<{ n: number }>(
    ex,
    sql`with ins as (
          insert into izs_fin_period_sum
              (tenant_id, account_set_id, account_code, aux_key, period, carry_forward, posted, debit, credit, lines)
            select min(tenant_id), account_set_id, account_code, aux_key, period, carry_forward, posted,
                   sum(debit), sum(credit), count(*)
              from izs_fin_voucher_line where is_deleted = 0 and ${bookCond('account_set_id', accountSetId)}
              group by account_set_id, account_code, aux_key, period, carry_forward, posted
            returning 1)
        select count(*)::int as n from ins`,
  );
  return Number(r.n);
}
