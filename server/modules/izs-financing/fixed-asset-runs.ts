/** 计提折旧: preview, the live runs, generate (one voucher 借 折旧费用 / 贷 累计折旧) and undo. Queries: fixed-asset-runs-repository.ts. */

import type { FastifyInstance, FastifyRequest } from 'fastify';
import { monthDepreciation } from '../../../core/accounting/asset-card.ts';
import { type Decimal, dec, editBlock, lastDay, type VoucherStatus, ZERO } from '../../../core/accounting/index.ts';
import {
  type DeprPreview,
  type DeprPreviewLine,
  FIXED_ASSETS,
} from '../../../core/contract/izs-financing/fixed-assets.contract.ts';
import { moneyFixed } from '../../../core/format/amounts.ts';
import type { Executor, Tx } from '../../db/client.ts';
import type { CrudContext } from '../../platform/crud/index.ts';
import { endpoints, type Handler } from '../../platform/endpoint.ts';
import { writeOperationLog } from '../../platform/logs.ts';
import { badRequest } from '../../platform/r.ts';
import { type Book, type BookChart, type BookCtx, bookOf, fullNameOf, loadBookChart } from './book.ts';
import { generatedWord } from './closing.ts';
import { dropRun, insertRun, liveRuns, lockVoucherRow, retireStaleRuns } from './fixed-asset-runs-repository.ts';
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

export function registerDepreciation(app: FastifyInstance, ctx: CrudContext): void {
  const r = endpoints(app, ctx.db);
  r.handle(FIXED_ASSETS.preview, previewRun(ctx));
  r.handle(FIXED_ASSETS.runs, listRuns(ctx));
  r.handle(FIXED_ASSETS.generate, generateRun(ctx));
  r.handle(FIXED_ASSETS.undo, undoRun(ctx));
}

function previewRun({ db, tz }: CrudContext): Handler<typeof FIXED_ASSETS.preview> {
  return async ({ req, query }) => {
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
  };
}

function listRuns({ db, tz }: CrudContext): Handler<typeof FIXED_ASSETS.runs> {
  return async ({ req }) => {
    const c = bookOf(req);
    return liveRuns(db, c.book, tz);
  };
}

function generateRun({ db, tz }: CrudContext): Handler<typeof FIXED_ASSETS.generate> {
  return async ({ req, body }) => {
    const c = bookOf(req);
    const write = db.transaction((tx) => writeRun(tx, req, c, tz, body));
    // two runs of one period at once: the partial unique index refuses the second (PostgreSQL 23505)
    await write.catch((e: unknown) => {
      const code =
        (e as { code?: string; cause?: { code?: string } })?.code ?? (e as { cause?: { code?: string } })?.cause?.code;
      if (code === '23505') throw badRequest(`${body.period} 已计提折旧，不能重复计提`);
      throw e;
    });
    const [run] = await liveRuns(db, c.book, tz, body.period);
    return run;
  };
}

/** One transaction: open period, stale runs retired, no run of this or a later period, the voucher, the run. */
async function writeRun(
  tx: Tx,
  req: FastifyRequest,
  c: BookCtx,
  tz: string,
  body: { period: string; workloads: Record<string, string> },
) {
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
  await insertRun(tx, c.user, c.book.id, body.period, voucherId, total, lines);
  await writeOperationLog(tx, req, `计提折旧 ${body.period}`, { total: [null, total] });
}

function undoRun({ db, tz }: CrudContext): Handler<typeof FIXED_ASSETS.undo> {
  return async ({ req, body }) => {
    const c = bookOf(req);
    await db.transaction(async (tx) => {
      await openPeriod(tx, c.book, body.period, '计提期间');
      const [run] = await liveRuns(tx, c.book, tz, body.period);
      if (!run) throw badRequest(`${body.period} 没有已计提的折旧`);
      const later = (await liveRuns(tx, c.book, tz)).find((r) => r.period > body.period);
      if (later) throw badRequest(`请先撤销 ${later.period} 的折旧`);
      const v = await lockVoucherRow(tx, run.voucherId);
      const block = editBlock({
        status: v.state as VoucherStatus,
        createdBy: v.createUser ?? '',
        periodClosed: false,
      });
      if (block) throw badRequest(`折旧凭证 ${run.voucherNo}：${block}`);
      await dropRun(tx, c.user, v.id, run.id);
      await writeOperationLog(tx, req, `撤销计提折旧 ${body.period}`, { voucher: [run.voucherNo, null] });
    });
    return null;
  };
}
