/**
 * 会计科目 of the current account set (Current-Account-Set-Id): the standard's preset chart copied at creation plus
 * the user's sub-accounts (4-2-2 coding: 4 digits, then 2 per level).
 *
 * Endpoints (under /api/izs-financing/account):
 *   GET  tree       category? status? → AccountNode[] (level-1 accounts with children)
 *   GET  list       category? leaf (1: only leaves) status? keyword (code or name contains) → FinAccount[]
 *   GET  detail     id | code → FinAccount
 *   GET  next-code  parentCode → string (the next free child code: one past the highest, deleted ones not reused)
 *   POST save       AccountAddForm → FinAccount. Adding the FIRST child under a leaf that already has opening
 *                   balances or voucher lines moves them (and its 数量核算 / 辅助核算 settings) to the new child,
 *                   because only leaves take postings.
 *   POST update     { id, name?, quantity?, unit?, auxDims? } → FinAccount (preset names stay; 辅助核算 and 数量核算
 *                   change only while the account has no opening balance and no voucher line)
 *   POST enable     { ids, status: 1 | 0 } → null (停用 refused while the account or a descendant has a balance)
 *   POST remove     ids (query) → null (only user sub-accounts that are leaves, unused and without balance)
 * Permission: view for reads (the accounting menus), finance_setting_system_config_edit for writes.
 */
import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { num } from '../input.ts';
import { accountCode, FIN, FIN_PERMISSIONS, flag, opt, refReq, req } from './fields.ts';

export const ACCOUNT_BASE = `${FIN}/account`;
export const ACCOUNT_PATHS = {
  tree: `${ACCOUNT_BASE}/tree`,
  list: `${ACCOUNT_BASE}/list`,
  detail: `${ACCOUNT_BASE}/detail`,
  nextCode: `${ACCOUNT_BASE}/next-code`,
  save: `${ACCOUNT_BASE}/save`,
  update: `${ACCOUNT_BASE}/update`,
  enable: `${ACCOUNT_BASE}/enable`,
  remove: `${ACCOUNT_BASE}/remove`,
} as const;

export const ACCOUNT_CATEGORIES = ['资产', '负债', '所有者权益', '成本', '损益', '共同'] as const;

export const finAccountSchema = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  /** "应交税费-应交增值税-进项税额" */
  fullName: z.string(),
  parentCode: z.string().nullable(),
  level: z.number().int(),
  category: z.string(),
  direction: z.enum(['debit', 'credit']),
  /** 借 | 贷 */
  directionName: z.string(),
  /** from the standard chart (not deletable, name fixed) */
  preset: z.number().int(),
  /** 数量核算 */
  quantity: z.number().int(),
  unit: z.string(),
  /** required 辅助核算 dimension ids */
  auxDims: z.array(z.string()),
  /** their names, same order */
  auxNames: z.array(z.string()),
  status: z.number().int(),
  /** no child account: may take postings */
  leaf: z.boolean(),
});
export type FinAccount = z.infer<typeof finAccountSchema>;

export interface AccountNode extends FinAccount {
  /** "1001 库存现金" */
  title: string;
  key: string;
  value: string;
  children?: AccountNode[];
}
export const accountNodeSchema: z.ZodType<AccountNode> = finAccountSchema.extend({
  title: z.string(),
  key: z.string(),
  value: z.string(),
  get children() {
    return z.array(accountNodeSchema).optional();
  },
});

const auxDimList = z
  .array(
    z.union([z.string(), z.number()]).transform((v) => String(v).trim()),
    { error: '辅助核算格式不正确' },
  )
  .max(4, '一个科目最多设置4个辅助核算')
  .refine((list) => list.every((v) => /^[1-9]\d{0,18}$/.test(v)), { message: '辅助核算格式不正确' })
  .refine((list) => new Set(list).size === list.length, { message: '辅助核算不能重复' });

export const accountAddForm = z.object({
  parentCode: accountCode('上级科目'),
  /** empty: the next free code under the parent */
  code: z
    .string()
    .trim()
    .regex(/^(\d{6}|\d{8}|\d{10})?$/, '科目编码格式不正确（4-2-2 编码）')
    .optional(),
  name: req('科目名称', 64),
  quantity: flag('数量核算', 0),
  unit: opt('计量单位', 16),
  auxDims: auxDimList.default([]),
});

export const accountUpdateForm = z.object({
  id: refReq('科目'),
  name: req('科目名称', 64).optional(),
  // no defaults here: an absent field keeps the stored value
  quantity: num({ error: '数量核算格式不正确' })
    .refine((v) => v === 0 || v === 1, { message: '数量核算格式不正确' })
    .optional(),
  unit: z.string({ error: '计量单位必须是文本' }).trim().max(16, '计量单位不能超过16个字符').optional(),
  auxDims: auxDimList.optional(),
});

export const accountEnableBody = z.object({
  ids: z
    .union([z.array(z.union([z.string(), z.number()])), z.string()], { error: '请选择科目' })
    .transform((v) => (Array.isArray(v) ? v.map(String) : v.split(',')).map((s) => s.trim()).filter(Boolean))
    .refine((l) => l.length > 0 && l.every((x) => /^[1-9]\d{0,18}$/.test(x)), { message: '请选择科目' }),
  status: num({ error: '状态格式不正确' }).refine((v) => v === 0 || v === 1, { message: '状态格式不正确' }),
});

export const accountListQuery = z.object({
  category: z.string().optional(),
  leaf: z.string().optional(),
  status: num({ error: '状态格式不正确' }).int().optional(),
  keyword: z.string().trim().max(64).optional(),
});

export const accountDetailQuery = z.object({
  id: z.union([z.string(), z.number()]).transform(String).optional(),
  code: z.string().trim().optional(),
});
export const nextCodeQuery = z.object({ parentCode: z.string().trim().default('') });
/** `ids` in the query (or the body): "1,2" */
export const accountRemoveQuery = z.object({ ids: z.union([z.string(), z.number()]).transform(String).optional() });

/** Every accounting menu reads the chart. */
const VIEW = { anyView: Object.values(FIN_PERMISSIONS) } as const;
const EDIT = { code: FIN_PERMISSIONS.systemConfig, action: 'edit' } as const;
/** The chart (its names and leaves show in every ledger; adding a first child moves openings and lines). */
const READS = ['FinAccount'] as const;
const WRITES = ['FinAccount', 'FinOpening', 'Fin'] as const;

/** 会计科目 (chart.ts). */
export const ACCOUNTS = {
  list: endpoint({
    method: 'GET',
    path: ACCOUNT_PATHS.list,
    summary: '会计科目列表',
    query: accountListQuery,
    answer: z.array(finAccountSchema),
    permission: VIEW,
    provides: READS,
  }),
  tree: endpoint({
    method: 'GET',
    path: ACCOUNT_PATHS.tree,
    summary: '会计科目树',
    query: accountListQuery,
    answer: z.array(accountNodeSchema),
    permission: VIEW,
    provides: READS,
  }),
  detail: endpoint({
    method: 'GET',
    path: ACCOUNT_PATHS.detail,
    summary: '会计科目详情（id 或 code）',
    query: accountDetailQuery,
    answer: finAccountSchema,
    permission: VIEW,
    provides: READS,
  }),
  nextCode: endpoint({
    method: 'GET',
    path: ACCOUNT_PATHS.nextCode,
    summary: '下一个下级科目编码',
    query: nextCodeQuery,
    answer: z.string(),
    permission: VIEW,
    provides: READS,
  }),
  save: endpoint({
    method: 'POST',
    path: ACCOUNT_PATHS.save,
    summary: '新增下级科目',
    body: accountAddForm,
    answer: finAccountSchema,
    permission: EDIT,
    invalidates: WRITES,
  }),
  update: endpoint({
    method: 'POST',
    path: ACCOUNT_PATHS.update,
    summary: '修改科目',
    body: accountUpdateForm,
    answer: finAccountSchema,
    permission: EDIT,
    invalidates: WRITES,
  }),
  enable: endpoint({
    method: 'POST',
    path: ACCOUNT_PATHS.enable,
    summary: '启用 / 停用科目',
    body: accountEnableBody,
    answer: z.null(),
    permission: EDIT,
    invalidates: WRITES,
  }),
  remove: endpoint({
    method: 'POST',
    path: ACCOUNT_PATHS.remove,
    summary: '删除科目（ids）',
    query: accountRemoveQuery,
    answer: z.null(),
    permission: EDIT,
    invalidates: WRITES,
  }),
};
