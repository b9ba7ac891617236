/**
 * Saving a voucher (split from vouchers.ts, which re-exports it and states the guarantees): the book lock, the
 * open-period check, the number drawn from the counter row, and `saveVoucherTx` (validation before any write).
 */
import { and, eq, sql } from 'drizzle-orm';
import {
  type VoucherWord as CoreWord,
  dec,
  editBlock,
  formatVoucherNo,
  periodOf,
  periodOpenProblem,
  periodRange,
  type VoucherStatus,
  validateVoucher,
  type WordRestriction,
} from '../../../core/accounting/index.ts';
import type { Voucher, voucherForm } from '../../../core/contract/izs-financing/voucher.contract.ts';
import { moneyFixed } from '../../../core/format/amounts.ts';
import { rows, type Tx } from '../../db/client.ts';
import { accountSet, voucher, voucherCounter, voucherLine } from '../../db/schema/index.ts';
import { operationLogInsert } from '../../platform/logs.ts';
import { badRequest } from '../../platform/r.ts';
import { effectiveDept } from '../../platform/scope.ts';
import {
  auxKeyOf,
  auxSettingNames,
  type BookCtx,
  checkAux,
  type DimensionInfo,
  fullNameOf,
  type ItemInfo,
  loadBookChart,
} from './book.ts';
import { buildVoucherEntities, namedUsers, userNames } from './voucher-answers.ts';

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
 * "lock the book, check the period is open" of every write that lands in a period. `{ action }` is a business
 * write (a collection, an invoice …, via business-period.ts `refuseClosedPeriod`): refused only in a closed period,
 * 「2026年10月」已结账，不能在此期间{action}.
 */
export async function lockOpenPeriod(
  tx: Tx,
  bookId: string,
  period: string,
  label: string | { action: string } = '凭证日期所在期间',
) {
  const state = await lockBook(tx, bookId, 'share');
  if (typeof label !== 'string') {
    // a business write (收款, 付款, 发票 …): only a closed period refuses it (before the book's start nothing is booked)
    if (closedPeriodsOf(state.startPeriod, state.closedThrough).includes(period)) {
      const [y, m] = period.split('-');
      throw badRequest(`「${y}年${Number(m)}月」已结账，不能在此期间${label.action}`);
    }
    return state;
  }
  const problem = periodOpenProblem(period, state.startPeriod, closedPeriodsOf(state.startPeriod, state.closedThrough));
  if (problem) throw badRequest(problem.replace('凭证日期所在期间', label));
  return state;
}

/**
 * What a voucher save reads before it writes, in ONE statement (issue 25: these were six round trips, a third of a
 * save): the book locked FOR SHARE with its close state (as `lockBook`), the chart version, the dimensions, the
 * items named by the lines, the enabled voucher words and the caller's name (the answer names the author).
 */
async function readForSave(tx: Tx, bookId: string, itemIds: string[], userId: string) {
  const [r] = await rows<{
    closed_through: string;
    start_period: string;
    chart_version: string | null;
    dims: DimensionInfo[];
    items: ItemInfo[];
    words: { word: string; name: string; restriction: string; codes: string }[];
    user_name: string | null;
  }>(
    tx,
    sql`select b.closed_through, b.start_period,
          (select v.version::text from izs_fin_chart_version v where v.account_set_id = b.id) as chart_version,
          coalesce((select json_agg(json_build_object('id', d.id::text, 'name', d.name, 'source', d.source,
                                                      'status', d.status))
                      from izs_fin_dimension d where d.account_set_id = b.id and d.is_deleted = 0), '[]') as dims,
          coalesce((select json_agg(json_build_object('id', i.id::text, 'dimensionId', i.dimension_id::text,
                                                      'code', i.code, 'name', i.name, 'status', i.status))
                      from izs_fin_dimension_data i
                     where i.account_set_id = b.id and i.is_deleted = 0
                       and i.id = any(${`{${itemIds.join(',')}}`}::bigint[])), '[]') as items,
          coalesce((select json_agg(json_build_object('word', w.word, 'name', w.name, 'restriction', w.restriction,
                                                      'codes', w.codes) order by w.sort)
                      from izs_fin_voucher_word w
                     where w.account_set_id = b.id and w.is_deleted = 0 and w.status = 1), '[]') as words,
          (select u.real_name from blade_user u where u.id = ${userId}) as user_name
        from izs_fin_account_set b where b.id = ${bookId} for share of b`,
  );
  if (!r) throw badRequest('账套不存在');
  const words: CoreWord[] = r.words.map((w) => ({
    word: w.word,
    name: w.name,
    restriction: w.restriction as WordRestriction,
    codes: w.codes ? w.codes.split(',').filter(Boolean) : [],
  }));
  return {
    state: { closedThrough: r.closed_through, startPeriod: r.start_period },
    chartVersion: r.chart_version,
    dims: new Map(r.dims.map((d) => [d.id, d])),
    items: new Map(r.items.map((i) => [i.id, i])),
    words,
    userName: r.user_name,
  };
}

/** The counter upsert drawing the next number of (book, period, word), answering `last`. */
const drawNumberSql = (bookId: string, period: string, word: string) =>
  sql`insert into ${voucherCounter} (account_set_id, period, word, last) values (${bookId}, ${period}, ${word}, 1)
      on conflict (account_set_id, period, word) do update set last = ${voucherCounter}.last + 1
      returning last`;

/** Next number of (book, period, word); the counter row stays locked until the transaction ends. */
export async function drawNumber(tx: Tx, bookId: string, period: string, word: string): Promise<number> {
  const [r] = await rows<{ last: number }>(tx, drawNumberSql(bookId, period, word));
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
  return (await writeVoucher(tx, c, form, opts)).row.id;
}

/**
 * saveVoucherTx answering the voucher as the API shows it, built from the rows just written and the chart,
 * dimensions and items the checks loaded: reading them all back after the commit was six more round trips, a
 * third of a save (issue 25).
 */
export async function saveVoucherAnswerTx(
  tx: Tx,
  c: BookCtx,
  form: VoucherFormValues,
  opts: SaveOptions,
  tz: string,
): Promise<Voucher> {
  const w = await writeVoucher(tx, c, form, opts);
  const named = namedUsers([w.row]);
  const names =
    w.userName !== null && named.every((id) => id === c.user.userId)
      ? new Map(named.map((id) => [id, w.userName as string]))
      : await userNames(tx, named);
  const lines = [...w.lines].sort((a, b) => a.lineNo - b.lineNo);
  return buildVoucherEntities([w.row], { lines, bc: w.bc, dims: w.dims, items: w.items, names }, tz)[0];
}

async function writeVoucher(tx: Tx, c: BookCtx, form: VoucherFormValues, opts: SaveOptions) {
  const { book, user } = c;
  const period = periodOf(form.voucherDate);
  // the book locked FOR SHARE and everything the checks need, in one round trip
  const read = await readForSave(
    tx,
    book.id,
    [...new Set(form.lines.flatMap((l) => Object.values(l.aux ?? {})))].filter((id) => /^[1-9]\d{0,18}$/.test(id)),
    user.userId,
  );
  const state = read.state;
  const problem = periodOpenProblem(period, state.startPeriod, closedPeriodsOf(state.startPeriod, state.closedThrough));
  if (problem) throw badRequest(problem);

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

  const bc = await loadBookChart(tx, book, { version: read.chartVersion });
  const { dims, items, words } = read;
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

  const debitTotal = moneyFixed(form.lines.reduce((s, l) => s.plus(dec(l.debit)), dec(0)));
  const creditTotal = moneyFixed(form.lines.reduce((s, l) => s.plus(dec(l.credit)), dec(0)));
  // a new number (a new voucher, or an edit that moves it to another period or word) is drawn in the statement
  // that writes the voucher (issue 25: one round trip less): the counter row's upsert as a CTE, locked as before
  // until the transaction ends, so numbering stays gapless (a refused save rolls the counter back with it)
  const keepsNo = !!prev && prev.period === period && prev.word === form.word;
  const counter = tx.$with('drawn', { last: sql<number>`last` }).as(drawNumberSql(book.id, period, form.word));
  const header = {
    period,
    word: form.word,
    no: keepsNo && prev ? prev.no : sql<number>`(select last from drawn)`,
    voucherDate: form.voucherDate,
    attachments: form.attachments,
    debitTotal,
    creditTotal,
    summary: form.lines[0]?.summary ?? '',
    remark: form.remark,
    updateUser: user.userId,
    updateTime: new Date(),
  };
  let row: VoucherRow;
  if (prev) {
    [row] = await (keepsNo ? tx : tx.with(counter))
      .update(voucher)
      .set(header)
      .where(eq(voucher.id, prev.id))
      .returning();
    await tx.delete(voucherLine).where(eq(voucherLine.voucherId, prev.id));
  } else {
    [row] = await tx
      .with(counter)
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
        createDept: effectiveDept(user),
      })
      .returning();
  }
  const id = row.id;
  const no = row.no;
  const label = formatVoucherNo(form.word, no);
  // the operation log row goes with the lines, as a CTE of their insert (one round trip less; same transaction)
  const oplog = tx.$with('oplog', { id: sql<string>`id` }).as(
    sql`${operationLogInsert(
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
    ).getSQL()} returning id`,
  );
  const lines = await tx
    .with(oplog)
    .insert(voucherLine)
    .values(
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
          debit: moneyFixed(dec(l.debit)),
          credit: moneyFixed(dec(l.credit)),
          quantity: l.quantity ?? null,
          unitPrice: l.unitPrice ?? null,
          carryForward: carryForward ? 1 : 0,
          posted: 0,
        };
      }),
    )
    .returning();
  return { row, lines, bc, dims, items, userName: read.userName };
}
