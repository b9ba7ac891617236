/**
 * Figures from the accounting books for the finance and tax screens and the finance statement: per book and
 * period, from the voucher lines (every live voucher, posted or not) and the opening balances.
 * - profit = Σ(credit − debit) of 损益 accounts, 结转损益 lines left out;
 * - revenue = 主营业务收入 + 其他业务收入 (level-1 损益 accounts named …业务收入), cost = …业务成本, expenses = the other
 *   debit-side 损益 accounts (期间费用, 税金及附加, 所得税 …);
 * - cash = 1001 库存现金, bank = 1002 银行存款 (debit − credit, openings included);
 * - VAT = the 应交增值税 sub-accounts named 销项税额 (credit − debit) and 进项税额 (debit − credit).
 */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { FinanceAnswer } from '../../../core/contract/izs-visual/money.ts';
import { type Db, rows } from '../../db/client.ts';
import { accountSet, accountSetUser, dept, reconRun } from '../../db/schema/index.ts';
import type { AuthUser } from '../../platform/auth.ts';
import { effectiveDept, scopeOf } from '../../platform/scope.ts';
import { formatDateTime } from '../../platform/time.ts';

export interface PeriodFigures {
  period: string;
  revenue: string;
  cost: string;
  expenses: string;
  profit: string;
  cash: string;
  bank: string;
  outputVat: string;
  inputVat: string;
}

/** The books (account sets) the caller may see through `code`, optionally one of them. */
export async function booksOf(db: Db, user: AuthUser, code: string, only?: string | null) {
  const found = await db
    .select({
      accountSetId: accountSet.id,
      name: accountSet.name,
      deptName: sql<string>`coalesce(${dept.deptName}, '')`,
    })
    .from(accountSet)
    .leftJoin(dept, eq(dept.id, accountSet.deptId))
    .where(and(await scopeOf(db, user, accountSet, code), only ? eq(accountSet.id, only) : undefined))
    .orderBy(accountSet.id);
  return found;
}

/**
 * The caller's default book among those visible through `code`: the one marked default for the user (账套用户), else
 * the default book of the current department, else the first default book, else the first one ([] when none).
 */
export async function defaultBook(db: Db, user: AuthUser, code: string) {
  const visible = await booksOf(db, user, code);
  if (!visible.length) return visible;
  const marks = await db
    .select({
      id: accountSet.id,
      deptId: accountSet.deptId,
      isDefault: accountSet.isDefault,
      mine: accountSetUser.isDefault,
    })
    .from(accountSet)
    .leftJoin(
      accountSetUser,
      and(eq(accountSetUser.accountSetId, accountSet.id), eq(accountSetUser.userId, user.userId)),
    )
    .where(
      inArray(
        accountSet.id,
        visible.map((b) => b.accountSetId),
      ),
    );
  const dept = effectiveDept(user);
  const pick =
    marks.find((m) => m.mine === '1') ??
    marks.find((m) => m.deptId === dept && m.isDefault === '1') ??
    marks.find((m) => m.isDefault === '1') ??
    marks[0];
  return visible.filter((b) => b.accountSetId === pick?.id);
}

/**
 * Movements per period (yyyy-MM) of the given books between two periods, inclusive: from the maintained period sums
 * (izs_fin_period_sum, the live lines' Σ per book × account × period, kept by the lines' triggers), so a year of
 * history costs what a month does.
 */
export async function periodFigures(db: Db, tenantId: string, bookIds: string[], from: string, to: string) {
  if (!bookIds.length) return [] as PeriodFigures[];
  const ids = sql.join(
    bookIds.map((i) => sql`${i}::bigint`),
    sql`, `,
  );
  return rows<PeriodFigures>(
    db,
    sql`select l.period,
      coalesce(sum(l.credit - l.debit) filter (where t.name like '%业务收入' and l.carry_forward = 0), 0)::text as revenue,
      coalesce(sum(l.debit - l.credit) filter (where t.name like '%业务成本' and l.carry_forward = 0), 0)::text as cost,
      coalesce(sum(l.debit - l.credit) filter (where t.category = '损益' and t.direction = 'debit'
        and t.name not like '%业务成本' and l.carry_forward = 0), 0)::text as expenses,
      coalesce(sum(l.credit - l.debit) filter (where t.category = '损益' and l.carry_forward = 0), 0)::text as profit,
      coalesce(sum(l.debit - l.credit) filter (where l.account_code like '1001%'), 0)::text as cash,
      coalesce(sum(l.debit - l.credit) filter (where l.account_code like '1002%'), 0)::text as bank,
      coalesce(sum(l.credit - l.debit) filter (where a.name = '销项税额'), 0)::text as "outputVat",
      coalesce(sum(l.debit - l.credit) filter (where a.name = '进项税额'), 0)::text as "inputVat"
    from izs_fin_period_sum l
    join izs_fin_account a on a.account_set_id = l.account_set_id and a.code = l.account_code and a.is_deleted = 0
    join izs_fin_account t on t.account_set_id = l.account_set_id and t.code = left(l.account_code, 4) and t.is_deleted = 0
    where l.tenant_id = ${tenantId} and l.account_set_id in (${ids})
      and l.period between ${from} and ${to}
    group by l.period order by l.period`,
  );
}

/** Cash (1001) and bank (1002) balances before a period: openings plus every earlier line (their period sums). */
export async function cashBefore(db: Db, tenantId: string, bookIds: string[], period: string) {
  if (!bookIds.length) return { cash: '0', bank: '0' };
  const ids = sql.join(
    bookIds.map((i) => sql`${i}::bigint`),
    sql`, `,
  );
  const [r] = await rows<{ cash: string; bank: string }>(
    db,
    sql`select
      (coalesce((select sum(balance) from izs_fin_opening where tenant_id = ${tenantId} and account_set_id in (${ids}) and account_code like '1001%'), 0)
       + coalesce((select sum(debit - credit) from izs_fin_period_sum where tenant_id = ${tenantId} and account_set_id in (${ids}) and account_code like '1001%' and period < ${period}), 0))::text as cash,
      (coalesce((select sum(balance) from izs_fin_opening where tenant_id = ${tenantId} and account_set_id in (${ids}) and account_code like '1002%'), 0)
       + coalesce((select sum(debit - credit) from izs_fin_period_sum where tenant_id = ${tenantId} and account_set_id in (${ids}) and account_code like '1002%' and period < ${period}), 0))::text as bank`,
  );
  return r ?? { cash: '0', bank: '0' };
}

/** The months from..to (yyyy-MM) inclusive. */
export function monthsBetween(from: string, to: string): string[] {
  const out: string[] = [];
  let [y, m] = from.split('-').map(Number);
  const [ty, tm] = to.split('-').map(Number);
  while (y < ty || (y === ty && m <= tm)) {
    out.push(`${y}-${String(m).padStart(2, '0')}`);
    m += 1;
    if (m > 12) {
      m = 1;
      y += 1;
    }
  }
  return out;
}

/**
 * The profit a book carries in from before its start period in the year it started (mid-year start): the openings'
 * 本年累计损益 (ytd_pl, in each account's direction) of its 损益 accounts — credit-side accounts add, debit-side
 * accounts subtract. Books started in another year carry nothing into `year`.
 */
export async function openingProfit(db: Db, tenantId: string, bookIds: string[], year: string): Promise<string> {
  if (!bookIds.length) return '0';
  const ids = sql.join(
    bookIds.map((i) => sql`${i}::bigint`),
    sql`, `,
  );
  const [r] = await rows<{ v: string }>(
    db,
    sql`select coalesce(sum(case when a.direction = 'credit' then o.ytd_pl else -o.ytd_pl end), 0)::text as v
    from izs_fin_opening o
    join izs_fin_account_set s on s.id = o.account_set_id and s.is_deleted = 0
    join izs_fin_account a on a.account_set_id = o.account_set_id and a.code = o.account_code and a.is_deleted = 0
    join izs_fin_account t on t.account_set_id = o.account_set_id and t.code = left(o.account_code, 4) and t.is_deleted = 0
    where o.tenant_id = ${tenantId} and o.account_set_id in (${ids}) and t.category = '损益'
      and s.start_period like ${`${year}-%`}`,
  );
  return r?.v ?? '0';
}

/**
 * 业财对账 (issue 21): the newest kept run (izs_fin_recon_run, written by izs-financing reconcile.ts) of each book,
 * its newest period first — the finance wall screen shows a badge when one is not clean.
 */
export async function lastReconciliations(
  db: Db,
  books: { accountSetId: string; name: string }[],
  tz: string,
): Promise<FinanceAnswer['reconcile']> {
  if (!books.length) return [];
  const found = await db
    .selectDistinctOn([reconRun.accountSetId], {
      accountSetId: reconRun.accountSetId,
      period: reconRun.period,
      clean: reconRun.clean,
      differences: reconRun.differences,
      createTime: reconRun.createTime,
    })
    .from(reconRun)
    .where(
      inArray(
        reconRun.accountSetId,
        books.map((b) => b.accountSetId),
      ),
    )
    .orderBy(reconRun.accountSetId, desc(reconRun.period), desc(reconRun.createTime), desc(reconRun.id));
  return found.map((r) => ({
    accountSetId: r.accountSetId,
    bookName: books.find((b) => b.accountSetId === r.accountSetId)?.name ?? '',
    period: r.period,
    clean: r.clean === 1,
    differences: r.differences,
    runTime: formatDateTime(r.createTime, tz),
  }));
}
