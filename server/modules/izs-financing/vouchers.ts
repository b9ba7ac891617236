/**
 * 记账凭证 of the current book: save / update / submit, detail, page, remove, review / unreview, post / unpost,
 * renumber (凭证整理), red reversal (红字冲销), next number and the voucher summary (科目汇总表).
 * Contract: voucher.contract.ts. Rules: core/accounting voucher.ts and period-close.ts.
 *
 * Guarantees:
 * - one transaction per voucher action; a refused voucher writes nothing (validation runs before any write);
 * - the book row is read FOR SHARE in every voucher write, and FOR UPDATE by close / reopen, so a voucher never
 *   lands in a period that is being closed;
 * - numbers: `drawNumber` upserts the (book, period, word) counter row, which holds its lock until the saving
 *   transaction ends — concurrent saves queue and get consecutive numbers; a rolled-back save gives its number
 *   back; deleted numbers stay gaps until `renumber`, which locks the period's counters first;
 * - review / post state changes lock the vouchers FOR UPDATE and apply to all of the given vouchers or none.
 */

import type { FastifyInstance } from 'fastify';
import { reviewBlock, unreviewBlock, type VoucherStatus } from '../../../core/accounting/index.ts';
import type { CrudContext } from '../../platform/crud/index.ts';
import { forbidden } from '../../platform/r.ts';
import type { BookCtx } from './book.ts';
import { registerVoucherCollect } from './voucher-collect.ts';
import { registerVoucherRoutes } from './voucher-routes.ts';
import type { VoucherRow } from './voucher-save.ts';
import { registerVoucherStates } from './voucher-states.ts';

// The parts, re-exported: the other finance modules save and answer vouchers through this one path.
export * from './voucher-answers.ts';
export * from './voucher-save.ts';

export type Action = 'review' | 'unreview' | 'post' | 'unpost';

export const ACTION_TEXT: Record<Action, string> = {
  review: '审核',
  unreview: '反审核',
  post: '过账',
  unpost: '反过账',
};

export function registerVouchers(app: FastifyInstance, ctx: CrudContext): void {
  registerVoucherRoutes(app, ctx);
  registerVoucherStates(app, ctx);
  registerVoucherCollect(app, ctx);
}

/** Why a review-state action cannot apply to a voucher, or null. */
export function transitionBlock(c: BookCtx, v: VoucherRow, action: Action, periodClosed: boolean): string | null {
  const userId = c.user.userId;
  const state = {
    status: v.state as VoucherStatus,
    createdBy: v.createUser ?? '',
    reviewedBy: v.reviewer ?? undefined,
    periodClosed,
  };
  switch (action) {
    case 'review':
      return reviewBlock(state, userId, c.book.allowSelfReview);
    case 'unreview':
      return unreviewBlock(state, userId, c.supervisor);
    case 'post':
      if (periodClosed) return '凭证所在期间已结账，不能过账';
      if (v.state === 'posted') return '凭证已过账';
      if (c.book.reviewRequired && v.state !== 'reviewed') return '凭证尚未审核，不能过账';
      return null;
    case 'unpost':
      if (periodClosed) return '凭证所在期间已结账，不能反过账';
      if (v.state !== 'posted') return '凭证尚未过账';
      if (v.poster !== userId && !c.supervisor) return '只有过账人或账套主管可以反过账';
      return null;
  }
}

export function requireSupervisor(c: BookCtx): void {
  if (!c.supervisor) throw forbidden('只有账套主管可以执行此操作');
}
