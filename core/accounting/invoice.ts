/**
 * Invoice field helpers (vat_scrap.md §6, spec §3 "Invoice mapping", spec §5 "Invoice dates are parsed from the
 * format YYYY年MM月DD日"): dates, taxpayer ids, the combined 地址电话 / 开户行及账号 fields, 货物名称 with its tax
 * category, invoice numbers of 税控 vs 数电 invoices, the traditional QR payload and the totals check.
 * Heuristics keep the raw text next to what they extract; nothing here throws on odd input.
 */
import { moneyFixed } from '../format/amounts.ts';
import { type AmountInput, dec, round2 } from './amount.ts';
import { isCapitalOf } from './capital.ts';

/** 'YYYY年MM月DD日' (zero padding optional) or the QR's 'YYYYMMDD' → 'yyyy-MM-dd'; null when not a real date. */
export function parseInvoiceDate(text: string): string | null {
  const t = text.trim();
  const m = /^(\d{4})\s*年\s*(\d{1,2})\s*月\s*(\d{1,2})\s*日$/.exec(t) ?? /^(\d{4})(\d{2})(\d{2})$/.exec(t);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return null;
  return `${m[1]}-${String(mo).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/** 纳税人识别号: upper-case, no spaces; valid lengths 15/17/18/20 (统一社会信用代码 = 18, may end in a letter). */
export function normalizeTaxpayerId(text: string): string {
  return text.replace(/\s+/g, '').toUpperCase();
}

export function isValidTaxpayerId(text: string): boolean {
  const id = normalizeTaxpayerId(text);
  return [15, 17, 18, 20].includes(id.length) && /^[0-9A-Z]+$/.test(id);
}

/**
 * 开户行及账号 is one printed field: "中国工商银行XX支行 0200 0012 3456 7890 123". The account is the trailing run of
 * digits (spaces and '-' allowed inside, at least 6 digits); the bank is the rest.
 */
export function splitBankAccount(text: string): { bankName: string; bankAccount: string; raw: string } {
  const raw = text.trim();
  const m = /([0-9][0-9 -]*[0-9])$/.exec(raw);
  const digits = m ? m[1].replace(/[ -]/g, '') : '';
  if (!m || digits.length < 6) return { bankName: raw, bankAccount: '', raw };
  return { bankName: raw.slice(0, m.index).trim(), bankAccount: digits, raw };
}

/** 地址、电话 is one printed field: the phone is the last whitespace-separated token that looks like a phone. */
export function splitAddressPhone(text: string): { address: string; phone: string; raw: string } {
  const raw = text.trim();
  const tokens = raw.split(/\s+/);
  const last = tokens.at(-1) ?? '';
  const looksLikePhone = /^(\+?86-?)?[0-9][0-9-]{5,}$/.test(last) && tokens.length > 1;
  return looksLikePhone
    ? { address: tokens.slice(0, -1).join(' '), phone: last, raw }
    : { address: raw, phone: '', raw };
}

/** "*废旧物资*废钢" → the 税收分类编码 short name and the goods name. */
export function splitGoodsName(text: string): { taxCategory: string; name: string } {
  const m = /^\*([^*]+)\*(.*)$/.exec(text.trim());
  return m ? { taxCategory: m[1], name: m[2].trim() } : { taxCategory: '', name: text.trim() };
}

export type InvoiceNumberKind = 'digital' | 'traditional';

export interface InvoiceNumber {
  kind: InvoiceNumberKind;
  /** 发票代码 (10 or 12 digits), '' for 数电票 */
  code: string;
  /** 发票号码 (8 digits, or 20 digits for 数电票) */
  number: string;
  /** unique key: code + number */
  key: string;
}

/**
 * Tells a 数电票 (20-digit number, no code) from a 税控 invoice (10/12-digit code + 8-digit number). An OCR result of
 * 20 digits for an old 电子普通发票 (title without "电子发票（") is really code 12 + number 8 (vat_scrap.md §6.1).
 */
export function classifyInvoiceNumber(input: {
  code?: string;
  number: string;
  title?: string;
}): InvoiceNumber | string {
  const code = (input.code ?? '').replace(/\s+/g, '');
  const number = input.number.replace(/\s+/g, '');
  if (code === '' && /^\d{20}$/.test(number)) {
    const oldElectronic =
      input.title !== undefined && !input.title.includes('电子发票（') && input.title.includes('电子普通发票');
    if (oldElectronic) return { kind: 'traditional', code: number.slice(0, 12), number: number.slice(12), key: number };
    return { kind: 'digital', code: '', number, key: number };
  }
  if (/^(\d{10}|\d{12})$/.test(code) && /^\d{8}$/.test(number)) {
    return { kind: 'traditional', code, number, key: code + number };
  }
  if (code === '') return `发票号码「${number}」无效：数电票为 20 位数字，税控发票需要发票代码`;
  return `发票代码「${code}」或发票号码「${number}」无效：发票代码 10 或 12 位，发票号码 8 位`;
}

/** 票种代码 of the traditional QR code (vat_scrap.md §6.1) [记忆]. */
export const QR_INVOICE_TYPES: Record<string, string> = {
  '01': '增值税专用发票',
  '04': '增值税普通发票',
  '10': '增值税电子普通发票',
  '11': '增值税普通发票（卷票）',
};

/** Traditional QR payload "01,票种代码,发票代码,发票号码,不含税金额,开票日期YYYYMMDD,校验码,…" → fields, or null. */
export function parseInvoiceQr(text: string): {
  typeCode: string;
  typeName: string;
  code: string;
  number: string;
  amount: string;
  date: string;
  checkCode: string;
} | null {
  const parts = text.trim().split(',');
  if (parts.length < 6 || parts[0] !== '01') return null;
  const date = parseInvoiceDate(parts[5]);
  if (!date) return null;
  return {
    typeCode: parts[1],
    typeName: QR_INVOICE_TYPES[parts[1]] ?? '',
    code: parts[2],
    number: parts[3],
    amount: parts[4],
    date,
    checkCode: parts[6] ?? '',
  };
}

export interface InvoiceTotals {
  lines: readonly { amount: AmountInput; tax: AmountInput }[];
  totalAmount: AmountInput;
  totalTax: AmountInput;
  /** 价税合计（小写） */
  grandTotal: AmountInput;
  /** 价税合计（大写）, checked when given */
  capital?: string;
}

/** Problems of an invoice's totals (合计 = Σ lines; 小写 = 合计金额 + 合计税额; 大写 matches 小写), [] when consistent. */
export function invoiceTotalsProblems(t: InvoiceTotals): string[] {
  const out: string[] = [];
  const sumAmount = t.lines.reduce((s, l) => s.plus(dec(l.amount)), dec(0));
  const sumTax = t.lines.reduce((s, l) => s.plus(dec(l.tax)), dec(0));
  if (!round2(sumAmount).eq(dec(t.totalAmount)))
    out.push(`合计金额 ${moneyFixed(dec(t.totalAmount))} 与明细合计 ${moneyFixed(sumAmount)} 不符`);
  if (!round2(sumTax).eq(dec(t.totalTax)))
    out.push(`合计税额 ${moneyFixed(dec(t.totalTax))} 与明细合计 ${moneyFixed(sumTax)} 不符`);
  const expected = dec(t.totalAmount).plus(dec(t.totalTax));
  if (!expected.eq(dec(t.grandTotal))) {
    out.push(`价税合计（小写）${moneyFixed(dec(t.grandTotal))} 应等于合计金额 + 合计税额 ${moneyFixed(expected)}`);
  }
  if (t.capital !== undefined && !isCapitalOf(t.capital, t.grandTotal)) out.push('价税合计（大写）与小写金额不符');
  return out;
}
