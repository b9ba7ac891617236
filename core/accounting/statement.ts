/**
 * Financial statements (资产负债表 / 利润表) of both standards from the research report definitions
 * (`research/reports-*.json`), evaluated against a `BalanceProvider` (ledger.ts, or SQL on the server).
 *
 * Column semantics (research README §2):
 * - balance sheet: `closing` = 期末余额 at the period end, `yearOpening` = 年初余额 (end of the previous year);
 *   an account term is its balance signed in its normal direction (借方科目 借−贷, 贷方科目 贷−借);
 * - income statement: `month` = 本月金额, `ytd` = 本年累计金额; an account term is the net movement in its normal
 *   direction **without 结转损益 lines**, because 结转损益 empties the P&L accounts every month.
 *
 * Guarantees: `sub_item` rows are never added into totals (checked on the data by the tests); line references are
 * evaluated in dependency order and a cycle throws; the result lists the balance check 资产总计 = 负债和所有者权益总计
 * per column; a named sub-account that cannot be resolved counts 0 and produces a warning (never a silent guess).
 */
import { type AmountInput, type Decimal, dec, money, ZERO } from './amount.ts';
import { type Chart, findSubAccount, keyAccounts, type Standard } from './chart.ts';
import { type Formula, parseFormula, type SignedTerm } from './formula.ts';
import type { BalanceKind, BalanceProvider } from './ledger.ts';
import type { Period } from './period.ts';
import enterpriseReports from './research/reports-enterprise.json';
import smallReports from './research/reports-small.json';

export type ReportKind = 'balance_sheet' | 'income_statement';
export type LineKind = 'item' | 'sub_item' | 'sub_total' | 'total';
export type BalanceSheetColumn = 'closing' | 'yearOpening';
export type IncomeStatementColumn = 'month' | 'ytd';
export type Column = BalanceSheetColumn | IncomeStatementColumn;

export const COLUMNS: Record<ReportKind, readonly Column[]> = {
  balance_sheet: ['closing', 'yearOpening'],
  income_statement: ['month', 'ytd'],
};

export interface ReportLine {
  report: ReportKind;
  line: number;
  name: string;
  section: string;
  /** the notation as in the data (after `FORMULA_CORRECTIONS`) */
  formula: string;
  parsed: Formula;
  kind: LineKind;
  note: string;
}

/**
 * Corrections of the research data, applied only while the data still reads `from` (a test fails once the data is
 * fixed, so the correction can be dropped).
 */
export const FORMULA_CORRECTIONS = [
  {
    standard: 'small',
    report: 'income_statement',
    line: 19,
    from: '5603.利息费用-5603.利息收入',
    to: '5603.利息费用+5603.利息收入',
    reason:
      '560302 利息收入 is a debit-direction sub-account whose movement is negative (interest income is booked as a ' +
      'credit); the enterprise statement reads the same sub-account as -6603.利息收入 to show it positive. ' +
      'Subtracting it here would ADD interest income to interest expense; line 19 is expense net of income.',
  },
] as const;

interface RawLine {
  report: string;
  line: number;
  name: string;
  section: string;
  formula: string;
  kind: string;
  note?: string;
}

const RAW: Record<Standard, readonly RawLine[]> = {
  small: smallReports as RawLine[],
  enterprise: enterpriseReports as RawLine[],
};

const cache = new Map<string, ReportLine[]>();

/** The lines of a report, parsed and corrected; throws on a malformed data row. */
export function reportLines(standard: Standard, report: ReportKind): ReportLine[] {
  const key = `${standard}/${report}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const lines = RAW[standard]
    .filter((r) => r.report === report)
    .map((r): ReportLine => {
      if (!['item', 'sub_item', 'sub_total', 'total'].includes(r.kind)) {
        throw new Error(`${key} line ${r.line}: kind ${r.kind}`);
      }
      const fix = FORMULA_CORRECTIONS.find(
        (c) => c.standard === standard && c.report === report && c.line === r.line && c.from === r.formula,
      );
      const formula = fix ? fix.to : r.formula;
      return {
        report,
        line: r.line,
        name: r.name,
        section: r.section,
        formula,
        parsed: parseFormula(formula),
        kind: r.kind as LineKind,
        note: r.note ?? '',
      };
    });
  const numbers = new Set<number>();
  for (const l of lines) {
    if (numbers.has(l.line)) throw new Error(`${key}: duplicate line ${l.line}`);
    numbers.add(l.line);
  }
  cache.set(key, lines);
  return lines;
}

/** A report line built in code (a custom or edited template), parsed like the data's. */
export function makeLine(
  report: ReportKind,
  line: number,
  name: string,
  formula: string,
  kind: LineKind = 'item',
): ReportLine {
  return { report, line, name, section: '', formula, parsed: parseFormula(formula), kind, note: '' };
}

export interface StatementOptions {
  report: ReportKind;
  /** the lines to evaluate instead of the standard's research template (e.g. an edited template) */
  lines?: readonly ReportLine[];
  chart: Chart;
  provider: BalanceProvider;
  period: Period;
  /** 分析填列 values or overrides of any line, per column */
  manual?: Readonly<Record<number, Partial<Record<Column, AmountInput>>>>;
  /** sub-account name → code, e.g. { '5601.广告费': '560203' }, when the chart names differ */
  subAccountMap?: Readonly<Record<string, string>>;
  /**
   * add the net balance of not-yet-closed 损益类 accounts to the line that reads 本年利润 (未分配利润), as software
   * does before 结转损益 (reports_small line 51 note); default true. Without it the balance sheet balances only after
   * the month's 结转损益.
   */
  unclosedProfitInEquity?: boolean;
}

export interface StatementRow {
  line: number;
  name: string;
  section: string;
  kind: LineKind;
  formula: string;
  note: string;
  values: Partial<Record<Column, Decimal>>;
  /** the value came from `manual` */
  manual: boolean;
}

export interface StatementCheck {
  label: string;
  column: Column;
  left: Decimal;
  right: Decimal;
  ok: boolean;
}

export interface StatementResult {
  report: ReportKind;
  rows: StatementRow[];
  checks: StatementCheck[];
  warnings: string[];
}

function accountKind(column: Column, side?: 'debit' | 'credit'): BalanceKind {
  if (side) {
    const base = column === 'closing' ? 'closing' : 'yearOpening';
    return `${base}${side === 'debit' ? 'DebitParts' : 'CreditParts'}` as BalanceKind;
  }
  return column === 'closing' ? 'closing' : 'yearOpening';
}

/** Evaluates one report for the period, all its columns. */
export function computeStatement(standard: Standard, options: StatementOptions): StatementResult {
  const { report, chart, provider, period, manual = {}, subAccountMap = {} } = options;
  const lines = options.lines ?? reportLines(standard, report);
  const byLine = new Map(lines.map((l) => [l.line, l]));
  const warnings = new Set<string>();
  const isBalanceSheet = report === 'balance_sheet';
  const profitCode = keyAccounts(chart).currentYearProfit;
  const plCodes = chart.accounts.filter((a) => a.level === 1 && a.category === '损益').map((a) => a.code);
  const addUnclosed = isBalanceSheet && options.unclosedProfitInEquity !== false;

  const directionOf = (code: string) => {
    const account = chart.byCode.get(code);
    if (!account) warnings.add(`科目 ${code} 不在科目表中，按 0 计算`);
    return account?.direction ?? 'debit';
  };

  /** raw (debit − credit) value of an account subtree for the column */
  const raw = (code: string, column: Column): Decimal => {
    if (isBalanceSheet) return provider(code, accountKind(column), period);
    const ytd = column === 'ytd';
    return provider(code, ytd ? 'ytdPlDebit' : 'plDebit', period).minus(
      provider(code, ytd ? 'ytdPlCredit' : 'plCredit', period),
    );
  };

  const termValue = (t: SignedTerm, column: Column, line: number): Decimal => {
    const { term } = t;
    let v: Decimal;
    switch (term.kind) {
      case 'manual':
        v = ZERO;
        break;
      case 'line':
        v = lineValue(term.line, column);
        break;
      case 'accountSide':
        if (!isBalanceSheet) throw new Error(`利润表第 ${line} 行：${term.code}(借/贷) 只用于资产负债表`);
        v = provider(term.code, accountKind(column, term.side), period);
        break;
      case 'account':
      case 'subAccount': {
        let code = term.code;
        if (term.kind === 'subAccount') {
          const key = `${term.code}.${term.name}`;
          const resolved = subAccountMap[key] ?? findSubAccount(chart, term.code, term.name)?.code;
          if (!resolved) {
            warnings.add(`第 ${line} 行：明细科目「${key}」未找到，按 0 计算（可在科目映射中指定）`);
            v = ZERO;
            break;
          }
          code = resolved;
        }
        const r = raw(code, column);
        // the written (parent) account's direction signs the value, also for a named sub-account
        v = t.debitPositive || directionOf(term.code) === 'debit' ? r : r.neg();
        if (addUnclosed && term.kind === 'account' && term.code === profitCode) {
          v = v.minus(plCodes.reduce((s, c) => s.plus(raw(c, column)), ZERO));
        }
        break;
      }
    }
    return t.sign === -1 ? v.neg() : v;
  };

  const memo = new Map<string, Decimal>();
  const visiting = new Set<string>();
  function lineValue(n: number, column: Column): Decimal {
    const key = `${n}/${column}`;
    const hit = memo.get(key);
    if (hit) return hit;
    const def = byLine.get(n);
    if (!def) throw new Error(`${standard} ${report}: 引用了不存在的第 ${n} 行`);
    if (visiting.has(key)) throw new Error(`${standard} ${report}: 第 ${n} 行的公式循环引用`);
    visiting.add(key);
    const override = manual[n]?.[column];
    const v =
      override !== undefined ? dec(override) : def.parsed.reduce((s, t) => s.plus(termValue(t, column, n)), ZERO);
    visiting.delete(key);
    memo.set(key, v);
    return v;
  }

  const columns = COLUMNS[report];
  const rows: StatementRow[] = lines.map((l) => ({
    line: l.line,
    name: l.name,
    section: l.section,
    kind: l.kind,
    formula: l.formula,
    note: l.note,
    values: Object.fromEntries(columns.map((c) => [c, lineValue(l.line, c)])),
    manual: columns.some((c) => manual[l.line]?.[c] !== undefined),
  }));

  if (isBalanceSheet) {
    // a balance the template does not read (1901 待处理财产损溢, 制造费用 not yet allocated, 合同资产 … left to
    // 分析填列) would unbalance the sheet without a word: name each such level-1 account
    const read = new Set(
      lines.flatMap((l) => l.parsed.flatMap((t) => ('code' in t.term ? [t.term.code.slice(0, 4)] : []))),
    );
    for (const a of chart.accounts) {
      if (a.level !== 1 || a.category === '损益' || read.has(a.code)) continue;
      const closing = provider(a.code, 'closing', period);
      if (closing.isZero()) continue;
      const shown = money(a.direction === 'debit' ? closing : closing.neg());
      warnings.add(`科目 ${a.code} ${a.name} 期末余额 ${shown} 未列入本表，请处理该余额或分析填列相应项目`);
    }
  }

  const checks: StatementCheck[] = [];
  if (isBalanceSheet) {
    const assets = lines.find((l) => l.name === '资产总计');
    const equity = lines.find((l) => l.name.startsWith('负债和所有者权益'));
    // a custom template without both total lines has no balance check
    for (const column of assets && equity ? columns : []) {
      const left = lineValue(assets!.line, column);
      const right = lineValue(equity!.line, column);
      checks.push({ label: '资产总计 = 负债和所有者权益总计', column, left, right, ok: left.eq(right) });
    }
  }
  return { report, rows, checks, warnings: [...warnings] };
}

/** The Chinese message for a failed balance check, or null. */
export function balanceCheckMessage(result: StatementResult): string | null {
  const failed = result.checks.filter((c) => !c.ok);
  if (failed.length === 0) return null;
  const label = (c: Column) => (c === 'closing' ? '期末余额' : c === 'yearOpening' ? '年初余额' : c);
  return failed
    .map((c) => `资产负债表${label(c.column)}不平衡：资产总计 ${money(c.left)}，负债和所有者权益总计 ${money(c.right)}`)
    .join('；');
}
