/**
 * 固定资产 paths, button codes, option lists and the field schemas the type, card and command contracts share
 * (split from fixed-assets.contract.ts, which re-exports it).
 *
 * Constraints: money travels as 2-decimal strings, rates as decimal strings (0.05 = 5 %), never floats.
 */
import { z } from 'zod';
import { num } from '../input.ts';
import { FIN } from './fields.ts';

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
export const METHOD_VALUES = ['straightLine', 'workload', 'doubleDeclining', 'sumOfYears'] as const;
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
export const amount = (label: string, places = 2) =>
  z
    .union([z.string(), z.number()], { error: `请输入${label}` })
    .transform((v) => String(v).trim())
    .refine((v) => new RegExp(`^\\d{1,14}(\\.\\d{1,${places}})?$`).test(v), {
      message: `${label}格式不正确，最多${places}位小数`,
    });

/** 预计净残值率 as a fraction 0 ≤ r < 1 (0.05 = 5 %). */
export const residualRate = z
  .union([z.string(), z.number()], { error: '残值率格式不正确' })
  .transform((v) => String(v).trim())
  .refine((v) => /^0(\.\d{1,6})?$/.test(v), { message: '残值率应为 0 到 1 之间的小数（如 0.05），最多6位小数' });

export const lifeMonths = num({ error: '请输入预计使用月数' })
  .int('预计使用月数必须是整数')
  .min(1, '预计使用月数必须大于 0')
  .max(1200, '预计使用月数不能大于1200');

export const accountOpt = (label: string) =>
  z
    .string({ error: `${label}格式不正确` })
    .trim()
    .refine((v) => v === '' || /^\d{4}(\d{2}){0,3}$/.test(v), { message: `${label}格式不正确（4-2-2 编码）` })
    .default('');
