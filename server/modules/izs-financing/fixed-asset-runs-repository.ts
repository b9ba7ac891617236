/**
 * The queries of 计提折旧 (fixed-asset-runs.ts): the live runs, standing vouchers (also read by the cards and the
 * asset vouchers), retiring stale runs, writing a run and its lines, undoing one.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { formatVoucherNo } from '../../../core/accounting/index.ts';
import type { DeprPreviewLine, DeprRun } from '../../../core/contract/izs-financing/fixed-assets.contract.ts';
import type { Executor, Tx } from '../../db/client.ts';
import { depreciationLine, depreciationRun, voucher, voucherLine } from '../../db/schema/index.ts';
import type { AuthUser } from '../../platform/auth.ts';
import { effectiveDept } from '../../platform/scope.ts';
import { formatDateTime } from '../../platform/time.ts';
import type { Book } from './book.ts';

/** The vouchers among `ids` that stand (not deleted, not reversed), by id: an acquisition's or disposal's link. */
export async function standingVouchers(
  ex: Executor,
  ids: (string | null)[],
): Promise<Map<string, { voucherNo: string }>> {
  const wanted = ids.filter((v): v is string => !!v);
  if (!wanted.length) return new Map();
  const list = await ex
    .select({ id: voucher.id, word: voucher.word, no: voucher.no })
    .from(voucher)
    .where(and(inArray(voucher.id, wanted), eq(voucher.isDeleted, 0), sql`${voucher.reversedById} is null`));
  return new Map(list.map((v) => [v.id, { voucherNo: formatVoucherNo(v.word, v.no) }]));
}

/** Live runs (run and voucher live), newest period first. */
export async function liveRuns(ex: Executor, book: Book, tz: string, period?: string): Promise<DeprRun[]> {
  const list = await ex
    .select({ run: depreciationRun, word: voucher.word, no: voucher.no, state: voucher.state })
    .from(depreciationRun)
    .innerJoin(voucher, and(eq(voucher.id, depreciationRun.voucherId), eq(voucher.isDeleted, 0)))
    .where(
      and(
        eq(depreciationRun.accountSetId, book.id),
        eq(depreciationRun.isDeleted, 0),
        ...(period ? [eq(depreciationRun.period, period)] : []),
      ),
    );
  return list
    .map((x) => ({
      id: x.run.id,
      period: x.run.period,
      total: x.run.total,
      assetCount: x.run.assetCount,
      voucherId: x.run.voucherId ?? '',
      voucherNo: formatVoucherNo(x.word, x.no),
      voucherState: x.state,
      createTime: formatDateTime(x.run.createTime, tz),
    }))
    .sort((a, b) => (a.period < b.period ? 1 : -1));
}

/** Retires runs whose voucher was deleted (their lines stop counting already; this frees the period's slot). */
export async function retireStaleRuns(tx: Tx, bookId: string) {
  await tx.execute(
    sql`update izs_fin_depr_line set is_deleted = 1 where account_set_id = ${bookId} and is_deleted = 0 and run_id in (
          select r.id from izs_fin_depr_run r left join izs_fin_voucher v on v.id = r.voucher_id
          where r.account_set_id = ${bookId} and r.is_deleted = 0 and (v.id is null or v.is_deleted = 1))`,
  );
  await tx.execute(
    sql`update izs_fin_depr_run r set is_deleted = 1 where r.account_set_id = ${bookId} and r.is_deleted = 0
        and not exists (select 1 from izs_fin_voucher v where v.id = r.voucher_id and v.is_deleted = 0)`,
  );
}

/** A run of the period (its voucher, total and count) and its per-card lines. */
export async function insertRun(
  tx: Tx,
  user: AuthUser,
  bookId: string,
  period: string,
  voucherId: string,
  total: string,
  lines: DeprPreviewLine[],
) {
  const [run] = await tx
    .insert(depreciationRun)
    .values({
      tenantId: user.tenantId,
      accountSetId: bookId,
      period,
      voucherId,
      total,
      assetCount: lines.length,
      createUser: user.userId,
      createDept: effectiveDept(user),
      updateUser: user.userId,
    })
    .returning({ id: depreciationRun.id });
  await tx.insert(depreciationLine).values(
    lines.map((l) => ({
      tenantId: user.tenantId,
      accountSetId: bookId,
      runId: run.id,
      assetId: l.assetId,
      period,
      amount: l.amount,
      workload: l.workload,
      accumAccount: l.accumAccount,
      expenseAccount: l.expenseAccount,
    })),
  );
}

/** A run's voucher, locked. */
export async function lockVoucherRow(tx: Tx, voucherId: string) {
  const [v] = await tx.select().from(voucher).where(eq(voucher.id, voucherId)).for('update');
  return v;
}

/** Undo: the voucher and its lines, the run and its lines, deleted (soft), in that order. */
export async function dropRun(tx: Tx, user: AuthUser, voucherId: string, runId: string) {
  await tx
    .update(voucher)
    .set({ isDeleted: 1, updateUser: user.userId, updateTime: new Date() })
    .where(eq(voucher.id, voucherId));
  await tx.update(voucherLine).set({ isDeleted: 1 }).where(eq(voucherLine.voucherId, voucherId));
  await tx.update(depreciationRun).set({ isDeleted: 1 }).where(eq(depreciationRun.id, runId));
  await tx.update(depreciationLine).set({ isDeleted: 1 }).where(eq(depreciationLine.runId, runId));
}
