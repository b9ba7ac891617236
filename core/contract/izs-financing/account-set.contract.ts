/**
 * 账套 (account sets) and 账套用户 (spec §3 "Account set", §4 selector and create dialog, §5 required fields, §7.3).
 *
 * Endpoints (all under /api/izs-financing):
 *   GET  account-set/page       current, size (≤ 1000, the selector asks 200), deptId (default: Current-Dept-Id),
 *                               name → Page<AccountSet> of the books of that department the caller may use
 *   GET  account-set/list       deptId → AccountSet[] (same rows, no paging)
 *   GET  account-set/detail     id → AccountSet
 *   GET  account-set/check      deptId → 0 no permission for accounting pages, 1 no usable book, 2 normal
 *   GET  account-set/user-list  accountSetId? deptId? → AccountSetCandidate[] (users of the book's department,
 *                               `bound` when already a member) — the binding-user picker
 *   POST account-set/save       AccountSetForm → AccountSet (chart, dimensions, voucher words created; the caller
 *                               becomes the 账套主管; isDefault '1' clears the department's other default)
 *   POST account-set/update     { id, ...AccountSetForm } → AccountSet (standard, tax nature and enable date only
 *                               while the book has no voucher and no opening balance — the chart is rebuilt)
 *   POST account-set/submit     add without id, else update
 *   GET  account-set-user/page  accountSetId (default: Current-Account-Set-Id) → Page<AccountSetUser>
 *   POST account-set-user/update { accountSetId, users: [{ userId, supervisor?, isDefault? }] } → AccountSetUser[]
 *                               (replaces the members; 账套主管 or administrator only; at least one 账套主管)
 * Permission: setofbook view for page/list/detail/user-list (or the accounting home menu), _add / _edit to write.
 * Regions of the tax region: GET /api/blade-system/region/list (parentCode '00', size 1000).
 */
import { z } from 'zod';
import { ACCOUNT_SET_CHECK_PATH } from '../blade-system.contract.ts';
import { endpoint } from '../endpoint.ts';
import { pageOf } from '../fields.ts';
import { num } from '../input.ts';
import { defineResource } from '../resource.ts';
import { dateReq, FIN, FIN_PERMISSIONS, int, opt, ref, refReq, req } from './fields.ts';

export const ACCOUNT_SET_BASE = `${FIN}/account-set`;
export const ACCOUNT_SET_PATHS = {
  page: `${ACCOUNT_SET_BASE}/page`,
  list: `${ACCOUNT_SET_BASE}/list`,
  detail: `${ACCOUNT_SET_BASE}/detail`,
  check: ACCOUNT_SET_CHECK_PATH,
  userList: `${ACCOUNT_SET_BASE}/user-list`,
  save: `${ACCOUNT_SET_BASE}/save`,
  update: `${ACCOUNT_SET_BASE}/update`,
  submit: `${ACCOUNT_SET_BASE}/submit`,
} as const;
export const ACCOUNT_SET_USER_PATHS = {
  page: `${FIN}/account-set-user/page`,
  update: `${FIN}/account-set-user/update`,
} as const;

/** Account check status (spec §4): 0 no permission, 1 no account set (create dialog forced), 2 normal. */
export const ACCOUNT_CHECK = { noPermission: 0, noAccountSet: 1, normal: 2 } as const;

export const ACCOUNTING_SYSTEMS = [
  { label: '小企业会计准则', value: 1 },
  { label: '企业会计准则', value: 2 },
];
export const TAX_NATURES = [
  { label: '一般纳税人', value: '1' },
  { label: '小规模纳税人', value: '2' },
];
export const INDUSTRIES = [
  { label: '制造业', value: 1 },
  { label: '批发和零售业', value: 2 },
  { label: '再生资源回收', value: 3 },
  { label: '交通运输业', value: 4 },
  { label: '服务业', value: 5 },
  { label: '其他', value: 9 },
];
export const YES_NO = [
  { label: '是', value: '1' },
  { label: '否', value: '0' },
];
/** Voucher-word sets of period_rules §2 (the book starts with one of them). */
export const VOUCHER_WORD_SETS = [
  { label: '记', value: 'single' },
  { label: '收 / 付 / 转', value: 'threeWords' },
  { label: '现收 / 现付 / 银收 / 银付 / 转', value: 'fiveWords' },
];

/** '1' / '0' style flag; numbers accepted. */
const yesNo = (label: string, def: '0' | '1') =>
  z
    .union([z.string(), z.number()], { error: `请选择${label}` })
    .transform((v) => String(v).trim())
    .refine((v) => v === '0' || v === '1', { message: `请选择${label}` })
    .default(def);

const flag01 = (label: string, def: 0 | 1) =>
  num({ error: `${label}格式不正确` })
    .int(`${label}格式不正确`)
    .min(0, `${label}格式不正确`)
    .max(1, `${label}格式不正确`)
    .default(def);

export const accountSetForm = z.object({
  name: req('账套名称', 64),
  accountingSystem: num({ error: '请选择会计准则' }).refine((v) => v === 1 || v === 2, { message: '请选择会计准则' }),
  taxNature: z
    .union([z.string(), z.number()], { error: '请选择纳税人性质' })
    .transform((v) => String(v).trim())
    .refine((v) => v === '1' || v === '2', { message: '请选择纳税人性质' }),
  enableDate: dateReq('启用日期'),
  enableInvoice: yesNo('是否启用发票', '0'),
  /** 所属企业: fixed to the current organisation in the dialog */
  deptId: ref('所属企业'),
  industryInvolved: int('所属行业', 1, 99, 1),
  dutyParagraph: z
    .string({ error: '请输入纳税人识别号' })
    .trim()
    .transform((v) => v.replace(/\s+/g, '').toUpperCase())
    .refine((v) => v.length > 0, { message: '请输入纳税人识别号' })
    .refine((v) => [15, 17, 18, 20].includes(v.length) && /^[0-9A-Z]+$/.test(v), {
      message: '纳税人识别号应为15、17、18或20位数字或大写字母',
    }),
  taxAddress: z
    .union([z.string(), z.number()], { error: '请选择税务地区' })
    .transform((v) => String(v).trim())
    .refine((v) => /^\d{2,12}$/.test(v), { message: '请选择税务地区' }),
  isDefault: yesNo('是否默认账套', '0'),
  reviewRequired: flag01('凭证审核', 1),
  allowSelfReview: flag01('审核人可与制单人相同', 0),
  postingRequired: flag01('凭证过账', 1),
  voucherWords: z.enum(['single', 'threeWords', 'fiveWords'], { error: '请选择凭证字' }).default('single'),
  remark: opt('备注', 255),
});
export type AccountSetForm = z.infer<typeof accountSetForm>;

/** update: `{ id }` plus any form field; the server merges the body over the stored book and parses the whole form */
export const accountSetUpdate = z.object({ id: refReq('账套') });

export const accountSetQuery = z.object({
  deptId: z.string().optional(),
  name: z.string().optional(),
});

export const accountSetEntity = z.object({
  id: z.string(),
  name: z.string(),
  enableDate: z.string(),
  accountingSystem: z.number(),
  taxNature: z.string(),
  enableInvoice: z.string(),
  deptId: z.string(),
  deptName: z.string().nullable(),
  industryInvolved: z.number(),
  dutyParagraph: z.string(),
  taxAddress: z.string(),
  taxAddressName: z.string().nullable(),
  isDefault: z.string(),
  /** real names of the 账套主管 (comma list) */
  bindingUser: z.string(),
  /** 启用期间 yyyy-MM */
  startPeriod: z.string(),
  /** first open period */
  currentPeriod: z.string(),
  /** last closed period, '' when none */
  closedThrough: z.string(),
  reviewRequired: z.number(),
  allowSelfReview: z.number(),
  postingRequired: z.number(),
  remark: z.string(),
  /** the caller's own default flag for this book in its department ('1' / '0') */
  userDefault: z.string(),
  /** the caller is a 账套主管 of the book (administrator: true) */
  supervisor: z.boolean(),
  createTime: z.string(),
  updateTime: z.string(),
});
export type AccountSet = z.infer<typeof accountSetEntity>;

export const accountSetCandidateSchema = z.object({
  id: z.string(),
  account: z.string(),
  realName: z.string(),
  bound: z.boolean(),
});
export type AccountSetCandidate = z.infer<typeof accountSetCandidateSchema>;

export const accountSetUserSchema = z.object({
  id: z.string(),
  accountSetId: z.string(),
  userId: z.string(),
  account: z.string(),
  realName: z.string(),
  supervisor: z.number().int(),
  isDefault: z.string(),
  createTime: z.string(),
});
export type AccountSetUser = z.infer<typeof accountSetUserSchema>;

export const accountSetUserUpdate = z.object({
  accountSetId: refReq('账套'),
  users: z
    .array(
      z.object({
        userId: refReq('用户'),
        supervisor: flag01('账套主管', 0),
        isDefault: yesNo('默认账套', '0'),
      }),
      { error: '请选择账套用户' },
    )
    .min(1, '账套至少需要一个用户')
    .max(200, '账套用户不能超过200个'),
});

/**
 * The definition the setofbook screen renders (page/list/detail/save/update/submit are served; no remove/export);
 * its screen layout is features/account-set/account-set.resource.ts (the list and the account-set dialog).
 */
export const accountSetResource = defineResource({
  name: 'account-set',
  title: '账套',
  service: 'izs-financing',
  path: ACCOUNT_SET_BASE,
  permission: FIN_PERMISSIONS.setOfBook,
  schemas: { entity: accountSetEntity, form: accountSetForm, query: accountSetQuery },
  scope: 'dept',
  sortable: ['name', 'enableDate', 'createTime'],
  defaultSort: { field: 'createTime', desc: false },
  columns: [
    { field: 'name', label: '账套名称', kind: 'text', width: 180 },
    {
      field: 'deptId',
      label: '所属企业',
      kind: 'tree',
      labelField: 'deptName',
      options: { tree: '/api/blade-system/dept/tree' },
    },
    { field: 'accountingSystem', label: '会计准则', kind: 'select', options: { options: ACCOUNTING_SYSTEMS } },
    { field: 'taxNature', label: '纳税人性质', kind: 'select', options: { options: TAX_NATURES } },
    { field: 'enableDate', label: '启用日期', kind: 'date' },
    { field: 'currentPeriod', label: '当前期间', kind: 'text', width: 100 },
    { field: 'dutyParagraph', label: '纳税人识别号', kind: 'code' },
    { field: 'taxAddress', label: '税务地区', kind: 'region', labelField: 'taxAddressName' },
    { field: 'industryInvolved', label: '所属行业', kind: 'select', options: { options: INDUSTRIES } },
    { field: 'enableInvoice', label: '启用发票', kind: 'bool', width: 90 },
    { field: 'isDefault', label: '默认账套', kind: 'bool', width: 90 },
    { field: 'bindingUser', label: '账套主管', kind: 'text' },
    { field: 'createTime', label: '创建时间', kind: 'datetime', width: 170 },
  ],
  search: [{ field: 'name', label: '账套名称', kind: 'text' }],
  form: [
    { field: 'name', label: '账套名称', kind: 'text', required: true },
    {
      field: 'deptId',
      label: '所属企业',
      kind: 'tree',
      required: true,
      editDisabled: true,
      options: { tree: '/api/blade-system/dept/tree' },
    },
    {
      field: 'accountingSystem',
      label: '会计准则',
      kind: 'select',
      required: true,
      options: { options: ACCOUNTING_SYSTEMS },
    },
    { field: 'enableDate', label: '启用日期', kind: 'date', required: true },
    { field: 'taxNature', label: '纳税人性质', kind: 'select', required: true, options: { options: TAX_NATURES } },
    { field: 'isDefault', label: '默认账套', kind: 'select', required: true, options: { options: YES_NO } },
    {
      field: 'industryInvolved',
      label: '所属行业',
      kind: 'select',
      required: true,
      options: { options: INDUSTRIES },
    },
    { field: 'dutyParagraph', label: '纳税人识别号', kind: 'code', required: true },
    { field: 'taxAddress', label: '税务地区', kind: 'region', required: true },
    { field: 'enableInvoice', label: '启用发票', kind: 'select', options: { options: YES_NO } },
    { field: 'voucherWords', label: '凭证字', kind: 'select', options: { options: VOUCHER_WORD_SETS } },
    { field: 'reviewRequired', label: '凭证审核', kind: 'status' },
    { field: 'allowSelfReview', label: '允许审核自己的凭证', kind: 'status' },
    { field: 'postingRequired', label: '凭证过账', kind: 'status' },
    { field: 'remark', label: '备注', kind: 'textarea' },
  ],
});

/** Paging as parsePaging reads it (current, size ≤ 1000, descs / ascs); the server checks the values. */
const paging = {
  current: z.union([z.string(), z.number()]).optional(),
  size: z.union([z.string(), z.number()]).optional(),
  descs: z.string().optional(),
  ascs: z.string().optional(),
};
const idText = z.union([z.string(), z.number()]).transform(String);
const SET = FIN_PERMISSIONS.setOfBook;
/** Books change the selector, the check status and the books' own screens. */
const BOOKS_CHANGED = ['AccountSet', 'AccountCheck'] as const;

/**
 * 账套 / 账套用户 (account-sets.ts, account-set-save.ts, account-set-users.ts). The reads need an accounting menu
 * (checked in the handler, as the exact menu codes); save / update / submit / user update their button.
 */
export const ACCOUNT_SETS = {
  page: endpoint({
    method: 'GET',
    path: ACCOUNT_SET_PATHS.page,
    summary: '账套分页（某机构中可用的账套）',
    query: accountSetQuery.extend(paging),
    answer: pageOf(accountSetEntity),
    provides: ['AccountSet'],
  }),
  list: endpoint({
    method: 'GET',
    path: ACCOUNT_SET_PATHS.list,
    summary: '账套列表',
    query: accountSetQuery,
    answer: z.array(accountSetEntity),
    provides: ['AccountSet'],
  }),
  detail: endpoint({
    method: 'GET',
    path: ACCOUNT_SET_PATHS.detail,
    summary: '账套详情',
    query: z.object({ id: idText.optional() }),
    answer: accountSetEntity,
    provides: ['AccountSet'],
  }),
  check: endpoint({
    method: 'GET',
    path: ACCOUNT_SET_PATHS.check,
    summary: '账套检查：0 无权限，1 无账套，2 正常',
    query: z.object({ deptId: z.string().optional() }),
    answer: z.number().int(),
    provides: ['AccountCheck'],
    silent: true,
  }),
  userList: endpoint({
    method: 'GET',
    path: ACCOUNT_SET_PATHS.userList,
    summary: '可绑定的用户（账套所属机构的用户）',
    query: z.object({ accountSetId: idText.optional(), deptId: z.string().optional() }),
    answer: z.array(accountSetCandidateSchema),
    provides: ['AccountSet'],
  }),
  save: endpoint({
    method: 'POST',
    path: ACCOUNT_SET_PATHS.save,
    summary: '新增账套（科目、维度、凭证字随之建立）',
    body: accountSetForm,
    answer: accountSetEntity,
    permission: { code: SET, action: 'add' },
    invalidates: BOOKS_CHANGED,
    message: '新增成功',
  }),
  update: endpoint({
    method: 'POST',
    path: ACCOUNT_SET_PATHS.update,
    summary: '修改账套（账套主管）',
    /** `{ id }` plus any form field: merged over the stored book, then the whole form is parsed */
    body: accountSetUpdate.loose(),
    answer: accountSetEntity,
    permission: { code: SET, action: 'edit' },
    invalidates: [...BOOKS_CHANGED, 'Fin', 'FinAccount'],
  }),
  submit: endpoint({
    method: 'POST',
    path: ACCOUNT_SET_PATHS.submit,
    summary: '新增（无 id）或修改账套',
    /** the button (add or edit) depends on the id, so the form is parsed after that check */
    body: z.record(z.string(), z.unknown()),
    answer: accountSetEntity,
    invalidates: [...BOOKS_CHANGED, 'Fin', 'FinAccount'],
  }),
  userPage: endpoint({
    method: 'GET',
    path: ACCOUNT_SET_USER_PATHS.page,
    summary: '账套用户分页（默认当前账套）',
    query: z.object({ accountSetId: idText.optional(), current: paging.current, size: paging.size }),
    answer: pageOf(accountSetUserSchema),
    provides: ['AccountSet'],
  }),
  userUpdate: endpoint({
    method: 'POST',
    path: ACCOUNT_SET_USER_PATHS.update,
    summary: '设置账套用户（账套主管）',
    body: accountSetUserUpdate,
    answer: z.array(accountSetUserSchema),
    permission: { code: SET, action: 'edit' },
    invalidates: ['AccountSet'],
  }),
};
