/**
 * Charts of accounts (会计科目表) of the two standards, loaded from the research CSVs (`research/coa-*.csv.ts`).
 *
 * Guarantees (checked at load, a bad data file throws):
 * - codes follow the 4-2-2 rule: level 1 = 4 digits, each lower level adds 2 (`levelOf`), the CSV `level` agrees;
 * - every non-level-1 row's `parent_code` is `parentOf(code)` and exists in the same chart;
 * - category ∈ 资产/负债/所有者权益/成本/损益/共同, direction ∈ 借/贷.
 *
 * The two charts use DIFFERENT codes for equity, cost and P&L (research README §0): 本年利润 is 3103 in the
 * small-enterprise chart and 4103 in the enterprise chart. Code that needs such accounts asks `keyAccounts(chart)`,
 * which finds them by name in the data, never by a literal code.
 */

import { parseCsvRecords } from './csv.ts';
import enterpriseCsv from './research/coa-enterprise.csv.ts';
import smallCsv from './research/coa-small.csv.ts';

/** 会计准则: account set field accountingSystem 1 = 小企业会计准则, 2 = 企业会计准则 (spec §3). */
export type Standard = 'small' | 'enterprise';
/** 纳税人性质: account set field taxNature '1' = 一般纳税人, '2' = 小规模纳税人 (spec §3). */
export type TaxNature = 'general' | 'smallScale';
export type Category = '资产' | '负债' | '所有者权益' | '成本' | '损益' | '共同';
/** Normal balance side (余额方向). */
export type Direction = 'debit' | 'credit';

export const CATEGORIES: readonly Category[] = ['资产', '负债', '所有者权益', '成本', '损益', '共同'];

export interface Account {
  code: string;
  name: string;
  /** null for level 1 */
  parentCode: string | null;
  level: number;
  category: Category;
  direction: Direction;
  notes: string;
  /** level-1 code printed in the standard's appendix (vs. a vendor-convention or post-2006 code) */
  official: boolean;
  /** 行业专用 industry (银行, 保险, 农业 …) — hidden from a trading company's preset; null when general */
  industry: string | null;
  /** 一般纳税人 only (the 应交增值税 专栏 and 222102–222108): a small-scale account set does not create it */
  generalTaxpayerOnly: boolean;
  /** the balance may sit on either side (1404, 1606, 1901, 共同类, 6901) */
  twoSided: boolean;
  /** contra account: its direction is opposite to its category's (1602 累计折旧 贷, 4201 库存股 借 …) */
  contra: boolean;
  /** usual 辅助核算 kinds named by the notes (客户, 供应商, 职员, 往来单位, 存货, 投资者) */
  auxiliaryHint: string[];
  /** the notes suggest quantity + amount accounting (数量核算), e.g. 1405 库存商品 */
  quantityHint: boolean;
}

export interface Chart {
  standard: Standard;
  accounts: readonly Account[];
  byCode: ReadonlyMap<string, Account>;
  /** direct children by parent code, in code order */
  children: ReadonlyMap<string, readonly Account[]>;
}

const CSV_COLUMNS = ['code', 'name', 'parent_code', 'level', 'category', 'direction', 'notes'] as const;

/** Level from code length under the 4-2-2(-2) rule: 4 → 1, 6 → 2, 8 → 3, 10 → 4. Throws on any other length. */
export function levelOf(code: string): number {
  if (!/^\d+$/.test(code) || code.length < 4 || code.length % 2 !== 0) {
    throw new Error(`科目编码「${code}」不符合 4-2-2 编码规则`);
  }
  return (code.length - 4) / 2 + 1;
}

/** Parent code under the 4-2-2 rule; null for a level-1 (4-digit) code. */
export function parentOf(code: string): string | null {
  return levelOf(code) === 1 ? null : code.slice(0, -2);
}

/** All ancestors of a code, nearest first: 22210101 → [222101, 2221]. */
export function ancestorsOf(code: string): string[] {
  const out: string[] = [];
  for (let p = parentOf(code); p !== null; p = parentOf(p)) out.push(p);
  return out;
}

/** True when `code` is `ancestor` itself or lies below it. */
export function isWithin(code: string, ancestor: string): boolean {
  return code === ancestor || (code.length > ancestor.length && code.startsWith(ancestor));
}

/** True when the chart has no child under `code` (only leaves take postings, period_rules §4 rule 3). */
export function isLeaf(chart: Chart, code: string): boolean {
  return chart.byCode.has(code) && (chart.children.get(code)?.length ?? 0) === 0;
}

/**
 * The next free sub-account code under `parent` (2 more digits): one past the highest existing child, so that
 * codes of deleted children are not reused. Throws in Chinese when 99 is taken or the parent is unknown.
 */
export function nextChildCode(existingCodes: Iterable<string>, parent: string): string {
  levelOf(parent);
  const codes = new Set(existingCodes);
  if (!codes.has(parent)) throw new Error(`上级科目「${parent}」不存在`);
  let max = 0;
  for (const c of codes) {
    if (c.length === parent.length + 2 && c.startsWith(parent)) max = Math.max(max, Number(c.slice(-2)));
  }
  if (max >= 99) throw new Error(`科目「${parent}」下的明细科目编码已用完（最多 99 个）`);
  return `${parent}${String(max + 1).padStart(2, '0')}`;
}

function parseNotes(notes: string) {
  const aux = /辅助核算=([^\s;,(]+)/.exec(notes)?.[1];
  return {
    official: /official (小企业会计准则|企业会计准则)/.test(notes),
    industry: /行业专用: ([^—]+?) —/.exec(notes)?.[1]?.trim() ?? null,
    generalTaxpayerOnly: notes.includes('general taxpayer (一般纳税人) only'),
    twoSided: notes.includes('two-sided'),
    contra: /contra-(asset|liability|equity)|contra to/.test(notes),
    auxiliaryHint: aux ? aux.split('/') : [],
    quantityHint: notes.includes('quantity'),
  };
}

/** Parses a chart CSV (`code,name,parent_code,level,category,direction,notes`) and checks it (see header). */
export function parseChart(standard: Standard, csvText: string): Chart {
  const accounts: Account[] = parseCsvRecords(csvText, CSV_COLUMNS).map((r, i) => {
    const where = `${standard} chart row ${i + 2} (${r.code})`;
    const level = levelOf(r.code);
    if (String(level) !== r.level) throw new Error(`${where}: level ${r.level} but code length gives ${level}`);
    if ((parentOf(r.code) ?? '') !== r.parent_code) throw new Error(`${where}: parent_code ${r.parent_code}`);
    if (!CATEGORIES.includes(r.category as Category)) throw new Error(`${where}: category ${r.category}`);
    if (r.direction !== '借' && r.direction !== '贷') throw new Error(`${where}: direction ${r.direction}`);
    return {
      code: r.code,
      name: r.name,
      parentCode: r.parent_code || null,
      level,
      category: r.category as Category,
      direction: r.direction === '借' ? 'debit' : 'credit',
      notes: r.notes,
      ...parseNotes(r.notes),
    };
  });
  return buildChart(standard, accounts);
}

/** Builds the lookup maps over a list of accounts (sorted by code); throws on duplicates or orphans. */
export function buildChart(standard: Standard, list: readonly Account[]): Chart {
  const accounts = [...list].sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
  const byCode = new Map<string, Account>();
  const children = new Map<string, Account[]>();
  for (const a of accounts) {
    if (byCode.has(a.code)) throw new Error(`${standard} chart: duplicate code ${a.code}`);
    byCode.set(a.code, a);
  }
  for (const a of accounts) {
    if (a.parentCode === null) continue;
    if (!byCode.has(a.parentCode)) throw new Error(`${standard} chart: ${a.code} has no parent ${a.parentCode}`);
    const siblings = children.get(a.parentCode) ?? [];
    siblings.push(a);
    children.set(a.parentCode, siblings);
  }
  return { standard, accounts, byCode, children };
}

const cache = new Map<Standard, Chart>();

/** The full research chart of a standard (all rows, incl. industry-only and general-taxpayer rows). */
export function loadChart(standard: Standard): Chart {
  let chart = cache.get(standard);
  if (!chart) {
    chart = parseChart(standard, standard === 'small' ? smallCsv : enterpriseCsv);
    cache.set(standard, chart);
  }
  return chart;
}

export interface PresetOptions {
  /** keep 行业专用 accounts (banks, insurers …); default false for a scrap trader */
  includeIndustry?: boolean;
}

/**
 * The chart a new account set starts with: the standard's chart minus industry-only accounts and, for a
 * 小规模纳税人, minus the general-taxpayer-only VAT rows, so that 222101 应交增值税 is a leaf (research README §1).
 */
export function presetChart(standard: Standard, taxNature: TaxNature, options: PresetOptions = {}): Chart {
  const full = loadChart(standard);
  const dropped = new Set<string>();
  for (const a of full.accounts) {
    const industryOut = a.industry !== null && !options.includeIndustry;
    const taxOut = a.generalTaxpayerOnly && taxNature === 'smallScale';
    if (industryOut || taxOut) dropped.add(a.code);
  }
  const kept = full.accounts.filter((a) => !dropped.has(a.code) && !ancestorsOf(a.code).some((p) => dropped.has(p)));
  return buildChart(standard, kept);
}

/** Account set field values → the domain types. */
export function standardOf(accountingSystem: 1 | 2 | '1' | '2'): Standard {
  return String(accountingSystem) === '1' ? 'small' : 'enterprise';
}
export function taxNatureOf(taxNature: '1' | '2' | 1 | 2): TaxNature {
  return String(taxNature) === '1' ? 'general' : 'smallScale';
}

/** The account with the name directly under `parentCode` (or at level 1 when parentCode is null). */
export function findByName(chart: Chart, name: string, parentCode: string | null = null): Account | undefined {
  const pool =
    parentCode === null ? chart.accounts.filter((a) => a.level === 1) : (chart.children.get(parentCode) ?? []);
  return pool.find((a) => a.name === name);
}

/**
 * A sub-account of `code` (any depth) named `name`: exact name first, then a unique sub-account whose name
 * contains it (5403.排污费 → 540313 环境保护税(排污费)). Sub-account numbers are vendor-specific, so statement
 * formulas name them (research README §2).
 */
export function findSubAccount(chart: Chart, code: string, name: string): Account | undefined {
  const below = chart.accounts.filter((a) => a.code !== code && isWithin(a.code, code));
  const exact = below.filter((a) => a.name === name);
  if (exact.length > 0) return exact[0];
  const partial = below.filter((a) => a.name.includes(name));
  return partial.length === 1 ? partial[0] : undefined;
}

/** 损益类 accounts that 结转损益 carries to 本年利润, split by nature. */
export interface ProfitAndLossAccounts {
  /** 收入类 (credit direction): 5001 5051 5111 5301 | 6001 6051 6101 6111 6115 6117 6301 … */
  income: Account[];
  /** 费用类 (debit direction): 5401 … 5801 | 6401 … 6801 */
  expense: Account[];
}

/**
 * Level-1 损益类 accounts of the chart, without 6901 以前年度损益调整 (transferred straight to 利润分配-未分配利润,
 * period_rules §8). Industry-only accounts appear only if the chart still holds them (use a preset chart).
 */
export function profitAndLossAccounts(chart: Chart): ProfitAndLossAccounts {
  const pl = chart.accounts.filter((a) => a.level === 1 && a.category === '损益' && a.name !== '以前年度损益调整');
  return { income: pl.filter((a) => a.direction === 'credit'), expense: pl.filter((a) => a.direction === 'debit') };
}

/** Accounts the closing logic needs, found by name in the chart (codes differ per standard). */
export interface KeyAccounts {
  /** 本年利润: 3103 small / 4103 enterprise */
  currentYearProfit: string;
  /** 利润分配: 3104 / 4104 */
  profitDistribution: string;
  /** 利润分配-未分配利润: 310405 / 410406 (vendor-convention codes) */
  undistributedProfit: string;
  /** 利润分配-提取法定盈余公积: 310401 / 410401 */
  statutoryReserveAppropriation: string;
  /** 盈余公积-法定盈余公积: 310101 / 410101 */
  statutoryReserve: string;
  /** 以前年度损益调整: 6901 (enterprise only) */
  priorYearAdjustment: string | null;
  /** 应交税费-应交增值税: 222101 */
  vatPayable: string;
  /** 应交税费-未交增值税: 222102 (general taxpayer only) */
  vatUnpaid: string | null;
  /** 应交税费-简易计税: 222108 (general taxpayer only) */
  vatSimplified: string | null;
  /** 累计折旧: 1602 */
  accumulatedDepreciation: string;
}

function must(account: Account | undefined, what: string): string {
  if (!account) throw new Error(`科目表缺少「${what}」`);
  return account.code;
}

export function keyAccounts(chart: Chart): KeyAccounts {
  const profit = must(findByName(chart, '本年利润'), '本年利润');
  const distribution = must(findByName(chart, '利润分配'), '利润分配');
  const reserve = must(findByName(chart, '盈余公积'), '盈余公积');
  const taxes = must(findByName(chart, '应交税费'), '应交税费');
  const vat = must(findByName(chart, '应交增值税', taxes), '应交税费-应交增值税');
  return {
    currentYearProfit: profit,
    profitDistribution: distribution,
    undistributedProfit: must(findByName(chart, '未分配利润', distribution), '利润分配-未分配利润'),
    statutoryReserveAppropriation: must(
      findByName(chart, '提取法定盈余公积', distribution),
      '利润分配-提取法定盈余公积',
    ),
    statutoryReserve: must(findByName(chart, '法定盈余公积', reserve), '盈余公积-法定盈余公积'),
    priorYearAdjustment: findByName(chart, '以前年度损益调整')?.code ?? null,
    vatPayable: vat,
    vatUnpaid: findByName(chart, '未交增值税', taxes)?.code ?? null,
    vatSimplified: findByName(chart, '简易计税', taxes)?.code ?? null,
    accumulatedDepreciation: must(findByName(chart, '累计折旧'), '累计折旧'),
  };
}

/** The 应交税费 subtree of a chart (2221 and everything below), for the VAT screens and templates. */
export function taxSubtree(chart: Chart): Account[] {
  const taxes = findByName(chart, '应交税费');
  return taxes ? chart.accounts.filter((a) => isWithin(a.code, taxes.code)) : [];
}

/** "1122 应收账款" — how accounts are named in messages. */
export function accountLabel(chart: Chart, code: string): string {
  const a = chart.byCode.get(code);
  if (!a) return code;
  const names = [...ancestorsOf(code)].reverse().map((c) => chart.byCode.get(c)?.name ?? c);
  return `${code} ${[...names, a.name].join('-')}`;
}
