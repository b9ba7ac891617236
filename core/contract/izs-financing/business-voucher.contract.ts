/**
 * 凭证模板 and 业务凭证 of the current book as endpoint descriptors (issue 10 style; handlers in
 * server/modules/izs-financing/business-voucher-*.ts and money-vouchers.ts). Shapes and rules: business.contract.ts
 * (stock documents) and core/accounting money-voucher.ts (收款 / 付款 / 退款 / 对冲, issue 11).
 *
 *   GET  voucher-template/list         docType? → VoucherTemplate[] (defaults created on first use)
 *   GET  voucher-template/detail       id → VoucherTemplate
 *   POST voucher-template/submit       VoucherTemplateForm (id → update; _add or _edit checked by the handler)
 *   POST voucher-template/remove       ?ids → null
 *   GET  biz-voucher/documents         reviewed stock documents of a period with their live voucher
 *   POST biz-voucher/generate          { orderIds, templateId? } → Voucher[]
 *   GET  biz-voucher/money-records     reviewed 收款 / 付款 / 退款 / 对冲 of a period with their live voucher
 *   POST biz-voucher/money-generate    { ids, templateId? } → Voucher[] (one per record, dated the record date)
 */
import { z } from 'zod';
import { idListSchema } from '../common.ts';
import { endpoint } from '../endpoint.ts';
import { money } from '../fields.ts';
import {
  BIZ_PATHS,
  BIZ_PERMISSIONS,
  bizDocumentSchema,
  documentsQuery,
  generateBody,
  MONEY_TEMPLATE_DOC_TYPES,
  templateForm,
  voucherTemplateSchema,
} from './business.contract.ts';
import { FIN, period } from './fields.ts';
import { voucherSchema } from './voucher.contract.ts';

export const MONEY_PATHS = {
  records: `${FIN}/biz-voucher/money-records`,
  generate: `${FIN}/biz-voucher/money-generate`,
} as const;

const moneyKind = z.enum(
  ['collection', 'payment', 'refund_ar', 'refund_ap', 'offset', 'finance_draw', 'finance_repay'],
  { error: '单据类型应为收款、付款、退款、应收应付对冲、融资放款或融资还款' },
);
export const moneyRecordsQuery = z.object({
  period: period(),
  kind: z
    .union([moneyKind, z.literal('')])
    .optional()
    .transform((v) => v || undefined),
  state: z.enum(['all', 'open', 'done'], { error: '状态应为 all、open 或 done' }).default('all'),
});
const ref = z.union([z.string(), z.number()]).transform((v) => String(v).trim());
export const moneyGenerateBody = z.object({
  ids: z
    .array(ref, { error: '请选择收付款单据' })
    .min(1, '请选择收付款单据')
    .max(200, '一次最多生成200张单据的凭证')
    .refine((l) => l.every((x) => /^[1-9]\d{0,18}$/.test(x)), { message: '单据编号格式不正确' }),
  templateId: ref.refine((x) => x === '' || /^[1-9]\d{0,18}$/.test(x), { message: '模板编号格式不正确' }).optional(),
});

export const moneyRecordSchema = z.object({
  id: z.string(),
  /** cash (izs_ar_cash) | transfer (izs_ar_transfer, 对冲) | finance (izs_finance_contract 放款 / izs_finance_repayment 还款) */
  source: z.enum(['cash', 'transfer', 'finance']),
  kind: moneyKind,
  kindName: z.string(),
  orderNo: z.string(),
  date: z.string(),
  partyId: z.string().nullable(),
  partyName: z.string(),
  accountType: z.string(),
  bankName: z.string(),
  method: z.string(),
  amount: money,
  fee: money,
  /** a financing repayment's interest ('0.00' elsewhere) */
  interest: money,
  voucherId: z.string().nullable(),
  voucherNo: z.string(),
  voucherPeriod: z.string(),
});
export type MoneyRecordRow = z.infer<typeof moneyRecordSchema>;
export const MONEY_KIND_OPTIONS = MONEY_TEMPLATE_DOC_TYPES;

const T = BIZ_PERMISSIONS.template;
const WRITES = ['Fin'] as const;

export const BIZ_VOUCHER = {
  templateList: endpoint({
    method: 'GET',
    path: BIZ_PATHS.templateList,
    summary: '凭证模板列表（首次使用时生成预置模板）',
    query: z.object({ docType: z.string().trim().optional() }),
    answer: z.array(voucherTemplateSchema),
    permission: { code: T, action: 'view' },
    provides: ['Fin'],
  }),
  templateDetail: endpoint({
    method: 'GET',
    path: BIZ_PATHS.templateDetail,
    summary: '凭证模板详情',
    query: z.object({ id: z.string({ error: '凭证模板不存在' }).trim() }),
    answer: voucherTemplateSchema,
    permission: { code: T, action: 'view' },
    provides: ['Fin'],
  }),
  templateSubmit: endpoint({
    method: 'POST',
    path: BIZ_PATHS.templateSubmit,
    summary: '保存凭证模板（有 id 修改，否则新增）',
    body: templateForm,
    answer: voucherTemplateSchema,
    invalidates: WRITES,
  }),
  templateRemove: endpoint({
    method: 'POST',
    path: BIZ_PATHS.templateRemove,
    summary: '删除凭证模板（query ids）',
    query: z.object({ ids: idListSchema }),
    answer: z.null(),
    permission: { code: T, action: 'delete' },
    invalidates: WRITES,
  }),
  documents: endpoint({
    method: 'GET',
    path: BIZ_PATHS.documents,
    summary: '可生成凭证的业务单据（已审核的出入库单及其凭证）',
    query: documentsQuery,
    answer: z.array(bizDocumentSchema),
    permission: { code: T, action: 'view' },
    provides: ['Fin'],
  }),
  generate: endpoint({
    method: 'POST',
    path: BIZ_PATHS.generate,
    summary: '业务单据生成凭证',
    body: generateBody,
    answer: z.array(voucherSchema),
    permission: { code: T, action: 'add' },
    invalidates: WRITES,
  }),
  moneyRecords: endpoint({
    method: 'GET',
    path: MONEY_PATHS.records,
    summary: '可生成凭证的收付款单据（收款、付款、退款、对冲、融资放款、融资还款及其凭证）',
    query: moneyRecordsQuery,
    answer: z.array(moneyRecordSchema),
    permission: { code: T, action: 'view' },
    provides: ['Fin'],
  }),
  moneyGenerate: endpoint({
    method: 'POST',
    path: MONEY_PATHS.generate,
    summary: '收付款单据生成凭证',
    body: moneyGenerateBody,
    answer: z.array(voucherSchema),
    permission: { code: T, action: 'add' },
    invalidates: WRITES,
  }),
};
