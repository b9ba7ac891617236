// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { dec } from './amount.ts';
import { accountLabel, presetChart } from './chart.ts';
import { checkOpenings, Ledger, trialBalance } from './ledger.ts';
import { type CloseFacts, closeCheck, closedPeriodsArePrefix, periodOpenProblem, reopenPlan } from './period-close.ts';
import { bookWithCarryForward, SMALL_JANUARY, SMALL_OPENINGS } from './test-books.ts';

const ok: CloseFacts = {
  period: '2024-03',
  startPeriod: '2024-01',
  closedPeriods: ['2024-01', '2024-02'],
  reviewRequired: true,
  vouchers: [
    { word: '记', no: 1, status: 'reviewed' },
    { word: '记', no: 2, status: 'posted' },
  ],
  openingProblems: [],
  trialBalanceProblems: [],
  profitAndLossBalances: [],
};

describe('结账 checklist (period_rules §9)', () => {
  it('closes when every blocking rule passes', () => {
    expect(closeCheck(ok)).toEqual({ canClose: true, blocking: [], warnings: [] });
  });

  it.each([
    ['previous period open', { closedPeriods: ['2024-01'] }, '请按顺序结账：2024-02 尚未结账'],
    ['already closed', { closedPeriods: ['2024-01', '2024-02', '2024-03'] }, '2024-03 已结账'],
    ['before the start', { period: '2023-12' }, '2023-12 早于启用期间 2024-01'],
    [
      'un-reviewed vouchers',
      { vouchers: [...ok.vouchers, { word: '记', no: 3, status: 'saved' as const }] },
      '本期有 1 张凭证未审核：记-3',
    ],
    ['un-posted vouchers (posting step on)', { postingRequired: true }, '本期有 1 张凭证未过账：记-1'],
    [
      'more than ten un-reviewed',
      { vouchers: Array.from({ length: 12 }, (_, i) => ({ word: '记', no: i + 1, status: 'saved' as const })) },
      '本期有 12 张凭证未审核：记-1、记-2、记-3、记-4、记-5、记-6、记-7、记-8、记-9、记-10 等',
    ],
    [
      'opening unbalanced',
      { openingProblems: ['期初余额试算不平衡：借方合计 1.00，贷方合计 0.00'] },
      '期初余额试算不平衡：借方合计 1.00，贷方合计 0.00',
    ],
    [
      'trial balance unbalanced',
      { trialBalanceProblems: ['本期发生额不平衡：借方 1.00，贷方 0.00，差额 1.00'] },
      '本期发生额不平衡：借方 1.00，贷方 0.00，差额 1.00',
    ],
    [
      'P&L not carried forward',
      { profitAndLossBalances: [{ label: '5001 主营业务收入', balance: dec('-1000') }] },
      '损益类科目余额不为零，请先结转损益：5001 主营业务收入 贷方 1,000.00',
    ],
  ])('blocks: %s', (_rule, change, message) => {
    const r = closeCheck({ ...ok, ...change });
    expect(r.canClose).toBe(false);
    expect(r.blocking).toContain(message);
  });

  it('un-reviewed vouchers do not block when review is off', () => {
    const r = closeCheck({ ...ok, reviewRequired: false, vouchers: [{ word: '记', no: 1, status: 'saved' }] });
    expect(r.canClose).toBe(true);
  });

  it('the first period needs no previous close', () => {
    expect(closeCheck({ ...ok, period: '2024-01', closedPeriods: [] }).canClose).toBe(true);
  });

  it.each([
    [
      'number gaps',
      {
        vouchers: [
          { word: '记', no: 1, status: 'reviewed' as const },
          { word: '记', no: 4, status: 'reviewed' as const },
        ],
      },
      '凭证号不连续：记字缺 2、3 号，可使用凭证整理',
    ],
    ['templates', { pendingTemplates: ['计提折旧', '结转未交增值税'] }, '期末处理尚未生成：计提折旧、结转未交增值税'],
    ['balance sheet', { balanceSheetProblem: '资产负债表期末余额不平衡：…' }, '资产负债表期末余额不平衡：…'],
    [
      'cash credit',
      { cashCreditBalances: [{ label: '1001 库存现金', balance: dec('-20') }] },
      '1001 库存现金 出现贷方余额 20.00',
    ],
    [
      'suspense at year end',
      {
        period: '2024-12',
        closedPeriods: [
          '2024-01',
          '2024-02',
          '2024-03',
          '2024-04',
          '2024-05',
          '2024-06',
          '2024-07',
          '2024-08',
          '2024-09',
          '2024-10',
          '2024-11',
        ],
        suspenseBalance: dec('300'),
      },
      '待处理财产损溢年末应清理完毕，当前余额 借方 300.00',
    ],
    ['modules', { openModules: ['固定资产'] }, '固定资产 模块本月尚未结账'],
  ])('warns: %s (does not block)', (_rule, change, message) => {
    const r = closeCheck({ ...ok, ...change });
    expect(r.canClose).toBe(true);
    expect(r.warnings).toContain(message);
  });

  it('facts from the real book: before 结转损益 blocked, after it closable', () => {
    const chart = presetChart('small', 'general');
    const facts = (ledger: Ledger): CloseFacts => ({
      ...ok,
      period: '2024-01',
      closedPeriods: [],
      vouchers: [],
      openingProblems: checkOpenings(chart, '2024-01', SMALL_OPENINGS).problems,
      trialBalanceProblems: trialBalance(ledger, '2024-01', '2024-01').problems,
      profitAndLossBalances: ledger
        .leafBalances('2024-01')
        .filter((b) => chart.byCode.get(b.code)!.category === '损益')
        .map((b) => ({ label: accountLabel(chart, b.code), balance: b.balance })),
    });
    const open = new Ledger({ chart, startPeriod: '2024-01', openings: SMALL_OPENINGS, postings: SMALL_JANUARY });
    const before = closeCheck(facts(open));
    expect(before.canClose).toBe(false);
    expect(before.blocking[0]).toMatch(
      /^损益类科目余额不为零，请先结转损益：5001 主营业务收入 贷方 100,000.00；5401 主营业务成本 借方 70,000.00/,
    );
    const closed = bookWithCarryForward('small', SMALL_OPENINGS, SMALL_JANUARY, ['2024-01']);
    expect(closeCheck(facts(closed))).toEqual({ canClose: true, blocking: [], warnings: [] });
  });
});

describe('反结账 (period_rules §10)', () => {
  const periods = [
    { period: '2024-10', closed: true },
    { period: '2024-11', closed: true },
    { period: '2024-12', closed: true },
    { period: '2025-01', closed: true },
    { period: '2025-02', closed: false },
  ];

  it('reopens the target and every later closed period, latest first; December reopens the year', () => {
    const plan = reopenPlan(periods, '2024-11', true);
    expect(plan.ok).toBe(true);
    expect(plan.reopen).toEqual(['2025-01', '2024-12', '2024-11']);
    expect(plan.notes).toEqual([
      '反结账不删除凭证；重新结账前请重新生成结转损益凭证',
      '已反结账年末期间 2024-12：年末结转本年利润和下年期初余额需重新计算',
    ]);
    const after = periods.map((p) => ({ ...p, closed: p.closed && !plan.reopen.includes(p.period) }));
    expect(closedPeriodsArePrefix(after)).toBe(true);
  });

  it.each([
    ['not a supervisor', '2024-11', false, '只有账套主管可以反结账'],
    ['open period', '2025-02', true, '2025-02 尚未结账，无需反结账'],
    ['unknown period', '2023-01', true, '2023-01 尚未结账，无需反结账'],
  ])('refuses: %s', (_rule, target, supervisor, problem) => {
    expect(reopenPlan(periods, target, supervisor)).toEqual({ ok: false, reopen: [], problem, notes: [] });
  });

  it('the closed-prefix invariant', () => {
    expect(closedPeriodsArePrefix(periods)).toBe(true);
    expect(
      closedPeriodsArePrefix([
        { period: '2024-02', closed: true },
        { period: '2024-01', closed: false },
      ]),
    ).toBe(false);
    expect(closedPeriodsArePrefix([])).toBe(true);
  });
});

describe('vouchers only in open periods', () => {
  it.each([
    ['2024-03', null],
    ['2024-02', '凭证日期所在期间 2024-02 已结账'],
    ['2023-12', '凭证日期所在期间 2023-12 早于启用期间 2024-01'],
  ])('%s', (period, problem) => {
    expect(periodOpenProblem(period, '2024-01', ['2024-01', '2024-02'])).toBe(problem);
  });
});
