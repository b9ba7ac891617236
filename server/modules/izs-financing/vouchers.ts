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

import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  dec,
  editBlock,
  formatVoucherNo,
  periodOf,
  periodOpenProblem,
  periodRange,
  reviewBlock,
  toCapital,
  unreviewBlock,
  type VoucherStatus,
  validateVoucher,
} from '../../../core/accounting/index.ts';
import type { Voucher, VoucherLine, voucherForm } from '../../../core/contract/izs-financing/voucher.contract.ts';
import { type Db, type Executor, rows, type Tx } from '../../db/client.ts';
import { accountSet, user as userTable, voucher, voucherCounter, voucherLine } from '../../db/schema/index.ts';
import type { CrudContext } from '../../platform/crud/index.ts';
import { writeOperationLog } from '../../platform/logs.ts';
import { badRequest, forbidden } from '../../platform/r.ts';
import { formatDateTime } from '../../platform/time.ts';
import {
  auxKeyOf,
  auxSettingNames,
  type Book,
  type BookCtx,
  byId,
  checkAux,
  fullNameOf,
  loadBookChart,
  loadDimensions,
  loadItems,
} from './book.ts';
import { registerVoucherCollect } from './voucher-collect.ts';
import { registerVoucherRoutes } from './voucher-routes.ts';
import { registerVoucherStates } from './voucher-states.ts';
import { loadWords } from './voucher-words.ts';

export type VoucherRow = typeof voucher.$inferSelect;
export type VoucherFormValues = ReturnType<typeof voucherForm.parse>;

export interface SaveOptions {
  /** update this voucher */
  id?: string;
  /** business / costCarry: generated from stock documents (business-vouchers.ts, business-reports.ts) */
  kind?: 'manual' | 'carryForward' | 'yearEnd' | 'reversal' | 'business' | 'costCarry' | 'depreciation' | 'asset';
  /** flag every line as 结转损益 (left out of the income statement) */
  carryForward?: boolean;
  sourceVoucherId?: string;
}

/** Closed periods of a book as the core functions want them (a prefix from the start period). */
export const closedPeriodsOf = (startPeriod: string, closedThrough: string) =>
  closedThrough ? periodRange(startPeriod, closedThrough) : [];

/** Locks the book row (FOR SHARE for voucher writes, FOR UPDATE for close / reopen) and answers its close state. */
export async function lockBook(tx: Tx, bookId: string, mode: 'share' | 'update') {
  const [b] = await tx
    .select({ closedThrough: accountSet.closedThrough, startPeriod: accountSet.startPeriod })
    .from(accountSet)
    .where(eq(accountSet.id, bookId))
    .for(mode);
  if (!b) throw badRequest('账套不存在');
  return b;
}

/**
 * Locks the book (FOR SHARE: closing holds it FOR UPDATE) and refuses a period that is before the book's start or
 * closed; `label` names the period in the refusal (凭证日期所在期间 for a voucher, 期间 for a run). The one
 * "lock the book, check the period is open" of every write that lands in a period.
 */
export async function lockOpenPeriod(tx: Tx, bookId: string, period: string, label = '凭证日期所在期间') {
  const state = await lockBook(tx, bookId, 'share');
  const problem = periodOpenProblem(period, state.startPeriod, closedPeriodsOf(state.startPeriod, state.closedThrough));
  if (problem) throw badRequest(problem.replace('凭证日期所在期间', label));
  return state;
}

/** Next number of (book, period, word); the counter row stays locked until the transaction ends. */
export async function drawNumber(tx: Tx, bookId: string, period: string, word: string): Promise<number> {
  const [r] = await rows<{ last: number }>(
    tx,
    sql`insert into ${voucherCounter} (account_set_id, period, word, last) values (${bookId}, ${period}, ${word}, 1)
        on conflict (account_set_id, period, word) do update set last = ${voucherCounter}.last + 1
        returning last`,
  );
  return Number(r.last);
}

/**
 * Validates and writes a voucher inside `tx`; answers its id. Throws 400 with the first problem before writing.
 */
export async function saveVoucherTx(
  tx: Tx,
  c: BookCtx,
  form: VoucherFormValues,
  opts: SaveOptions = {},
): Promise<string> {
  const { book, user } = c;
  const period = periodOf(form.voucherDate);
  const state = await lockOpenPeriod(tx, book.id, period);

  let prev: VoucherRow | undefined;
  if (opts.id) {
    [prev] = await tx
      .select()
      .from(voucher)
      .where(and(eq(voucher.id, opts.id), eq(voucher.accountSetId, book.id), eq(voucher.isDeleted, 0)))
      .for('update');
    if (!prev) throw badRequest('凭证不存在');
    const block = editBlock({
      status: prev.state as VoucherStatus,
      createdBy: prev.createUser ?? '',
      periodClosed: !!state.closedThrough && prev.period <= state.closedThrough,
    });
    if (block) throw badRequest(block);
    // its lines are the run's per-asset amounts, which the asset cards and the subsidiary book read: changed only by
    // undoing the run (or deleting the voucher, which retires the run) and running it again
    if (prev.kind === 'depreciation') {
      throw badRequest(`${formatVoucherNo(prev.word, prev.no)} 由计提折旧生成，不能修改；请撤销计提后重新计提`);
    }
  }
  const kind = prev ? (prev.kind as SaveOptions['kind']) : (opts.kind ?? 'manual');
  const carryForward = opts.carryForward ?? kind === 'carryForward';

  const bc = await loadBookChart(tx, book);
  const dims = await loadDimensions(tx, book.id);
  const items = await loadItems(
    tx,
    book.id,
    form.lines.flatMap((l) => Object.values(l.aux ?? {})),
  );
  const words = await loadWords(tx, book.id);
  const settings: Record<string, { auxiliary: string[]; quantity: boolean }> = {};
  const coreLines = form.lines.map((l, i) => {
    const where = `第 ${i + 1} 行：`;
    const row = bc.rows.get(l.accountCode);
    let aux: Record<string, string> = {};
    if (row) {
      if (row.status !== 1) throw badRequest(`${where}科目 ${row.code} ${fullNameOf(bc.chart, row.code)} 已停用`);
      aux = checkAux(where, row, l.aux, dims, items);
      settings[row.code] = { auxiliary: auxSettingNames(row, dims), quantity: row.quantity === 1 };
      if (row.quantity !== 1 && (l.quantity !== undefined || l.unitPrice !== undefined)) {
        throw badRequest(
          `${where}科目 ${row.code} ${fullNameOf(bc.chart, row.code)} 未启用数量核算，不能填写数量和单价`,
        );
      }
    }
    return {
      summary: l.summary,
      code: l.accountCode,
      debit: l.debit,
      credit: l.credit,
      aux,
      quantity: l.quantity,
      unitPrice: l.unitPrice,
    };
  });
  const problems = validateVoucher(
    { word: form.word, date: form.voucherDate, lines: coreLines },
    { chart: bc.chart, settings, words },
  );
  if (problems.length > 0) throw badRequest(problems[0].msg);

  const debitTotal = form.lines.reduce((s, l) => s.plus(dec(l.debit)), dec(0)).toFixed(2);
  const creditTotal = form.lines.reduce((s, l) => s.plus(dec(l.credit)), dec(0)).toFixed(2);
  const no =
    prev && prev.period === period && prev.word === form.word
      ? prev.no
      : await drawNumber(tx, book.id, period, form.word);
  const header = {
    period,
    word: form.word,
    no,
    voucherDate: form.voucherDate,
    attachments: form.attachments,
    debitTotal,
    creditTotal,
    summary: form.lines[0]?.summary ?? '',
    remark: form.remark,
    updateUser: user.userId,
    updateTime: new Date(),
  };
  let id: string;
  if (prev) {
    await tx.update(voucher).set(header).where(eq(voucher.id, prev.id));
    await tx.delete(voucherLine).where(eq(voucherLine.voucherId, prev.id));
    id = prev.id;
  } else {
    const [v] = await tx
      .insert(voucher)
      .values({
        ...header,
        tenantId: user.tenantId,
        deptId: book.deptId,
        accountSetId: book.id,
        kind,
        state: 'saved',
        sourceVoucherId: opts.sourceVoucherId ?? null,
        createUser: user.userId,
        createDept: user.currentDeptId,
      })
      .returning({ id: voucher.id });
    id = v.id;
  }
  await tx.insert(voucherLine).values(
    form.lines.map((l, i) => {
      const aux = l.aux ? Object.fromEntries(Object.entries(l.aux).filter(([, v]) => v)) : {};
      return {
        tenantId: user.tenantId,
        accountSetId: book.id,
        voucherId: id,
        lineNo: i + 1,
        period,
        summary: l.summary,
        accountCode: l.accountCode,
        aux: Object.keys(aux).length ? aux : null,
        auxKey: auxKeyOf(aux),
        debit: dec(l.debit).toFixed(2),
        credit: dec(l.credit).toFixed(2),
        quantity: l.quantity ?? null,
        unitPrice: l.unitPrice ?? null,
        carryForward: carryForward ? 1 : 0,
        posted: 0,
      };
    }),
  );
  const label = formatVoucherNo(form.word, no);
  await writeOperationLog(
    tx,
    c.req,
    prev ? `修改凭证 ${label}` : `新增凭证 ${label}`,
    prev
      ? {
          voucherNo: [formatVoucherNo(prev.word, prev.no), label],
          voucherDate: [prev.voucherDate, form.voucherDate],
          debitTotal: [prev.debitTotal, debitTotal],
        }
      : { voucherNo: [null, label], debitTotal: [null, debitTotal] },
  );
  return id;
}

/** Voucher rows with their lines, user names and labels, as the API answers them. */
export async function voucherEntities(ex: Executor, book: Book, list: VoucherRow[], tz: string): Promise<Voucher[]> {
  if (list.length === 0) return [];
  const ids = list.map((v) => v.id);
  const lines = await ex
    .select()
    .from(voucherLine)
    .where(and(inArray(voucherLine.voucherId, ids), eq(voucherLine.isDeleted, 0)))
    .orderBy(asc(voucherLine.voucherId), asc(voucherLine.lineNo));
  const bc = await loadBookChart(ex, book);
  const dims = await loadDimensions(ex, book.id);
  const userIds = [
    ...new Set(list.flatMap((v) => [v.createUser, v.reviewer, v.poster]).filter((x): x is string => !!x)),
  ];
  const names = new Map(
    userIds.length
      ? (
          await ex
            .select({ id: userTable.id, n: userTable.realName })
            .from(userTable)
            .where(inArray(userTable.id, userIds))
        ).map((u) => [u.id, u.n])
      : [],
  );
  const itemIds = lines.flatMap((l) => Object.values(l.aux ?? {}));
  const items = await loadItems(ex, book.id, itemIds);
  const auxNames = (aux: Record<string, string> | null) =>
    Object.entries(aux ?? {})
      .sort(([a], [b]) => byId(a, b))
      .map(([d, i]) => `${dims.get(d)?.name ?? d}：${items.get(i)?.name ?? i}`);
  const name = (id: string | null) => (id ? (names.get(id) ?? '') : '');
  return list.map((v) => {
    const mine: VoucherLine[] = lines
      .filter((l) => l.voucherId === v.id)
      .map((l) => ({
        id: l.id,
        lineNo: l.lineNo,
        summary: l.summary,
        accountCode: l.accountCode,
        accountName: fullNameOf(bc.chart, l.accountCode),
        aux: l.aux ?? {},
        auxNames: auxNames(l.aux),
        debit: dec(l.debit).toFixed(2),
        credit: dec(l.credit).toFixed(2),
        quantity: l.quantity === null ? null : dec(l.quantity).toFixed(4),
        unitPrice: l.unitPrice === null ? null : dec(l.unitPrice).toFixed(6),
        unit: bc.rows.get(l.accountCode)?.unit ?? '',
        carryForward: l.carryForward,
      }));
    return {
      id: v.id,
      accountSetId: v.accountSetId,
      period: v.period,
      word: v.word,
      no: v.no,
      voucherNo: formatVoucherNo(v.word, v.no),
      voucherDate: v.voucherDate,
      attachments: v.attachments,
      state: v.state as Voucher['state'],
      kind: v.kind,
      debitTotal: dec(v.debitTotal).toFixed(2),
      creditTotal: dec(v.creditTotal).toFixed(2),
      totalCapital: toCapital(v.debitTotal),
      summary: v.summary,
      remark: v.remark,
      createUser: v.createUser,
      createUserName: name(v.createUser),
      createTime: formatDateTime(v.createTime, tz),
      reviewer: v.reviewer,
      reviewerName: name(v.reviewer),
      reviewTime: formatDateTime(v.reviewTime, tz),
      poster: v.poster,
      posterName: name(v.poster),
      postTime: formatDateTime(v.postTime, tz),
      sourceVoucherId: v.sourceVoucherId,
      reversedById: v.reversedById,
      updateTime: formatDateTime(v.updateTime, tz),
      lines: mine,
    };
  });
}

export type Action = 'review' | 'unreview' | 'post' | 'unpost';

/** One live voucher of the book (400 凭证不存在 for another book's or a deleted one). */
export async function loadVoucher(ex: Executor, book: Book, id: string): Promise<VoucherRow> {
  if (!/^[1-9]\d{0,18}$/.test(id)) throw badRequest('凭证不存在');
  const [v] = await ex
    .select()
    .from(voucher)
    .where(and(eq(voucher.id, id), eq(voucher.accountSetId, book.id), eq(voucher.isDeleted, 0)));
  if (!v) throw badRequest('凭证不存在');
  return v;
}

/** The answer of a voucher command: the voucher as the list shows it. */
export async function voucherAnswer(db: Db, book: Book, id: string, tz: string): Promise<Voucher> {
  return (await voucherEntities(db, book, [await loadVoucher(db, book, id)], tz))[0];
}

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
