/**
 * 人民币大写 (capital numerals) per 中国人民银行《支付结算办法》附件《正确填写票据和结算凭证的基本规定》, as
 * summarised in research README §3; the canonical form is the CSV's ("first-listed official form"):
 *
 * - digits 零壹贰叁肆伍陆柒捌玖, units 拾佰仟 within a 4-digit group, groups 万 亿 万亿; a leading 拾 is 壹拾;
 * - one 零 for any run of zeros between non-zero digits, also across group boundaries (100100 → 壹拾万零壹佰,
 *   100000001 → 壹亿零壹); trailing zeros of a group give nothing (107000 → 壹拾万柒仟);
 * - 元 then: 整 when 角 and 分 are 0; 零 after 元 when the 元位 is 0 and 角 ≠ 0 (1680.32 → …捌拾元零叁角贰分);
 *   零 after 元 when 角 is 0 and 分 ≠ 0 (mandatory); no 整 after a final 角 unless `wholeAfterJiao`;
 * - below 1 元 no "零元" (0.56 → 伍角陆分); 0 → 零元整; negatives are prefixed 欠 (spec §9), configurable.
 *
 * Input is rounded half-up to the fen. Up to 9999 万亿 (16 integer digits).
 */
import { type AmountInput, Decimal, dec, money } from './amount.ts';

const DIGITS = '零壹贰叁肆伍陆柒捌玖';
const UNITS = ['', '拾', '佰', '仟'];
const GROUPS = ['', '万', '亿', '万亿'];

export interface CapitalOptions {
  /** write 整 after a final 角 (会计基础工作规范 style "伍角整"); default false = the official 1409.50 example */
  wholeAfterJiao?: boolean;
  /** write 零 after 元 when the 元位 is 0 and 角 ≠ 0; default true (canonical); false = official alternate */
  zeroAfterYuan?: boolean;
  /** write 零 before a non-zero 仟 that follows a group ending in 0 (壹拾万零柒仟); default false (canonical) */
  zeroBeforeQian?: boolean;
  /** prefix for negative amounts; default 欠 (spec §9) */
  negativePrefix?: string;
  /** 元 (default) or 圆 */
  yuan?: '元' | '圆';
  /** 整 (default) or 正 */
  whole?: '整' | '正';
}

function groupText(group: string, zeroBeforeQian: boolean, hasHigher: boolean): { text: string; leadingZero: boolean } {
  // group: exactly 4 digits, most significant first
  let text = '';
  let pendingZero = false;
  let leadingZero = false;
  let seenNonZero = false;
  for (let i = 0; i < 4; i++) {
    const d = Number(group[i]);
    const unit = UNITS[3 - i];
    if (d === 0) {
      if (seenNonZero) pendingZero = true;
      else if (hasHigher) leadingZero = true;
      continue;
    }
    if (pendingZero) text += '零';
    pendingZero = false;
    seenNonZero = true;
    text += DIGITS[d] + unit;
  }
  // a group that starts with a non-zero 仟 after a higher group ending in 0: optional 零 (official alternate)
  if (hasHigher && zeroBeforeQian && group[0] !== '0') leadingZero = true;
  return { text, leadingZero };
}

/** Integer part (no unit 元) in capitals: "107000" → 壹拾万柒仟. Empty string for 0. */
function integerText(digits: string, zeroBeforeQian: boolean): string {
  const padded = digits.padStart(Math.ceil(digits.length / 4) * 4, '0');
  const groups: string[] = [];
  for (let i = 0; i < padded.length; i += 4) groups.push(padded.slice(i, i + 4));
  let out = '';
  let zeroPending = false;
  let prevEndsWithZero = false;
  groups.forEach((g, index) => {
    const groupIndex = groups.length - 1 - index;
    const hasHigher = out !== '';
    if (g === '0000') {
      if (hasHigher) zeroPending = true;
      prevEndsWithZero = true;
      return;
    }
    const { text, leadingZero } = groupText(g, zeroBeforeQian && prevEndsWithZero, hasHigher);
    if (hasHigher && (zeroPending || leadingZero)) out += '零';
    zeroPending = false;
    out += text + GROUPS[groupIndex];
    prevEndsWithZero = g.endsWith('0');
  });
  return out;
}

/** The capital-numeral text of an amount, e.g. 6007.14 → 陆仟零柒元壹角肆分. */
export function toCapital(amount: AmountInput, options: CapitalOptions = {}): string {
  const {
    wholeAfterJiao = false,
    zeroAfterYuan = true,
    zeroBeforeQian = false,
    negativePrefix = '欠',
    yuan = '元',
    whole = '整',
  } = options;
  const value = dec(amount).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  if (value.abs().gte('1e16')) throw new Error('金额超出大写范围（最大 9999 万亿）');
  const [intDigits, frac] = money(value.abs()).split('.');
  const jiao = Number(frac[0]);
  const fen = Number(frac[1]);
  const intText = intDigits === '0' ? '' : integerText(intDigits, zeroBeforeQian);
  const sign = value.lt(0) ? negativePrefix : '';

  if (intText === '' && jiao === 0 && fen === 0) return `零${yuan}${whole}`;
  let out = intText === '' ? '' : intText + yuan;
  if (jiao === 0 && fen === 0) return `${sign}${out}${whole}`;
  if (jiao === 0) {
    // 角位 0 and 分位 not 0 → 零 must follow 元
    out += `${intText === '' ? '' : '零'}${DIGITS[fen]}分`;
    return sign + out;
  }
  if (intText !== '' && intDigits.endsWith('0') && zeroAfterYuan) out += '零';
  out += `${DIGITS[jiao]}角`;
  out += fen === 0 ? (wholeAfterJiao ? whole : '') : `${DIGITS[fen]}分`;
  return sign + out;
}

/**
 * Every form a reader must accept for the amount (research README §3): the canonical one plus the official
 * alternates (零 after 元 omitted, 零 before a 仟 written, 整 after 角) and 圆 / 正 spellings.
 */
export function acceptedCapitals(amount: AmountInput): string[] {
  const out = new Set<string>();
  for (const zeroAfterYuan of [true, false]) {
    for (const zeroBeforeQian of [false, true]) {
      for (const wholeAfterJiao of [false, true]) {
        for (const yuan of ['元', '圆'] as const) {
          for (const whole of ['整', '正'] as const) {
            out.add(toCapital(amount, { zeroAfterYuan, zeroBeforeQian, wholeAfterJiao, yuan, whole }));
          }
        }
      }
    }
  }
  return [...out];
}

/** True when `text` (optionally prefixed 人民币) is an accepted capital form of the amount — e.g. to check an invoice's 价税合计（大写）. */
export function isCapitalOf(text: string, amount: AmountInput): boolean {
  const t = text
    .trim()
    .replace(/^ⓧ/, '')
    .replace(/^人民币/, '');
  return acceptedCapitals(amount).includes(t);
}

/**
 * Bank-bill date in capitals (same PBOC text): months 1, 2, 10 and days 1–9, 10, 20, 30 get a leading 零, days
 * 11–19 a leading 壹: 2024-01-15 → 贰零贰肆年零壹月壹拾伍日; 10月20日 → 零壹拾月零贰拾日.
 */
export function toCapitalDate(date: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) throw new Error(`日期「${date}」格式应为 yyyy-MM-dd`);
  const year = [...m[1]].map((d) => DIGITS[Number(d)]).join('');
  const num = (n: number) =>
    n < 10 ? DIGITS[n] : `${n >= 20 ? DIGITS[Math.floor(n / 10)] : '壹'}拾${n % 10 ? DIGITS[n % 10] : ''}`;
  const month = Number(m[2]);
  const day = Number(m[3]);
  if (month < 1 || month > 12 || day < 1 || day > 31) throw new Error(`日期「${date}」无效`);
  const monthText = (month <= 2 || month === 10 ? '零' : '') + num(month);
  const dayText = (day <= 10 || day % 10 === 0 ? '零' : '') + num(day);
  return `${year}年${monthText}月${dayText}日`;
}
