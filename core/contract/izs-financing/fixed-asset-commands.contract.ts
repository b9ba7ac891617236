/** 固定资产 card commands (change, dispose, vouchers), depreciation-run inputs and the answers of the hand-written endpoints. */
import { z } from 'zod';
import { idOut } from '../fields.ts';
import { accountCode, dateReq, opt, period, refReq } from './fields.ts';
import { assetCardEntity } from './fixed-asset-card.contract.ts';
import { amount, lifeMonths, residualRate } from './fixed-asset-fields.ts';

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

export const assetChangeRowSchema = z.object({
  id: idOut,
  kind: z.enum(['acquire', 'change', 'dispose']),
  changeDate: z.string(),
  period: z.string(),
  costDelta: z.string(),
  accumDelta: z.string(),
  changes: z.record(z.string(), z.tuple([z.unknown(), z.unknown()])),
  reason: z.string(),
  createUserName: z.string(),
  createTime: z.string(),
  /** the live voucher generated for an acquisition or disposal ('' when none) */
  voucherId: z.string(),
  voucherNo: z.string(),
});
export type AssetChangeRow = z.infer<typeof assetChangeRowSchema>;

export const assetHistorySchema = z.object({
  card: assetCardEntity,
  changes: z.array(assetChangeRowSchema),
  /** booked depreciation by period */
  depreciation: z.array(
    z.object({
      period: z.string(),
      amount: z.string(),
      accumulated: z.string(),
      voucherNo: z.string(),
      voucherId: z.string(),
    }),
  ),
});
export type AssetHistory = z.infer<typeof assetHistorySchema>;

export const scheduleRowSchema = z.object({
  period: z.string(),
  year: z.number().int(),
  amount: z.string(),
  accumulated: z.string(),
  netBookValue: z.string(),
  /** booked (a live run voucher) */
  booked: z.boolean(),
});
export type ScheduleRowOut = z.infer<typeof scheduleRowSchema>;

export const subsidiaryRowSchema = z.object({
  assetId: idOut,
  code: z.string(),
  name: z.string(),
  typeName: z.string(),
  useDept: z.string(),
  openingCost: z.string(),
  costIncrease: z.string(),
  costDecrease: z.string(),
  closingCost: z.string(),
  openingAccum: z.string(),
  deprInPeriod: z.string(),
  accumDecrease: z.string(),
  closingAccum: z.string(),
  closingNet: z.string(),
});
export type SubsidiaryRow = z.infer<typeof subsidiaryRowSchema>;

export const deprPreviewLineSchema = z.object({
  assetId: idOut,
  code: z.string(),
  name: z.string(),
  method: z.string(),
  cost: z.string(),
  accumulated: z.string(),
  amount: z.string(),
  workload: z.string().nullable(),
  accumAccount: z.string(),
  expenseAccount: z.string(),
  /** why 0 (未到折旧期 / 已提足 / 已处置 / 需填写本月工作量) */
  note: z.string(),
});
export type DeprPreviewLine = z.infer<typeof deprPreviewLineSchema>;

export const deprRunSchema = z.object({
  id: idOut,
  period: z.string(),
  total: z.string(),
  assetCount: z.number().int(),
  voucherId: z.string(),
  voucherNo: z.string(),
  voucherState: z.string(),
  createTime: z.string(),
});
export type DeprRun = z.infer<typeof deprRunSchema>;

export const deprPreviewSchema = z.object({
  period: z.string(),
  /** a live run of this period */
  run: deprRunSchema.nullable(),
  lines: z.array(deprPreviewLineSchema),
  total: z.string(),
  /** the voucher it would write */
  voucherLines: z.array(
    z.object({
      summary: z.string(),
      accountCode: z.string(),
      accountName: z.string(),
      debit: z.string(),
      credit: z.string(),
    }),
  ),
});
export type DeprPreview = z.infer<typeof deprPreviewSchema>;

export const assetSummaryRowSchema = z.object({
  typeName: z.string(),
  useDept: z.string(),
  count: z.number().int(),
  cost: z.string(),
  accumulated: z.string(),
  netValue: z.string(),
  deprInPeriod: z.string(),
});
export type AssetSummaryRow = z.infer<typeof assetSummaryRowSchema>;
