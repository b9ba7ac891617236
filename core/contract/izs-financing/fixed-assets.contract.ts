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
import { endpoint } from '../endpoint.ts';
import { assetCardResource } from './fixed-asset-card.contract.ts';
import {
  assetAcquireVoucherBody,
  assetChangeBody,
  assetDisposeBody,
  assetDisposeVoucherBody,
  assetHistorySchema,
  assetIdQuery,
  assetSummaryRowSchema,
  deprGenerateBody,
  deprPeriodQuery,
  deprPreviewSchema,
  deprRunSchema,
  scheduleRowSchema,
  subsidiaryQuery,
  subsidiaryRowSchema,
} from './fixed-asset-commands.contract.ts';
import { FA_PATHS, FA_PERMISSIONS } from './fixed-asset-fields.ts';
import { voucherSchema } from './voucher.contract.ts';

// The parts, re-exported: screens and server modules import 固定资产 from this one path.
export * from './fixed-asset-card.contract.ts';
export * from './fixed-asset-commands.contract.ts';
export {
  ASSET_CARD_BASE,
  ASSET_STATES,
  ASSET_TYPE_BASE,
  CHANGE_FIELD_LABELS,
  CHANGE_KINDS,
  DEPRECIATION_METHODS,
  FA_BASE,
  FA_PATHS,
  FA_PERMISSIONS,
} from './fixed-asset-fields.ts';
export * from './fixed-asset-type.contract.ts';

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
    answer: assetHistorySchema,
    permission: { anyView: [FA.card, FA.ledger] },
    provides: ['Fin'],
  }),
  schedule: endpoint({
    method: 'GET',
    path: FA_PATHS.schedule,
    summary: '折旧计划（按月）',
    query: assetIdQuery,
    answer: z.array(scheduleRowSchema),
    permission: { anyView: [FA.card, FA.schedule] },
    provides: ['Fin'],
  }),
  subsidiary: endpoint({
    method: 'GET',
    path: FA_PATHS.subsidiary,
    summary: '固定资产明细账',
    query: subsidiaryQuery,
    answer: z.array(subsidiaryRowSchema),
    permission: { anyView: [FA.subsidiary, FA.ledger] },
    provides: ['Fin'],
  }),
  preview: endpoint({
    method: 'GET',
    path: FA_PATHS.preview,
    summary: '计提折旧预览（workloads: 工作量法资产的本月工作量，JSON）',
    query: deprPeriodQuery.extend({ workloads: z.string().optional() }),
    answer: deprPreviewSchema,
    permission: { anyView: [FA.depreciation, FA.schedule] },
    provides: ['Fin'],
  }),
  runs: endpoint({
    method: 'GET',
    path: FA_PATHS.runs,
    summary: '已计提折旧的期间',
    answer: z.array(deprRunSchema),
    permission: { anyView: [FA.depreciation, FA.accounting] },
    provides: ['Fin'],
  }),
  generate: endpoint({
    method: 'POST',
    path: FA_PATHS.generate,
    summary: '计提折旧（生成凭证）',
    body: deprGenerateBody,
    answer: deprRunSchema,
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
    answer: z.array(assetSummaryRowSchema),
    permission: { anyView: [FA.accounting, FA.depreciation] },
    provides: ['Fin'],
  }),
  acquireVoucher: endpoint({
    method: 'POST',
    path: FA_PATHS.acquireVoucher,
    summary: '资产新增生成凭证',
    body: assetAcquireVoucherBody,
    answer: voucherSchema,
    permission: { code: FA.card, action: 'edit' },
    invalidates: CARD_CHANGES,
  }),
  disposeVoucher: endpoint({
    method: 'POST',
    path: FA_PATHS.disposeVoucher,
    summary: '资产处置生成凭证',
    body: assetDisposeVoucherBody,
    answer: voucherSchema,
    permission: { code: FA.card, action: 'edit' },
    invalidates: CARD_CHANGES,
  }),
};
