/** 固定资产 card commands (change, dispose, vouchers), depreciation-run inputs and the answers of the hand-written endpoints. */
import { z } from 'zod';
import { accountCode, dateReq, opt, period, refReq } from './fields.ts';
import type { AssetCard } from './fixed-asset-card.contract.ts';
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
