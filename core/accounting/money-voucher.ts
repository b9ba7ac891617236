/**
 * Vouchers of money records (issue 11): 收款单, 付款单, 退款单 and 应收应付对冲 go through the same template engine as
 * the stock documents (凭证模板), with their own kinds and amount sources.
 *
 * Guarantees:
 * - amount sources: amount (金额), fee (手续费), netfee (金额 − 手续费: what reaches the bank on a collection),
 *   addfee (金额 + 手续费: what leaves the bank on a payment); decimal, to the fen;
 * - the whole amount of a collection / payment goes to 应收账款 / 应付账款 of the party (预收 / 预付 stand there as
 *   the opposite balance, as 小企业会计准则 allows when advances are few): the party's auxiliary balance is then the
 *   receivables area's balance (Σ documents − Σ collections + Σ refunds − Σ offsets) to the fen;
 * - a line on 银行存款 (or below it) of a record paid in cash goes to 库存现金, of a record settled by 承兑汇票 to
 *   应收票据 (received) / 应付票据 (given); a "按明细" line (perMaterial) on 银行存款 takes the sub-account named
 *   like the record's bank;
 * - zero lines are left out (no fee → no 财务费用 line); an unbalanced template is reported, never "fixed".
 */

import { moneyFixed } from '../format/amounts.ts';
import { type AmountInput, type Decimal, dec, ZERO } from './amount.ts';
import { leafOf } from './business-voucher.ts';
import { type Chart, findByName, findSubAccount, isLeaf } from './chart.ts';

export type MoneyKind =
  | 'collection'
  | 'payment'
  | 'refund_ar'
  | 'refund_ap'
  | 'offset'
  | 'finance_draw'
  | 'finance_repay';
/**
 * amount (金额; a financing's principal), fee (手续费), netfee / addfee (金额 ∓ 手续费), interest (利息 of a
 * financing repayment), addint (本金 + 利息: what leaves the bank on a repayment).
 */
export type MoneyAmountSource = 'amount' | 'fee' | 'netfee' | 'addfee' | 'interest' | 'addint';
/** party: the record's party in the kind's dimension; customer / supplier: that dimension (对冲 has both). */
export type MoneyAuxSource = 'none' | 'party' | 'customer' | 'supplier';

export const MONEY_KIND_NAMES: Record<MoneyKind, string> = {
  collection: '收款',
  payment: '付款',
  refund_ar: '退款（退还客户）',
  refund_ap: '退款（供应商退回）',
  offset: '应收应付对冲',
  finance_draw: '融资放款',
  finance_repay: '融资还款',
};
/** 融资放款 / 融资还款 (issue 21, izs-scf): the financing's drawdown and repayments; no party, a lender */
export const FINANCE_KINDS: readonly MoneyKind[] = ['finance_draw', 'finance_repay'];
export const isFinanceKind = (k: string): boolean => k === 'finance_draw' || k === 'finance_repay';
export const MONEY_KINDS = Object.keys(MONEY_KIND_NAMES) as MoneyKind[];
/** the dimension `party` stands for in each kind (对冲 names its lines' dimension explicitly) */
export const MONEY_PARTY: Record<MoneyKind, 'customer' | 'supplier'> = {
  collection: 'customer',
  refund_ar: 'customer',
  payment: 'supplier',
  refund_ap: 'supplier',
  offset: 'customer',
  // a financing has no party (its templates carry none); the field only types the record
  finance_draw: 'supplier',
  finance_repay: 'supplier',
};

export interface MoneyTemplateLine {
  summary?: string;
  accountCode: string;
  side: 'debit' | 'credit';
  amountSource: MoneyAmountSource;
  auxSource: MoneyAuxSource;
  /** 1 on 银行存款: the sub-account named like the record's bank */
  perMaterial: number;
}

export interface MoneyTemplate {
  name: string;
  docType: MoneyKind;
  summary: string;
  lines: MoneyTemplateLine[];
}

export interface MoneyRecord {
  kind: MoneyKind;
  orderNo: string;
  date: string;
  partyName: string;
  amount: AmountInput;
  fee: AmountInput;
  /** a financing repayment's interest (0 elsewhere) */
  interest?: AmountInput;
  /** bank | cash ('' for an offset) */
  accountType: string;
  bankName: string;
  /** transfer | cash | bill (承兑汇票) | wechat | alipay ('' for an offset) */
  method?: string;
}

export interface MoneyVoucherLine {
  summary: string;
  code: string;
  debit: Decimal;
  credit: Decimal;
  /** the dimension whose item goes on the line, or null */
  dimension: 'customer' | 'supplier' | null;
}

export function moneyFigure(r: MoneyRecord, source: MoneyAmountSource): Decimal {
  const amount = dec(r.amount);
  const fee = dec(r.fee);
  if (source === 'fee') return fee;
  if (source === 'netfee') return amount.minus(fee);
  if (source === 'addfee') return amount.plus(fee);
  const interest = dec(r.interest ?? 0);
  if (source === 'interest') return interest;
  if (source === 'addint') return amount.plus(interest);
  return amount;
}

export function fillMoneySummary(pattern: string, r: MoneyRecord): string {
  return pattern
    .replaceAll('{单据类型}', MONEY_KIND_NAMES[r.kind])
    .replaceAll('{单号}', r.orderNo)
    .replaceAll('{往来单位}', r.partyName)
    .replaceAll('{日期}', r.date)
    .replaceAll('{物料}', '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 200);
}

/** 银行存款 / 库存现金 of a chart (top-level accounts found by name). */
export function moneyAccounts(chart: Chart): { bank: string | undefined; cash: string | undefined } {
  return { bank: findByName(chart, '银行存款')?.code, cash: findByName(chart, '库存现金')?.code };
}

/**
 * The account a template line posts to for a record: 银行存款 (or below) → 库存现金's leaf for a cash record; a
 * "按明细" line on a non-leaf → the sub-account named like the bank; otherwise the line's account (must be a leaf).
 */
export function moneyLineAccount(chart: Chart, line: MoneyTemplateLine, r: MoneyRecord): string | null {
  const { bank, cash } = moneyAccounts(chart);
  const onBank = !!bank && line.accountCode.startsWith(bank);
  if (onBank && r.method === 'bill') {
    // 承兑汇票: a bill received (收款 / 供应商退回) is 应收票据, a bill given (付款 / 退还客户) is 应付票据
    const incoming = r.kind === 'collection' || r.kind === 'refund_ap';
    return leafOf(chart, findByName(chart, incoming ? '应收票据' : '应付票据')?.code) ?? null;
  }
  if (onBank && r.accountType === 'cash') return leafOf(chart, cash) ?? null;
  if (isLeaf(chart, line.accountCode)) return line.accountCode;
  if (line.perMaterial === 1 && r.bankName) {
    const hit = findSubAccount(chart, line.accountCode, r.bankName);
    if (hit && isLeaf(chart, hit.code)) return hit.code;
    const leaves = chart.accounts.filter(
      (a) => a.code !== line.accountCode && a.code.startsWith(line.accountCode) && isLeaf(chart, a.code),
    );
    const inside = leaves.filter((a) => r.bankName.includes(a.name) || a.name.includes(r.bankName));
    if (inside.length === 1) return inside[0].code;
  }
  // a financing names its lender, not the company's own account: the bank's only leaf takes it
  if (onBank && line.perMaterial === 1 && isFinanceKind(r.kind)) {
    const leaves = chart.accounts.filter(
      (a) => a.code !== line.accountCode && a.code.startsWith(line.accountCode) && isLeaf(chart, a.code),
    );
    if (leaves.length === 1) return leaves[0].code;
  }
  return null;
}

/** The voucher lines of a money template for one record. */
export function moneyTemplateLines(
  template: MoneyTemplate,
  r: MoneyRecord,
  chart: Chart,
): { lines: MoneyVoucherLine[]; problems: string[] } {
  const problems: string[] = [];
  const lines: MoneyVoucherLine[] = [];
  template.lines.forEach((t, i) => {
    const amount = moneyFigure(r, t.amountSource);
    if (amount.isZero()) return;
    const code = moneyLineAccount(chart, t, r);
    if (!code) {
      problems.push(
        r.accountType === 'cash'
          ? `模板第 ${i + 1} 行：账套没有库存现金末级科目`
          : `模板第 ${i + 1} 行：科目 ${t.accountCode} 不是末级科目，且没有名为「${r.bankName || '（未指定银行）'}」的明细科目`,
      );
      return;
    }
    const dimension = t.auxSource === 'none' ? null : t.auxSource === 'party' ? MONEY_PARTY[r.kind] : t.auxSource;
    lines.push({
      summary: fillMoneySummary(t.summary?.trim() ? t.summary : template.summary, r),
      code,
      debit: t.side === 'debit' ? amount : ZERO,
      credit: t.side === 'credit' ? amount : ZERO,
      dimension,
    });
  });
  const debit = lines.reduce((s, l) => s.plus(l.debit), ZERO);
  const credit = lines.reduce((s, l) => s.plus(l.credit), ZERO);
  if (!problems.length) {
    if (lines.length === 0 || debit.isZero())
      problems.push(`单据 ${r.orderNo} 按模板「${template.name}」生成的金额为零`);
    else if (!debit.eq(credit))
      problems.push(
        `单据 ${r.orderNo} 按模板「${template.name}」借方 ${moneyFixed(debit)} ≠ 贷方 ${moneyFixed(credit)}，请检查模板的金额来源`,
      );
  }
  return { lines, problems };
}

/**
 * Default money templates of a book (accounts found by name; a template whose accounts are missing is skipped):
 * - 收款: 借 银行存款 (金额−手续费) + 财务费用 (手续费), 贷 应收账款 [客户] (金额);
 * - 付款: 借 应付账款 [供应商] (金额) + 财务费用 (手续费), 贷 银行存款 (金额+手续费);
 * - 退款（退还客户）: 借 应收账款 [客户], 财务费用; 贷 银行存款; 退款（供应商退回）: 借 银行存款, 财务费用; 贷 应付账款 [供应商];
 * - 应收应付对冲: 借 应付账款 [供应商], 贷 应收账款 [客户];
 * - 融资放款: 借 银行存款, 贷 短期借款 (本金); 融资还款: 借 短期借款 (本金) + 财务费用-利息费用 (利息), 贷 银行存款
 *   (本金 + 利息) — the interest line drops out when a repayment carries none.
 * 银行存款 with sub-accounts → the line takes the bank's sub-account (按明细).
 */
export function defaultMoneyTemplates(chart: Chart): { templates: MoneyTemplate[]; skipped: string[] } {
  const { bank } = moneyAccounts(chart);
  const receivable = leafOf(chart, findByName(chart, '应收账款')?.code);
  const payable = leafOf(chart, findByName(chart, '应付账款')?.code);
  const finance = findByName(chart, '财务费用');
  const fee = finance
    ? isLeaf(chart, finance.code)
      ? finance.code
      : (findSubAccount(chart, finance.code, '手续费')?.code ?? leafOf(chart, finance.code))
    : undefined;
  const skipped: string[] = [];
  const templates: MoneyTemplate[] = [];
  const bankLine = (side: 'debit' | 'credit', amountSource: MoneyAmountSource): MoneyTemplateLine | null =>
    bank
      ? { accountCode: bank, side, amountSource, auxSource: 'none', perMaterial: isLeaf(chart, bank) ? 0 : 1 }
      : null;
  const feeLine: MoneyTemplateLine | null = fee
    ? { accountCode: fee, side: 'debit', amountSource: 'fee', auxSource: 'none', perMaterial: 0 }
    : null;
  const partyLine = (code: string | undefined, side: 'debit' | 'credit'): MoneyTemplateLine | null =>
    code ? { accountCode: code, side, amountSource: 'amount', auxSource: 'party', perMaterial: 0 } : null;
  const add = (name: string, docType: MoneyKind, lines: (MoneyTemplateLine | null)[], need: number) => {
    const ok = lines.filter((l): l is MoneyTemplateLine => !!l);
    if (ok.length < need) skipped.push(`${name}（缺少银行存款、应收账款、应付账款或财务费用科目）`);
    else templates.push({ name, docType, summary: `${name} {单号} {往来单位}`, lines: ok });
  };
  add('收款', 'collection', [bankLine('debit', 'netfee'), feeLine, partyLine(receivable, 'credit')], 3);
  add('付款', 'payment', [partyLine(payable, 'debit'), feeLine, bankLine('credit', 'addfee')], 3);
  add('退款（退还客户）', 'refund_ar', [partyLine(receivable, 'debit'), feeLine, bankLine('credit', 'addfee')], 3);
  add('退款（供应商退回）', 'refund_ap', [bankLine('debit', 'netfee'), feeLine, partyLine(payable, 'credit')], 3);
  if (receivable && payable) {
    templates.push({
      name: '应收应付对冲',
      docType: 'offset',
      summary: '应收应付对冲 {单号} {往来单位}',
      lines: [
        { accountCode: payable, side: 'debit', amountSource: 'amount', auxSource: 'supplier', perMaterial: 0 },
        { accountCode: receivable, side: 'credit', amountSource: 'amount', auxSource: 'customer', perMaterial: 0 },
      ],
    });
  } else skipped.push('应收应付对冲（缺少应收账款或应付账款科目）');
  const loan = leafOf(chart, findByName(chart, '短期借款')?.code);
  const interest = finance
    ? isLeaf(chart, finance.code)
      ? finance.code
      : (['利息费用', '利息支出', '利息']
          .map((n) => findSubAccount(chart, finance.code, n)?.code)
          .find((c) => c && isLeaf(chart, c)) ?? leafOf(chart, finance.code))
    : undefined;
  const line = (
    code: string | undefined,
    side: 'debit' | 'credit',
    amountSource: MoneyAmountSource,
  ): MoneyTemplateLine | null =>
    code ? { accountCode: code, side, amountSource, auxSource: 'none', perMaterial: 0 } : null;
  const addFinance = (name: string, docType: MoneyKind, lines: (MoneyTemplateLine | null)[]) => {
    const ok = lines.filter((l): l is MoneyTemplateLine => !!l);
    if (ok.length < lines.length) skipped.push(`${name}（缺少银行存款、短期借款或财务费用科目）`);
    else templates.push({ name, docType, summary: `${name} {单号} {往来单位}`, lines: ok });
  };
  addFinance('融资放款', 'finance_draw', [bankLine('debit', 'amount'), line(loan, 'credit', 'amount')]);
  addFinance('融资还款', 'finance_repay', [
    line(loan, 'debit', 'amount'),
    line(interest, 'debit', 'interest'),
    bankLine('credit', 'addint'),
  ]);
  return { templates, skipped };
}
