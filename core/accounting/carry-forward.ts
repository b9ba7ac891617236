/**
 * Generated closing vouchers (period_rules §8 结转损益, §11 year end), as voucher lines from balances.
 *
 * Guarantees: every generated voucher balances (Σdebit = Σcredit), each line has exactly one positive side, only
 * leaf accounts appear (the balances passed in are leaf balances), and after posting them the closed accounts are
 * zero — asserted by the tests through the ledger. Codes come from `keyAccounts(chart)` (3103 vs 4103 …).
 */
import { type AmountInput, Decimal, dec, round2, ZERO } from './amount.ts';
import { type Chart, isWithin, keyAccounts } from './chart.ts';

/** A leaf balance, raw = debit − credit. */
export interface LeafBalance {
  code: string;
  auxKey?: string;
  balance: Decimal;
}

export interface GeneratedLine {
  summary: string;
  code: string;
  auxKey?: string;
  debit: Decimal;
  credit: Decimal;
}

export interface GeneratedVoucher {
  kind: 'carryForward' | 'priorYearAdjustment' | 'yearEndProfit' | 'yearEndDistribution' | 'statutoryReserve';
  summary: string;
  lines: GeneratedLine[];
}

/** The line that brings a raw balance to zero ("按余额反向结转"). */
function closingLine(summary: string, b: LeafBalance): GeneratedLine {
  const positive = b.balance.gt(0);
  return {
    summary,
    code: b.code,
    ...(b.auxKey ? { auxKey: b.auxKey } : {}),
    debit: positive ? ZERO : b.balance.neg(),
    credit: positive ? b.balance : ZERO,
  };
}

/** The counter line on `code` that balances `lines`; null when they already balance. */
function counterLine(summary: string, code: string, lines: readonly GeneratedLine[]): GeneratedLine | null {
  const net = lines.reduce((s, l) => s.plus(l.debit).minus(l.credit), ZERO);
  if (net.isZero()) return null;
  return { summary, code, debit: net.lt(0) ? net.neg() : ZERO, credit: net.gt(0) ? net : ZERO };
}

export interface CarryForwardOptions {
  chart: Chart;
  /** leaf balances at the period end (all accounts; non-P&L ones are ignored) */
  balances: readonly LeafBalance[];
  /** two vouchers (收益类 / 损失类) instead of one (period_rules §8 option) */
  split?: boolean;
  summary?: string;
}

/**
 * 结转损益 (账结法): every 损益类 leaf with a balance is closed against 本年利润 — income accounts (credit direction)
 * and expense accounts (debit direction) each get one 本年利润 line for their net. 以前年度损益调整 is excluded
 * (`priorYearAdjustmentTransfer`). Returns [] when nothing is to be carried.
 */
export function carryForwardProfitAndLoss(options: CarryForwardOptions): GeneratedVoucher[] {
  const { chart, balances, split = false, summary = '结转本期损益' } = options;
  const key = keyAccounts(chart);
  const groups = { income: [] as GeneratedLine[], expense: [] as GeneratedLine[] };
  for (const b of balances) {
    const account = chart.byCode.get(b.code);
    if (account?.category !== '损益' || b.balance.isZero()) continue;
    if (key.priorYearAdjustment && isWithin(b.code, key.priorYearAdjustment)) continue;
    const level1 = chart.byCode.get(b.code.slice(0, 4)) ?? account;
    groups[level1.direction === 'credit' ? 'income' : 'expense'].push(closingLine(summary, b));
  }
  const withCounter = (lines: GeneratedLine[], text = summary) => {
    const counter = counterLine(text, key.currentYearProfit, lines);
    return counter ? [...lines, counter] : lines;
  };
  const vouchers: GeneratedVoucher[] = [];
  if (split) {
    for (const [name, lines] of [
      ['收益类', groups.income],
      ['损失类', groups.expense],
    ] as const) {
      if (lines.length > 0) {
        const s = `${summary}（${name}）`;
        vouchers.push({
          kind: 'carryForward',
          summary: s,
          lines: withCounter(
            lines.map((l) => ({ ...l, summary: s })),
            s,
          ),
        });
      }
    }
    return vouchers;
  }
  const lines = [...withCounter(groups.income), ...withCounter(groups.expense)];
  return lines.length > 0 ? [{ kind: 'carryForward', summary, lines }] : [];
}

/** 以前年度损益调整 (6901, enterprise) straight to 利润分配-未分配利润 (period_rules §8). */
export function priorYearAdjustmentTransfer(chart: Chart, balances: readonly LeafBalance[]): GeneratedVoucher[] {
  const key = keyAccounts(chart);
  if (!key.priorYearAdjustment) return [];
  const summary = '结转以前年度损益调整';
  const lines = balances
    .filter((b) => isWithin(b.code, key.priorYearAdjustment!) && !b.balance.isZero())
    .map((b) => closingLine(summary, b));
  const counter = counterLine(summary, key.undistributedProfit, lines);
  return counter ? [{ kind: 'priorYearAdjustment', summary, lines: [...lines, counter] }] : [];
}

/**
 * Year end (period_rules §11), after December's 结转损益:
 * 1. 结转本年利润: the whole 本年利润 balance to 利润分配-未分配利润 (profit: 借 本年利润 / 贷 未分配利润; a loss reversed);
 * 2. 结转利润分配: every other 利润分配 leaf with a balance closed into 未分配利润.
 * Afterwards 本年利润 is zero and only 未分配利润 carries a balance under 利润分配.
 */
export function yearEndTransfer(chart: Chart, balances: readonly LeafBalance[]): GeneratedVoucher[] {
  const key = keyAccounts(chart);
  const out: GeneratedVoucher[] = [];
  const profitSummary = '结转本年利润';
  const profitLines = balances
    .filter((b) => isWithin(b.code, key.currentYearProfit) && !b.balance.isZero())
    .map((b) => closingLine(profitSummary, b));
  const profitCounter = counterLine(profitSummary, key.undistributedProfit, profitLines);
  if (profitCounter)
    out.push({ kind: 'yearEndProfit', summary: profitSummary, lines: [...profitLines, profitCounter] });

  const distSummary = '结转利润分配';
  const distLines = balances
    .filter(
      (b) =>
        isWithin(b.code, key.profitDistribution) && !isWithin(b.code, key.undistributedProfit) && !b.balance.isZero(),
    )
    .map((b) => closingLine(distSummary, b));
  const distCounter = counterLine(distSummary, key.undistributedProfit, distLines);
  if (distCounter) out.push({ kind: 'yearEndDistribution', summary: distSummary, lines: [...distLines, distCounter] });
  return out;
}

export interface StatutoryReserveInput {
  /** the year's net profit */
  netProfit: AmountInput;
  /** prior years' losses still to be made good (positive) */
  priorLosses?: AmountInput;
  /** current balance of 盈余公积-法定盈余公积 */
  reserveBalance?: AmountInput;
  /** 注册资本; the appropriation may stop once the reserve reaches 50 % of it */
  registeredCapital?: AmountInput;
}

/**
 * 提取法定盈余公积 (公司法 2023 第210条, period_rules §11): 10 % of the net profit after making good prior losses,
 * capped so that the reserve does not exceed 50 % of the registered capital (no cap when the capital is not given).
 */
export function statutoryReserveAmount(input: StatutoryReserveInput): Decimal {
  const base = dec(input.netProfit).minus(dec(input.priorLosses));
  if (!base.gt(0)) return ZERO;
  let amount = round2(base.times('0.1'));
  if (input.registeredCapital !== undefined) {
    const room = dec(input.registeredCapital).times('0.5').minus(dec(input.reserveBalance));
    amount = Decimal.max(ZERO, Decimal.min(amount, room));
  }
  return amount;
}

/** 借 利润分配-提取法定盈余公积 / 贷 盈余公积-法定盈余公积. */
export function statutoryReserveVoucher(chart: Chart, amount: AmountInput): GeneratedVoucher[] {
  const a = dec(amount);
  if (!a.gt(0)) return [];
  const key = keyAccounts(chart);
  const summary = '提取法定盈余公积';
  return [
    {
      kind: 'statutoryReserve',
      summary,
      lines: [
        { summary, code: key.statutoryReserveAppropriation, debit: a, credit: ZERO },
        { summary, code: key.statutoryReserve, debit: ZERO, credit: a },
      ],
    },
  ];
}
