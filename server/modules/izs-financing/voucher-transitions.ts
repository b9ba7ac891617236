/** The review-state rules of vouchers (split from vouchers.ts, which re-exports them): 审核, 反审核, 过账, 反过账. */
import { reviewBlock, unreviewBlock, type VoucherStatus } from '../../../core/accounting/index.ts';
import { forbidden } from '../../platform/r.ts';
import type { BookCtx } from './book.ts';
import type { VoucherRow } from './voucher-save.ts';

export type Action = 'review' | 'unreview' | 'post' | 'unpost';

export const ACTION_TEXT: Record<Action, string> = {
  review: '审核',
  unreview: '反审核',
  post: '过账',
  unpost: '反过账',
};

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
