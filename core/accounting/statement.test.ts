// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { Decimal, ZERO } from './amount.ts';
import { loadChart, presetChart, type Standard } from './chart.ts';
import { type BalanceKind, Ledger } from './ledger.ts';
import enterpriseReports from './research/reports-enterprise.json';
import smallReports from './research/reports-small.json';
import {
  balanceCheckMessage,
  type Column,
  computeStatement,
  FORMULA_CORRECTIONS,
  makeLine,
  type ReportKind,
  reportLines,
} from './statement.ts';
import {
  bookWithCarryForward,
  ENTERPRISE_JANUARY,
  ENTERPRISE_OPENINGS,
  SMALL_FEBRUARY,
  SMALL_JANUARY,
  SMALL_OPENINGS,
  voucher,
} from './test-books.ts';

const STANDARDS: Standard[] = ['small', 'enterprise'];
const REPORTS: ReportKind[] = ['balance_sheet', 'income_statement'];

describe('report data (research/reports-*.json)', () => {
  it.each([
    ['small', 'balance_sheet', 53],
    ['small', 'income_statement', 32],
    ['enterprise', 'balance_sheet', 65],
    ['enterprise', 'income_statement', 36],
  ] as const)('%s %s has %i lines, every formula parses', (standard, report, count) => {
    const lines = reportLines(standard, report);
    expect(lines).toHaveLength(count);
    expect(lines.map((l) => l.line)).toEqual(Array.from({ length: count }, (_, i) => i + 1));
  });

  it.each(STANDARDS.flatMap((s) => REPORTS.map((r) => [s, r] as const)))(
    '%s %s: sub_item rows are never added into items or totals; references exist',
    (standard, report) => {
      const lines = reportLines(standard, report);
      const kind = new Map(lines.map((l) => [l.line, l.kind]));
      for (const l of lines) {
        for (const t of l.parsed) {
          if (t.term.kind !== 'line') continue;
          expect(kind.has(t.term.line), `L${l.line} → L${t.term.line}`).toBe(true);
          if (l.kind === 'item' || l.kind === 'total') {
            expect(kind.get(t.term.line), `L${l.line} adds sub_item L${t.term.line}`).not.toBe('sub_item');
          }
        }
      }
    },
  );

  it.each(STANDARDS)('%s: every account code of the formulas exists in its chart', (standard) => {
    const chart = loadChart(standard);
    const missing = REPORTS.flatMap((r) => reportLines(standard, r))
      .flatMap((l) => l.parsed)
      .flatMap((t) => ('code' in t.term ? [t.term.code] : []))
      .filter((code) => !chart.byCode.has(code));
    expect(missing).toEqual([]);
  });

  it.each(STANDARDS)('%s: named sub-accounts resolve in the chart, except the 坏账准备 splits', (standard) => {
    const result = computeStatement(standard, {
      report: 'income_statement',
      chart: loadChart(standard),
      provider: () => ZERO,
      period: '2024-01',
    });
    expect(result.warnings).toEqual([]);
    const bs = computeStatement(standard, {
      report: 'balance_sheet',
      chart: loadChart(standard),
      provider: () => ZERO,
      period: '2024-01',
    });
    expect(bs.warnings).toEqual(
      standard === 'small'
        ? []
        : [
            '第 4 行：明细科目「1231.应收票据」未找到，按 0 计算（可在科目映射中指定）',
            '第 5 行：明细科目「1231.应收账款」未找到，按 0 计算（可在科目映射中指定）',
            '第 7 行：明细科目「1231.其他应收款」未找到，按 0 计算（可在科目映射中指定）',
          ],
    );
  });

  it('each correction still matches the research data (fails once the file is fixed: drop the correction)', () => {
    const raw = { small: smallReports, enterprise: enterpriseReports } as const;
    for (const c of FORMULA_CORRECTIONS) {
      const row = raw[c.standard].find((r) => r.report === c.report && r.line === c.line)!;
      expect(row.formula).toBe(c.from);
      expect(reportLines(c.standard, c.report).find((l) => l.line === c.line)!.formula).toBe(c.to);
    }
  });
});

/** A provider that records what was asked and answers from a table `${code}/${kind}`. */
function tableProvider(table: Record<string, string>) {
  const asked: string[] = [];
  const provider = (code: string, kind: BalanceKind) => {
    asked.push(`${code}/${kind}`);
    return new (ZERO.constructor as typeof Decimal)(table[`${code}/${kind}`] ?? '0');
  };
  return { provider, asked };
}

describe('token semantics against a provider', () => {
  const chart = loadChart('small');
  const value = (report: ReportKind, line: number, column: Column, table: Record<string, string>, extra = {}) =>
    computeStatement('small', { report, chart, provider: tableProvider(table).provider, period: '2024-01', ...extra })
      .rows.find((r) => r.line === line)!
      .values[column]!.toFixed(2);

  it('account: balance signed in its normal direction (资产 debit, 1602 credit → positive, subtracted)', () => {
    // L20 固定资产账面价值 = L18 − L19 = 1601 − 1602
    expect(value('balance_sheet', 20, 'closing', { '1601/closing': '1000', '1602/closing': '-300' })).toBe('700.00');
    expect(value('balance_sheet', 20, 'yearOpening', { '1601/yearOpening': '900', '1602/yearOpening': '-100' })).toBe(
      '800.00',
    );
  });

  it('account on a credit-direction line shows a debit balance as negative (应交税费 留抵)', () => {
    expect(value('balance_sheet', 36, 'closing', { '2221/closing': '250' })).toBe('-250.00');
  });

  it('(借) / (贷): Σ of lowest-level debit / credit balances', () => {
    // L4 应收账款 = 1122(借) + 2203(借); L34 预收账款 = 2203(贷) + 1122(贷)
    const t = { '1122/closingDebitParts': '500', '2203/closingDebitParts': '20', '1122/closingCreditParts': '30' };
    expect(value('balance_sheet', 4, 'closing', t)).toBe('520.00');
    expect(value('balance_sheet', 34, 'closing', t)).toBe('30.00');
  });

  it('±: the raw debit-positive balance (材料成本差异 credit balance lowers 存货)', () => {
    // L10 其中：原材料 = 1403 ± 1404
    expect(value('balance_sheet', 10, 'closing', { '1403/closing': '1000', '1404/closing': '-40' })).toBe('960.00');
  });

  it('L: sums of other lines; sub_item never counted (L15 ignores L10–L13)', () => {
    const t = { '1001/closing': '10', '1403/closing': '100', '1405/closing': '7' };
    expect(value('balance_sheet', 9, 'closing', t)).toBe('107.00');
    expect(value('balance_sheet', 15, 'closing', t)).toBe('117.00');
  });

  it('[分析]: 0 unless entered; an entered value overrides any line', () => {
    expect(value('balance_sheet', 14, 'closing', {})).toBe('0.00');
    expect(value('balance_sheet', 14, 'closing', {}, { manual: { 14: { closing: '88' } } })).toBe('88.00');
    expect(value('balance_sheet', 15, 'closing', {}, { manual: { 14: { closing: '88' } } })).toBe('88.00');
  });

  it('income statement: movements without 结转损益, month and year-to-date', () => {
    const t = {
      '5001/plCredit': '1000',
      '5001/plDebit': '10', // a red sales return booked on the debit side
      '5001/ytdPlCredit': '5000',
      '5401/plDebit': '600',
      '5401/ytdPlDebit': '3000',
    };
    expect(value('income_statement', 1, 'month', t)).toBe('990.00');
    expect(value('income_statement', 1, 'ytd', t)).toBe('5000.00');
    expect(value('income_statement', 21, 'month', t)).toBe('390.00');
    expect(value('income_statement', 21, 'ytd', t)).toBe('2000.00');
  });

  it('named sub-account: resolved by name or by a mapping; line 19 is interest expense net of income', () => {
    const t = { '560301/plDebit': '500', '560302/plCredit': '200', '560103/plDebit': '70', '560104/plDebit': '30' };
    expect(value('income_statement', 19, 'month', t)).toBe('300.00');
    expect(value('income_statement', 13, 'month', t)).toBe('100.00');
    expect(value('income_statement', 13, 'month', t, { subAccountMap: { '5601.广告费': '560104' } })).toBe('60.00');
  });

  it('(借) in an income statement, a missing line and a cycle are errors', () => {
    const run = (report: ReportKind, lines: ReturnType<typeof makeLine>[]) => () =>
      computeStatement('small', { report, lines, chart, provider: () => ZERO, period: '2024-01' });
    expect(run('income_statement', [makeLine('income_statement', 1, 'x', '1122(借)')])).toThrow(
      '利润表第 1 行：1122(借/贷) 只用于资产负债表',
    );
    expect(run('balance_sheet', [makeLine('balance_sheet', 1, 'x', 'L2')])).toThrow('引用了不存在的第 2 行');
    expect(
      run('balance_sheet', [makeLine('balance_sheet', 1, 'x', 'L2+1001'), makeLine('balance_sheet', 2, 'y', 'L1')]),
    ).toThrow('第 1 行的公式循环引用');
  });

  it('an unknown account counts 0 with a warning', () => {
    const r = computeStatement('small', {
      report: 'balance_sheet',
      lines: [makeLine('balance_sheet', 1, 'x', '9999')],
      chart,
      provider: () => ZERO,
      period: '2024-01',
    });
    expect(r.warnings).toEqual(['科目 9999 不在科目表中，按 0 计算']);
    expect(r.checks).toEqual([]);
  });
});

describe('small-enterprise statements of the test book (test-books.ts)', () => {
  const chart = presetChart('small', 'general');
  const closed = bookWithCarryForward(
    'small',
    SMALL_OPENINGS,
    [...SMALL_JANUARY, ...SMALL_FEBRUARY],
    ['2024-01', '2024-02'],
  );
  const bs = (ledger: Ledger, period: string, unclosedProfitInEquity?: boolean) =>
    computeStatement('small', {
      report: 'balance_sheet',
      chart,
      provider: ledger.provider(),
      period,
      unclosedProfitInEquity,
    });
  const at = (r: ReturnType<typeof bs>, line: number, column: Column) =>
    r.rows.find((x) => x.line === line)!.values[column]!.toFixed(2);

  it.each([
    // line, closing 2024-01, year opening — worked out in test-books.ts
    [1, '202700.00', '205000.00'],
    [4, '143000.00', '30000.00'],
    [5, '5000.00', '5000.00'],
    [9, '40000.00', '50000.00'],
    [15, '390700.00', '290000.00'],
    [20, '99000.00', '100000.00'],
    [30, '489700.00', '390000.00'],
    [33, '107800.00', '40000.00'],
    [34, '2000.00', '2000.00'],
    [36, '8200.00', '3000.00'],
    [47, '118000.00', '45000.00'],
    [51, '71700.00', '45000.00'],
    [53, '489700.00', '390000.00'],
  ])('balance sheet line %i', (line, closing, yearOpening) => {
    const r = bs(closed, '2024-01', false);
    expect(at(r, line, 'closing')).toBe(closing);
    expect(at(r, line, 'yearOpening')).toBe(yearOpening);
  });

  it('balances after 结转损益 (L30 = L53) in both columns, January and February', () => {
    for (const period of ['2024-01', '2024-02']) {
      const r = bs(closed, period, false);
      expect(r.checks.map((c) => c.ok)).toEqual([true, true]);
      expect(balanceCheckMessage(r)).toBeNull();
    }
  });

  it('before 结转损益 it balances only with the un-closed profit in 未分配利润 (the default)', () => {
    const open = new Ledger({ chart, startPeriod: '2024-01', openings: SMALL_OPENINGS, postings: SMALL_JANUARY });
    const strict = bs(open, '2024-01', false);
    expect(strict.checks[0].ok).toBe(false);
    expect(balanceCheckMessage(strict)).toBe(
      '资产负债表期末余额不平衡：资产总计 489700.00，负债和所有者权益总计 463000.00',
    );
    const lenient = bs(open, '2024-01');
    expect(lenient.checks.every((c) => c.ok)).toBe(true);
    expect(at(lenient, 51, 'closing')).toBe('71700.00');
  });

  it('income statement: month and year-to-date, the 结转损益 voucher excluded', () => {
    const is = (period: string) =>
      computeStatement('small', { report: 'income_statement', chart, provider: closed.provider(), period });
    const jan = is('2024-01');
    const feb = is('2024-02');
    const v = (r: ReturnType<typeof is>, line: number, c: Column) =>
      r.rows.find((x) => x.line === line)!.values[c]!.toFixed(2);
    expect([1, 2, 14, 18, 19, 21, 30, 32].map((l) => v(jan, l, 'month'))).toEqual([
      '100000.00',
      '70000.00',
      '3000.00',
      '300.00',
      '300.00',
      '26700.00',
      '26700.00',
      '26700.00',
    ]);
    expect([1, 2, 14, 32].map((l) => v(feb, l, 'month'))).toEqual(['50000.00', '30000.00', '1000.00', '19000.00']);
    expect([1, 2, 14, 32].map((l) => v(feb, l, 'ytd'))).toEqual(['150000.00', '100000.00', '4000.00', '45700.00']);
    // 本年利润 holds the year-to-date profit after both carry-forwards
    expect(closed.value('3103', 'closing', '2024-02').neg().toFixed(2)).toBe('45700.00');
  });
});

describe('enterprise statements of the test book', () => {
  const chart = presetChart('enterprise', 'general');
  const closed = bookWithCarryForward('enterprise', ENTERPRISE_OPENINGS, ENTERPRISE_JANUARY, ['2024-01']);
  const run = (report: ReportKind, extra = {}) =>
    computeStatement('enterprise', { report, chart, provider: closed.provider(), period: '2024-01', ...extra });
  const v = (r: ReturnType<typeof run>, line: number, c: Column) =>
    r.rows.find((x) => x.line === line)!.values[c]!.toFixed(2);
  const mapping = { subAccountMap: { '1231.应收账款': '1231' }, unclosedProfitInEquity: false };

  it('balance sheet balances (资产总计 L29 = L65) with 坏账准备 mapped to 应收账款', () => {
    const r = run('balance_sheet', mapping);
    expect([1, 5, 6, 8, 12, 18, 29, 34, 35, 37, 53, 63, 64, 65].map((l) => v(r, l, 'closing'))).toEqual([
      '201600.00',
      '141500.00',
      '5000.00',
      '40000.00',
      '388100.00',
      '99000.00',
      '487100.00',
      '107800.00',
      '2000.00',
      '8200.00',
      '118000.00',
      '69100.00',
      '369100.00',
      '487100.00',
    ]);
    expect([12, 29, 53, 65].map((l) => v(r, l, 'yearOpening'))).toEqual([
      '288500.00',
      '388500.00',
      '45000.00',
      '388500.00',
    ]);
    expect(r.checks.every((c) => c.ok)).toBe(true);
  });

  it('without the mapping the allowance is not netted and the sheet does not balance (warning says why)', () => {
    const r = run('balance_sheet', { unclosedProfitInEquity: false });
    expect(r.checks[0].ok).toBe(false);
    expect(r.checks[0].left.minus(r.checks[0].right).toFixed(2)).toBe('1500.00');
    expect(r.warnings).toContain('第 5 行：明细科目「1231.应收账款」未找到，按 0 计算（可在科目映射中指定）');
  });

  it('income statement: 研发费用 split from 管理费用, 利息收入 shown positive, investment loss negative', () => {
    const r = run('income_statement');
    expect([1, 2, 5, 6, 7, 8, 9, 12, 13, 16, 19, 21, 22, 24, 34].map((l) => v(r, l, 'month'))).toEqual([
      '100000.00',
      '70000.00',
      '3000.00',
      '800.00',
      '300.00',
      '500.00',
      '200.00',
      '-300.00',
      '-300.00',
      '25600.00',
      '25600.00',
      '25600.00',
      '25600.00',
      '0.00',
      '25600.00',
    ]);
    expect(v(r, 21, 'ytd')).toBe('25600.00');
  });
});

describe('mid-year start (启用期间 2024-07): 年初余额 and 本年累计 from the entered amounts', () => {
  const chart = presetChart('small', 'general');
  const ledger = new Ledger({
    chart,
    startPeriod: '2024-07',
    openings: [
      { code: '1002', balance: '100000', ytdDebit: '600000', ytdCredit: '550000' },
      { code: '3001', balance: '50000' },
      { code: '3103', balance: '50000', ytdDebit: '550000', ytdCredit: '600000' },
      { code: '5001', ytdDebit: '600000', ytdCredit: '600000', ytdProfitLoss: '600000' },
      { code: '5401', ytdDebit: '550000', ytdCredit: '550000', ytdProfitLoss: '550000' },
    ],
    postings: voucher('m1', 1, '2024-07-10', '销售', [
      ['1002', '10000', '0'],
      ['5001', '0', '10000'],
    ]),
  });
  const run = (report: ReportKind) =>
    computeStatement('small', { report, chart, provider: ledger.provider(), period: '2024-07' });
  const v = (r: ReturnType<typeof run>, line: number, c: Column) =>
    r.rows.find((x) => x.line === line)!.values[c]!.toFixed(2);

  it('income statement: July 10,000; year to date 610,000 revenue, 550,000 cost, 60,000 profit', () => {
    const is = run('income_statement');
    expect([v(is, 1, 'month'), v(is, 1, 'ytd'), v(is, 2, 'ytd'), v(is, 32, 'month'), v(is, 32, 'ytd')]).toEqual([
      '10000.00',
      '610000.00',
      '550000.00',
      '10000.00',
      '60000.00',
    ]);
  });

  it('balance sheet: 年初 cash 50,000 = equity 50,000; July closing balances with the un-closed profit', () => {
    const bs = run('balance_sheet');
    expect([v(bs, 1, 'yearOpening'), v(bs, 53, 'yearOpening'), v(bs, 1, 'closing'), v(bs, 51, 'closing')]).toEqual([
      '50000.00',
      '50000.00',
      '110000.00',
      '60000.00',
    ]);
    expect(bs.checks.every((c) => c.ok)).toBe(true);
  });
});

describe('balances the template does not read', () => {
  it.each<Standard>(['small', 'enterprise'])(
    '%s: a 待处理财产损溢 balance is named, an empty one is not',
    (standard) => {
      const chart = presetChart(standard, 'general');
      const d = (v: string) => new Decimal(v);
      const posting = (code: string, debit: string, credit: string, no: number) => ({
        voucherId: `v${no}`,
        no,
        lineNo: code === '1001' ? 2 : 1,
        date: '2024-01-10',
        code,
        debit: d(debit),
        credit: d(credit),
      });
      const sheet = (postings: ReturnType<typeof posting>[]) =>
        computeStatement(standard, {
          report: 'balance_sheet',
          chart,
          provider: new Ledger({ chart, startPeriod: '2024-01', postings }).provider(),
          period: '2024-01',
        });
      const loss = sheet([posting('1901', '350.50', '0', 1), posting('1001', '0', '350.50', 1)]);
      expect(loss.warnings).toContain(
        '科目 1901 待处理财产损溢 期末余额 350.50 未列入本表，请处理该余额或分析填列相应项目',
      );
      expect(loss.checks.some((c) => !c.ok)).toBe(true); // the reason the sheet does not balance
      const settled = sheet([
        posting('1901', '350.50', '0', 1),
        posting('1001', '0', '350.50', 1),
        posting('1001', '350.50', '0', 2),
        posting('1901', '0', '350.50', 2),
      ]);
      expect(settled.warnings.filter((w) => w.includes('1901'))).toEqual([]);
    },
  );
});
