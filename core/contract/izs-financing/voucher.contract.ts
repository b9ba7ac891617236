/**
 * 凭证字 and 记账凭证 of the current account set (period_rules §2–§5, DESIGN §5).
 *
 * 凭证字 (the word resource) lives in voucher-word.contract.ts.
 *
 * Vouchers (under /api/izs-financing/voucher):
 *   GET  page      current, size, ascs/descs (voucherDate, no, period, createTime), period | periodFrom + periodTo,
 *                  word, state, kind, accountCode (a line's account or below), summary (a line contains), amount (a
 *                  line's debit or credit equals), amountMin / amountMax (voucher total), dateFrom / dateTo
 *                  → Page<Voucher> with lines
 *   GET  detail    id → Voucher
 *   GET  next-no   word, date → { period, word, no } (a preview, nothing reserved)
 *   POST save | update | submit   VoucherForm (update/submit with id) → Voucher. Validated with the core voucher
 *                  rules (balanced and ≠ 0, one side per line, ≤ 2 decimals, leaf and enabled accounts, summary,
 *                  辅助核算 required by the account, quantity × unit price, the word's restriction), the date in an
 *                  open period not before the start period; a refused voucher writes nothing. Numbers are drawn per
 *                  (book, period, word) in the saving transaction: concurrent saves get consecutive numbers.
 *                  Update only while saved (not reviewed/posted) in an open period; a new period or word draws a
 *                  new number.
 *   POST remove    ids (query or body) → null: only saved vouchers of open periods (soft delete; the freed number
 *                  is a gap until renumber)
 *   POST review | unreview | post | unpost   { ids } → Voucher[] (all or nothing; 审核人 ≠ 制单人 unless the book
 *                  allows it; unreview by the reviewer or a 账套主管; post needs review when the book requires it)
 *   POST renumber  { period, order: 'date' | 'entry' } → { changes: [{ id, word, from, to }] } (open period)
 *   POST reverse   { id, date? } → Voucher: 红字冲销 — a red copy dated `date` (default: the original's date)
 *   GET  collect   periodFrom, periodTo, word?, level (1–4, default 1), posted? → VoucherCollect (科目汇总表)
 * Permissions: accounting_edit_voucher _add / _edit for save/update/reverse; finance_voucher_list view / _delete;
 * finance_voucher_posting _edit for review, post, renumber; finance_voucher_collect view for collect.
 */
import { z } from 'zod';
import { idListSchema, pageQuerySchema } from '../common.ts';
import { endpoint } from '../endpoint.ts';
import { idOut, money, pageOf } from '../fields.ts';
import { num } from '../input.ts';
import {
  accountCode,
  auxItems,
  dateReq,
  FIN,
  FIN_PERMISSIONS,
  idsBody,
  int,
  linesOf,
  opt,
  period,
  refReq,
  signedAmount,
} from './fields.ts';

export const VOUCHER_BASE = `${FIN}/voucher`;
export const VOUCHER_PATHS = {
  page: `${VOUCHER_BASE}/page`,
  detail: `${VOUCHER_BASE}/detail`,
  nextNo: `${VOUCHER_BASE}/next-no`,
  save: `${VOUCHER_BASE}/save`,
  update: `${VOUCHER_BASE}/update`,
  submit: `${VOUCHER_BASE}/submit`,
  remove: `${VOUCHER_BASE}/remove`,
  review: `${VOUCHER_BASE}/review`,
  unreview: `${VOUCHER_BASE}/unreview`,
  post: `${VOUCHER_BASE}/post`,
  unpost: `${VOUCHER_BASE}/unpost`,
  renumber: `${VOUCHER_BASE}/renumber`,
  reverse: `${VOUCHER_BASE}/reverse`,
  collect: `${VOUCHER_BASE}/collect`,
  /** GET period → VoucherNumber[]: every live voucher of the period, number and state only (no lines, no limit) */
  numbers: `${VOUCHER_BASE}/numbers`,
} as const;

export const voucherNumbersQuery = z.object({ period: period() });

/** What 凭证过账 needs of a whole period: counts, gaps and the ids of a state, without lines. */
export interface VoucherNumber {
  id: string;
  word: string;
  no: number;
  state: 'saved' | 'reviewed' | 'posted';
}

export const VOUCHER_STATES = [
  { label: '未审核', value: 'saved' },
  { label: '已审核', value: 'reviewed' },
  { label: '已过账', value: 'posted' },
];
export const VOUCHER_KINDS = [
  { label: '手工凭证', value: 'manual' },
  { label: '结转损益', value: 'carryForward' },
  { label: '年末结转', value: 'yearEnd' },
  { label: '红字冲销', value: 'reversal' },
  // business vouchers (business.contract.ts)
  { label: '业务单据', value: 'business' },
  { label: '结转销售成本', value: 'costCarry' },
  { label: '计提折旧', value: 'depreciation' },
  { label: '固定资产', value: 'asset' },
];

export const voucherLineInput = z.object({
  summary: z.string({ error: '摘要必须是文本' }).trim().max(200, '摘要不能超过200个字符').default(''),
  accountCode: accountCode('科目'),
  /** 辅助核算: dimension id → item id */
  aux: auxItems,
  debit: signedAmount('借方金额'),
  credit: signedAmount('贷方金额'),
  quantity: signedAmount('数量', 4),
  unitPrice: signedAmount('单价', 6),
});
export type VoucherLineInput = z.input<typeof voucherLineInput>;

export const voucherForm = z.object({
  id: z.union([z.string(), z.number()]).optional(),
  word: z.string({ error: '请选择凭证字' }).trim().min(1, '请选择凭证字').max(4, '凭证字不能超过4个字符'),
  voucherDate: dateReq('凭证日期'),
  attachments: int('附单据数', 0, 9999, 0),
  remark: opt('备注', 255),
  lines: linesOf(voucherLineInput, '分录', 500),
});
export type VoucherForm = z.input<typeof voucherForm>;

export const voucherQuery = z.object({
  period: z.string().optional(),
  periodFrom: z.string().optional(),
  periodTo: z.string().optional(),
  word: z.string().optional(),
  state: z.string().optional(),
  kind: z.string().optional(),
  accountCode: z.string().optional(),
  summary: z.string().optional(),
  amount: z.string().optional(),
  amountMin: z.string().optional(),
  amountMax: z.string().optional(),
  dateFrom: z.string().optional(),
  dateTo: z.string().optional(),
});

export const renumberBody = z.object({
  period: period(),
  order: z.enum(['date', 'entry'], { error: '整理方式应为 date 或 entry' }).default('date'),
});

export const reverseBody = z.object({
  id: refReq('凭证'),
  date: dateReq('冲销凭证日期').optional(),
});

export const nextNoQuery = z.object({
  word: z.string({ error: '请选择凭证字' }).trim().min(1, '请选择凭证字'),
  date: dateReq('凭证日期'),
});

export const collectQuery = z.object({
  periodFrom: period('开始期间'),
  periodTo: period('结束期间'),
  word: z.string().trim().optional(),
  level: num({ error: '科目级次必须是数字' }).int().min(1, '科目级次最小为1').max(4, '科目级次最大为4').default(1),
  posted: z.string().optional(),
});

export const voucherLineSchema = z.object({
  id: idOut,
  lineNo: z.number().int(),
  summary: z.string(),
  accountCode: z.string(),
  /** "应收账款-华东" */
  accountName: z.string(),
  aux: z.record(z.string(), z.string()),
  /** "客户：华东钢厂" … */
  auxNames: z.array(z.string()),
  debit: money,
  credit: money,
  quantity: z.string().nullable(),
  unitPrice: z.string().nullable(),
  unit: z.string(),
  carryForward: z.number().int(),
});
export type VoucherLine = z.infer<typeof voucherLineSchema>;

export const voucherSchema = z.object({
  id: idOut,
  accountSetId: idOut,
  period: z.string(),
  word: z.string(),
  no: z.number().int(),
  /** 记-3 */
  voucherNo: z.string(),
  voucherDate: z.string(),
  attachments: z.number().int(),
  state: z.enum(['saved', 'reviewed', 'posted']),
  kind: z.string(),
  debitTotal: money,
  creditTotal: money,
  /** 人民币大写 of the total */
  totalCapital: z.string(),
  summary: z.string(),
  remark: z.string(),
  createUser: z.string().nullable(),
  createUserName: z.string(),
  createTime: z.string(),
  reviewer: z.string().nullable(),
  reviewerName: z.string(),
  reviewTime: z.string(),
  poster: z.string().nullable(),
  posterName: z.string(),
  postTime: z.string(),
  sourceVoucherId: z.string().nullable(),
  reversedById: z.string().nullable(),
  updateTime: z.string(),
  lines: z.array(voucherLineSchema),
});
export type Voucher = z.infer<typeof voucherSchema>;

export const voucherCollectSchema = z.object({
  periodFrom: z.string(),
  periodTo: z.string(),
  level: z.number().int(),
  rows: z.array(z.object({ code: z.string(), name: z.string(), level: z.number().int(), debit: money, credit: money })),
  totals: z.object({ debit: money, credit: money }),
  voucherCount: z.number().int(),
  /** per word: numbers used and the attachments */
  words: z.array(
    z.object({
      word: z.string(),
      count: z.number().int(),
      from: z.number().int(),
      to: z.number().int(),
      attachments: z.number().int(),
    }),
  ),
});
export type VoucherCollect = z.infer<typeof voucherCollectSchema>;

const F = FIN_PERMISSIONS;
/** Any voucher write changes the books (Fin) and the period list's counts. */
const WRITES = ['Fin'] as const;
const saveBody = voucherForm;
const lifecycle = (summary: string, path: string) =>
  endpoint({
    method: 'POST',
    path,
    summary,
    body: idsBody,
    answer: z.array(voucherSchema),
    permission: { code: F.posting, action: 'edit' },
    invalidates: WRITES,
  });

/**
 * 记账凭证 of the current book (handlers: server/modules/izs-financing/voucher-*.ts). save / update / submit check
 * 凭证录入's add or edit button themselves (submit decides by the body's id).
 */
export const VOUCHERS = {
  page: endpoint({
    method: 'GET',
    path: VOUCHER_PATHS.page,
    summary: '凭证列表（分页，按期间、凭证字、状态、科目、摘要、金额筛选）',
    query: voucherQuery.extend(pageQuerySchema.shape),
    answer: pageOf(voucherSchema),
    permission: { anyView: [F.voucherList, F.posting] },
    provides: ['Fin'],
  }),
  detail: endpoint({
    method: 'GET',
    path: VOUCHER_PATHS.detail,
    summary: '凭证详情（含分录）',
    query: z.object({ id: z.string({ error: '凭证不存在' }) }),
    answer: voucherSchema,
    permission: { anyView: [F.voucherList, F.voucherEntry, F.posting] },
    provides: ['Fin'],
  }),
  numbers: endpoint({
    method: 'GET',
    path: VOUCHER_PATHS.numbers,
    summary: '一个期间全部凭证的编号和状态（无分录）',
    query: voucherNumbersQuery,
    answer: z.array(
      z.object({
        id: z.string(),
        word: z.string(),
        no: z.number().int(),
        state: z.enum(['saved', 'reviewed', 'posted']),
      }),
    ),
    permission: { anyView: [F.voucherList, F.posting] },
    provides: ['Fin'],
  }),
  nextNo: endpoint({
    method: 'GET',
    path: VOUCHER_PATHS.nextNo,
    summary: '下一个凭证号',
    query: nextNoQuery,
    answer: z.object({ period: z.string(), word: z.string(), no: z.number().int() }),
    permission: { anyView: [F.voucherEntry, F.voucherList] },
    provides: ['Fin'],
  }),
  // the entry grid shows the refusal at its row (第 n 行) instead of a toast
  save: endpoint({
    method: 'POST',
    path: VOUCHER_PATHS.save,
    summary: '新增凭证',
    body: saveBody,
    answer: voucherSchema,
    invalidates: WRITES,
    silent: true,
  }),
  update: endpoint({
    method: 'POST',
    path: VOUCHER_PATHS.update,
    summary: '修改凭证',
    body: saveBody,
    answer: voucherSchema,
    invalidates: WRITES,
    silent: true,
  }),
  submit: endpoint({
    method: 'POST',
    path: VOUCHER_PATHS.submit,
    summary: '保存凭证（有 id 修改，否则新增）',
    body: saveBody,
    answer: voucherSchema,
    invalidates: WRITES,
  }),
  remove: endpoint({
    method: 'POST',
    path: VOUCHER_PATHS.remove,
    summary: '删除凭证（query ids）',
    query: z.object({ ids: idListSchema }),
    answer: z.null(),
    permission: { code: F.voucherList, action: 'delete' },
    invalidates: WRITES,
  }),
  review: lifecycle('审核凭证', VOUCHER_PATHS.review),
  unreview: lifecycle('反审核凭证', VOUCHER_PATHS.unreview),
  post: lifecycle('过账', VOUCHER_PATHS.post),
  unpost: lifecycle('反过账', VOUCHER_PATHS.unpost),
  renumber: endpoint({
    method: 'POST',
    path: VOUCHER_PATHS.renumber,
    summary: '凭证整理（按日期或录入顺序重排编号）',
    body: renumberBody,
    answer: z.object({
      changes: z.array(z.object({ id: z.string(), word: z.string(), from: z.number().int(), to: z.number().int() })),
    }),
    permission: { code: F.posting, action: 'edit' },
    invalidates: WRITES,
  }),
  reverse: endpoint({
    method: 'POST',
    path: VOUCHER_PATHS.reverse,
    summary: '红字冲销',
    body: reverseBody,
    answer: voucherSchema,
    permission: { code: F.voucherEntry, action: 'add' },
    invalidates: WRITES,
  }),
  collect: endpoint({
    method: 'GET',
    path: VOUCHER_PATHS.collect,
    summary: '科目汇总表',
    query: collectQuery,
    answer: voucherCollectSchema,
    permission: { code: F.voucherCollect, action: 'view' },
    provides: ['Fin'],
  }),
};
