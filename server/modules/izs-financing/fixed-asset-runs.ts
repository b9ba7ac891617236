/** 计提折旧: preview, the live runs, generate (one voucher 借 折旧费用 / 贷 累计折旧) and undo. */

import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { monthDepreciation } from '../../../core/accounting/asset-card.ts';
import {
  type Decimal,
  dec,
  editBlock,
  formatVoucherNo,
  lastDay,
  type VoucherStatus,
  ZERO,
} from '../../../core/accounting/index.ts';
import {
  type DeprPreview,
  type DeprPreviewLine,
  type DeprRun,
  FIXED_ASSETS,
} from '../../../core/contract/izs-financing/fixed-assets.contract.ts';
import { moneyFixed } from '../../../core/format/amounts.ts';
import type { Executor, Tx } from '../../db/client.ts';
import { depreciationLine, depreciationRun, voucher, voucherLine } from '../../db/schema/index.ts';
import type { CrudContext } from '../../platform/crud/index.ts';
import { endpoints } from '../../platform/endpoint.ts';
import { writeOperationLog } from '../../platform/logs.ts';
import { badRequest } from '../../platform/r.ts';
import { effectiveDept } from '../../platform/scope.ts';
import { formatDateTime } from '../../platform/time.ts';
import { type Book, type BookChart, bookOf, fullNameOf, loadBookChart } from './book.ts';
import { generatedWord } from './closing.ts';
import {
  bookedLines,
  cardState,
  liveCards,
  openPeriod,
  parseWorkloads,
  periodName,
  sumOf,
} from './fixed-asset-service.ts';
import { saveVoucherTx } from './vouchers.ts';

// ---------------------------------------------------------------- depreciation runs

/** The month's lines of every live card (preview and generate read the same). */
export async function computeRun(ex: Executor, book: Book, period: string, workloads: Record<string, string>) {
  const cards = await liveCards(ex, book.id);
  const booked = await bookedLines(ex, book.id);
  const lines: DeprPreviewLine[] = cards.map((c) => {
    const mine = booked.get(c.id) ?? [];
    const w = c.method === 'workload' ? (workloads[c.id] ?? null) : null;
    const r = monthDepreciation(cardState(c), period, mine, w);
    return {
      assetId: c.id,
      code: c.code,
      name: c.name,
      method: c.method,
      cost: c.cost,
      accumulated: moneyFixed(sumOf(mine.filter((b) => b.period !== period)).plus(dec(c.openingAccumulated))),
      amount: moneyFixed(r.amount),
      workload: w,
      accumAccount: c.accumAccount,
      expenseAccount: c.expenseAccount,
      note: r.note,
    };
  });
  return lines;
}

export function runVoucherLines(bc: BookChart, period: string, lines: DeprPreviewLine[]) {
  const summary = `计提${periodName(period)}固定资产折旧`;
  const debit = new Map<string, Decimal>();
  const credit = new Map<string, Decimal>();
  for (const l of lines) {
    if (dec(l.amount).isZero()) continue;
    debit.set(l.expenseAccount, (debit.get(l.expenseAccount) ?? ZERO).plus(dec(l.amount)));
    credit.set(l.accumAccount, (credit.get(l.accumAccount) ?? ZERO).plus(dec(l.amount)));
  }
  const name = (code: string) => (bc.chart.byCode.has(code) ? fullNameOf(bc.chart, code) : code);
  return [
    ...[...debit].map(([code, v]) => ({
      summary,
      accountCode: code,
      accountName: name(code),
      debit: moneyFixed(v),
      credit: '0.00',
    })),
    ...[...credit].map(([code, v]) => ({
      summary,
      accountCode: code,
      accountName: name(code),
      debit: '0.00',
      credit: moneyFixed(v),
    })),
  ];
}

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

export function registerDepreciation(app: FastifyInstance, ctx: CrudContext): void {
  const { db, tz } = ctx;
  const r = endpoints(app, db);

  // ------------------------------------------------ depreciation

  r.handle(FIXED_ASSETS.preview, async ({ req, query }) => {
    const c = bookOf(req);
    const q = query;
    const workloads = parseWorkloads(query.workloads);
    const lines = await computeRun(db, c.book, q.period, workloads);
    const bc = await loadBookChart(db, c.book);
    const [run] = await liveRuns(db, c.book, tz, q.period);
    const answer: DeprPreview = {
      period: q.period,
      run: run ?? null,
      lines,
      total: moneyFixed(lines.reduce((s, l) => s.plus(dec(l.amount)), ZERO)),
      voucherLines: runVoucherLines(bc, q.period, lines),
    };
    return answer;
  });

  r.handle(FIXED_ASSETS.runs, async ({ req }) => {
    const c = bookOf(req);
    return liveRuns(db, c.book, tz);
  });

  r.handle(FIXED_ASSETS.generate, async ({ req, body }) => {
    const c = bookOf(req);
    const write = db.transaction(async (tx) => {
      await openPeriod(tx, c.book, body.period, '计提期间');
      await retireStaleRuns(tx, c.book.id);
      const runs = await liveRuns(tx, c.book, tz);
      const same = runs.find((r) => r.period === body.period);
      if (same) throw badRequest(`${body.period} 已计提折旧（凭证 ${same.voucherNo}），不能重复计提`);
      const later = runs.find((r) => r.period > body.period);
      if (later) throw badRequest(`已计提 ${later.period} 的折旧，不能再计提更早的期间 ${body.period}`);
      const lines = (await computeRun(tx, c.book, body.period, body.workloads)).filter((l) => !dec(l.amount).isZero());
      if (lines.length === 0) throw badRequest(`${body.period} 没有需要计提折旧的资产`);
      const bc = await loadBookChart(tx, c.book);
      const vLines = runVoucherLines(bc, body.period, lines);
      const word = await generatedWord(tx, c.book.id);
      const voucherId = await saveVoucherTx(
        tx,
        c,
        {
          word,
          voucherDate: lastDay(body.period),
          attachments: 0,
          remark: '固定资产折旧',
          lines: vLines.map((l) => ({
            summary: l.summary,
            accountCode: l.accountCode,
            aux: undefined,
            debit: l.debit === '0.00' ? undefined : l.debit,
            credit: l.credit === '0.00' ? undefined : l.credit,
            quantity: undefined,
            unitPrice: undefined,
          })),
        },
        { kind: 'depreciation' },
      );
      const total = moneyFixed(lines.reduce((s, l) => s.plus(dec(l.amount)), ZERO));
      const [run] = await tx
        .insert(depreciationRun)
        .values({
          tenantId: c.user.tenantId,
          accountSetId: c.book.id,
          period: body.period,
          voucherId,
          total,
          assetCount: lines.length,
          createUser: c.user.userId,
          createDept: effectiveDept(c.user),
          updateUser: c.user.userId,
        })
        .returning({ id: depreciationRun.id });
      await tx.insert(depreciationLine).values(
        lines.map((l) => ({
          tenantId: c.user.tenantId,
          accountSetId: c.book.id,
          runId: run.id,
          assetId: l.assetId,
          period: body.period,
          amount: l.amount,
          workload: l.workload,
          accumAccount: l.accumAccount,
          expenseAccount: l.expenseAccount,
        })),
      );
      await writeOperationLog(tx, req, `计提折旧 ${body.period}`, { total: [null, total] });
    });
    // two runs of one period at once: the partial unique index refuses the second (PostgreSQL 23505)
    await write.catch((e: unknown) => {
      const code =
        (e as { code?: string; cause?: { code?: string } })?.code ?? (e as { cause?: { code?: string } })?.cause?.code;
      if (code === '23505') throw badRequest(`${body.period} 已计提折旧，不能重复计提`);
      throw e;
    });
    const [run] = await liveRuns(db, c.book, tz, body.period);
    return run;
  });

  r.handle(FIXED_ASSETS.undo, async ({ req, body }) => {
    const c = bookOf(req);
    await db.transaction(async (tx) => {
      await openPeriod(tx, c.book, body.period, '计提期间');
      const [run] = await liveRuns(tx, c.book, tz, body.period);
      if (!run) throw badRequest(`${body.period} 没有已计提的折旧`);
      const later = (await liveRuns(tx, c.book, tz)).find((r) => r.period > body.period);
      if (later) throw badRequest(`请先撤销 ${later.period} 的折旧`);
      const [v] = await tx.select().from(voucher).where(eq(voucher.id, run.voucherId)).for('update');
      const block = editBlock({
        status: v.state as VoucherStatus,
        createdBy: v.createUser ?? '',
        periodClosed: false,
      });
      if (block) throw badRequest(`折旧凭证 ${run.voucherNo}：${block}`);
      await tx
        .update(voucher)
        .set({ isDeleted: 1, updateUser: c.user.userId, updateTime: new Date() })
        .where(eq(voucher.id, v.id));
      await tx.update(voucherLine).set({ isDeleted: 1 }).where(eq(voucherLine.voucherId, v.id));
      await tx.update(depreciationRun).set({ isDeleted: 1 }).where(eq(depreciationRun.id, run.id));
      await tx.update(depreciationLine).set({ isDeleted: 1 }).where(eq(depreciationLine.runId, run.id));
      await writeOperationLog(tx, req, `撤销计提折旧 ${body.period}`, { voucher: [run.voucherNo, null] });
    });
    return null;
  });
}
