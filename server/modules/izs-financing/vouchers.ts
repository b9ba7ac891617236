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
import { and, asc, eq, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  dec,
  editBlock,
  formatVoucherNo,
  periodOf,
  periodOpenProblem,
  periodRange,
  renumber,
  reversalLines,
  reviewBlock,
  toCapital,
  unreviewBlock,
  type VoucherStatus,
  validateVoucher,
} from '../../../core/accounting/index.ts';
import { idListSchema } from '../../../core/contract/common.ts';
import { FIN_PERMISSIONS, idsBody } from '../../../core/contract/izs-financing/fields.ts';
import {
  collectQuery,
  nextNoQuery,
  renumberBody,
  reverseBody,
  VOUCHER_PATHS,
  type Voucher,
  type VoucherCollect,
  type VoucherLine,
  type VoucherNumber,
  voucherForm,
  voucherNumbersQuery,
  voucherQuery,
} from '../../../core/contract/izs-financing/voucher.contract.ts';
import { type Executor, rows, type Tx } from '../../db/client.ts';
import { accountSet, user as userTable, voucher, voucherCounter, voucherLine } from '../../db/schema/index.ts';
import type { CrudContext } from '../../platform/crud/index.ts';
import { writeOperationLog } from '../../platform/logs.ts';
import { parsePaging } from '../../platform/paging.ts';
import { badRequest, forbidden, ok, page } from '../../platform/r.ts';
import { formatDateTime } from '../../platform/time.ts';
import { parse } from '../../platform/validate.ts';
import {
  auxKeyOf,
  auxSettingNames,
  type Book,
  type BookCtx,
  bookOf,
  byId,
  checkAux,
  fullNameOf,
  loadBookChart,
  loadDimensions,
  loadItems,
  need,
  needAnyView,
} from './book.ts';
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

/** The first issue of a voucher form, naming the line (第N行) when it is a line's. */
function parseVoucherForm(body: unknown): VoucherFormValues {
  return parse(voucherForm, body);
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

type Action = 'review' | 'unreview' | 'post' | 'unpost';
const ACTION_TEXT: Record<Action, string> = { review: '审核', unreview: '反审核', post: '过账', unpost: '反过账' };

export function registerVouchers(app: FastifyInstance, ctx: CrudContext): void {
  const { db, tz } = ctx;

  const loadOne = async (ex: Executor, book: Book, id: string) => {
    if (!/^[1-9]\d{0,18}$/.test(id)) throw badRequest('凭证不存在');
    const [v] = await ex
      .select()
      .from(voucher)
      .where(and(eq(voucher.id, id), eq(voucher.accountSetId, book.id), eq(voucher.isDeleted, 0)));
    if (!v) throw badRequest('凭证不存在');
    return v;
  };
  const answer = async (book: Book, id: string) =>
    (await voucherEntities(db, book, [await loadOne(db, book, id)], tz))[0];

  const save = async (req: FastifyRequest, update: boolean | 'auto') => {
    const c = bookOf(req);
    const body = (req.body ?? {}) as Record<string, unknown>;
    const hasId = body.id !== undefined && body.id !== null && body.id !== '' && body.id !== -1 && body.id !== '-1';
    const isUpdate = update === 'auto' ? hasId : update;
    await need(db, c.user, FIN_PERMISSIONS.voucherEntry, isUpdate ? 'edit' : 'add');
    if (isUpdate && !hasId) throw badRequest('缺少必要的请求参数: id');
    const form = parseVoucherForm(body);
    const id = await db.transaction((tx) => saveVoucherTx(tx, c, form, isUpdate ? { id: String(body.id) } : {}));
    return ok(await answer(c.book, id));
  };
  app.post(VOUCHER_PATHS.save, (req) => save(req, false));
  app.post(VOUCHER_PATHS.update, (req) => save(req, true));
  app.post(VOUCHER_PATHS.submit, (req) => save(req, 'auto'));

  app.get(VOUCHER_PATHS.detail, async (req) => {
    const { book, user } = bookOf(req);
    await needAnyView(db, user, [FIN_PERMISSIONS.voucherList, FIN_PERMISSIONS.voucherEntry, FIN_PERMISSIONS.posting]);
    return ok(await answer(book, String((req.query as Record<string, unknown>)?.id ?? '')));
  });

  app.get(VOUCHER_PATHS.numbers, async (req) => {
    const { book, user } = bookOf(req);
    await needAnyView(db, user, [FIN_PERMISSIONS.voucherList, FIN_PERMISSIONS.posting]);
    const q = parse(voucherNumbersQuery, req.query ?? {});
    const list = await db
      .select({ id: voucher.id, word: voucher.word, no: voucher.no, state: voucher.state })
      .from(voucher)
      .where(and(eq(voucher.accountSetId, book.id), eq(voucher.isDeleted, 0), eq(voucher.period, q.period)))
      .orderBy(asc(voucher.word), asc(voucher.no));
    return ok(list as VoucherNumber[]);
  });

  app.get(VOUCHER_PATHS.page, async (req) => {
    const { book, user } = bookOf(req);
    await needAnyView(db, user, [FIN_PERMISSIONS.voucherList, FIN_PERMISSIONS.posting]);
    const raw = (req.query ?? {}) as Record<string, unknown>;
    const q = parse(voucherQuery, Object.fromEntries(Object.entries(raw).filter(([, v]) => v !== '' && v !== '-1')));
    const p = parsePaging(
      raw,
      {
        voucher_date: voucher.voucherDate,
        no: voucher.no,
        period: voucher.period,
        create_time: voucher.createTime,
        debit_total: voucher.debitTotal,
      },
      [asc(voucher.period), asc(voucher.word), asc(voucher.no)],
    );
    const conds: SQL[] = [eq(voucher.accountSetId, book.id), eq(voucher.isDeleted, 0)];
    const periodRe = /^\d{4}-\d{2}$/;
    const dateRe = /^\d{4}-\d{2}-\d{2}$/;
    const amountRe = /^-?\d{1,14}(\.\d{1,2})?$/;
    const check = (v: string | undefined, re: RegExp, label: string) => {
      if (v !== undefined && !re.test(v)) throw badRequest(`${label}格式不正确`);
      return v;
    };
    if (check(q.period, periodRe, '会计期间')) conds.push(eq(voucher.period, q.period!));
    if (check(q.periodFrom, periodRe, '开始期间')) conds.push(gte(voucher.period, q.periodFrom!));
    if (check(q.periodTo, periodRe, '结束期间')) conds.push(lte(voucher.period, q.periodTo!));
    if (check(q.dateFrom, dateRe, '开始日期')) conds.push(gte(voucher.voucherDate, q.dateFrom!));
    if (check(q.dateTo, dateRe, '结束日期')) conds.push(lte(voucher.voucherDate, q.dateTo!));
    if (q.word) conds.push(eq(voucher.word, q.word));
    if (q.state) conds.push(eq(voucher.state, q.state));
    if (q.kind) conds.push(eq(voucher.kind, q.kind));
    if (check(q.amountMin, amountRe, '最小金额')) conds.push(gte(voucher.debitTotal, q.amountMin!));
    if (check(q.amountMax, amountRe, '最大金额')) conds.push(lte(voucher.debitTotal, q.amountMax!));
    const lineConds: SQL[] = [];
    if (q.accountCode) {
      if (!/^\d{4,10}$/.test(q.accountCode)) throw badRequest('科目编码格式不正确');
      lineConds.push(sql`l.account_code like ${`${q.accountCode}%`}`);
    }
    if (q.summary) lineConds.push(sql`l.summary like ${`%${q.summary.replace(/[\\%_]/g, (x) => `\\${x}`)}%`}`);
    if (check(q.amount, amountRe, '金额')) lineConds.push(sql`(l.debit = ${q.amount} or l.credit = ${q.amount})`);
    if (lineConds.length) {
      conds.push(
        sql`exists (select 1 from ${voucherLine} l where l.voucher_id = ${voucher.id} and l.is_deleted = 0 and ${sql.join(lineConds, sql` and `)})`,
      );
    }
    const where = and(...conds);
    const [c] = await db.select({ n: sql<number>`count(*)::int` }).from(voucher).where(where);
    const list = await db
      .select()
      .from(voucher)
      .where(where)
      .orderBy(...p.orderBy, asc(voucher.id))
      .limit(p.size)
      .offset(p.offset);
    return ok(page(await voucherEntities(db, book, list, tz), Number(c?.n ?? 0), p.current, p.size));
  });

  app.get(VOUCHER_PATHS.nextNo, async (req) => {
    const { book, user } = bookOf(req);
    await needAnyView(db, user, [FIN_PERMISSIONS.voucherEntry, FIN_PERMISSIONS.voucherList]);
    const q = parse(nextNoQuery, req.query ?? {});
    const period = periodOf(q.date);
    const [r] = await db
      .select({ last: voucherCounter.last })
      .from(voucherCounter)
      .where(
        and(
          eq(voucherCounter.accountSetId, book.id),
          eq(voucherCounter.period, period),
          eq(voucherCounter.word, q.word),
        ),
      );
    return ok({ period, word: q.word, no: (r?.last ?? 0) + 1 });
  });

  app.post(VOUCHER_PATHS.remove, async (req) => {
    const c = bookOf(req);
    await need(db, c.user, FIN_PERMISSIONS.voucherList, 'delete');
    const q = (req.query ?? {}) as Record<string, unknown>;
    const ids = [...new Set(parse(idListSchema, q.ids ?? (req.body as Record<string, unknown>)?.ids))];
    await db.transaction(async (tx) => {
      const state = await lockBook(tx, c.book.id, 'share');
      const found = await tx
        .select()
        .from(voucher)
        .where(and(inArray(voucher.id, ids), eq(voucher.accountSetId, c.book.id), eq(voucher.isDeleted, 0)))
        .for('update');
      if (found.length !== ids.length) throw badRequest('凭证不存在');
      for (const v of found) {
        const block = editBlock({
          status: v.state as VoucherStatus,
          createdBy: v.createUser ?? '',
          periodClosed: !!state.closedThrough && v.period <= state.closedThrough,
        });
        if (block) throw badRequest(`${formatVoucherNo(v.word, v.no)}：${block}`);
      }
      const now = new Date();
      await tx
        .update(voucher)
        .set({ isDeleted: 1, updateUser: c.user.userId, updateTime: now })
        .where(inArray(voucher.id, ids));
      await tx.update(voucherLine).set({ isDeleted: 1 }).where(inArray(voucherLine.voucherId, ids));
      // a deleted red reversal frees its original
      const sources = found.map((v) => v.sourceVoucherId).filter((x): x is string => !!x);
      if (sources.length) await tx.update(voucher).set({ reversedById: null }).where(inArray(voucher.id, sources));
      await writeOperationLog(tx, req, '删除凭证', {
        vouchers: [found.map((v) => `${v.period} ${formatVoucherNo(v.word, v.no)}`).join(','), null],
      });
    });
    return ok(null);
  });

  const transition = (path: string, action: Action) =>
    app.post(path, async (req) => {
      const c = bookOf(req);
      await need(db, c.user, FIN_PERMISSIONS.posting, 'edit');
      const { ids } = parse(idsBody, req.body ?? {});
      const unique = [...new Set(ids)];
      const done = await db.transaction(async (tx) => {
        const state = await lockBook(tx, c.book.id, 'share');
        const found = await tx
          .select()
          .from(voucher)
          .where(and(inArray(voucher.id, unique), eq(voucher.accountSetId, c.book.id), eq(voucher.isDeleted, 0)))
          .orderBy(asc(voucher.period), asc(voucher.word), asc(voucher.no))
          .for('update');
        if (found.length !== unique.length) throw badRequest('凭证不存在');
        for (const v of found) {
          const block = transitionBlock(c, v, action, !!state.closedThrough && v.period <= state.closedThrough);
          if (block) throw badRequest(`${formatVoucherNo(v.word, v.no)}：${block}`);
        }
        const now = new Date();
        const by = { updateUser: c.user.userId, updateTime: now };
        if (action === 'unpost') {
          // back to reviewed when it was reviewed, else saved
          for (const v of found) {
            await tx
              .update(voucher)
              .set({ state: v.reviewer ? 'reviewed' : 'saved', poster: null, postTime: null, ...by })
              .where(eq(voucher.id, v.id));
          }
        } else {
          const set =
            action === 'review'
              ? { state: 'reviewed', reviewer: c.user.userId, reviewTime: now }
              : action === 'unreview'
                ? { state: 'saved', reviewer: null, reviewTime: null }
                : { state: 'posted', poster: c.user.userId, postTime: now };
          await tx
            .update(voucher)
            .set({ ...set, ...by })
            .where(inArray(voucher.id, unique));
        }
        if (action === 'post' || action === 'unpost') {
          await tx
            .update(voucherLine)
            .set({ posted: action === 'post' ? 1 : 0 })
            .where(inArray(voucherLine.voucherId, unique));
        }
        await writeOperationLog(tx, req, `${ACTION_TEXT[action]}凭证`, {
          vouchers: [null, found.map((v) => `${v.period} ${formatVoucherNo(v.word, v.no)}`).join(',')],
        });
        return found.map((v) => v.id);
      });
      const list = await db
        .select()
        .from(voucher)
        .where(inArray(voucher.id, done))
        .orderBy(asc(voucher.period), asc(voucher.word), asc(voucher.no));
      return ok(await voucherEntities(db, c.book, list, tz));
    });
  transition(VOUCHER_PATHS.review, 'review');
  transition(VOUCHER_PATHS.unreview, 'unreview');
  transition(VOUCHER_PATHS.post, 'post');
  transition(VOUCHER_PATHS.unpost, 'unpost');

  app.post(VOUCHER_PATHS.renumber, async (req) => {
    const c = bookOf(req);
    await need(db, c.user, FIN_PERMISSIONS.posting, 'edit');
    const body = parse(renumberBody, req.body ?? {});
    const changes = await db.transaction(async (tx) => {
      await lockOpenPeriod(tx, c.book.id, body.period, '期间');
      // the period's counters first: saves still drawing numbers in it finish before the vouchers are read
      await tx
        .select({ word: voucherCounter.word })
        .from(voucherCounter)
        .where(and(eq(voucherCounter.accountSetId, c.book.id), eq(voucherCounter.period, body.period)))
        .for('update');
      const list = await tx
        .select({
          id: voucher.id,
          word: voucher.word,
          no: voucher.no,
          date: voucher.voucherDate,
          createTime: voucher.createTime,
        })
        .from(voucher)
        .where(and(eq(voucher.accountSetId, c.book.id), eq(voucher.period, body.period), eq(voucher.isDeleted, 0)))
        .for('update');
      const out: { id: string; word: string; from: number; to: number }[] = [];
      const words = [...new Set(list.map((v) => v.word))];
      for (const word of words) {
        const mine = list.filter((v) => v.word === word);
        const plan = renumber(
          mine.map((v) => ({ id: v.id, no: v.no, date: v.date, createdAt: v.createTime.toISOString() })),
          body.order,
        );
        for (const ch of plan) await tx.update(voucher).set({ no: -ch.to }).where(eq(voucher.id, ch.id));
        for (const ch of plan) await tx.update(voucher).set({ no: ch.to }).where(eq(voucher.id, ch.id));
        out.push(...plan.map((ch) => ({ ...ch, word })));
      }
      // every counter of the period restarts after the live vouchers (words without vouchers at 0)
      await tx.execute(
        sql`update ${voucherCounter} k set last = coalesce((select count(*) from ${voucher} v where v.account_set_id = k.account_set_id
              and v.period = k.period and v.word = k.word and v.is_deleted = 0), 0)
            where k.account_set_id = ${c.book.id} and k.period = ${body.period}`,
      );
      await writeOperationLog(tx, req, `凭证整理 ${body.period}`, { renumbered: [null, out.length] });
      return out;
    });
    return ok({ changes });
  });

  app.post(VOUCHER_PATHS.reverse, async (req) => {
    const c = bookOf(req);
    await need(db, c.user, FIN_PERMISSIONS.voucherEntry, 'add');
    const body = parse(reverseBody, req.body ?? {});
    const id = await db.transaction(async (tx) => {
      const [orig] = await tx
        .select()
        .from(voucher)
        .where(and(eq(voucher.id, body.id), eq(voucher.accountSetId, c.book.id), eq(voucher.isDeleted, 0)))
        .for('update');
      if (!orig) throw badRequest('凭证不存在');
      const label = formatVoucherNo(orig.word, orig.no);
      if (orig.state === 'saved') throw badRequest(`${label} 尚未审核，可直接修改或删除，无需红字冲销`);
      if (orig.reversedById) throw badRequest(`${label} 已被红字冲销`);
      if (orig.kind === 'reversal') throw badRequest(`${label} 是红字冲销凭证，不能再冲销`);
      const lines = await tx
        .select()
        .from(voucherLine)
        .where(and(eq(voucherLine.voucherId, orig.id), eq(voucherLine.isDeleted, 0)))
        .orderBy(asc(voucherLine.lineNo));
      const red = reversalLines({
        word: orig.word,
        no: orig.no,
        date: orig.voucherDate,
        lines: lines.map((l) => ({
          summary: l.summary,
          code: l.accountCode,
          debit: l.debit,
          credit: l.credit,
          quantity: l.quantity ?? undefined,
          unitPrice: l.unitPrice ?? undefined,
        })),
      });
      const form: VoucherFormValues = {
        word: orig.word,
        voucherDate: body.date ?? orig.voucherDate,
        attachments: 0,
        remark: `冲销 ${orig.period} ${label}`,
        lines: red.map((l, i) => ({
          summary: l.summary ?? '',
          accountCode: l.code,
          aux: lines[i].aux ?? undefined,
          debit: dec(l.debit).isZero() ? undefined : dec(l.debit).toFixed(2),
          credit: dec(l.credit).isZero() ? undefined : dec(l.credit).toFixed(2),
          quantity: l.quantity === undefined ? undefined : String(l.quantity),
          unitPrice: l.unitPrice === undefined ? undefined : String(l.unitPrice),
        })),
      };
      const newId = await saveVoucherTx(tx, c, form, {
        kind: 'reversal',
        sourceVoucherId: orig.id,
        carryForward: lines.some((l) => l.carryForward === 1),
      });
      await tx.update(voucher).set({ reversedById: newId }).where(eq(voucher.id, orig.id));
      return newId;
    });
    return ok(await answer(c.book, id));
  });

  app.get(VOUCHER_PATHS.collect, async (req) => {
    const { book, user } = bookOf(req);
    await need(db, user, FIN_PERMISSIONS.voucherCollect, 'view');
    const q = parse(collectQuery, req.query ?? {});
    if (q.periodFrom > q.periodTo) throw badRequest('开始期间不能晚于结束期间');
    const posted = q.posted === '1' || q.posted === 'true';
    const vConds: SQL[] = [
      sql`v.account_set_id = ${book.id}`,
      sql`v.is_deleted = 0`,
      sql`v.period >= ${q.periodFrom}`,
      sql`v.period <= ${q.periodTo}`,
    ];
    if (q.word) vConds.push(sql`v.word = ${q.word}`);
    if (posted) vConds.push(sql`v.state = 'posted'`);
    const where = sql.join(vConds, sql` and `);
    const sums = await rows<{ code: string; d: string; c: string }>(
      db,
      sql`select l.account_code as code, sum(l.debit)::text as d, sum(l.credit)::text as c
          from ${voucherLine} l join ${voucher} v on v.id = l.voucher_id
          where l.is_deleted = 0 and ${where} group by l.account_code`,
    );
    const words = await rows<{ word: string; n: number; lo: number; hi: number; att: number }>(
      db,
      sql`select v.word, count(*)::int as n, min(v.no)::int as lo, max(v.no)::int as hi,
            coalesce(sum(v.attachments), 0)::int as att
          from ${voucher} v where ${where} group by v.word order by v.word`,
    );
    const bc = await loadBookChart(db, book);
    const len = 4 + 2 * (q.level - 1);
    const byCode = new Map<string, { d: ReturnType<typeof dec>; c: ReturnType<typeof dec> }>();
    for (const s of sums) {
      const code = s.code.length > len ? s.code.slice(0, len) : s.code;
      const cur = byCode.get(code) ?? { d: dec(0), c: dec(0) };
      byCode.set(code, { d: cur.d.plus(dec(s.d)), c: cur.c.plus(dec(s.c)) });
    }
    const rowsOut = [...byCode.entries()]
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([code, v]) => ({
        code,
        name: fullNameOf(bc.chart, code),
        level: bc.chart.byCode.get(code)?.level ?? 0,
        debit: v.d.toFixed(2),
        credit: v.c.toFixed(2),
      }));
    const total = (k: 'd' | 'c') => [...byCode.values()].reduce((s, v) => s.plus(v[k]), dec(0)).toFixed(2);
    const out: VoucherCollect = {
      periodFrom: q.periodFrom,
      periodTo: q.periodTo,
      level: q.level,
      rows: rowsOut,
      totals: { debit: total('d'), credit: total('c') },
      voucherCount: words.reduce((s, w) => s + Number(w.n), 0),
      words: words.map((w) => ({
        word: w.word,
        count: Number(w.n),
        from: Number(w.lo),
        to: Number(w.hi),
        attachments: Number(w.att),
      })),
    };
    return ok(out);
  });
}

/** Why a review-state action cannot apply to a voucher, or null. */
function transitionBlock(c: BookCtx, v: VoucherRow, action: Action, periodClosed: boolean): string | null {
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
