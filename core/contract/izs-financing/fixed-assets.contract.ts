/**
 * Fixed assets of the current book (固定资产, research fixed_assets.md), all under /api/izs-financing/fixed-assets:
 * - engine resources `type` (资产类别: default life, method, residual rate, accounts; seeded per book from the tax
 *   minimum lives) and `card` (资产卡片: acquisition by save/submit, plain edits before any depreciation, page with
 *   累计折旧 and 净值);
 * - card commands: `card/change` (原值 / 使用月数 / 残值率 / 使用部门 / 科目), `card/dispose`, `card/history?id`,
 *   `card/schedule?id` (折旧计划 by month);
 * - `subsidiary` (固定资产明细账: opening, period movements and closing of 原值 and 累计折旧 per card);
 * - depreciation runs: `depreciation/preview?period`, POST `depreciation/generate` `{period, workloads}`,
 *   POST `depreciation/undo` `{period}`, GET `depreciation/list`; `summary?period` (rows by type and department).
 *
 * Constraints: money travels as 2-decimal strings, rates as decimal strings (0.05 = 5 %), never floats.
 */
import { z } from 'zod';
import { endpoint, typed } from '../endpoint.ts';
import { defineResource } from '../resource.ts';
import { accountCode, dateReq, FIN, flag, int, opt, period, refReq, req } from './fields.ts';
import type { Voucher } from './voucher.contract.ts';

export const FA_BASE = `${FIN}/fixed-assets`;
export const ASSET_TYPE_BASE = `${FA_BASE}/type`;
export const ASSET_CARD_BASE = `${FA_BASE}/card`;

/** Button-permission prefixes (menu codes of menu-tree.ts). */
export const FA_PERMISSIONS = {
  type: 'finance_fixed_assets_fixed_assets_type',
  card: 'finance_fixed_assets_fixed_assets_list',
  subsidiary: 'finance_fixed_assets_fixed_assets_subsidiary_books',
  depreciation: 'finance_fixed_assets_fixed_assets_depreciation',
  ledger: 'asset_normal',
  schedule: 'asset_depr',
  accounting: 'asset_accounting',
} as const;

export const FA_PATHS = {
  change: `${ASSET_CARD_BASE}/change`,
  dispose: `${ASSET_CARD_BASE}/dispose`,
  /** POST { id, creditAccount, taxAmount? }: 借 固定资产 (+ 进项税额) 贷 对方科目, dated the in-service date */
  acquireVoucher: `${ASSET_CARD_BASE}/acquire-voucher`,
  /** POST { id, proceeds?, taxAmount?, proceedsAccount? }: 固定资产清理 and its result, dated the disposal date */
  disposeVoucher: `${ASSET_CARD_BASE}/dispose-voucher`,
  history: `${ASSET_CARD_BASE}/history`,
  schedule: `${ASSET_CARD_BASE}/schedule`,
  subsidiary: `${FA_BASE}/subsidiary`,
  preview: `${FA_BASE}/depreciation/preview`,
  generate: `${FA_BASE}/depreciation/generate`,
  undo: `${FA_BASE}/depreciation/undo`,
  runs: `${FA_BASE}/depreciation/list`,
  summary: `${FA_BASE}/summary`,
} as const;

export const DEPRECIATION_METHODS = [
  { label: '年限平均法', value: 'straightLine' },
  { label: '工作量法', value: 'workload' },
  { label: '双倍余额递减法', value: 'doubleDeclining' },
  { label: '年数总和法', value: 'sumOfYears' },
];
const METHOD_VALUES = ['straightLine', 'workload', 'doubleDeclining', 'sumOfYears'] as const;
export const ASSET_STATES = [
  { label: '在用', value: 'normal' },
  { label: '已处置', value: 'disposed' },
];
/** Labels of the fields a history row may name. */
export const CHANGE_FIELD_LABELS: Record<string, string> = {
  cost: '原值',
  lifeMonths: '使用月数',
  residualRate: '残值率',
  method: '折旧方法',
  useDept: '使用部门',
  expenseAccount: '折旧费用科目',
  state: '状态',
};
export const CHANGE_KINDS = [
  { label: '新增', value: 'acquire' },
  { label: '变动', value: 'change' },
  { label: '处置', value: 'dispose' },
];

/** Non-negative decimal string with at most `places` decimals (required). */
const amount = (label: string, places = 2) =>
  z
    .union([z.string(), z.number()], { error: `请输入${label}` })
    .transform((v) => String(v).trim())
    .refine((v) => new RegExp(`^\\d{1,14}(\\.\\d{1,${places}})?$`).test(v), {
      message: `${label}格式不正确，最多${places}位小数`,
    });

/** 预计净残值率 as a fraction 0 ≤ r < 1 (0.05 = 5 %). */
const residualRate = z
  .union([z.string(), z.number()], { error: '残值率格式不正确' })
  .transform((v) => String(v).trim())
  .refine((v) => /^0(\.\d{1,6})?$/.test(v), { message: '残值率应为 0 到 1 之间的小数（如 0.05），最多6位小数' });

const lifeMonths = z.coerce
  .number({ error: '请输入预计使用月数' })
  .int('预计使用月数必须是整数')
  .min(1, '预计使用月数必须大于 0')
  .max(1200, '预计使用月数不能大于1200');

const accountOpt = (label: string) =>
  z
    .string({ error: `${label}格式不正确` })
    .trim()
    .refine((v) => v === '' || /^\d{4}(\d{2}){0,3}$/.test(v), { message: `${label}格式不正确（4-2-2 编码）` })
    .default('');

// ---------------------------------------------------------------- types

export const assetTypeEntity = z.object({
  id: z.string(),
  accountSetId: z.string(),
  code: z.string(),
  name: z.string(),
  taxCategory: z.string(),
  lifeMonths: z.number(),
  minLifeMonths: z.number(),
  method: z.string(),
  residualRate: z.string(),
  assetAccount: z.string(),
  accumAccount: z.string(),
  expenseAccount: z.string(),
  sort: z.number(),
  remark: z.string(),
  status: z.number(),
  deptId: z.string().nullable(),
  createTime: z.string(),
  updateTime: z.string(),
});
export type AssetType = z.infer<typeof assetTypeEntity>;

export const assetTypeForm = z.object({
  code: req('类别编码', 16),
  name: req('类别名称', 64),
  taxCategory: opt('税法类别', 64),
  lifeMonths,
  /** tax minimum (months); a shorter default life is refused unless 0 */
  minLifeMonths: int('税法最低折旧月数', 0, 1200, 0),
  method: z.enum(METHOD_VALUES, { error: '请选择折旧方法' }).default('straightLine'),
  residualRate: residualRate.default('0.05'),
  assetAccount: accountOpt('固定资产科目'),
  accumAccount: accountOpt('累计折旧科目'),
  expenseAccount: accountOpt('折旧费用科目'),
  sort: int('排序', 0, 9999, 0),
  remark: opt('备注', 255),
  status: flag('状态', 1),
});

export const assetTypeQuery = z.object({
  name: z.string().optional(),
  status: z.coerce.number().int().optional(),
});

export const assetTypeResource = defineResource({
  name: 'fixed-asset-type',
  title: '资产类别',
  service: 'izs-financing',
  path: ASSET_TYPE_BASE,
  permission: FA_PERMISSIONS.type,
  schemas: { entity: assetTypeEntity, form: assetTypeForm, query: assetTypeQuery },
  scope: 'tenant',
  sortable: ['sort', 'code', 'createTime'],
  defaultSort: { field: 'sort' },
  columns: [
    { field: 'code', label: '类别编码', kind: 'code', width: 120, sortable: true },
    { field: 'name', label: '类别名称', kind: 'text' },
    { field: 'lifeMonths', label: '默认使用月数', kind: 'number', width: 120 },
    { field: 'minLifeMonths', label: '税法最低月数', kind: 'number', width: 120 },
    { field: 'method', label: '折旧方法', kind: 'select', options: { options: DEPRECIATION_METHODS } },
    { field: 'residualRate', label: '残值率', kind: 'text', width: 90 },
    { field: 'assetAccount', label: '固定资产科目', kind: 'code', width: 120 },
    { field: 'accumAccount', label: '累计折旧科目', kind: 'code', width: 120 },
    { field: 'expenseAccount', label: '折旧费用科目', kind: 'code', width: 120 },
    { field: 'status', label: '状态', kind: 'status', width: 80 },
  ],
  search: [{ field: 'name', label: '类别名称', kind: 'text' }],
  form: [
    { field: 'code', label: '类别编码', kind: 'code', required: true },
    { field: 'name', label: '类别名称', kind: 'text', required: true },
    { field: 'lifeMonths', label: '默认使用月数', kind: 'number', required: true, min: 1 },
    { field: 'minLifeMonths', label: '税法最低月数', kind: 'number', min: 0 },
    { field: 'method', label: '折旧方法', kind: 'select', options: { options: DEPRECIATION_METHODS } },
    { field: 'residualRate', label: '残值率', kind: 'text', placeholder: '如 0.05' },
    { field: 'assetAccount', label: '固定资产科目', kind: 'code', placeholder: '如 1601' },
    { field: 'accumAccount', label: '累计折旧科目', kind: 'code', placeholder: '如 1602' },
    { field: 'expenseAccount', label: '折旧费用科目', kind: 'code', placeholder: '如 560208' },
    { field: 'taxCategory', label: '税法类别', kind: 'text', span: 2 },
    { field: 'sort', label: '排序', kind: 'number', min: 0 },
    { field: 'status', label: '状态', kind: 'status' },
    { field: 'remark', label: '备注', kind: 'textarea', span: 2 },
  ],
});

// ---------------------------------------------------------------- cards

export const assetCardEntity = z.object({
  id: z.string(),
  accountSetId: z.string(),
  code: z.string(),
  name: z.string(),
  typeId: z.string(),
  typeName: z.string().nullable().optional(),
  useDept: z.string(),
  spec: z.string(),
  inServiceDate: z.string(),
  cost: z.string(),
  residualRate: z.string(),
  lifeMonths: z.number(),
  method: z.string(),
  totalWorkload: z.string().nullable(),
  workloadUnit: z.string(),
  assetAccount: z.string(),
  accumAccount: z.string(),
  expenseAccount: z.string(),
  openingAccumulated: z.string(),
  /** 期初累计折旧 + Σ booked depreciation (live run vouchers) */
  accumulated: z.string().nullable().optional(),
  /** 原值 − 累计折旧 */
  netValue: z.string().nullable().optional(),
  /** months depreciated so far */
  deprMonths: z.number().nullable().optional(),
  reestimated: z.number(),
  state: z.string(),
  disposalDate: z.string(),
  disposalPeriod: z.string(),
  remark: z.string(),
  status: z.number(),
  deptId: z.string().nullable(),
  createTime: z.string(),
  updateTime: z.string(),
});
export type AssetCard = z.infer<typeof assetCardEntity>;

export const assetCardForm = z.object({
  code: req('资产编码', 32),
  name: req('资产名称', 100),
  typeId: refReq('资产类别'),
  useDept: opt('使用部门', 64),
  spec: opt('规格型号', 100),
  inServiceDate: dateReq('开始使用日期'),
  cost: amount('原值'),
  /** defaults from the type when absent */
  residualRate: residualRate.optional(),
  lifeMonths: lifeMonths.optional(),
  method: z.enum(METHOD_VALUES, { error: '请选择折旧方法' }).optional(),
  totalWorkload: z
    .union([z.string(), z.number()], { error: '预计总工作量格式不正确' })
    .transform((v) => String(v).trim())
    .refine((v) => v === '' || /^\d{1,14}(\.\d{1,4})?$/.test(v), { message: '预计总工作量格式不正确，最多4位小数' })
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional(),
  workloadUnit: opt('工作量单位', 16),
  assetAccount: accountOpt('固定资产科目'),
  accumAccount: accountOpt('累计折旧科目'),
  expenseAccount: accountOpt('折旧费用科目'),
  /** 期初累计折旧: depreciation before the card was entered (e.g. assets older than the book) */
  openingAccumulated: amount('期初累计折旧').default('0'),
  remark: opt('备注', 255),
});
export type AssetCardForm = z.input<typeof assetCardForm>;

export const assetCardQuery = z.object({
  code: z.string().optional(),
  name: z.string().optional(),
  typeId: z.string().optional(),
  state: z.string().optional(),
  useDept: z.string().optional(),
});

export const assetCardResource = defineResource({
  name: 'fixed-asset-card',
  title: '资产卡片',
  service: 'izs-financing',
  path: ASSET_CARD_BASE,
  permission: FA_PERMISSIONS.card,
  schemas: { entity: assetCardEntity, form: assetCardForm, query: assetCardQuery },
  scope: 'tenant',
  sortable: ['code', 'inServiceDate', 'createTime'],
  defaultSort: { field: 'code' },
  columns: [
    { field: 'code', label: '资产编码', kind: 'code', width: 130, sortable: true },
    { field: 'name', label: '资产名称', kind: 'text', width: 120 },
    { field: 'typeId', label: '资产类别', kind: 'text', labelField: 'typeName', width: 100 },
    { field: 'useDept', label: '使用部门', kind: 'text', width: 100, hideInTable: true },
    { field: 'inServiceDate', label: '启用日期', kind: 'date', width: 120, sortable: true },
    { field: 'cost', label: '原值', kind: 'money', width: 110 },
    { field: 'accumulated', label: '累计折旧', kind: 'money', width: 110 },
    { field: 'netValue', label: '净值', kind: 'money', width: 110 },
    { field: 'lifeMonths', label: '使用月数', kind: 'number', width: 90, hideInTable: true },
    {
      field: 'method',
      label: '折旧方法',
      kind: 'select',
      options: { options: DEPRECIATION_METHODS },
      width: 120,
      hideInTable: true,
    },
    { field: 'state', label: '状态', kind: 'select', options: { options: ASSET_STATES }, width: 80 },
  ],
  search: [
    { field: 'name', label: '资产名称', kind: 'text' },
    { field: 'code', label: '资产编码', kind: 'text' },
    { field: 'state', label: '状态', kind: 'select', options: { options: ASSET_STATES } },
  ],
  form: [
    { field: 'code', label: '资产编码', kind: 'code', required: true },
    { field: 'name', label: '资产名称', kind: 'text', required: true },
    {
      field: 'typeId',
      label: '资产类别',
      kind: 'select',
      required: true,
      options: { endpoint: `${ASSET_TYPE_BASE}/select-list`, labelKey: 'name', valueKey: 'id' },
    },
    { field: 'useDept', label: '使用部门', kind: 'text' },
    { field: 'spec', label: '规格型号', kind: 'text' },
    { field: 'inServiceDate', label: '开始使用日期', kind: 'date', required: true },
    { field: 'cost', label: '原值', kind: 'money', required: true, min: 0 },
    { field: 'residualRate', label: '残值率', kind: 'text', placeholder: '默认取类别，如 0.05' },
    { field: 'lifeMonths', label: '使用月数', kind: 'number', min: 1, placeholder: '默认取类别' },
    { field: 'method', label: '折旧方法', kind: 'select', options: { options: DEPRECIATION_METHODS } },
    { field: 'totalWorkload', label: '预计总工作量', kind: 'qty', decimals: 4, placeholder: '工作量法必填' },
    { field: 'workloadUnit', label: '工作量单位', kind: 'text' },
    { field: 'assetAccount', label: '固定资产科目', kind: 'code', placeholder: '默认取类别' },
    { field: 'accumAccount', label: '累计折旧科目', kind: 'code', placeholder: '默认取类别' },
    { field: 'expenseAccount', label: '折旧费用科目', kind: 'code', placeholder: '默认取类别' },
    { field: 'openingAccumulated', label: '期初累计折旧', kind: 'money', min: 0, placeholder: '账套启用前已提折旧' },
    { field: 'remark', label: '备注', kind: 'textarea', span: 2 },
  ],
});

// ---------------------------------------------------------------- commands and answers

export const assetChangeBody = z.object({
  id: refReq('资产卡片'),
  changeDate: dateReq('变动日期'),
  cost: amount('原值').optional(),
  lifeMonths: lifeMonths.optional(),
  residualRate: residualRate.optional(),
  useDept: z.string().trim().max(64, '使用部门不能超过64个字符').optional(),
  expenseAccount: accountCode('折旧费用科目').optional(),
  reason: opt('变动原因', 255),
});
export type AssetChangeBody = z.input<typeof assetChangeBody>;

export const assetDisposeBody = z.object({
  id: refReq('资产卡片'),
  disposalDate: dateReq('处置日期'),
  reason: opt('处置原因', 255),
});

export const assetAcquireVoucherBody = z.object({
  id: refReq('资产卡片'),
  creditAccount: accountCode('对方科目'),
  taxAmount: amount('进项税额').optional(),
});
export type AssetAcquireVoucherBody = z.input<typeof assetAcquireVoucherBody>;

export const assetDisposeVoucherBody = z.object({
  id: refReq('资产卡片'),
  /** 处置收入 (不含税) */
  proceeds: amount('处置收入').optional(),
  /** 销项税额 on the sale (借 收款科目 含税, 贷 应交税费-应交增值税-销项税额) */
  taxAmount: amount('销项税额').optional(),
  proceedsAccount: accountCode('收款科目').optional(),
});
export type AssetDisposeVoucherBody = z.input<typeof assetDisposeVoucherBody>;

export const assetIdQuery = z.object({ id: refReq('资产卡片') });
export const subsidiaryQuery = z.object({
  periodFrom: period('开始期间'),
  periodTo: period('结束期间'),
  assetId: z.string().optional(),
});
export const deprPeriodQuery = z.object({ period: period() });
export const deprGenerateBody = z.object({
  period: period(),
  /** 工作量法: asset id → the month's workload */
  workloads: z
    .record(
      z.string(),
      z
        .union([z.string(), z.number()])
        .transform((v) => String(v).trim())
        .refine((v) => /^\d{1,14}(\.\d{1,4})?$/.test(v), { message: '本月工作量格式不正确，最多4位小数' }),
      { error: '本月工作量格式不正确' },
    )
    .default({}),
});
export type DeprGenerateBody = z.input<typeof deprGenerateBody>;

export interface AssetChangeRow {
  id: string;
  kind: 'acquire' | 'change' | 'dispose';
  changeDate: string;
  period: string;
  costDelta: string;
  accumDelta: string;
  changes: Record<string, [unknown, unknown]>;
  reason: string;
  createUserName: string;
  createTime: string;
  /** the live voucher generated for an acquisition or disposal ('' when none) */
  voucherId: string;
  voucherNo: string;
}

export interface AssetHistory {
  card: AssetCard;
  changes: AssetChangeRow[];
  /** booked depreciation by period */
  depreciation: { period: string; amount: string; accumulated: string; voucherNo: string; voucherId: string }[];
}

export interface ScheduleRowOut {
  period: string;
  year: number;
  amount: string;
  accumulated: string;
  netBookValue: string;
  /** booked (a live run voucher) */
  booked: boolean;
}

export interface SubsidiaryRow {
  assetId: string;
  code: string;
  name: string;
  typeName: string;
  useDept: string;
  openingCost: string;
  costIncrease: string;
  costDecrease: string;
  closingCost: string;
  openingAccum: string;
  deprInPeriod: string;
  accumDecrease: string;
  closingAccum: string;
  closingNet: string;
}

export interface DeprPreviewLine {
  assetId: string;
  code: string;
  name: string;
  method: string;
  cost: string;
  accumulated: string;
  amount: string;
  workload: string | null;
  accumAccount: string;
  expenseAccount: string;
  /** why 0 (未到折旧期 / 已提足 / 已处置 / 需填写本月工作量) */
  note: string;
}

export interface DeprPreview {
  period: string;
  /** a live run of this period */
  run: DeprRun | null;
  lines: DeprPreviewLine[];
  total: string;
  /** the voucher it would write */
  voucherLines: { summary: string; accountCode: string; accountName: string; debit: string; credit: string }[];
}

export interface DeprRun {
  id: string;
  period: string;
  total: string;
  assetCount: number;
  voucherId: string;
  voucherNo: string;
  voucherState: string;
  createTime: string;
}

export interface AssetSummaryRow {
  typeName: string;
  useDept: string;
  count: number;
  cost: string;
  accumulated: string;
  netValue: string;
  deprInPeriod: string;
}

const FA = FA_PERMISSIONS;
/** A card command changes the card list (an engine resource), the history and the books' figures. */
const CARD_CHANGES = ['Fin', { type: 'Resource', id: assetCardResource.name }] as const;

/** The hand-written endpoints of 固定资产 (the type and card lists are engine resources above). */
export const FIXED_ASSETS = {
  change: endpoint({
    method: 'POST',
    path: FA_PATHS.change,
    summary: '资产变动（原值、使用月数、残值率、使用部门、折旧费用科目）',
    body: assetChangeBody,
    answer: z.null(),
    permission: { code: FA.card, action: 'edit' },
    invalidates: CARD_CHANGES,
  }),
  dispose: endpoint({
    method: 'POST',
    path: FA_PATHS.dispose,
    summary: '资产处置',
    body: assetDisposeBody,
    answer: z.null(),
    permission: { code: FA.card, action: 'edit' },
    invalidates: CARD_CHANGES,
  }),
  history: endpoint({
    method: 'GET',
    path: FA_PATHS.history,
    summary: '资产卡片的变动记录和折旧记录',
    query: assetIdQuery,
    answer: typed<AssetHistory>(),
    permission: { anyView: [FA.card, FA.ledger] },
    provides: ['Fin'],
  }),
  schedule: endpoint({
    method: 'GET',
    path: FA_PATHS.schedule,
    summary: '折旧计划（按月）',
    query: assetIdQuery,
    answer: typed<ScheduleRowOut[]>(),
    permission: { anyView: [FA.card, FA.schedule] },
    provides: ['Fin'],
  }),
  subsidiary: endpoint({
    method: 'GET',
    path: FA_PATHS.subsidiary,
    summary: '固定资产明细账',
    query: subsidiaryQuery,
    answer: typed<SubsidiaryRow[]>(),
    permission: { anyView: [FA.subsidiary, FA.ledger] },
    provides: ['Fin'],
  }),
  preview: endpoint({
    method: 'GET',
    path: FA_PATHS.preview,
    summary: '计提折旧预览（workloads: 工作量法资产的本月工作量，JSON）',
    query: deprPeriodQuery.extend({ workloads: z.string().optional() }),
    answer: typed<DeprPreview>(),
    permission: { anyView: [FA.depreciation, FA.schedule] },
    provides: ['Fin'],
  }),
  runs: endpoint({
    method: 'GET',
    path: FA_PATHS.runs,
    summary: '已计提折旧的期间',
    answer: typed<DeprRun[]>(),
    permission: { anyView: [FA.depreciation, FA.accounting] },
    provides: ['Fin'],
  }),
  generate: endpoint({
    method: 'POST',
    path: FA_PATHS.generate,
    summary: '计提折旧（生成凭证）',
    body: deprGenerateBody,
    answer: typed<DeprRun>(),
    permission: { code: FA.depreciation, action: 'add' },
    invalidates: CARD_CHANGES,
  }),
  undo: endpoint({
    method: 'POST',
    path: FA_PATHS.undo,
    summary: '撤销计提折旧',
    body: deprPeriodQuery,
    answer: z.null(),
    permission: { code: FA.depreciation, action: 'delete' },
    invalidates: CARD_CHANGES,
  }),
  summary: endpoint({
    method: 'GET',
    path: FA_PATHS.summary,
    summary: '资产汇总（按类别和使用部门）',
    query: deprPeriodQuery,
    answer: typed<AssetSummaryRow[]>(),
    permission: { anyView: [FA.accounting, FA.depreciation] },
    provides: ['Fin'],
  }),
  acquireVoucher: endpoint({
    method: 'POST',
    path: FA_PATHS.acquireVoucher,
    summary: '资产新增生成凭证',
    body: assetAcquireVoucherBody,
    answer: typed<Voucher>(),
    permission: { code: FA.card, action: 'edit' },
    invalidates: CARD_CHANGES,
  }),
  disposeVoucher: endpoint({
    method: 'POST',
    path: FA_PATHS.disposeVoucher,
    summary: '资产处置生成凭证',
    body: assetDisposeVoucherBody,
    answer: typed<Voucher>(),
    permission: { code: FA.card, action: 'edit' },
    invalidates: CARD_CHANGES,
  }),
};
