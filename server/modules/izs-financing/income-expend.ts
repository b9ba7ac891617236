/**
 * 收支管理 (/accounting/income-expend): money in and out of cash / bank without writing vouchers by hand.
 * Contract: core/contract/izs-financing/income-expend.contract.ts.
 *
 * Guarantees:
 * - a record and its voucher are written in one transaction through `saveVoucherTx` (period open, balance,
 *   numbering): 收入 借 账户 / 贷 收支类别; 支出 借 收支类别 / 贷 账户; any refusal writes nothing;
 * - update and remove change / soft-delete the voucher with the record and are refused (400) once the voucher is
 *   reviewed, posted or in a closed period; a record whose voucher was deleted in the voucher list gets a new one
 *   when it is saved again;
 * - accounts are the book's enabled leaves, found by the level-1 name (库存现金 / 银行存款; 损益 accounts by
 *   category and direction), never by an assumed code — the small and enterprise charts differ.
 */
import { and, eq, gte, lte, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { dec, editBlock, formatVoucherNo, type VoucherStatus } from '../../../core/accounting/index.ts';
import {
  type AccountOption,
  type CounterpartyOption,
  INCOME_EXPEND,
  type IncomeExpendSummary,
  incomeExpendResource,
} from '../../../core/contract/izs-financing/income-expend.contract.ts';
import { moneyFixed } from '../../../core/format/amounts.ts';
import { type Db, type Executor, rows, type Tx } from '../../db/client.ts';
import { accountSet, finDimensionData, incomeExpend, voucher, voucherLine } from '../../db/schema/index.ts';
import type { CrudContext, Row } from '../../platform/crud/index.ts';
import { endpoints, type Handler } from '../../platform/endpoint.ts';
import { badRequest } from '../../platform/r.ts';
import {
  type AccountRow,
  auxDimsOf,
  type BookChart,
  type BookCtx,
  bookOf,
  fullNameOf,
  loadBookChart,
  loadDimensions,
} from './book.ts';
import { type BookResourceHooks, registerBookResource } from './book-resource.ts';
import { enabledItemsOf, incomeExpendSums } from './income-expend-repository.ts';
import { saveVoucherTx } from './vouchers.ts';

type IeRow = typeof incomeExpend.$inferSelect;

// ---------------------------------------------------------------- chart look-ups (shared with bills.ts)

export const isLeaf = (bc: BookChart, code: string) => ![...bc.rows.values()].some((r) => r.parentCode === code);

/** The level-1 account of the book's chart with this name (the codes differ between charts). */
export function topByName(bc: BookChart, name: string): AccountRow | undefined {
  return [...bc.rows.values()].find((r) => r.level === 1 && r.name === name);
}

/** Is `code` the account `top` or one of its descendants? */
export function isUnder(bc: BookChart, code: string, top: string): boolean {
  for (let c: string | null = code; c; c = bc.rows.get(c)?.parentCode ?? null) if (c === top) return true;
  return false;
}

/** Enabled leaves under the level-1 accounts with these names, in code order. */
export function leavesUnder(bc: BookChart, names: string[]): AccountRow[] {
  const tops = names.map((n) => topByName(bc, n)?.code).filter((c): c is string => !!c);
  return [...bc.rows.values()]
    .filter((r) => r.status === 1 && isLeaf(bc, r.code) && tops.some((t) => isUnder(bc, r.code, t)))
    .sort((a, b) => (a.code < b.code ? -1 : 1));
}

export const labelOf = (bc: BookChart, code: string) => `${code} ${fullNameOf(bc.chart, code)}`;

/** 收入类别: 损益 leaves with a credit balance, and leaves under 财务费用 (利息收入 is booked as its credit). */
function isIncomeAccount(bc: BookChart, r: AccountRow): boolean {
  const fin = topByName(bc, '财务费用')?.code;
  return r.category === '损益' && (r.direction === 'credit' || (!!fin && isUnder(bc, r.code, fin)));
}
/** 支出类别: 损益 leaves with a debit balance (费用, 营业外支出, 税金及附加…). */
const isExpenseAccount = (r: AccountRow) => r.category === '损益' && r.direction === 'debit';

/** An enabled leaf of the book, or 400 naming the field. */
export function leafOf(bc: BookChart, code: string, label: string): AccountRow {
  const r = bc.rows.get(code);
  if (!r) throw badRequest(`${label}「${code}」不存在`);
  if (r.status !== 1) throw badRequest(`${label}「${labelOf(bc, code)}」已停用`);
  if (!isLeaf(bc, code)) throw badRequest(`${label}「${labelOf(bc, code)}」不是末级科目，请选择明细科目`);
  return r;
}

/** The default voucher word of the book (is_default first, then sort). */
export async function defaultWord(ex: Executor, bookId: string): Promise<string> {
  const [w] = await rows<{ word: string }>(
    ex,
    sql`select word from izs_fin_voucher_word where account_set_id = ${bookId} and is_deleted = 0 and status = 1
        order by is_default desc, sort limit 1`,
  );
  return w?.word ?? '记';
}

/**
 * A counterparty `dimensionId:itemId` of the book: its name, and the aux to put on a line of `account` (only
 * when the account keeps that dimension — otherwise the name goes into the summary alone).
 */
export async function counterpartyOf(
  ex: Executor,
  bookId: string,
  ref: string,
  label = '往来单位',
  dimNames?: string[],
): Promise<{ name: string; dimensionId: string; itemId: string } | null> {
  if (!ref) return null;
  const [dimensionId, itemId] = ref.split(':');
  const dims = await loadDimensions(ex, bookId);
  const dim = dims.get(dimensionId);
  if (!dim || (dimNames && !dimNames.includes(dim.name))) throw badRequest(`${label}不存在`);
  const [item] = await ex
    .select({ name: finDimensionData.name, status: finDimensionData.status })
    .from(finDimensionData)
    .where(
      and(
        eq(finDimensionData.id, itemId),
        eq(finDimensionData.dimensionId, dimensionId),
        eq(finDimensionData.accountSetId, bookId),
        eq(finDimensionData.isDeleted, 0),
      ),
    );
  if (!item) throw badRequest(`${label}不存在`);
  if (item.status !== 1) throw badRequest(`${label}「${item.name}」已停用`);
  return { name: item.name, dimensionId, itemId };
}

/** The aux of a line: the counterparty's item when the account keeps its dimension. */
export const auxFor = (account: AccountRow, cp: { dimensionId: string; itemId: string } | null) =>
  cp && auxDimsOf(account).includes(cp.dimensionId) ? { [cp.dimensionId]: cp.itemId } : undefined;

/** Locks a record's voucher and answers it when live; 400 when it can no longer change. */
export async function editableVoucher(tx: Tx, c: BookCtx, voucherId: string | null, what: string) {
  if (!voucherId) return null;
  const [v] = await tx
    .select()
    .from(voucher)
    .where(and(eq(voucher.id, voucherId), eq(voucher.accountSetId, c.book.id), eq(voucher.isDeleted, 0)))
    .for('update');
  if (!v) return null;
  const [b] = await tx
    .select({ closedThrough: accountSet.closedThrough })
    .from(accountSet)
    .where(eq(accountSet.id, c.book.id));
  const block = editBlock({
    status: v.state as VoucherStatus,
    createdBy: v.createUser ?? '',
    periodClosed: !!b?.closedThrough && v.period <= b.closedThrough,
  });
  if (block) throw badRequest(`${what}的凭证 ${formatVoucherNo(v.word, v.no)}：${block}`);
  return v;
}

/** Soft-deletes a voucher and its lines (the caller checked it with `editableVoucher`). */
export async function dropVoucher(tx: Tx, c: BookCtx, voucherId: string) {
  await tx
    .update(voucher)
    .set({ isDeleted: 1, updateUser: c.user.userId, updateTime: new Date() })
    .where(eq(voucher.id, voucherId));
  await tx.update(voucherLine).set({ isDeleted: 1 }).where(eq(voucherLine.voucherId, voucherId));
}

/** One voucher line as saveVoucherTx wants it. */
export const line = (
  summary: string,
  accountCode: string,
  side: 'debit' | 'credit',
  amount: string,
  aux?: Record<string, string>,
) => ({
  summary,
  accountCode,
  aux,
  debit: side === 'debit' ? amount : undefined,
  credit: side === 'credit' ? amount : undefined,
  quantity: undefined,
  unitPrice: undefined,
});

// ---------------------------------------------------------------- records

const ACCOUNT_NAME_SQL = (col: string) =>
  sql.raw(`(select coalesce(p.name || '-', '') || a.name from izs_fin_account a
    left join izs_fin_account p on p.account_set_id = a.account_set_id and p.code = a.parent_code and p.is_deleted = 0
    where a.account_set_id = "izs_fin_income_expend"."account_set_id" and a.code = "izs_fin_income_expend"."${col}"
      and a.is_deleted = 0 limit 1)`);
const VOUCHER_SQL = (expr: string) =>
  sql.raw(`(select ${expr} from izs_fin_voucher v where v.id = "izs_fin_income_expend"."voucher_id"
    and v.is_deleted = 0)`);

const periodOk = (v: string | undefined) => !!v && /^\d{4}-(0[1-9]|1[0-2])$/.test(v);

function filterConds(q: { periodFrom?: string; periodTo?: string; kind?: string; keyword?: string }): SQL[] {
  const out: SQL[] = [];
  if (q.periodFrom !== undefined && q.periodFrom !== '' && !periodOk(q.periodFrom))
    throw badRequest('起始期间格式应为yyyy-MM');
  if (q.periodTo !== undefined && q.periodTo !== '' && !periodOk(q.periodTo))
    throw badRequest('结束期间格式应为yyyy-MM');
  if (q.periodFrom) out.push(gte(incomeExpend.period, q.periodFrom));
  if (q.periodTo) out.push(lte(incomeExpend.period, q.periodTo));
  if (q.kind) out.push(eq(incomeExpend.kind, q.kind));
  if (q.keyword) out.push(sql`${incomeExpend.summary} like ${`%${q.keyword.replace(/[\\%_]/g, (m) => `\\${m}`)}%`}`);
  return out;
}

/** Writes (or rewrites) the record's voucher; answers its id. */
async function writeVoucher(tx: Tx, c: BookCtx, r: Row, prevVoucherId: string | null): Promise<string> {
  const bc = await loadBookChart(tx, c.book);
  const kind = String(r.kind);
  const cash = leafOf(bc, String(r.cashAccount), '账户');
  const cashTops = ['库存现金', '银行存款'].map((n) => topByName(bc, n)?.code).filter(Boolean) as string[];
  if (!cashTops.some((t) => isUnder(bc, cash.code, t))) {
    throw badRequest(`账户「${labelOf(bc, cash.code)}」不是库存现金或银行存款科目`);
  }
  const category = leafOf(bc, String(r.categoryAccount), '收支类别');
  if (kind === 'income' && !isIncomeAccount(bc, category)) {
    throw badRequest(`收支类别「${labelOf(bc, category.code)}」不是收入类科目`);
  }
  if (kind === 'expense' && !isExpenseAccount(category)) {
    throw badRequest(`收支类别「${labelOf(bc, category.code)}」不是费用支出类科目`);
  }
  const cp = await counterpartyOf(tx, c.book.id, String(r.counterparty ?? ''));
  r.counterpartyName = cp?.name ?? '';
  const amount = moneyFixed(dec(String(r.amount)));
  const summary =
    String(r.summary ?? '') ||
    `${kind === 'income' ? '收到' : '支付'}${cp ? `${cp.name}` : ''}${fullNameOf(bc.chart, category.code)}`;
  const catAux = auxFor(category, cp);
  const lines =
    kind === 'income'
      ? [line(summary, cash.code, 'debit', amount), line(summary, category.code, 'credit', amount, catAux)]
      : [line(summary, category.code, 'debit', amount, catAux), line(summary, cash.code, 'credit', amount)];
  return saveVoucherTx(
    tx,
    c,
    {
      word: await defaultWord(tx, c.book.id),
      voucherDate: String(r.entryDate),
      attachments: Number(r.attachments ?? 0),
      remark: kind === 'income' ? '收支管理-收入' : '收支管理-支出',
      lines,
    },
    prevVoucherId ? { id: prevVoucherId } : {},
  );
}

export function registerIncomeExpend(app: FastifyInstance, ctx: CrudContext): void {
  const { db } = ctx;
  const ep = endpoints(app, db);
  registerBookResource(app, ctx, incomeExpendResource, incomeExpend, {
    joins: {
      cashAccountName: ACCOUNT_NAME_SQL('cash_account'),
      categoryAccountName: ACCOUNT_NAME_SQL('category_account'),
      voucherNo: VOUCHER_SQL(`v.word || '-' || v.no`),
      voucherState: VOUCHER_SQL('v.state'),
    },
    filters: {
      periodFrom: (v) => filterConds({ periodFrom: String(v) })[0],
      periodTo: (v) => filterConds({ periodTo: String(v) })[0],
      kind: (v) => filterConds({ kind: String(v) })[0],
      keyword: (v) => filterConds({ keyword: String(v) })[0],
    },
    beforeSave: saveRecordVoucher,
    beforeRemove: dropRecordVouchers,
  });
  ep.handle(INCOME_EXPEND.summary, incomeExpendSummary(db));
  ep.handle(INCOME_EXPEND.accounts, accountOptions(db));
  ep.handle(INCOME_EXPEND.counterparties, counterpartyOptions(db));
}

/** A record's voucher written (or rewritten while editable) with it. */
const saveRecordVoucher: NonNullable<BookResourceHooks['beforeSave']> = async (tx, row, sc) => {
  const c = bookOf(sc.req);
  const prev = sc.prev as IeRow | undefined;
  const merged = { ...(prev ?? {}), ...row } as Row;
  merged.period = String(merged.entryDate).slice(0, 7);
  row.period = merged.period;
  const live = prev ? await editableVoucher(tx, c, prev.voucherId, '收支记录') : null;
  row.voucherId = await writeVoucher(tx, c, merged, live?.id ?? null);
  row.counterpartyName = merged.counterpartyName;
};

/** Removed records take their (editable) vouchers with them. */
const dropRecordVouchers: NonNullable<BookResourceHooks['beforeRemove']> = async (tx, list, rc) => {
  const c = bookOf(rc.req);
  for (const r of list as unknown as IeRow[]) {
    const v = await editableVoucher(tx, c, r.voucherId, `收支记录（${r.entryDate} ${r.summary}）`);
    if (v) await dropVoucher(tx, c, v.id);
  }
};

function incomeExpendSummary(db: Db): Handler<typeof INCOME_EXPEND.summary> {
  return async ({ req, query: q }) => {
    const c = bookOf(req);
    const s = await incomeExpendSums(db, c.book.id, filterConds(q));
    const income = dec(s?.income ?? 0);
    const expense = dec(s?.expense ?? 0);
    const answer: IncomeExpendSummary = {
      income: moneyFixed(income),
      expense: moneyFixed(expense),
      net: moneyFixed(income.minus(expense)),
      count: Number(s?.count ?? 0),
    };
    return answer;
  };
}

function accountOptions(db: Db): Handler<typeof INCOME_EXPEND.accounts> {
  return async ({ req, query }) => {
    const c = bookOf(req);
    const use = query.use;
    const bc = await loadBookChart(db, c.book);
    let list: AccountRow[];
    if (use === 'cash') list = leavesUnder(bc, ['库存现金', '银行存款']);
    else if (use === 'bank') list = leavesUnder(bc, ['银行存款']);
    else {
      const leaves = [...bc.rows.values()]
        .filter((r) => r.status === 1 && isLeaf(bc, r.code))
        .sort((a, b) => (a.code < b.code ? -1 : 1));
      const income = leaves.filter((r) => isIncomeAccount(bc, r));
      const expense = leaves.filter((r) => isExpenseAccount(r) && !income.includes(r));
      if (use === 'income') list = income;
      else if (use === 'expense') list = expense;
      else if (use === 'category') list = [...income, ...expense];
      else throw badRequest('用途格式不正确（cash、bank、income、expense 或 category）');
    }
    // the combined list (the form's 收支类别) says which side each account books
    const side = (r: AccountRow) => (use !== 'category' ? '' : isIncomeAccount(bc, r) ? '收入 · ' : '支出 · ');
    const answer: AccountOption[] = list.map((r) => ({ code: r.code, label: `${side(r)}${labelOf(bc, r.code)}` }));
    return answer;
  };
}

function counterpartyOptions(db: Db): Handler<typeof INCOME_EXPEND.counterparties> {
  return async ({ req, query }) => {
    const c = bookOf(req);
    const wanted = query.dim;
    const names = wanted ? wanted.split(',') : ['客户', '供应商'];
    const dims = [...(await loadDimensions(db, c.book.id)).values()].filter(
      (d) => names.includes(d.name) && d.status === 1,
    );
    if (dims.length === 0) return [];
    const items = await enabledItemsOf(
      db,
      c.book.id,
      dims.map((d) => d.id),
    );
    const dimName = new Map(dims.map((d) => [d.id, d.name]));
    const answer: CounterpartyOption[] = items.map((i) => ({
      value: `${i.dimensionId}:${i.id}`,
      label: names.length > 1 ? `${i.name}（${dimName.get(i.dimensionId)}）` : i.name,
      dimension: dimName.get(i.dimensionId) ?? '',
    }));
    return answer;
  };
}
