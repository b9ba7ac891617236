/**
 * VAT for a scrap / recycling trader (research vat_scrap.md, period_rules §7): rates by taxpayer status and date,
 * tax-inclusive splits, small-scale exemption, the general taxpayer's month-end transfer (转出未交 / 转出多交),
 * surcharges, 即征即退 refund, and 反向开票 (国家税务总局公告2024年第5号) eligibility, taxes and purchase entry.
 *
 * Every amount is rounded half-up to the fen at the point the rule names; every rule that the research tags
 * [记忆]/[二手] is marked in README.md. Rates are data here (`VAT_RATE_HISTORY`, `SURCHARGE_RATES`) so a policy change
 * is a one-line edit with a test.
 */
import { moneyFixed } from '../format/amounts.ts';
import { type AmountInput, Decimal, dec, round2, ZERO } from './amount.ts';
import type { GeneratedLine } from './carry-forward.ts';
import { type Chart, findByName, findSubAccount, keyAccounts, type TaxNature } from './chart.ts';

/** 一般计税 / 简易计税 */
export type VatMethod = 'general' | 'simplified';

/** 一般纳税人 standard rate on goods (incl. scrap) by date (vat_scrap.md §1). */
export const VAT_RATE_HISTORY = [
  { from: '0000-01-01', rate: '0.17' },
  { from: '2018-05-01', rate: '0.16' },
  { from: '2019-04-01', rate: '0.13' },
] as const;

/** 2021年第40号: a general taxpayer recycling company may elect 3 % 简易计税 from this date. */
export const RECYCLER_SIMPLIFIED_FROM = '2022-03-01';
/** 小规模纳税人 3 % reduced to 1 % (2023年第19号 …) within this window. */
export const SMALL_SCALE_REDUCED = { from: '2023-01-01', to: '2027-12-31', rate: '0.01', fullRate: '0.03' } as const;
/** Small-scale exemption thresholds (sales excl. VAT). */
export const SMALL_SCALE_EXEMPT_LIMIT = { month: '100000', quarter: '300000' } as const;

export interface RateQuery {
  taxNature: TaxNature;
  /** for a general taxpayer: 一般计税 (13 %) or the recycler's 简易计税 election (3 %) */
  method?: VatMethod;
  /** yyyy-MM-dd of the taxable event */
  date: string;
  /** 小规模 giving up the 1 % reduction (needs the stated reason on the invoice) */
  giveUpReduction?: boolean;
}

/** The VAT rate (税率 / 征收率) for a sale; throws in Chinese when the option does not exist on that date. */
export function vatRate(q: RateQuery): Decimal {
  if (q.taxNature === 'smallScale') {
    const reduced = q.date >= SMALL_SCALE_REDUCED.from && q.date <= SMALL_SCALE_REDUCED.to && !q.giveUpReduction;
    return dec(reduced ? SMALL_SCALE_REDUCED.rate : SMALL_SCALE_REDUCED.fullRate);
  }
  if (q.method === 'simplified') {
    if (q.date < RECYCLER_SIMPLIFIED_FROM) throw new Error(`再生资源简易计税自 ${RECYCLER_SIMPLIFIED_FROM} 起适用`);
    return dec('0.03');
  }
  const row = [...VAT_RATE_HISTORY].reverse().find((r) => q.date >= r.from)!;
  return dec(row.rate);
}

/** Tax on a tax-exclusive amount: round2(amount × rate). */
export function taxOf(amount: AmountInput, rate: AmountInput): Decimal {
  return round2(dec(amount).times(dec(rate)));
}

/** Splits a 价税合计 into 金额 = round2(total ÷ (1 + rate)) and 税额 = total − 金额 (so they add up exactly). */
export function splitInclusive(total: AmountInput, rate: AmountInput): { amount: Decimal; tax: Decimal } {
  const t = dec(total);
  const amount = round2(t.div(dec(rate).plus(1)));
  return { amount, tax: t.minus(amount) };
}

export interface SmallScaleResult {
  rate: Decimal;
  /** VAT computed on the sales */
  tax: Decimal;
  /** sales within the monthly / quarterly threshold: 免征 */
  exempt: boolean;
  /** tax actually payable (0 when exempt) */
  payable: Decimal;
}

/**
 * 小规模纳税人 for one filing period: exempt when the period's sales (excl. VAT) ≤ 100,000 a month / 300,000 a
 * quarter — except the part invoiced on 专用发票, which is always taxed [记忆]. When exempt, the booked VAT goes to
 * 营业外收入-减免税款 (small) / 其他收益 (enterprise) (period_rules §7 row 5d).
 */
export function smallScaleVat(input: {
  sales: AmountInput;
  /** part of `sales` invoiced on 增值税专用发票 */
  specialInvoiceSales?: AmountInput;
  period: 'month' | 'quarter';
  date: string;
  giveUpReduction?: boolean;
}): SmallScaleResult {
  const rate = vatRate({ taxNature: 'smallScale', date: input.date, giveUpReduction: input.giveUpReduction });
  const sales = dec(input.sales);
  const tax = taxOf(sales, rate);
  const exempt = sales.lte(SMALL_SCALE_EXEMPT_LIMIT[input.period]);
  const payable = exempt ? taxOf(dec(input.specialInvoiceSales), rate) : tax;
  return { rate, tax, exempt, payable };
}

// ---------------------------------------------------------------- general taxpayer month end

/** The month's movements of the 应交增值税 专栏 (period_rules §7 row 5). */
export interface VatColumns {
  outputTax?: AmountInput; // 销项税额
  inputTaxTransferOut?: AmountInput; // 进项税额转出
  exportRefund?: AmountInput; // 出口退税
  inputTax?: AmountInput; // 进项税额
  outputTaxDeduction?: AmountInput; // 销项税额抵减
  prepaid?: AmountInput; // 已交税金
  reduction?: AmountInput; // 减免税款
  exportOffset?: AmountInput; // 出口抵减内销产品应纳税额
  /** 上期留抵: the debit balance carried in from last month (positive) */
  carriedCredit?: AmountInput;
}

/**
 * X = 本月(销项 + 进项转出 + 出口退税) − 本月(进项 + 销项抵减 + 已交税金 + 减免 + 出口抵减) − 上期留抵 — the
 * month-end credit balance of 应交增值税 before the transfer (negative = a debit balance).
 */
export function vatBalanceBeforeTransfer(c: VatColumns): Decimal {
  const plus = [c.outputTax, c.inputTaxTransferOut, c.exportRefund];
  const minus = [c.inputTax, c.outputTaxDeduction, c.prepaid, c.reduction, c.exportOffset, c.carriedCredit];
  return plus
    .reduce<Decimal>((s, v) => s.plus(dec(v)), ZERO)
    .minus(minus.reduce<Decimal>((s, v) => s.plus(dec(v)), ZERO));
}

export interface VatTransfer {
  /** X (credit balance of 应交增值税 before the transfer) */
  balance: Decimal;
  /** 转出未交增值税 (X when X > 0) */
  unpaidTransfer: Decimal;
  /** 转出多交增值税: prepaid beyond the month's liability, capped at the prepayment */
  overpaidTransfer: Decimal;
  /** 留抵 carried to next month (debit balance left in 应交增值税) */
  carriedCredit: Decimal;
  lines: GeneratedLine[];
}

/**
 * 结转未交增值税 / 转出多交增值税 (财会〔2016〕22号): X > 0 → 借 应交增值税-转出未交增值税 / 贷 未交增值税; X ≤ 0 and a
 * prepayment this month → 借 未交增值税 / 贷 应交增值税-转出多交增值税 for min(prepaid, −X); the rest stays as 留抵.
 */
export function vatMonthEndTransfer(chart: Chart, columns: VatColumns): VatTransfer {
  const key = keyAccounts(chart);
  if (!key.vatUnpaid) throw new Error('小规模纳税人账套不结转未交增值税');
  const x = vatBalanceBeforeTransfer(columns);
  const prepaid = dec(columns.prepaid);
  const col = (name: string) => {
    const a = findByName(chart, name, key.vatPayable);
    if (!a) throw new Error(`科目表缺少「应交增值税-${name}」`);
    return a.code;
  };
  const lines: GeneratedLine[] = [];
  let unpaid = ZERO;
  let overpaid = ZERO;
  if (x.gt(0)) {
    unpaid = x;
    const s = '结转本月未交增值税';
    lines.push({ summary: s, code: col('转出未交增值税'), debit: x, credit: ZERO });
    lines.push({ summary: s, code: key.vatUnpaid, debit: ZERO, credit: x });
  } else if (prepaid.gt(0) && x.lt(0)) {
    overpaid = Decimal.min(prepaid, x.neg());
    const s = '转出本月多交增值税';
    lines.push({ summary: s, code: key.vatUnpaid, debit: overpaid, credit: ZERO });
    lines.push({ summary: s, code: col('转出多交增值税'), debit: ZERO, credit: overpaid });
  }
  const carried = x.lt(0) ? x.neg().minus(overpaid) : ZERO;
  return { balance: x, unpaidTransfer: unpaid, overpaidTransfer: overpaid, carriedCredit: carried, lines };
}

// ---------------------------------------------------------------- surcharges

export type CityTier = 'urban' | 'county' | 'other';

/** 城市维护建设税 7 % 市区 / 5 % 县城、建制镇 / 1 % 其他; 教育费附加 3 %; 地方教育附加 2 % (vat_scrap.md §5). */
export const SURCHARGE_RATES = {
  urbanMaintenance: { urban: '0.07', county: '0.05', other: '0.01' },
  education: '0.03',
  localEducation: '0.02',
} as const;

export interface Surcharges {
  urbanMaintenance: Decimal;
  education: Decimal;
  localEducation: Decimal;
  total: Decimal;
}

/**
 * 附加税费 on the VAT (+ consumption tax) actually payable for the period, incl. 简易计税 VAT. 50 % reduction for
 * 小规模纳税人 / 小型微利企业 / 个体工商户 (2023年第12号, to 2027-12-31); 教育费附加 and 地方教育附加 exempt when the
 * period's sales ≤ 100,000 a month / 300,000 a quarter (财税〔2016〕12号).
 */
export function surcharges(input: {
  base: AmountInput;
  city: CityTier;
  halfReduction?: boolean;
  /** the period's sales (excl. VAT), for the education exemption */
  sales?: AmountInput;
  period?: 'month' | 'quarter';
  date?: string;
}): Surcharges {
  const base = dec(input.base);
  const half = input.halfReduction && (input.date === undefined || input.date <= '2027-12-31');
  const factor = half ? dec('0.5') : dec(1);
  const educationExempt =
    input.sales !== undefined && dec(input.sales).lte(SMALL_SCALE_EXEMPT_LIMIT[input.period ?? 'month']);
  const of = (rate: string) => round2(base.times(rate).times(factor));
  const urbanMaintenance = of(SURCHARGE_RATES.urbanMaintenance[input.city]);
  const education = educationExempt ? ZERO : of(SURCHARGE_RATES.education);
  const localEducation = educationExempt ? ZERO : of(SURCHARGE_RATES.localEducation);
  return { urbanMaintenance, education, localEducation, total: urbanMaintenance.plus(education).plus(localEducation) };
}

/** 计提附加税费: 借 税金及附加-<税种> / 贷 应交税费-应交<税种>, accounts found by name (5403/6403, 2221). */
export function surchargeLines(chart: Chart, s: Surcharges): GeneratedLine[] {
  const taxes = findByName(chart, '税金及附加');
  const payable = findByName(chart, '应交税费');
  if (!taxes || !payable) throw new Error('科目表缺少「税金及附加」或「应交税费」');
  const summary = '计提附加税费';
  const out: GeneratedLine[] = [];
  for (const [name, amount] of [
    ['城市维护建设税', s.urbanMaintenance],
    ['教育费附加', s.education],
    ['地方教育附加', s.localEducation],
  ] as const) {
    if (amount.isZero()) continue;
    const expense = findSubAccount(chart, taxes.code, name)?.code ?? taxes.code;
    const liability = findByName(chart, `应交${name}`, payable.code)?.code;
    if (!liability) throw new Error(`科目表缺少「应交税费-应交${name}」`);
    out.push({ summary, code: expense, debit: amount, credit: ZERO });
    out.push({ summary, code: liability, debit: ZERO, credit: amount });
  }
  return out;
}

// ---------------------------------------------------------------- 即征即退

/** Refund ratios of the 资源综合利用 catalogue (2021年第40号): the rate depends on the catalogue row [不确定 per row]. */
export const IMMEDIATE_REFUND_RATIOS = ['0.3', '0.5', '0.7', '0.9', '1'] as const;

/**
 * 可申请退税额 = [(当期销售综合利用产品和劳务的销售收入 − 应取得而未取得发票或凭证的购入再生资源成本) × 适用税率 −
 * 当期即征即退项目的进项税额] × 退税比例, never below 0. Only for self-produced 目录 products — not pure trading.
 */
export function immediateRefund(input: {
  sales: AmountInput;
  costWithoutInvoice?: AmountInput;
  rate: AmountInput;
  inputTax: AmountInput;
  ratio: (typeof IMMEDIATE_REFUND_RATIOS)[number];
}): Decimal {
  if (!IMMEDIATE_REFUND_RATIOS.includes(input.ratio))
    throw new Error(`退税比例只能是 ${IMMEDIATE_REFUND_RATIOS.join('、')}`);
  const taxable = dec(input.sales).minus(dec(input.costWithoutInvoice));
  const refund = taxable.times(dec(input.rate)).minus(dec(input.inputTax)).times(dec(input.ratio));
  return Decimal.max(ZERO, round2(refund));
}

// ---------------------------------------------------------------- 反向开票 (2024年第5号)

export const REVERSE_INVOICING = {
  effectiveFrom: '2024-04-29',
  /** a natural person's reverse-invoiced sales in any rolling 12 months (excl. VAT), across all companies */
  rolling12Limit: '5000000',
  /** 个人所得税 (经营所得) pre-paid on the sales */
  incomeTaxRate: '0.005',
  /** 简易/一般 may not be switched back within 36 months */
  methodLockMonths: 36,
} as const;

export interface ReverseInvoiceRequest {
  /** 金额 P (excl. VAT) */
  price: AmountInput;
  /** yyyy-MM-dd */
  date: string;
  /** the company's VAT method */
  companyMethod: VatMethod;
  invoiceType: 'special' | 'ordinary';
  /** the seller is a 自然人 (个体工商户 / companies must self-issue) */
  naturalPerson: boolean;
  /** the seller's reverse-invoiced sales of the previous 12 months incl. this month so far (excl. VAT) */
  rolling12Sales: AmountInput;
}

/** Why the reverse invoice may not be issued, or null. */
export function reverseInvoiceProblem(r: ReverseInvoiceRequest): string | null {
  if (r.date < REVERSE_INVOICING.effectiveFrom) return `反向开票自 ${REVERSE_INVOICING.effectiveFrom} 起施行`;
  if (!r.naturalPerson) return '出售者不是自然人：个体工商户和企业应自行开具发票';
  if (r.companyMethod === 'simplified' && r.invoiceType === 'special')
    return '简易计税的资源回收企业只能反向开具普通发票';
  const after = dec(r.rolling12Sales).plus(dec(r.price));
  if (after.gt(REVERSE_INVOICING.rolling12Limit)) {
    return `该出售者连续 12 个月反向开票销售额将达 ${moneyFixed(after)} 元，超过 500 万元，不能再反向开票`;
  }
  return null;
}

export interface ReverseInvoiceTaxes {
  /** the seller's 征收率 printed on the invoice */
  rate: Decimal;
  vat: Decimal;
  /** VAT not due (普通发票 within the seller's monthly 10万 exemption) */
  exempt: boolean;
  surcharges: Surcharges;
  incomeTax: Decimal;
  /** VAT + surcharges + IIT the company files and pays on the seller's behalf (代办) */
  withheld: Decimal;
  /** input VAT the company may deduct (一般计税 + 专用发票) */
  deductible: Decimal;
}

/**
 * Taxes of one reverse invoice. The seller is treated as 小规模纳税人: 1 % (3 % outside the reduction window); a
 * 普通发票 is exempt while the seller's month (incl. this invoice) stays ≤ 100,000 — provisional, the monthly
 * 代办 filing settles it; a 专用发票 is always taxed. Surcharges: 50 % 小规模 reduction. IIT 0.5 % of P.
 */
export function reverseInvoiceTaxes(input: {
  price: AmountInput;
  date: string;
  invoiceType: 'special' | 'ordinary';
  companyMethod: VatMethod;
  /** the seller's reverse-invoiced sales this month before this invoice (excl. VAT) */
  monthSalesBefore: AmountInput;
  city: CityTier;
}): ReverseInvoiceTaxes {
  const price = dec(input.price);
  const rate = vatRate({ taxNature: 'smallScale', date: input.date });
  const monthSales = dec(input.monthSalesBefore).plus(price);
  const exempt = input.invoiceType === 'ordinary' && monthSales.lte(SMALL_SCALE_EXEMPT_LIMIT.month);
  const vat = exempt ? ZERO : taxOf(price, rate);
  const s = surcharges({ base: vat, city: input.city, halfReduction: true, date: input.date, sales: monthSales });
  const incomeTax = taxOf(price, REVERSE_INVOICING.incomeTaxRate);
  const deductible = input.companyMethod === 'general' && input.invoiceType === 'special' ? vat : ZERO;
  return { rate, vat, exempt, surcharges: s, incomeTax, withheld: vat.plus(s.total).plus(incomeTax), deductible };
}

/**
 * The purchase entry of a reverse invoice (vat_scrap.md §3 bookkeeping view): 借 库存商品 P (+ VAT when not
 * deductible, + the taxes when the company bears them); 借 应交增值税-进项税额 (deductible VAT); 贷 银行存款 (paid to the
 * seller); 贷 其他应付款 (代办 taxes to pay). `taxesBorneBy` is a commercial term [不确定, configurable].
 */
export function reverseInvoicePurchaseLines(
  chart: Chart,
  price: AmountInput,
  taxes: ReverseInvoiceTaxes,
  options: {
    taxesBorneBy?: 'seller' | 'company';
    inventoryCode?: string;
    bankCode?: string;
    payableCode?: string;
  } = {},
): GeneratedLine[] {
  const key = keyAccounts(chart);
  const summary = '报废产品收购（反向开票）';
  const p = dec(price);
  const sellerBears = (options.taxesBorneBy ?? 'seller') === 'seller';
  const otherTaxes = taxes.surcharges.total.plus(taxes.incomeTax);
  const inventory = p.plus(taxes.vat.minus(taxes.deductible)).plus(sellerBears ? ZERO : otherTaxes);
  const paid = sellerBears ? p.plus(taxes.vat).minus(taxes.withheld) : p;
  const inputCode = findByName(chart, '进项税额', key.vatPayable)?.code ?? key.vatPayable;
  const lines: GeneratedLine[] = [
    { summary, code: options.inventoryCode ?? '1405', debit: inventory, credit: ZERO },
    { summary, code: inputCode, debit: taxes.deductible, credit: ZERO },
    { summary, code: options.bankCode ?? '1002', debit: ZERO, credit: paid },
    { summary, code: options.payableCode ?? '2241', debit: ZERO, credit: taxes.withheld },
  ];
  return lines.filter((l) => !l.debit.isZero() || !l.credit.isZero());
}

/** 简易/一般 may not be switched back within 36 months of the last switch (yyyy-MM-dd dates). */
export function methodSwitchProblem(lastSwitchDate: string, date: string): string | null {
  const [y, m, d] = lastSwitchDate.split('-').map(Number);
  const earliest = new Date(Date.UTC(y + 3, m - 1, d)).toISOString().slice(0, 10);
  return date < earliest ? `计税方法选定后 36 个月内不得变更（${earliest} 起可变更）` : null;
}
