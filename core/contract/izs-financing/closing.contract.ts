/**
 * Periods, 结转损益, 结账 / 反结账 and the year-end transfer of the current account set (period_rules §8–§11).
 * Closed periods always form a prefix starting at the start period.
 *
 * Endpoints (under /api/izs-financing):
 *   GET  period/list              → PeriodList (start period … the later of the first open period and the last
 *                                   period holding vouchers)
 *   GET  period/check             period → CloseCheck (blocking ✗ and warnings ⚠ of period_rules §9)
 *   POST period/close             { period } → PeriodList (refused with the blocking problems; warnings do not block)
 *   POST period/reopen            { period } → PeriodList & { notes } (账套主管 only; reopens that period and every
 *                                   later closed one; vouchers are kept)
 *   GET  carry-forward/preview    period → GeneratedVoucherPreview[] (结转损益 and, enterprise, 以前年度损益调整)
 *   POST carry-forward/generate   { period, split? } → Voucher[] (dated the period's last day, lines flagged as
 *                                   结转损益; 400 when no 损益类 account has a balance)
 *   POST period/year-end          { period } (a December) → Voucher[] (结转本年利润 and 结转利润分配 to 未分配利润;
 *                                   needs 结转损益 done)
 * Permissions: finance_carry_down view / _add (carry-forward, close, year-end); reopen also needs the 账套主管.
 */
import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { money } from '../fields.ts';
import { FIN, FIN_PERMISSIONS, period } from './fields.ts';
import { voucherSchema } from './voucher.contract.ts';

export const CLOSING_PATHS = {
  periodList: `${FIN}/period/list`,
  check: `${FIN}/period/check`,
  close: `${FIN}/period/close`,
  reopen: `${FIN}/period/reopen`,
  yearEnd: `${FIN}/period/year-end`,
  carryForwardPreview: `${FIN}/carry-forward/preview`,
  carryForward: `${FIN}/carry-forward/generate`,
} as const;

export const periodBody = z.object({ period: period() });
export const periodQuery = z.object({ period: period() });
export const carryForwardBody = z.object({
  period: period(),
  split: z
    .union([z.boolean(), z.number(), z.string()])
    .transform((v) => v === true || v === 1 || v === '1' || v === 'true')
    .default(false),
});

export const periodListSchema = z.object({
  startPeriod: z.string(),
  closedThrough: z.string(),
  currentPeriod: z.string(),
  periods: z.array(z.object({ period: z.string(), closed: z.boolean(), voucherCount: z.number().int() })),
  /** what 反结账 reminds of (re-generate 结转损益 …) */
  notes: z.array(z.string()).optional(),
});
export type PeriodList = z.infer<typeof periodListSchema>;

export const closeCheckSchema = z.object({
  period: z.string(),
  canClose: z.boolean(),
  blocking: z.array(z.string()),
  warnings: z.array(z.string()),
});
export type CloseCheckAnswer = z.infer<typeof closeCheckSchema>;

export const generatedVoucherPreviewSchema = z.object({
  kind: z.string(),
  summary: z.string(),
  lines: z.array(
    z.object({
      summary: z.string(),
      accountCode: z.string(),
      accountName: z.string(),
      auxKey: z.string(),
      debit: money,
      credit: money,
    }),
  ),
});
export type GeneratedVoucherPreview = z.infer<typeof generatedVoucherPreviewSchema>;

const P = FIN_PERMISSIONS.carryForward;
/** Closing changes the book's state (AccountSet: closedThrough) and its vouchers (Fin). */
const CHANGES = ['Fin', 'AccountSet'] as const;

/** The endpoints of 期末处理 (carry-down screen); handlers in server/modules/izs-financing/closing.ts. */
export const CLOSING = {
  periodList: endpoint({
    method: 'GET',
    path: CLOSING_PATHS.periodList,
    summary: '账套期间列表（已结账、凭证数）',
    answer: periodListSchema,
    permission: { code: FIN_PERMISSIONS.home, action: 'view' },
    provides: ['Fin'],
  }),
  check: endpoint({
    method: 'GET',
    path: CLOSING_PATHS.check,
    summary: '结账检查',
    query: periodQuery,
    answer: closeCheckSchema,
    permission: { code: P, action: 'view' },
    provides: ['Fin'],
  }),
  close: endpoint({
    method: 'POST',
    path: CLOSING_PATHS.close,
    summary: '结账',
    body: periodBody,
    answer: periodListSchema,
    permission: { code: P, action: 'add' },
    invalidates: CHANGES,
  }),
  reopen: endpoint({
    method: 'POST',
    path: CLOSING_PATHS.reopen,
    summary: '反结账（账套主管）',
    body: periodBody,
    answer: periodListSchema,
    permission: { code: P, action: 'add' },
    invalidates: CHANGES,
  }),
  carryForwardPreview: endpoint({
    method: 'GET',
    path: CLOSING_PATHS.carryForwardPreview,
    summary: '结转损益预览',
    query: periodQuery,
    answer: z.array(generatedVoucherPreviewSchema),
    permission: { code: P, action: 'view' },
    provides: ['Fin'],
  }),
  carryForward: endpoint({
    method: 'POST',
    path: CLOSING_PATHS.carryForward,
    summary: '结转损益（生成凭证）',
    body: carryForwardBody,
    answer: z.array(voucherSchema),
    permission: { code: P, action: 'add' },
    invalidates: CHANGES,
  }),
  yearEnd: endpoint({
    method: 'POST',
    path: CLOSING_PATHS.yearEnd,
    summary: '年末结转',
    body: periodBody,
    answer: z.array(voucherSchema),
    permission: { code: P, action: 'add' },
    invalidates: CHANGES,
  }),
};
