/**
 * Business vouchers of the current account set (DESIGN §5 "Business documents generate vouchers from editable
 * templates"): voucher templates per book, generation from reviewed stock documents, sales cost and its carry
 * voucher, inventory cost against the inventory accounts, and the current-assets report.
 *
 * Endpoints (under /api/izs-financing, every one on the book of Current-Account-Set-Id):
 *   GET  voucher-template/list         docType? → VoucherTemplate[] (the book's defaults are created on first use)
 *   GET  voucher-template/detail       id → VoucherTemplate
 *   POST voucher-template/submit       VoucherTemplateForm (id → update) → VoucherTemplate
 *   POST voucher-template/remove       ?ids → null
 *   GET  biz-voucher/documents         period, docType?, state? (all | open | done) → BizDocument[] (reviewed stock
 *                                      documents dated in the period, with the live voucher generated from each)
 *   POST biz-voucher/generate          { orderIds, templateId? } → Voucher[] (one voucher per document, dated the
 *                                      document date; a document already holding a live voucher is refused)
 *   GET  sell-cost/list                period → SellCostAnswer (out-stock cost per material)
 *   GET  cost-carry/preview            period → CostCarryPreview (借 主营业务成本 贷 库存商品 of the documents not
 *                                      carried yet: out-stock cost less the cost of sales returns)
 *   POST cost-carry/generate           { period } → Voucher (dated the period's last day)
 *   GET  stock-cost/list               period → StockCostAnswer (opening / in / out / closing per material, and the
 *                                      inventory account's balance of the book)
 *   GET  current-assets/report         period → CurrentAssetsAnswer
 * Permissions: finance_voucher_template (view; _add generate; _edit / _delete templates), finance_sell_cost,
 * finance_carry_down_cost (view; _add generate), finance_cost_manage_stock, finance_current_assets_report.
 */
import { z } from 'zod';
import { idOut } from '../fields.ts';
import { accountCode, FIN, period } from './fields.ts';

export const BIZ_PATHS = {
  templateList: `${FIN}/voucher-template/list`,
  templateDetail: `${FIN}/voucher-template/detail`,
  templateSubmit: `${FIN}/voucher-template/submit`,
  templateRemove: `${FIN}/voucher-template/remove`,
  documents: `${FIN}/biz-voucher/documents`,
  generate: `${FIN}/biz-voucher/generate`,
  sellCost: `${FIN}/sell-cost/list`,
  costCarryPreview: `${FIN}/cost-carry/preview`,
  costCarry: `${FIN}/cost-carry/generate`,
  stockCost: `${FIN}/stock-cost/list`,
  currentAssets: `${FIN}/current-assets/report`,
} as const;

export const BIZ_PERMISSIONS = {
  template: 'finance_voucher_template',
  sellCost: 'finance_sell_cost',
  costCarry: 'finance_carry_down_cost',
  stockCost: 'finance_cost_manage_stock',
  currentAssets: 'finance_current_assets_report',
} as const;

/** Stock document kinds a template can serve (izs_stock_order.doc_type). */
export const STOCK_TEMPLATE_DOC_TYPES = [
  { value: 'in_stock', label: '采购入库' },
  { value: 'out_stock', label: '销售出库' },
  { value: 'purchase_return', label: '采购退货' },
  { value: 'sale_return', label: '销售退货' },
  // production documents (issue 21): value moves from the input materials to the outputs, at the stored cost
  { value: 'assembly', label: '组装' },
  { value: 'disassembly', label: '拆解分拣' },
  { value: 'conversion', label: '转换' },
] as const;
export type StockTemplateDocType = (typeof STOCK_TEMPLATE_DOC_TYPES)[number]['value'];
/** Money records of the receivables area (izs_ar_cash / izs_ar_transfer, issue 11): core money-voucher.ts. */
export const MONEY_TEMPLATE_DOC_TYPES = [
  { value: 'collection', label: '收款' },
  { value: 'payment', label: '付款' },
  { value: 'refund_ar', label: '退款（退还客户）' },
  { value: 'refund_ap', label: '退款（供应商退回）' },
  { value: 'offset', label: '应收应付对冲' },
  // supply-chain finance (issue 21, izs-scf): a 融资合同's drawdown and each of its repayments
  { value: 'finance_draw', label: '融资放款' },
  { value: 'finance_repay', label: '融资还款' },
] as const;
export type MoneyTemplateDocType = (typeof MONEY_TEMPLATE_DOC_TYPES)[number]['value'];
/**
 * 应收单 / 应付单 no stock document vouchers (izs_ar_doc, issue 21): 直发单's two sides, manual ones and freight;
 * listed and generated with the stock documents (biz-voucher/documents, generate), amounts as stored on the 应收单.
 */
export const AR_DOC_TEMPLATE_DOC_TYPES = [
  { value: 'drop_sale', label: '直发销售' },
  { value: 'drop_purchase', label: '直发采购' },
  { value: 'ar_manual', label: '手工应收单' },
  { value: 'ap_manual', label: '手工应付单' },
  { value: 'freight', label: '运费' },
] as const;
export type ArDocTemplateDocType = (typeof AR_DOC_TEMPLATE_DOC_TYPES)[number]['value'];
export const isArDocTemplateDocType = (t: string): t is ArDocTemplateDocType =>
  AR_DOC_TEMPLATE_DOC_TYPES.some((d) => d.value === t);
/** What biz-voucher/documents lists: stock documents and the 应收单 / 应付单 kinds above. */
export const DOCUMENT_TEMPLATE_DOC_TYPES = [...STOCK_TEMPLATE_DOC_TYPES, ...AR_DOC_TEMPLATE_DOC_TYPES] as const;
export type DocumentTemplateDocType = (typeof DOCUMENT_TEMPLATE_DOC_TYPES)[number]['value'];
export const TEMPLATE_DOC_TYPES = [
  ...STOCK_TEMPLATE_DOC_TYPES,
  ...AR_DOC_TEMPLATE_DOC_TYPES,
  ...MONEY_TEMPLATE_DOC_TYPES,
] as const;
export type TemplateDocType = (typeof TEMPLATE_DOC_TYPES)[number]['value'];
export const isMoneyDocType = (t: string): t is MoneyTemplateDocType =>
  MONEY_TEMPLATE_DOC_TYPES.some((d) => d.value === t);
/** The counterparty's dimension per kind: purchases / payments → 供应商, sales / collections → 客户. */
export const PARTY_SOURCE: Record<TemplateDocType, 'supplier' | 'customer'> = {
  in_stock: 'supplier',
  purchase_return: 'supplier',
  out_stock: 'customer',
  sale_return: 'customer',
  collection: 'customer',
  refund_ar: 'customer',
  payment: 'supplier',
  refund_ap: 'supplier',
  offset: 'customer',
  // no party on a financing (its templates carry none); the field only types the record
  finance_draw: 'supplier',
  finance_repay: 'supplier',
  drop_sale: 'customer',
  ar_manual: 'customer',
  drop_purchase: 'supplier',
  ap_manual: 'supplier',
  freight: 'supplier',
  // no party on a production document (its templates carry none); the field only types the record
  assembly: 'supplier',
  disassembly: 'supplier',
  conversion: 'supplier',
};

export const AMOUNT_SOURCES = [
  { value: 'gross', label: '含税金额' },
  { value: 'net', label: '不含税金额' },
  { value: 'tax', label: '税额' },
  { value: 'cost', label: '成本金额' },
  { value: 'cost_in', label: '产出成本（入库明细）' },
  { value: 'cost_out', label: '投入成本（出库明细）' },
] as const;
/** The production kinds (组装 / 拆解分拣 / 转换) take the cost sources only (no price, no tax, no party). */
export const isProductionTemplateDocType = (t: string): boolean =>
  t === 'assembly' || t === 'disassembly' || t === 'conversion';
export const PRODUCTION_AMOUNT_SOURCES = AMOUNT_SOURCES.filter((a) => a.value.startsWith('cost'));
/** amount sources of the money kinds (收款 / 付款 / 退款 / 对冲; 融资放款 / 融资还款: 金额 = 本金, 利息) */
export const MONEY_AMOUNT_SOURCES = [
  { value: 'amount', label: '金额' },
  { value: 'fee', label: '手续费' },
  { value: 'netfee', label: '金额−手续费' },
  { value: 'addfee', label: '金额+手续费' },
  { value: 'interest', label: '利息（融资还款）' },
  { value: 'addint', label: '本金+利息（融资还款）' },
] as const;
/** 融资放款 / 融资还款 take the amount (本金) and the interest sources, never the fee ones, and no party. */
export const isFinanceTemplateDocType = (t: string): boolean => t === 'finance_draw' || t === 'finance_repay';
export const FINANCE_AMOUNT_SOURCES = MONEY_AMOUNT_SOURCES.filter(
  (a) => a.value === 'amount' || a.value === 'interest' || a.value === 'addint',
);
export type AmountSource = (typeof AMOUNT_SOURCES)[number]['value'] | (typeof MONEY_AMOUNT_SOURCES)[number]['value'];

export const AUX_SOURCES = [
  { value: 'none', label: '无' },
  { value: 'party', label: '往来单位（供应商/客户）' },
] as const;
/** 对冲 puts the party on both sides: its 客户 item on 应收账款, its 供应商 item on 应付账款 */
export const MONEY_AUX_SOURCES = [
  ...AUX_SOURCES,
  { value: 'customer', label: '往来单位（客户）' },
  { value: 'supplier', label: '往来单位（供应商）' },
] as const;
export type AuxSource = (typeof MONEY_AUX_SOURCES)[number]['value'];

/** Placeholders of a summary pattern. */
export const SUMMARY_TOKENS = ['{单据类型}', '{单号}', '{往来单位}', '{日期}', '{物料}'] as const;

/** The document kinds that generate vouchers from templates (the money kinds follow in templateDocTypeField). */
const DOC_TYPES = [
  'in_stock',
  'out_stock',
  'purchase_return',
  'sale_return',
  'assembly',
  'disassembly',
  'conversion',
  'drop_sale',
  'drop_purchase',
  'ar_manual',
  'ap_manual',
  'freight',
] as const;
const docTypeField = z.enum(DOC_TYPES, {
  error:
    '单据类型应为采购入库、销售出库、采购退货、销售退货、组装、拆解分拣、转换、直发销售、直发采购、手工应收单、手工应付单或运费',
});
const templateDocTypeField = z.enum(
  [...DOC_TYPES, 'collection', 'payment', 'refund_ar', 'refund_ap', 'offset', 'finance_draw', 'finance_repay'],
  {
    error:
      '单据类型应为采购入库、销售出库、采购退货、销售退货、组装、拆解分拣、转换、直发销售、直发采购、手工应收单、手工应付单、运费、收款、付款、退款、应收应付对冲、融资放款或融资还款',
  },
);

export const templateLineInput = z.object({
  summary: z.string().trim().max(200, '分录摘要不能超过200个字符').default(''),
  accountCode: accountCode('科目'),
  side: z.enum(['debit', 'credit'], { error: '方向应为借或贷' }),
  amountSource: z.enum(
    ['gross', 'net', 'tax', 'cost', 'cost_in', 'cost_out', 'amount', 'fee', 'netfee', 'addfee', 'interest', 'addint'],
    { error: '金额来源应为含税金额、不含税金额、税额、成本金额、产出成本、投入成本、金额、手续费或利息' },
  ),
  auxSource: z.enum(['none', 'party', 'customer', 'supplier'], { error: '辅助核算来源不正确' }).default('none'),
  perMaterial: z
    .union([z.boolean(), z.number(), z.string()])
    .transform((v) => (v === true || v === 1 || v === '1' ? 1 : 0))
    .default(0),
});

export const templateForm = z.object({
  id: z.union([z.string(), z.number()]).optional(),
  name: z.string({ error: '请输入模板名称' }).trim().min(1, '请输入模板名称').max(64, '模板名称不能超过64个字符'),
  docType: templateDocTypeField,
  word: z.string({ error: '请选择凭证字' }).trim().min(1, '请选择凭证字').max(4, '凭证字不能超过4个字符'),
  summary: z.string({ error: '请输入摘要' }).trim().min(1, '请输入摘要').max(200, '摘要不能超过200个字符'),
  taxRate: z
    .union([z.string(), z.number()])
    .transform((v) => String(v).trim())
    .refine((v) => v === 'auto' || (/^0(\.\d{1,4})?$/.test(v) && Number(v) < 1), {
      message: '税率应为 auto 或 0 到 1 之间的小数（如 0.13）',
    })
    .default('auto'),
  amountIncludesTax: z
    .union([z.boolean(), z.number(), z.string()])
    .transform((v) => (v === true || v === 1 || v === '1' ? 1 : 0))
    .default(0),
  isDefault: z
    .union([z.boolean(), z.number(), z.string()])
    .transform((v) => (v === true || v === 1 || v === '1' ? 1 : 0))
    .default(0),
  status: z
    .union([z.number(), z.string()])
    .transform((v) => (Number(v) === 0 ? 0 : 1))
    .default(1),
  remark: z.string().trim().max(255, '备注不能超过255个字符').default(''),
  lines: z
    .array(templateLineInput, { error: '请填写模板分录' })
    .min(2, '模板至少需要两条分录')
    .max(20, '模板最多20条分录'),
});
export type TemplateForm = z.input<typeof templateForm>;

/** A schema of one of the values of an option list (`{ label, value }[] as const`), typed as that union. */
const optionValue = <T extends string>(list: readonly { value: T }[]) =>
  z.enum(list.map((o) => o.value) as [T, ...T[]]);

export const voucherTemplateLineSchema = z.object({
  lineNo: z.number().int(),
  summary: z.string(),
  accountCode: z.string(),
  accountName: z.string(),
  side: z.enum(['debit', 'credit']),
  amountSource: optionValue<AmountSource>([...AMOUNT_SOURCES, ...MONEY_AMOUNT_SOURCES]),
  auxSource: optionValue<AuxSource>(MONEY_AUX_SOURCES),
  perMaterial: z.number().int(),
});
export type VoucherTemplateLine = z.infer<typeof voucherTemplateLineSchema>;

export const voucherTemplateSchema = z.object({
  id: idOut,
  accountSetId: idOut,
  name: z.string(),
  docType: optionValue<TemplateDocType>(TEMPLATE_DOC_TYPES),
  docTypeName: z.string(),
  word: z.string(),
  summary: z.string(),
  taxRate: z.string(),
  /** 1: the document amount is 价税合计; 0: 不含税 (tax added on top) */
  amountIncludesTax: z.number().int(),
  isDefault: z.number().int(),
  status: z.number().int(),
  remark: z.string(),
  lines: z.array(voucherTemplateLineSchema),
});
export type VoucherTemplate = z.infer<typeof voucherTemplateSchema>;

export const documentsQuery = z.object({
  period: period(),
  docType: docTypeField.optional(),
  state: z.enum(['all', 'open', 'done'], { error: '状态应为 all、open 或 done' }).default('all'),
});

export const bizDocumentSchema = z.object({
  id: idOut,
  orderNo: z.string(),
  docType: optionValue<DocumentTemplateDocType>(DOCUMENT_TEMPLATE_DOC_TYPES),
  docTypeName: z.string(),
  orderDate: z.string(),
  partyId: z.string().nullable(),
  partyName: z.string(),
  totalQty: z.string(),
  totalAmount: z.string(),
  totalCost: z.string(),
  voucherId: z.string().nullable(),
  voucherNo: z.string(),
  voucherPeriod: z.string(),
});
export type BizDocument = z.infer<typeof bizDocumentSchema>;

const idStr = z.union([z.string(), z.number()]).transform((v) => String(v).trim());
export const generateBody = z.object({
  orderIds: z
    .array(idStr, { error: '请选择单据' })
    .min(1, '请选择单据')
    .max(200, '一次最多生成200张单据的凭证')
    .refine((l) => l.every((x) => /^[1-9]\d{0,18}$/.test(x)), { message: '单据编号格式不正确' }),
  templateId: idStr.refine((x) => x === '' || /^[1-9]\d{0,18}$/.test(x), { message: '模板编号格式不正确' }).optional(),
});

export const bizPeriodQuery = z.object({ period: period() });

export interface SellCostRow {
  materialId: string;
  materialCode: string;
  materialName: string;
  /** kg */
  qty: string;
  salesAmount: string;
  costAmount: string;
  grossProfit: string;
  documents: number;
}
export interface SellCostAnswer {
  period: string;
  rows: SellCostRow[];
  totals: { qty: string; salesAmount: string; costAmount: string; grossProfit: string; documents: number };
}

export interface CostCarryPreview {
  period: string;
  /**
   * out-stocks and sales returns of the period not carried yet (or carried by a deleted / reversed voucher); a
   * return's costAmount is negative (its goods came back at that cost)
   */
  documents: {
    id: string;
    docType: 'out_stock' | 'sale_return';
    orderNo: string;
    orderDate: string;
    costAmount: string;
  }[];
  costAmount: string;
  /** the period's out-stock cost already carried by live vouchers */
  carriedAmount: string;
  lines: { summary: string; accountCode: string; accountName: string; debit: string; credit: string }[];
  problems: string[];
}

export interface StockCostRow {
  materialId: string;
  materialCode: string;
  materialName: string;
  openingQty: string;
  openingAmount: string;
  inQty: string;
  inAmount: string;
  outQty: string;
  outAmount: string;
  closingQty: string;
  closingAmount: string;
}
export interface StockCostAnswer {
  period: string;
  rows: StockCostRow[];
  totals: Omit<StockCostRow, 'materialId' | 'materialCode' | 'materialName'>;
  /** the book's inventory accounts (库存商品, 原材料 …) at the period end */
  accounts: { code: string; name: string; balance: string }[];
  accountTotal: string;
  /** stock closing amount − account balance */
  difference: string;
}

export interface CurrentAssetsRow {
  key: string;
  name: string;
  /** accounts summed, for the tooltip */
  codes: string[];
  opening: string;
  closing: string;
  kind: 'item' | 'total';
}
export interface CurrentAssetsAnswer {
  period: string;
  rows: CurrentAssetsRow[];
}
