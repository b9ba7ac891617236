/**
 * Fixed-asset depreciation (research fixed_assets.md): four methods, monthly amounts in fen.
 *
 * Guarantees (tested, also on seeded random assets):
 * - the first depreciation month is the month AFTER the asset is put into service (当月增加当月不提, 下月起计提);
 *   an asset disposed of in month M still gets month M (当月减少当月照提), nothing after;
 * - every monthly amount has at most 2 decimals, is ≥ 0, and the amounts over the whole life sum exactly to the
 *   depreciable amount C − S (− impairment): rounding remainders go to the last month of each depreciation year
 *   (DDB, SYD) or of the life (straight-line) — "the final month absorbs the remainder";
 * - DDB and SYD years are depreciation years counted from the first depreciation month, not calendar years.
 */
import { type AmountInput, Decimal, dec, round2, ZERO } from './amount.ts';
import { addMonths, type Period, periodOf } from './period.ts';

export type DepreciationMethod = 'straightLine' | 'workload' | 'doubleDeclining' | 'sumOfYears';

export const DEPRECIATION_METHOD_NAMES: Record<DepreciationMethod, string> = {
  straightLine: '年限平均法',
  workload: '工作量法',
  doubleDeclining: '双倍余额递减法',
  sumOfYears: '年数总和法',
};

/** Convention, not law (fixed_assets.md §3): most software defaults the residual rate to 5 %. */
export const DEFAULT_RESIDUAL_RATE = '0.05';

export interface AssetTerms {
  /** 原值 C */
  cost: AmountInput;
  /** 预计净残值率 r (e.g. '0.05'); ignored when residualValue is given */
  residualRate?: AmountInput;
  /** 预计净残值 S */
  residualValue?: AmountInput;
  /** 预计使用月数 N (whole years for DDB and SYD) */
  lifeMonths: number;
  /** 开始使用日期 yyyy-MM-dd (the asset card's, not the voucher's) */
  inServiceDate: string;
  method: DepreciationMethod;
  /** 工作量法: 预计总工作量 */
  totalWorkload?: AmountInput;
  /** 减值准备 already provided (企业会计准则 only), lowers the depreciable amount */
  impairment?: AmountInput;
}

export interface ScheduleRow {
  period: Period;
  /** 1-based depreciation year (counted from the first depreciation month) */
  year: number;
  amount: Decimal;
  accumulated: Decimal;
  /** C − accumulated − impairment */
  netBookValue: Decimal;
}

/** 预计净残值 S = C × r (rounded to the fen) unless given. */
export function residualOf(terms: AssetTerms): Decimal {
  if (terms.residualValue !== undefined && terms.residualValue !== '') return dec(terms.residualValue);
  return round2(dec(terms.cost).times(dec(terms.residualRate ?? DEFAULT_RESIDUAL_RATE)));
}

/** C − S − I */
export function depreciableAmount(terms: AssetTerms): Decimal {
  return dec(terms.cost).minus(residualOf(terms)).minus(dec(terms.impairment));
}

/** The month after the in-service month (当月增加的固定资产当月不提，从下月起计提). */
export function firstDepreciationPeriod(inServiceDate: string): Period {
  return addMonths(periodOf(inServiceDate), 1);
}

/** Chinese problems of the terms, [] when a schedule can be built. */
export function termsProblems(terms: AssetTerms): string[] {
  const out: string[] = [];
  let cost: Decimal;
  try {
    cost = dec(terms.cost);
  } catch {
    return ['原值不是有效的数字'];
  }
  if (cost.lte(0)) out.push('原值必须大于 0');
  if (!Number.isInteger(terms.lifeMonths) || terms.lifeMonths <= 0) out.push('预计使用月数必须是正整数');
  if ((terms.method === 'doubleDeclining' || terms.method === 'sumOfYears') && terms.lifeMonths % 12 !== 0) {
    out.push(`${DEPRECIATION_METHOD_NAMES[terms.method]}的预计使用年限应为整年（月数为 12 的倍数）`);
  }
  const residual = residualOf(terms);
  if (residual.lt(0) || residual.gte(cost)) out.push('预计净残值应不小于 0 且小于原值');
  if (depreciableAmount(terms).lt(0)) out.push('减值准备过大：应计折旧额小于 0');
  if (terms.method === 'workload' && !dec(terms.totalWorkload).gt(0)) out.push('工作量法需要填写大于 0 的预计总工作量');
  return out;
}

function assertTerms(terms: AssetTerms) {
  const problems = termsProblems(terms);
  if (problems.length > 0) throw new Error(problems.join('；'));
}

/** Splits an amount into `months` months of round2(amount / months), the last absorbing the remainder. */
function monthsOfYear(annual: Decimal, months = 12): Decimal[] {
  let monthly = round2(annual.div(months));
  // tiny amounts: rounding up every month could overshoot; round down so the last month stays ≥ 0
  if (monthly.times(months - 1).gt(annual)) monthly = annual.div(months).toDecimalPlaces(2, Decimal.ROUND_DOWN);
  const out = Array.from({ length: months - 1 }, () => monthly);
  out.push(annual.minus(monthly.times(months - 1)));
  return out;
}

/** Yearly amounts (DDB / SYD), exact to the fen and summing to `depreciable`. */
function yearlyAmounts(terms: AssetTerms): Decimal[] {
  const n = terms.lifeMonths / 12;
  const cost = dec(terms.cost).minus(dec(terms.impairment));
  const residual = residualOf(terms);
  const depreciable = cost.minus(residual);
  const years: Decimal[] = [];
  if (terms.method === 'sumOfYears') {
    const sumOfYears = (n * (n + 1)) / 2;
    for (let k = 1; k < n; k++) years.push(round2(depreciable.times(n - k + 1).div(sumOfYears)));
  } else {
    // 双倍余额递减: rate 2/n on the opening net value (residual ignored) until the last two years
    const switchYear = Math.max(1, n - 1);
    let net = cost;
    for (let k = 1; k < switchYear; k++) {
      const annual = Decimal.min(round2(net.times(2).div(n)), net.minus(residual));
      years.push(annual);
      net = net.minus(annual);
    }
    // last two years: (net value at the start of year n−1 − S) ÷ 2 each (one year when n = 1)
    if (n >= 2) years.push(round2(net.minus(residual).div(2)));
  }
  const done = years.reduce((s, y) => s.plus(y), ZERO);
  years.push(depreciable.minus(done)); // the last year absorbs the rounding
  return years;
}

/** Monthly amounts over the whole life for the time-based methods (not 工作量法). */
function monthlyAmounts(terms: AssetTerms): Decimal[] {
  const depreciable = depreciableAmount(terms);
  if (terms.method === 'straightLine') {
    return monthsOfYear(depreciable, terms.lifeMonths);
  }
  return yearlyAmounts(terms).flatMap((annual) => monthsOfYear(annual));
}

function rows(terms: AssetTerms, amounts: Decimal[]): ScheduleRow[] {
  const first = firstDepreciationPeriod(terms.inServiceDate);
  const cost = dec(terms.cost).minus(dec(terms.impairment));
  let accumulated = ZERO;
  return amounts.map((amount, i) => {
    accumulated = accumulated.plus(amount);
    return {
      period: addMonths(first, i),
      year: Math.floor(i / 12) + 1,
      amount,
      accumulated,
      netBookValue: cost.minus(accumulated),
    };
  });
}

/** The whole-life schedule of a straight-line, DDB or SYD asset. */
export function depreciationSchedule(terms: AssetTerms): ScheduleRow[] {
  assertTerms(terms);
  if (terms.method === 'workload') throw new Error('工作量法按每月实际工作量计算，请使用 workloadSchedule');
  return rows(terms, monthlyAmounts(terms));
}

/**
 * 工作量法: 单位工作量折旧额 = C × (1 − r) ÷ 预计总工作量; each month = round2(cumulative work × unit rate) minus what
 * is already booked (cumulative rounding keeps Σ exact), never beyond the depreciable amount.
 */
export function workloadSchedule(
  terms: AssetTerms,
  work: readonly { period: Period; units: AmountInput }[],
): ScheduleRow[] {
  assertTerms({ ...terms, method: 'workload' });
  const depreciable = depreciableAmount(terms);
  const rate = depreciable.div(dec(terms.totalWorkload));
  const first = firstDepreciationPeriod(terms.inServiceDate);
  let units = ZERO;
  let booked = ZERO;
  const cost = dec(terms.cost).minus(dec(terms.impairment));
  return [...work]
    .filter((w) => w.period >= first)
    .sort((a, b) => (a.period < b.period ? -1 : 1))
    .map((w, i) => {
      units = units.plus(dec(w.units));
      const target = Decimal.min(round2(units.times(rate)), depreciable);
      const amount = Decimal.max(ZERO, target.minus(booked));
      booked = booked.plus(amount);
      return {
        period: w.period,
        year: Math.floor(i / 12) + 1,
        amount,
        accumulated: booked,
        netBookValue: cost.minus(booked),
      };
    });
}

/** 单位工作量折旧额 (unrounded), e.g. 100,000 × 95 % ÷ 200,000 km = 0.475. */
export function unitDepreciation(terms: AssetTerms): Decimal {
  return depreciableAmount(terms).div(dec(terms.totalWorkload));
}

/**
 * The depreciation of `period` for a time-based asset: 0 before the first depreciation month, after the disposal
 * month (the disposal month itself is depreciated) and after the end of the life.
 */
export function depreciationFor(terms: AssetTerms, period: Period, disposedPeriod?: Period): Decimal {
  if (disposedPeriod !== undefined && period > disposedPeriod) return ZERO;
  return depreciationSchedule(terms).find((r) => r.period === period)?.amount ?? ZERO;
}

/**
 * Straight-line after an impairment or a change of estimate (fixed_assets.md §2): (C − A − I − S) ÷ 剩余月数,
 * rounded to the fen (the caller lets the last month absorb the remainder, as in the schedule).
 */
export function straightLineRemaining(input: {
  cost: AmountInput;
  accumulated: AmountInput;
  impairment?: AmountInput;
  residual: AmountInput;
  remainingMonths: number;
}): Decimal {
  if (!Number.isInteger(input.remainingMonths) || input.remainingMonths <= 0) throw new Error('剩余月数必须是正整数');
  const base = dec(input.cost).minus(dec(input.accumulated)).minus(dec(input.impairment)).minus(dec(input.residual));
  return round2(Decimal.max(base, ZERO).div(input.remainingMonths));
}

/** Tax minimum lives — 《企业所得税法实施条例》第60条 (fixed_assets.md §4); the default life of a new card. */
export const TAX_MINIMUM_LIVES = [
  { category: '房屋、建筑物', years: 20, months: 240 },
  { category: '飞机、火车、轮船、机器、机械和其他生产设备', years: 10, months: 120 },
  { category: '与生产经营活动有关的器具、工具、家具等', years: 5, months: 60 },
  { category: '飞机、火车、轮船以外的运输工具', years: 4, months: 48 },
  { category: '电子设备', years: 3, months: 36 },
] as const;

export type AssetCategory = (typeof TAX_MINIMUM_LIVES)[number]['category'];

/** Accelerated depreciation by a shorter life may not go below 60 % of the minimum life (财税〔2014〕75号). */
export function minimumAcceleratedLifeMonths(category: AssetCategory): number {
  const row = TAX_MINIMUM_LIVES.find((r) => r.category === category)!;
  return Math.ceil(row.months * 0.6);
}

/**
 * 一次性扣除 for tax (财政部 税务总局公告2023年第37号): new equipment/instruments (not buildings) of unit value
 * ≤ 5,000,000 bought 2024-01-01 … 2027-12-31 may be deducted in full in the month after being put into use. Book
 * depreciation is unchanged; this only tells the tax adjustment. Returns the reason when not eligible, else null.
 */
export function oneOffDeductionProblem(input: {
  category: AssetCategory;
  cost: AmountInput;
  purchaseDate: string;
}): string | null {
  if (input.category === '房屋、建筑物') return '房屋、建筑物不适用一次性扣除';
  if (dec(input.cost).gt(5_000_000)) return '单位价值超过 500 万元，不适用一次性扣除';
  if (input.purchaseDate < '2024-01-01' || input.purchaseDate > '2027-12-31') {
    return '购进日期不在 2024-01-01 至 2027-12-31 之间，不适用一次性扣除';
  }
  return null;
}
