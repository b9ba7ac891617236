/**
 * Saving a voucher (split from vouchers.ts, which re-exports it and states the guarantees): the book lock, the
 * open-period check, the number drawn from the counter row, and `saveVoucherTx` (validation before any write).
 */
import { and, eq, getTableColumns, sql } from 'drizzle-orm';
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
import { columnList, mapColumns, rawArrays, rawQuery, rows, type Tx } from '../../db/client.ts';
import { accountSet, voucher, voucherCounter, voucherLine } from '../../db/schema/index.ts';
import { operationLogInsert, operationLogValues } from '../../platform/logs.ts';
import { badRequest } from '../../platform/r.ts';
import { effectiveDept } from '../../platform/scope.ts';
import {
  auxKeyOf,
  auxSettingNames,
  type BookChart,
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

/** `readForSave`'s statement: constant text, a named prepared statement on PostgreSQL (issue 25). */
const READ_FOR_SAVE = `select b.closed_through, b.start_period,
    (select v.version::text from izs_fin_chart_version v where v.account_set_id = b.id) as chart_version,
    coalesce((select json_agg(json_build_object('id', d.id::text, 'name', d.name, 'source', d.source,
                                                'status', d.status))
                from izs_fin_dimension d where d.account_set_id = b.id and d.is_deleted = 0), '[]') as dims,
    coalesce((select json_agg(json_build_object('id', i.id::text, 'dimensionId', i.dimension_id::text,
                                                'code', i.code, 'name', i.name, 'status', i.status))
                from izs_fin_dimension_data i
               where i.account_set_id = b.id and i.is_deleted = 0 and i.id = any($2::bigint[])), '[]') as items,
    coalesce((select json_agg(json_build_object('word', w.word, 'name', w.name, 'restriction', w.restriction,
                                                'codes', w.codes) order by w.sort)
                from izs_fin_voucher_word w
               where w.account_set_id = b.id and w.is_deleted = 0 and w.status = 1), '[]') as words,
    (select u.real_name from blade_user u where u.id = $3::bigint) as user_name
  from izs_fin_account_set b where b.id = $1::bigint for share of b`;

/**
 * What a voucher save reads before it writes, in ONE statement (issue 25: these were six round trips, a third of a
 * save): the book locked FOR SHARE with its close state (as `lockBook`), the chart version, the dimensions, the
 * items named by the lines, the enabled voucher words and the caller's name (the answer names the author).
 */
async function readForSave(tx: Tx, bookId: string, itemIds: string[], userId: string) {
  const [r] = await rawQuery<{
    closed_through: string;
    start_period: string;
    chart_version: string | null;
    dims: DimensionInfo[];
    items: ItemInfo[];
    words: { word: string; name: string; restriction: string; codes: string }[];
    user_name: string | null;
  }>(tx, 'fin_voucher_save_read', READ_FOR_SAVE, [bookId, itemIds, userId]);
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
    refuseEdit(prev, state);
  }
  const kind = prev ? (prev.kind as SaveOptions['kind']) : (opts.kind ?? 'manual');
  const carryForward = opts.carryForward ?? kind === 'carryForward';

  const bc = await loadBookChart(tx, book, { version: read.chartVersion });
  const { dims, items, words } = read;
  checkForm(form, bc, dims, items, words);

  const debitTotal = moneyFixed(form.lines.reduce((s, l) => s.plus(dec(l.debit)), dec(0)));
  const creditTotal = moneyFixed(form.lines.reduce((s, l) => s.plus(dec(l.credit)), dec(0)));
  const lineRows = lineRowsOf(form, c, period, carryForward);
  if (!prev) {
    const written = await insertVoucher(tx, c, {
      period,
      form,
      kind: kind ?? 'manual',
      sourceVoucherId: opts.sourceVoucherId ?? null,
      debitTotal,
      creditTotal,
      lineRows,
    });
    return { ...written, bc, dims, items, userName: read.userName };
  }
  // an edit that moves the voucher to another period or word draws a new number in the statement that updates it
  // (the counter row's upsert as a CTE, locked until the transaction ends, so numbering stays gapless)
  const keepsNo = prev.period === period && prev.word === form.word;
  const counter = tx.$with('drawn', { last: sql<number>`last` }).as(drawNumberSql(book.id, period, form.word));
  const header = {
    period,
    word: form.word,
    no: keepsNo ? prev.no : sql<number>`(select last from drawn)`,
    voucherDate: form.voucherDate,
    attachments: form.attachments,
    debitTotal,
    creditTotal,
    summary: form.lines[0]?.summary ?? '',
    remark: form.remark,
    updateUser: user.userId,
    updateTime: new Date(),
  };
  const [row] = await (keepsNo ? tx : tx.with(counter))
    .update(voucher)
    .set(header)
    .where(eq(voucher.id, prev.id))
    .returning();
  await tx.delete(voucherLine).where(eq(voucherLine.voucherId, prev.id));
  const label = formatVoucherNo(form.word, row.no);
  // the operation log row goes with the lines, as a CTE of their insert (one round trip less; same transaction)
  const oplog = tx.$with('oplog', { id: sql<string>`id` }).as(
    sql`${operationLogInsert(tx, c.req, `修改凭证 ${label}`, {
      voucherNo: [formatVoucherNo(prev.word, prev.no), label],
      voucherDate: [prev.voucherDate, form.voucherDate],
      debitTotal: [prev.debitTotal, debitTotal],
    }).getSQL()} returning id`,
  );
  const lines = await tx
    .with(oplog)
    .insert(voucherLine)
    .values(lineRows.map((l) => ({ ...l, voucherId: row.id })))
    .returning();
  return { row, lines, bc, dims, items, userName: read.userName };
}

/** An edit is refused as core editBlock says, and on a 计提折旧 voucher (no statement: checks on the locked row). */
function refuseEdit(prev: VoucherRow, state: { closedThrough: string }) {
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

/**
 * The form against what the save read (no statement): each line's account enabled, its 辅助核算 and 数量核算 as the
 * account says, then core validateVoucher (balance, word restrictions …); throws the first problem.
 */
function checkForm(
  form: VoucherFormValues,
  bc: BookChart,
  dims: Map<string, DimensionInfo>,
  items: Map<string, ItemInfo>,
  words: CoreWord[],
) {
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
}

/** The line rows to write (no statement): numbered from 1, empty aux values dropped, amounts fixed to fen. */
function lineRowsOf(form: VoucherFormValues, c: BookCtx, period: string, carryForward: boolean) {
  const { book, user } = c;
  return form.lines.map((l, i) => {
    const aux = l.aux ? Object.fromEntries(Object.entries(l.aux).filter(([, v]) => v)) : {};
    return {
      tenantId: user.tenantId,
      accountSetId: book.id,
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
  });
}

/**
 * A new voucher in ONE statement (issue 25), constant text (a named prepared statement on PostgreSQL, never built by
 * Drizzle): its number drawn by the counter row's upsert (locked until the transaction ends, and rolled back with
 * it, so numbering stays gapless), the voucher, its lines (one array per column, unnested in order: any number of
 * lines, one text) and the operation log row. Answers the voucher's row and its lines' rows, as `returning()` would.
 */
const INSERT_VOUCHER = `with drawn as (
    insert into izs_fin_voucher_counter (account_set_id, period, word, last)
    values ($1::bigint, $2::varchar, $3::varchar, 1)
    on conflict (account_set_id, period, word) do update set last = izs_fin_voucher_counter.last + 1
    returning last),
  v as (
    insert into izs_fin_voucher (tenant_id, dept_id, account_set_id, period, word, no, voucher_date, attachments, state,
      kind, debit_total, credit_total, summary, remark, source_voucher_id, create_user, create_dept, update_user,
      update_time)
    select $4::varchar, $5::bigint, $1::bigint, $2::varchar, $3::varchar, drawn.last, $6::varchar, $7::int, 'saved',
      $8::varchar, $9::numeric, $10::numeric, $11::varchar, $12::varchar, $13::bigint, $14::bigint, $15::bigint,
      $14::bigint, $16::timestamptz
      from drawn
    returning *),
  l as (
    insert into izs_fin_voucher_line (tenant_id, account_set_id, voucher_id, line_no, period, summary, account_code,
      aux, aux_key, debit, credit, quantity, unit_price, carry_forward, posted)
    select $4::varchar, $1::bigint, v.id, u.n::int, $2::varchar, u.summary, u.account_code, u.aux::jsonb, u.aux_key,
      u.debit, u.credit, u.quantity, u.unit_price, $17::int, 0
      from v cross join unnest($18::varchar[], $19::varchar[], $20::text[], $21::varchar[], $22::numeric[],
        $23::numeric[], $24::numeric[], $25::numeric[])
        with ordinality as u(summary, account_code, aux, aux_key, debit, credit, quantity, unit_price, n)
    returning *),
  log as (
    insert into blade_log_operation (tenant_id, title, service_id, request_uri, method, params, modify_params,
      create_by, remote_ip)
    select $26::varchar, $27::varchar || v.word || '-' || v.no, $28::varchar, $29::varchar, $30::varchar, $31::text,
      jsonb_build_object('voucherNo', jsonb_build_array(null, v.word || '-' || v.no),
                         'debitTotal', jsonb_build_array(null, $32::text)),
      $33::bigint, $34::varchar
      from v)
  select ${columnList(voucher, 'v')}, ${columnList(voucherLine, 'l')} from v cross join l order by l.line_no`;
const VOUCHER_COLUMNS = Object.keys(getTableColumns(voucher)).length;

type LineValues = Omit<typeof voucherLine.$inferInsert, 'voucherId'>;

async function insertVoucher(
  tx: Tx,
  c: BookCtx,
  v: {
    period: string;
    form: VoucherFormValues;
    kind: NonNullable<SaveOptions['kind']>;
    sourceVoucherId: string | null;
    debitTotal: string;
    creditTotal: string;
    lineRows: LineValues[];
  },
): Promise<{ row: VoucherRow; lines: (typeof voucherLine.$inferSelect)[] }> {
  const { book, user } = c;
  const { form, lineRows } = v;
  const col = <K extends keyof LineValues>(k: K) => lineRows.map((l) => l[k] ?? null);
  // the log row as operationLogInsert writes it: title 新增凭证 记-12 and { voucherNo: [null, 记-12], debitTotal: [null,
  // total] }, the number (formatVoucherNo: word-no) joined in the statement, which draws it
  const log = operationLogValues(c.req, '新增凭证 ');
  const out = await rawArrays(tx, 'fin_voucher_insert', INSERT_VOUCHER, [
    book.id,
    v.period,
    form.word,
    user.tenantId,
    book.deptId,
    form.voucherDate,
    form.attachments,
    v.kind,
    v.debitTotal,
    v.creditTotal,
    form.lines[0]?.summary ?? '',
    form.remark ?? '',
    v.sourceVoucherId,
    user.userId,
    effectiveDept(user),
    new Date().toISOString(),
    lineRows[0]?.carryForward ?? 0,
    col('summary'),
    col('accountCode'),
    lineRows.map((l) => (l.aux ? JSON.stringify(l.aux) : null)),
    col('auxKey'),
    col('debit'),
    col('credit'),
    col('quantity'),
    col('unitPrice'),
    log.tenantId,
    log.title,
    log.serviceId,
    log.requestUri,
    log.method,
    log.params,
    v.debitTotal,
    log.createBy,
    log.remoteIp,
  ]);
  if (out.length === 0) throw new Error('voucher insert answered no row');
  return {
    row: mapColumns(voucher, out[0]),
    lines: out.map((r) => mapColumns(voucherLine, r, VOUCHER_COLUMNS)),
  };
}
