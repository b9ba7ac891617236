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
import type { CrudContext } from '../../platform/crud/index.ts';
import { registerVoucherCollect } from './voucher-collect.ts';
import { registerVoucherRoutes } from './voucher-routes.ts';
import { registerVoucherStates } from './voucher-states.ts';

// The parts, re-exported: the other finance modules save and answer vouchers through this one path.
export * from './voucher-answers.ts';
export * from './voucher-save.ts';
export * from './voucher-transitions.ts';

export function registerVouchers(app: FastifyInstance, ctx: CrudContext): void {
  registerVoucherRoutes(app, ctx);
  registerVoucherStates(app, ctx);
  registerVoucherCollect(app, ctx);
}
