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
import { FIN, period } from './fields.ts';

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

export interface PeriodList {
  startPeriod: string;
  closedThrough: string;
  currentPeriod: string;
  periods: { period: string; closed: boolean; voucherCount: number }[];
  notes?: string[];
}

export interface CloseCheckAnswer {
  period: string;
  canClose: boolean;
  blocking: string[];
  warnings: string[];
}

export interface GeneratedVoucherPreview {
  kind: string;
  summary: string;
  lines: { summary: string; accountCode: string; accountName: string; auxKey: string; debit: string; credit: string }[];
}
