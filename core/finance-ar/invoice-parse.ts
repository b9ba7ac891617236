/**
 * Filling an invoice (spec §3 invoice mapping) from a 数电票 XML file or from text pasted off a PDF / the tax
 * platform (money-contracts-finance §2). XML: the English `EInvoice` layout, totals read by their full path
 * (`BasicInformation/TotalTax-includedAmount`, never the per-line `TotaltaxIncludedAmount`); several invoices in
 * one file are refused rather than silently taking one. Text: labels such as 发票号码 / 开票日期 (YYYY年MM月DD日,
 * spec §5) / 名称 / 统一社会信用代码/纳税人识别号 / 价税合计（小写）, bank name and account split out of one
 * 开户行及账号 text. Answers the fields plus the problems found (totals that do not add up…); never throws on odd input.
 */
import Decimal from 'decimal.js';
import { XMLParser } from 'fast-xml-parser';
import { invoiceTotalsProblems, parseInvoiceDate, splitBankAccount } from '../accounting/invoice.ts';
import { moneyFixed } from '../format/amounts.ts';

export interface ParsedInvoice {
  invoiceCode: string;
  invoiceNo: string;
  /** special (专票) | normal (普票) | '' */
  invoiceType: string;
  invoiceDate: string;
  amount: string;
  taxAmount: string;
  taxAndAmount: string;
  purchaserName: string;
  purchaserTaxpayerId: string;
  purchaserAddress: string;
  purchaserBankName: string;
  purchaserBankAccount: string;
  sellerName: string;
  sellerTaxpayerId: string;
  sellerAddress: string;
  sellerBankName: string;
  sellerBankAccount: string;
  lines: {
    name: string;
    spec: string;
    unit: string;
    qty: string;
    price: string;
    amount: string;
    rate: string;
    tax: string;
  }[];
  remark: string;
  problems: string[];
}

const empty = (): ParsedInvoice => ({
  invoiceCode: '',
  invoiceNo: '',
  invoiceType: '',
  invoiceDate: '',
  amount: '',
  taxAmount: '',
  taxAndAmount: '',
  purchaserName: '',
  purchaserTaxpayerId: '',
  purchaserAddress: '',
  purchaserBankName: '',
  purchaserBankAccount: '',
  sellerName: '',
  sellerTaxpayerId: '',
  sellerAddress: '',
  sellerBankName: '',
  sellerBankAccount: '',
  lines: [],
  remark: '',
  problems: [],
});

const money = (v: unknown) => {
  const t = String(v ?? '').replace(/[¥￥,\s]/g, '');
  return /^-?\d+(\.\d+)?$/.test(t) ? moneyFixed(t) : '';
};
const text = (v: unknown) => (v == null ? '' : String(v).trim());
/** '2026-11-03 10:22:41' / '2026-11-03' / '2026年11月03日' → yyyy-MM-dd */
const day = (v: unknown) => {
  const t = text(v);
  return /^\d{4}-\d{2}-\d{2}/.test(t) ? t.slice(0, 10) : (parseInvoiceDate(t) ?? '');
};
const rate = (v: unknown) => {
  const t = text(v);
  if (t.endsWith('%')) return new Decimal(t.slice(0, -1)).div(100).toString();
  return t;
};

function check(p: ParsedInvoice): ParsedInvoice {
  if (p.amount && p.taxAmount && p.taxAndAmount) {
    const lines = p.lines.length
      ? p.lines.map((l) => ({ amount: l.amount || '0', tax: l.tax || '0' }))
      : [{ amount: p.amount, tax: p.taxAmount }];
    p.problems.push(
      ...invoiceTotalsProblems({ lines, totalAmount: p.amount, totalTax: p.taxAmount, grandTotal: p.taxAndAmount }),
    );
  }
  if (!p.invoiceNo) p.problems.push('没有识别到发票号码');
  return p;
}

/** A 数电票 XML (EInvoice). */
export function parseEInvoiceXml(xml: string): ParsedInvoice {
  const p = empty();
  let doc: Record<string, unknown>;
  try {
    doc = new XMLParser({ ignoreAttributes: true, parseTagValue: false, trimValues: true }).parse(xml) as Record<
      string,
      unknown
    >;
  } catch {
    p.problems.push('不是有效的XML文件');
    return p;
  }
  const root = doc.EInvoice;
  if (Array.isArray(root)) {
    p.problems.push(`文件里有 ${root.length} 张发票，请逐张导入`);
    return p;
  }
  if (!root || typeof root !== 'object') {
    p.problems.push('不是数电票XML（缺少EInvoice）');
    return p;
  }
  const r = root as Record<string, Record<string, unknown>>;
  const data = (r.EInvoiceData ?? {}) as Record<string, Record<string, unknown>>;
  const seller = data.SellerInformation ?? {};
  const buyer = data.BuyerInformation ?? {};
  const basic = data.BasicInformation ?? {};
  const tax = r.TaxSupervisionInfo ?? {};
  const header = (r.Header ?? {}) as Record<string, Record<string, Record<string, unknown>>>;
  p.invoiceNo = text(tax.InvoiceNumber) || text(header.EIid);
  const vat = text(header.InherentLabel?.GeneralOrSpecialVAT?.LabelCode);
  p.invoiceType = vat === '01' ? 'special' : vat === '02' ? 'normal' : '';
  p.invoiceDate = day(tax.IssueTime) || day(basic.RequestTime);
  p.amount = money(basic.TotalAmWithoutTax);
  p.taxAmount = money(basic.TotalTaxAm);
  p.taxAndAmount = money(basic['TotalTax-includedAmount']);
  p.sellerName = text(seller.SellerName);
  p.sellerTaxpayerId = text(seller.SellerIdNum);
  p.sellerAddress = [text(seller.SellerAddr), text(seller.SellerTelNum)].filter(Boolean).join(' ');
  p.sellerBankName = text(seller.SellerBankName);
  p.sellerBankAccount = text(seller.SellerBankAccNum).replace(/\s/g, '');
  p.purchaserName = text(buyer.BuyerName);
  p.purchaserTaxpayerId = text(buyer.BuyerIdNum);
  p.purchaserAddress = [text(buyer.BuyerAddr), text(buyer.BuyerTelNum)].filter(Boolean).join(' ');
  p.purchaserBankName = text(buyer.BuyerBankName);
  p.purchaserBankAccount = text(buyer.BuyerBankAccNum).replace(/\s/g, '');
  const items = data.IssuItemInformation;
  const list = (Array.isArray(items) ? items : items ? [items] : []) as Record<string, unknown>[];
  p.lines = list.map((i) => ({
    name: text(i.ItemName),
    spec: text(i.SpecMod),
    unit: text(i.MeaUnits),
    qty: text(i.Quantity),
    price: text(i.UnPrice),
    amount: money(i.Amount),
    rate: rate(i.TaxRate),
    tax: money(i.ComTaxAm),
  }));
  p.remark = text((data.AdditionalInformation as Record<string, unknown> | undefined)?.Remark);
  return check(p);
}

/** Text pasted from an invoice (PDF text layer or the platform's page). */
export function parseInvoiceText(raw: string): ParsedInvoice {
  const p = empty();
  const t = raw.replace(/\r/g, '').replace(/：/g, ':').replace(/（/g, '(').replace(/）/g, ')');
  const grab = (re: RegExp) => re.exec(t)?.[1]?.trim() ?? '';
  p.invoiceNo = grab(/发票号码\s*:?\s*(\d{8,20})/);
  p.invoiceCode = grab(/发票代码\s*:?\s*(\d{10,12})/);
  const d = grab(/开票日期\s*:?\s*(\d{4}\s*年\s*\d{1,2}\s*月\s*\d{1,2}\s*日)/);
  p.invoiceDate = d ? (parseInvoiceDate(d.replace(/\s/g, '')) ?? '') : '';
  p.invoiceType = /增值税专用发票/.test(t) ? 'special' : /普通发票/.test(t) ? 'normal' : '';
  // 购买方 / 销售方 blocks: the first 名称 after each heading
  const block = (head: RegExp, other: RegExp) => {
    const m = head.exec(t);
    if (!m) return '';
    const rest = t.slice(m.index + m[0].length);
    const end = rest.search(other);
    return end >= 0 ? rest.slice(0, end) : rest;
  };
  const buyer = block(/购\s*买\s*方(信息)?/, /销\s*售\s*方(信息)?/);
  const seller = block(/销\s*售\s*方(信息)?/, /项目名称|货物或应税劳务|合\s*计|价税合计|备\s*注/);
  const field = (b: string, re: RegExp) => re.exec(b)?.[1]?.trim() ?? '';
  const fill = (b: string, side: 'purchaser' | 'seller') => {
    p[`${side}Name`] = field(b, /名\s*称\s*:?\s*([^\n]+?)(?:\s{2,}|\n|$)/);
    p[`${side}TaxpayerId`] = field(b, /(?:统一社会信用代码\/纳税人识别号|纳税人识别号)\s*:?\s*([0-9A-Z]{15,20})/);
    p[`${side}Address`] = field(b, /地\s*址[、,]?\s*电\s*话\s*:?\s*([^\n]+)/);
    const bank = splitBankAccount(field(b, /开户行及账号\s*:?\s*([^\n]+)/));
    p[`${side}BankName`] = bank.bankName;
    p[`${side}BankAccount`] = bank.bankAccount;
  };
  fill(buyer, 'purchaser');
  fill(seller, 'seller');
  p.taxAndAmount = money(
    grab(/价税合计[^\n]*?\(?小写\)?\s*[¥￥]?\s*([\d,]+\.\d{2})/) || grab(/小写\)?\s*[¥￥]\s*([\d,]+\.\d{2})/),
  );
  const totals = /合\s*计\s*[¥￥]?\s*([\d,]+\.\d{2})\s+[¥￥]?\s*([\d,]+\.\d{2})/.exec(t);
  if (totals) {
    p.amount = money(totals[1]);
    p.taxAmount = money(totals[2]);
  }
  p.remark = grab(/备\s*注\s*:?\s*([^\n]*)/);
  return check(p);
}
