/**
 * 票据管理 of the current book (/accounting/bill/manage): commercial bills (商业汇票: 银行承兑汇票 / 商业承兑汇票), all
 * under /api/izs-financing/bill:
 * - engine resource (page, list, detail, save / submit / update, remove, export). Saving a new bill books it:
 *   应收票据 (received from a customer) 借 应收票据 贷 应收账款[客户], state 持有; 应付票据 (issued to a supplier)
 *   借 应付账款[供应商] 贷 应付票据, state 未到期. Update / remove only before any later action, while that voucher is
 *   unreviewed (the voucher changes / goes with it);
 * - POST `bill/action` `{id, action, date, bankAccount?, interest?, counterparty?}`:
 *   discount 贴现 (持有 → 已贴现: 借 银行存款 实收 + 财务费用 贴现息 贷 应收票据),
 *   endorse 背书转让 (持有 → 已背书: 借 应付账款[供应商] 贷 应收票据),
 *   collect 到期兑付 (持有 → 已到期兑付: 借 银行存款 贷 应收票据),
 *   pay 到期付款 (未到期 → 已兑付: 借 应付票据 贷 银行存款);
 * - POST `bill/undo` `{id}`: takes back the last action while its voucher is unreviewed (deletes the voucher);
 * - GET `bill/events?id` (history with voucher numbers), GET `bill/summary` (totals and the due-soon count).
 *
 * Accounts are looked up by name in the book's chart (small and enterprise charts differ). Money: decimal strings.
 */
import { z } from 'zod';
import { ENGINE_HIDDEN, joinedName } from '../fields.ts';
import { finBillRow } from '../generated/finance-bills.ts';
import { defineResource } from '../resource.ts';
import { accountCode, dateReq, FIN, opt, req } from './fields.ts';
import { counterpartyRef, IE_PATHS, positiveAmount } from './income-expend.contract.ts';

export const BILL_BASE = `${FIN}/bill`;
export const BILL_PERMISSION = 'accounting_bill_manage';

export const BILL_PATHS = {
  action: `${BILL_BASE}/action`,
  undo: `${BILL_BASE}/undo`,
  events: `${BILL_BASE}/events`,
  summary: `${BILL_BASE}/summary`,
} as const;

/** Days before the due date a live bill is highlighted. */
export const DUE_SOON_DAYS = 30;

export const BILL_KINDS = [
  { label: '银行承兑汇票', value: 'bank' },
  { label: '商业承兑汇票', value: 'commercial' },
];
/** Short labels of the list (银承 / 商承 are the usual abbreviations). */
export const BILL_KINDS_SHORT = [
  { label: '银承', value: 'bank' },
  { label: '商承', value: 'commercial' },
];
export const BILL_DIRECTIONS_SHORT = [
  { label: '应收', value: 'receivable' },
  { label: '应付', value: 'payable' },
];
export const BILL_DIRECTIONS = [
  { label: '应收票据', value: 'receivable' },
  { label: '应付票据', value: 'payable' },
];
export const BILL_STATES = [
  { label: '持有', value: 'held' },
  { label: '已背书', value: 'endorsed' },
  { label: '已贴现', value: 'discounted' },
  { label: '已到期兑付', value: 'collected' },
  { label: '未到期', value: 'outstanding' },
  { label: '已兑付', value: 'paid' },
];
/** States in which a bill is still on the books (应收票据 held / 应付票据 not yet paid). */
export const LIVE_BILL_STATES = ['held', 'outstanding'];
export const BILL_ACTIONS = [
  { label: '收票', value: 'receive' },
  { label: '开票', value: 'issue' },
  { label: '贴现', value: 'discount' },
  { label: '背书转让', value: 'endorse' },
  { label: '到期兑付', value: 'collect' },
  { label: '到期付款', value: 'pay' },
];

export const billEntity = finBillRow.omit(ENGINE_HIDDEN).extend({
  /** 到期日 with 「（N天后）」/「（逾期N天）」/「（今天）」 when a live bill is due within DUE_SOON_DAYS days, else null */
  dueHint: joinedName,
  /** 凭证字号 of the last action's voucher (null when it was deleted in the voucher list) */
  voucherNo: joinedName,
});
export type Bill = z.infer<typeof billEntity>;

export const billForm = z.object({
  billNo: req('票据号码', 40),
  billKind: z.enum(['bank', 'commercial'], { error: '请选择票据种类' }),
  direction: z.enum(['receivable', 'payable'], { error: '请选择票据方向' }),
  counterparty: counterpartyRef('往来单位'),
  amount: positiveAmount('票面金额'),
  entryDate: dateReq('收票/开票日期'),
  issueDate: dateReq('出票日期'),
  dueDate: dateReq('到期日'),
  acceptor: opt('承兑人', 100),
  remark: opt('备注', 255),
});
export type BillForm = z.input<typeof billForm>;

export const billQuery = z.object({
  direction: z.string().optional(),
  state: z.string().optional(),
  billKind: z.string().optional(),
  billNo: z.string().optional(),
});

export const billActionBody = z.object({
  id: z
    .union([z.string(), z.number()], { error: '请选择票据' })
    .transform((v) => String(v).trim())
    .refine((v) => /^[1-9]\d{0,18}$/.test(v), { message: '请选择票据' }),
  action: z.enum(['discount', 'endorse', 'collect', 'pay'], { error: '请选择票据操作' }),
  date: dateReq('日期'),
  /** 银行存款 leaf (default: the first enabled one) */
  bankAccount: accountCode('银行账户').optional(),
  /** discount: 贴现息 (≥ 0, less than the amount) */
  interest: z
    .union([z.string(), z.number()], { error: '贴现息格式不正确' })
    .transform((v) => String(v).trim())
    .refine((v) => v === '' || /^\d{1,14}(\.\d{1,2})?$/.test(v), { message: '贴现息格式不正确，最多2位小数' })
    .optional(),
  /** endorse: the supplier (`dimensionId:itemId`) */
  counterparty: counterpartyRef('被背书人'),
});
export type BillActionBody = z.input<typeof billActionBody>;

export const billIdBody = z.object({
  id: billActionBody.shape.id,
});

export interface BillEvent {
  id: string;
  action: string;
  eventDate: string;
  fromState: string;
  toState: string;
  amount: string;
  interest: string;
  counterpartyName: string;
  voucherId: string | null;
  /** the 收款单 / 付款单 whose money voucher books this event ('' for 票据管理's own) */
  cashNo: string;
  voucherNo: string | null;
  voucherState: string | null;
  createTime: string;
}

export interface BillSummary {
  /** 持有中的应收票据 */
  receivableHeld: string;
  receivableCount: number;
  /** 未到期的应付票据 */
  payableOutstanding: string;
  payableCount: number;
  /** live bills due within DUE_SOON_DAYS days (or overdue) */
  dueSoonCount: number;
  dueSoonAmount: string;
}

const cpField = (label: string) => ({
  field: 'counterparty' as const,
  label,
  kind: 'select' as const,
  options: { endpoint: IE_PATHS.counterparties, labelKey: 'label', valueKey: 'value' },
});

export const billResource = defineResource({
  name: 'fin-bill',
  title: '票据',
  service: 'izs-financing',
  path: BILL_BASE,
  permission: BILL_PERMISSION,
  schemas: { entity: billEntity, form: billForm, query: billQuery },
  scope: 'tenant',
  sortable: ['dueDate', 'issueDate', 'amount', 'createTime'],
  defaultSort: { field: 'dueDate' },
  columns: [
    { field: 'billNo', label: '票据号码', kind: 'code', width: 196 },
    { field: 'billKind', label: '种类', kind: 'select', options: { options: BILL_KINDS_SHORT }, width: 70 },
    { field: 'direction', label: '方向', kind: 'select', options: { options: BILL_DIRECTIONS_SHORT }, width: 70 },
    { field: 'counterpartyName', label: '往来单位', kind: 'text', width: 140 },
    { field: 'amount', label: '票面金额', kind: 'money', width: 110 },
    { field: 'issueDate', label: '出票日期', kind: 'date', width: 110 },
    { field: 'dueDate', label: '到期日', kind: 'date', labelField: 'dueHint', width: 180 },
    { field: 'acceptor', label: '承兑人', kind: 'text', width: 140 },
    { field: 'state', label: '状态', kind: 'select', options: { options: BILL_STATES }, width: 96 },
    { field: 'cashNo', label: '收付款单', kind: 'text', width: 150 },
    { field: 'voucherNo', label: '凭证字号', kind: 'text', width: 80 },
  ],
  search: [
    { field: 'billNo', label: '票据号码', kind: 'text' },
    { field: 'direction', label: '方向', kind: 'select' },
    { field: 'state', label: '状态', kind: 'select' },
    { field: 'billKind', label: '种类', kind: 'select' },
  ],
  form: [
    { field: 'billNo', label: '票据号码', kind: 'code', required: true },
    { field: 'billKind', label: '票据种类', kind: 'select', required: true, options: { options: BILL_KINDS } },
    {
      field: 'direction',
      label: '票据方向',
      kind: 'select',
      required: true,
      options: { options: BILL_DIRECTIONS },
      editDisabled: true,
    },
    cpField('往来单位'),
    { field: 'amount', label: '票面金额', kind: 'money', required: true },
    { field: 'entryDate', label: '收票/开票日期', kind: 'date', required: true },
    { field: 'issueDate', label: '出票日期', kind: 'date', required: true },
    { field: 'dueDate', label: '到期日', kind: 'date', required: true },
    { field: 'acceptor', label: '承兑人/承兑银行', kind: 'text' },
    { field: 'remark', label: '备注', kind: 'text' },
  ],
});
