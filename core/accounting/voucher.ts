/**
 * Voucher (记账凭证) rules as pure checks — period_rules §2–§5, DESIGN §5 ("a voucher is valid only when
 * Σdebit = Σcredit ≠ 0 and every line has exactly one side").
 *
 * Every check returns Chinese messages that name the line (第 n 行) and the account, so the server can answer 400
 * with the first one and the voucher screen can show them all. Nothing here throws on bad input.
 */
import { type AmountInput, Decimal, dec, hasAtMostDecimals, money, moneyText, round2, ZERO } from './amount.ts';
import { accountLabel, type Chart, isWithin } from './chart.ts';

export interface VoucherLineInput {
  summary?: string;
  /** leaf account code */
  code: string;
  debit?: AmountInput;
  credit?: AmountInput;
  /** 辅助核算 items by kind, e.g. { 客户: '12' } */
  aux?: Readonly<Record<string, string>>;
  /** 数量核算: quantity and unit price (unit price tax-exclusive, up to `priceScale` decimals) */
  quantity?: AmountInput;
  unitPrice?: AmountInput;
}

export interface VoucherInput {
  /** 凭证字 */
  word: string;
  /** yyyy-MM-dd */
  date: string;
  lines: readonly VoucherLineInput[];
}

/** Per-account settings of an account set that the chart does not carry. */
export interface AccountSetting {
  /** required 辅助核算 kinds (客户, 供应商, 职员, 部门, 存货, 项目 …) */
  auxiliary?: readonly string[];
  /** 数量核算 */
  quantity?: boolean;
}

/** Restriction types exposed by 用友/金蝶-style voucher words (period_rules §2). */
export type WordRestriction =
  | 'none'
  | 'debitMust'
  | 'creditMust'
  | 'voucherMust'
  | 'voucherMustNot'
  | 'debitMustNot'
  | 'creditMustNot';

export interface VoucherWord {
  word: string;
  name: string;
  restriction: WordRestriction;
  /** accounts (with their subtrees) the restriction is about */
  codes: readonly string[];
}

/** The word sets of period_rules §2: 记 (default), 收/付/转, and 现收/现付/银收/银付/转. */
export const VOUCHER_WORD_PRESETS: Record<'single' | 'threeWords' | 'fiveWords', readonly VoucherWord[]> = {
  single: [{ word: '记', name: '记账凭证', restriction: 'none', codes: [] }],
  threeWords: [
    { word: '收', name: '收款凭证', restriction: 'debitMust', codes: ['1001', '1002'] },
    { word: '付', name: '付款凭证', restriction: 'creditMust', codes: ['1001', '1002'] },
    { word: '转', name: '转账凭证', restriction: 'voucherMustNot', codes: ['1001', '1002'] },
  ],
  fiveWords: [
    { word: '现收', name: '现金收款凭证', restriction: 'debitMust', codes: ['1001'] },
    { word: '现付', name: '现金付款凭证', restriction: 'creditMust', codes: ['1001'] },
    { word: '银收', name: '银行收款凭证', restriction: 'debitMust', codes: ['1002'] },
    { word: '银付', name: '银行付款凭证', restriction: 'creditMust', codes: ['1002'] },
    { word: '转', name: '转账凭证', restriction: 'voucherMustNot', codes: ['1001', '1002'] },
  ],
};

export interface VoucherProblem {
  /** 1-based line number, absent for whole-voucher problems */
  line?: number;
  field?: 'code' | 'summary' | 'debit' | 'credit' | 'aux' | 'quantity' | 'unitPrice' | 'word';
  msg: string;
}

export interface VoucherRules {
  chart: Chart;
  settings?: Readonly<Record<string, AccountSetting>>;
  /** the account set's voucher words; when given, the voucher's word must be one of them and obey its restriction */
  words?: readonly VoucherWord[];
  /** 摘要 required on each line (default true) */
  requireSummary?: boolean;
  /** decimals of a unit price (default 6) */
  priceScale?: number;
}

/** amount = quantity × unit price rounded half-up to the fen (the weighing rule of DESIGN §5). */
export function amountOf(quantity: AmountInput, unitPrice: AmountInput): Decimal {
  return round2(dec(quantity).times(dec(unitPrice)));
}

/** unit price = amount ÷ quantity rounded half-up to `scale` decimals (when the amount is entered first). */
export function unitPriceOf(amount: AmountInput, quantity: AmountInput, scale = 6): Decimal {
  const q = dec(quantity);
  if (q.isZero()) throw new Error('数量不能为 0');
  return dec(amount).div(q).toDecimalPlaces(scale, Decimal.ROUND_HALF_UP);
}

/**
 * Quantity × unit price agrees with the amount when either the amount is round2(q × p), or p is the amount ÷ q
 * rounded to the price scale (the price was derived from the amount). Returns a message or null.
 */
export function quantityAmountProblem(
  quantity: AmountInput,
  unitPrice: AmountInput,
  amount: AmountInput,
  scale = 6,
): string | null {
  const q = dec(quantity);
  const p = dec(unitPrice);
  const a = dec(amount);
  if (q.isZero()) return '数量不能为 0';
  if (amountOf(q, p).eq(a)) return null;
  if (p.eq(unitPriceOf(a, q, scale))) return null;
  return `数量 × 单价 = ${money(amountOf(q, p))}，与金额 ${money(a)} 不符`;
}

const labelOf = (chart: Chart, code: string) => accountLabel(chart, code);

/** All problems of a voucher; an empty list means it may be saved. */
export function validateVoucher(voucher: VoucherInput, rules: VoucherRules): VoucherProblem[] {
  const { chart, settings = {}, requireSummary = true, priceScale = 6 } = rules;
  const problems: VoucherProblem[] = [];
  let debitTotal = ZERO;
  let creditTotal = ZERO;
  const lines = voucher.lines;
  if (lines.length < 2) problems.push({ msg: '凭证至少需要两行分录' });

  lines.forEach((l, index) => {
    const n = index + 1;
    const at = (field: VoucherProblem['field'], msg: string) =>
      problems.push({ line: n, field, msg: `第 ${n} 行：${msg}` });
    if (requireSummary && !l.summary?.trim()) at('summary', '摘要不能为空');
    const account = chart.byCode.get(l.code);
    if (!account) at('code', `科目 ${l.code || '（空）'} 不存在`);
    else if ((chart.children.get(l.code)?.length ?? 0) > 0)
      at('code', `${labelOf(chart, l.code)} 不是末级科目，请选择末级科目`);

    let debit: Decimal;
    let credit: Decimal;
    try {
      debit = dec(l.debit);
      credit = dec(l.credit);
    } catch {
      at('debit', '金额不是有效的数字');
      return;
    }
    if (!debit.isZero() && !credit.isZero()) at('credit', '借方和贷方只能填写一方');
    else if (debit.isZero() && credit.isZero()) at('debit', '借方和贷方金额不能都为 0');
    if (!hasAtMostDecimals(debit) || !hasAtMostDecimals(credit))
      at(debit.isZero() ? 'credit' : 'debit', '金额最多保留两位小数');
    debitTotal = debitTotal.plus(debit);
    creditTotal = creditTotal.plus(credit);

    const setting = settings[l.code] ?? {};
    for (const kind of setting.auxiliary ?? []) {
      if (!l.aux?.[kind]) at('aux', `科目 ${labelOf(chart, l.code)} 需要填写辅助核算「${kind}」`);
    }
    if (setting.quantity) {
      if (l.quantity === undefined || l.quantity === '' || l.unitPrice === undefined || l.unitPrice === '') {
        at('quantity', `科目 ${labelOf(chart, l.code)} 为数量核算，请填写数量和单价`);
      } else {
        const amount = debit.isZero() ? credit : debit;
        const msg = quantityAmountProblem(l.quantity, l.unitPrice, amount, priceScale);
        if (msg) at('quantity', msg);
      }
    }
  });

  if (!debitTotal.eq(creditTotal)) {
    problems.push({
      msg: `借贷不平衡：借方合计 ${moneyText(debitTotal)}，贷方合计 ${moneyText(creditTotal)}，差额 ${moneyText(debitTotal.minus(creditTotal))}`,
    });
  } else if (debitTotal.isZero() && lines.length >= 2) {
    problems.push({ msg: '凭证金额合计不能为 0' });
  }

  if (rules.words) {
    const word = rules.words.find((w) => w.word === voucher.word);
    if (!word) problems.push({ field: 'word', msg: `凭证字「${voucher.word}」未启用` });
    else {
      const msg = wordRestrictionProblem(word, lines);
      if (msg) problems.push({ field: 'word', msg });
    }
  }
  return problems;
}

/** The restriction of a voucher word (收: 借方必有 1001/1002 …), or null when satisfied. */
export function wordRestrictionProblem(word: VoucherWord, lines: readonly VoucherLineInput[]): string | null {
  const hits = (side: 'debit' | 'credit' | 'any') =>
    lines.some(
      (l) =>
        word.codes.some((c) => isWithin(l.code, c)) &&
        (side === 'any' || !dec(side === 'debit' ? l.debit : l.credit).isZero()),
    );
  const codes = word.codes.join('/');
  switch (word.restriction) {
    case 'none':
      return null;
    case 'debitMust':
      return hits('debit') ? null : `凭证字「${word.word}」要求借方必有科目 ${codes}`;
    case 'creditMust':
      return hits('credit') ? null : `凭证字「${word.word}」要求贷方必有科目 ${codes}`;
    case 'voucherMust':
      return hits('any') ? null : `凭证字「${word.word}」要求凭证必有科目 ${codes}`;
    case 'voucherMustNot':
      return hits('any') ? `凭证字「${word.word}」的凭证不能有科目 ${codes}` : null;
    case 'debitMustNot':
      return hits('debit') ? `凭证字「${word.word}」的借方不能有科目 ${codes}` : null;
    case 'creditMustNot':
      return hits('credit') ? `凭证字「${word.word}」的贷方不能有科目 ${codes}` : null;
  }
}

// ---------------------------------------------------------------- numbering (period_rules §3)

/** "记-3" (optionally zero-padded: 记-0003). */
export function formatVoucherNo(word: string, no: number, pad = 0): string {
  return `${word}-${String(no).padStart(pad, '0')}`;
}

/**
 * Next number of a (book, period, word) sequence given the numbers in use: one past the highest, 1 when empty.
 * Numbers freed by deletion are not reused; they are closed by `renumber` (凭证整理).
 */
export function nextVoucherNo(existing: Iterable<number>): number {
  let max = 0;
  for (const n of existing) if (n > max) max = n;
  return max + 1;
}

/** Numbers missing from 1..max (断号) and numbers used twice. */
export function numberGaps(existing: Iterable<number>): { missing: number[]; duplicates: number[] } {
  const seen = new Set<number>();
  const duplicates = new Set<number>();
  let max = 0;
  for (const n of existing) {
    if (seen.has(n)) duplicates.add(n);
    seen.add(n);
    if (n > max) max = n;
  }
  const missing: number[] = [];
  for (let n = 1; n <= max; n++) if (!seen.has(n)) missing.push(n);
  return { missing, duplicates: [...duplicates].sort((a, b) => a - b) };
}

export interface NumberedVoucher {
  id: string;
  no: number;
  /** yyyy-MM-dd */
  date: string;
  /** entry time (ISO) for the by-entry order */
  createdAt?: string;
}

export interface Renumbering {
  id: string;
  from: number;
  to: number;
}

/**
 * 凭证整理 / 断号重排 of one (book, period, word) sequence: numbers 1..n by voucher date then original number
 * (`'date'`), or by entry time then original number (`'entry'`). Returns only the vouchers whose number changes.
 */
export function renumber(vouchers: readonly NumberedVoucher[], order: 'date' | 'entry' = 'date'): Renumbering[] {
  const key = (v: NumberedVoucher) => (order === 'date' ? v.date : (v.createdAt ?? ''));
  const sorted = [...vouchers].sort((a, b) => {
    const ka = key(a);
    const kb = key(b);
    if (ka !== kb) return ka < kb ? -1 : 1;
    if (a.no !== b.no) return a.no - b.no;
    return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
  });
  return sorted.flatMap((v, i) => (v.no === i + 1 ? [] : [{ id: v.id, from: v.no, to: i + 1 }]));
}

/** 制单序时控制 (optional): within one word a later number may not carry an earlier date. */
export function chronologyProblems(word: string, vouchers: readonly NumberedVoucher[]): string[] {
  const sorted = [...vouchers].sort((a, b) => a.no - b.no);
  const out: string[] = [];
  for (let i = 1; i < sorted.length; i++) {
    if (sorted[i].date < sorted[i - 1].date) {
      out.push(
        `${formatVoucherNo(word, sorted[i].no)} 的日期 ${sorted[i].date} 早于 ${formatVoucherNo(word, sorted[i - 1].no)} 的日期 ${sorted[i - 1].date}`,
      );
    }
  }
  return out;
}

// ---------------------------------------------------------------- review, edit, reversal (period_rules §5)

export type VoucherStatus = 'saved' | 'reviewed' | 'posted';

export interface VoucherState {
  status: VoucherStatus;
  /** user ids */
  createdBy: string;
  reviewedBy?: string;
  /** the voucher's period is closed */
  periodClosed: boolean;
}

/** Why the voucher cannot be edited or deleted, or null. */
export function editBlock(v: VoucherState): string | null {
  if (v.periodClosed) return '凭证所在期间已结账，不能修改或删除';
  if (v.status === 'posted') return '凭证已过账，不能修改或删除，请先反过账';
  if (v.status === 'reviewed') return '凭证已审核，不能修改或删除，请先反审核';
  return null;
}

/** Why `userId` cannot review the voucher, or null. 审核人 ≠ 制单人 unless the account set allows self-review. */
export function reviewBlock(v: VoucherState, userId: string, allowSelfReview = false): string | null {
  if (v.periodClosed) return '凭证所在期间已结账，不能审核';
  if (v.status !== 'saved') return '凭证已审核';
  if (!allowSelfReview && v.createdBy === userId) return '审核人不能与制单人相同';
  return null;
}

/** Why `userId` cannot cancel the review, or null: only the reviewer or the 账套主管, never after posting/closing. */
export function unreviewBlock(v: VoucherState, userId: string, isSupervisor = false): string | null {
  if (v.periodClosed) return '凭证所在期间已结账，不能反审核';
  if (v.status === 'saved') return '凭证尚未审核';
  if (v.status === 'posted') return '凭证已过账，请先反过账';
  if (v.reviewedBy !== userId && !isSupervisor) return '只有审核人或账套主管可以反审核';
  return null;
}

/**
 * 红字冲销 (《会计基础工作规范》): a red copy of the wrong voucher — same accounts and sides, negated amounts — with
 * the summary "注销 yyyy年M月d日 记-n 号凭证". Quantities are negated too.
 */
export function reversalLines(original: VoucherInput & { no: number }): VoucherLineInput[] {
  const [y, m, d] = original.date.split('-').map(Number);
  const summary = `注销${y}年${m}月${d}日${formatVoucherNo(original.word, original.no)}号凭证`;
  const neg = (v: AmountInput | undefined) => (v === undefined || dec(v).isZero() ? v : dec(v).neg().toFixed());
  return original.lines.map((l) => ({
    ...l,
    summary,
    debit: neg(l.debit),
    credit: neg(l.credit),
    quantity: neg(l.quantity),
  }));
}
