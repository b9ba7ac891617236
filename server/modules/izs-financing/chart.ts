/**
 * 会计科目 of the current book: tree, list, detail, next-code, add sub-account (4-2-2), edit, enable/disable,
 * remove. Contract: core/contract/izs-financing/account.contract.ts.
 *
 * Rules: only leaves take postings, so adding the first child under a used leaf moves its opening balances and
 * voucher lines (and its 辅助核算 / 数量核算 settings) to the child in the same transaction; preset accounts keep
 * their names and cannot be deleted; an account that was used (opening or voucher line in its subtree) cannot be
 * deleted, and its 辅助核算 / 数量核算 settings are fixed; disabling needs a zero balance.
 */
import { and, eq, like, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { isWithin, nextChildCode } from '../../../core/accounting/index.ts';
import { ACCOUNTS, type AccountNode, type FinAccount } from '../../../core/contract/izs-financing/account.contract.ts';
import { type Db, type Executor, rows } from '../../db/client.ts';
import { finAccount, finOpening, voucherLine } from '../../db/schema/index.ts';
import { endpoints } from '../../platform/endpoint.ts';
import { badRequest } from '../../platform/r.ts';
import {
  type AccountRow,
  auxDimsOf,
  type BookChart,
  bookOf,
  type DimensionInfo,
  fullNameOf,
  loadBookChart,
  loadDimensions,
} from './book.ts';
import { registerChartWrites } from './chart-writes.ts';

export function accountEntity(bc: BookChart, r: AccountRow, dims: Map<string, DimensionInfo>): FinAccount {
  const aux = auxDimsOf(r);
  return {
    id: r.id,
    code: r.code,
    name: r.name,
    fullName: fullNameOf(bc.chart, r.code),
    parentCode: r.parentCode,
    level: r.level,
    category: r.category,
    direction: r.direction === 'credit' ? 'credit' : 'debit',
    directionName: r.direction === 'credit' ? '贷' : '借',
    preset: r.preset,
    quantity: r.quantity,
    unit: r.unit,
    auxDims: aux,
    auxNames: aux.map((d) => dims.get(d)?.name ?? d),
    status: r.status,
    leaf: (bc.chart.children.get(r.code)?.length ?? 0) === 0,
  };
}

/** True when the account's subtree has an opening balance or a live voucher line. */
export async function accountUsed(ex: Executor, bookId: string, code: string): Promise<boolean> {
  const [r] = await rows<{ used: boolean }>(
    ex,
    sql`select exists (select 1 from ${voucherLine} where account_set_id = ${bookId} and is_deleted = 0
          and account_code like ${`${code}%`})
        or exists (select 1 from ${finOpening} where account_set_id = ${bookId} and account_code like ${`${code}%`}
          and (balance <> 0 or ytd_debit <> 0 or ytd_credit <> 0 or ytd_pl <> 0)) as used`,
  );
  return !!r?.used;
}

/** Raw (debit − credit) closing balance of a subtree over every live line plus the openings. */
export async function subtreeBalance(ex: Executor, bookId: string, code: string, direction: string): Promise<string> {
  const [r] = await rows<{ b: string }>(
    ex,
    sql`select (coalesce((select sum(debit - credit) from ${voucherLine} where account_set_id = ${bookId}
          and is_deleted = 0 and account_code like ${`${code}%`}), 0)
        + coalesce((select sum(balance) from ${finOpening} where account_set_id = ${bookId}
          and account_code like ${`${code}%`}), 0) * ${direction === 'credit' ? -1 : 1})::text as b`,
  );
  return r?.b ?? '0';
}

/** The book's chart and dimensions, read after a write (for its answer). */
export async function loadChart(ex: Executor, bookId: string, standard: 'small' | 'enterprise') {
  const bc = await loadBookChart(ex, { id: bookId, standard });
  const dims = await loadDimensions(ex, bookId);
  return { bc, dims };
}

export function registerChart(app: FastifyInstance, db: Db): void {
  const r = endpoints(app, db);
  const load = (bookId: string, standard: 'small' | 'enterprise') => loadChart(db, bookId, standard);

  r.handle(ACCOUNTS.list, async ({ req, query: q }) => {
    const { book } = bookOf(req);
    const { bc, dims } = await load(book.id, book.standard);
    const kw = q.keyword?.toLowerCase();
    const out = [...bc.rows.values()]
      .sort((a, b) => (a.code < b.code ? -1 : 1))
      .map((r) => accountEntity(bc, r, dims))
      .filter(
        (a) =>
          (!q.category || a.category === q.category) &&
          (q.leaf !== '1' || a.leaf) &&
          (q.status === undefined || a.status === q.status) &&
          (!kw || a.code.includes(kw) || a.fullName.toLowerCase().includes(kw)),
      );
    return out;
  });

  r.handle(ACCOUNTS.tree, async ({ req, query: q }) => {
    const { book } = bookOf(req);
    const { bc, dims } = await load(book.id, book.standard);
    const nodes = new Map<string, AccountNode>();
    const roots: AccountNode[] = [];
    for (const r of [...bc.rows.values()].sort((a, b) => (a.code < b.code ? -1 : 1))) {
      const a = accountEntity(bc, r, dims);
      if (q.category && a.category !== q.category) continue;
      if (q.status !== undefined && a.status !== q.status) continue;
      const node: AccountNode = { ...a, title: `${a.code} ${a.name}`, key: a.code, value: a.code };
      nodes.set(a.code, node);
      const parent = a.parentCode ? nodes.get(a.parentCode) : undefined;
      if (parent) {
        parent.children = parent.children ?? [];
        parent.children.push(node);
      } else roots.push(node);
    }
    return roots;
  });

  r.handle(ACCOUNTS.detail, async ({ req, query: q }) => {
    const { book } = bookOf(req);
    const { bc, dims } = await load(book.id, book.standard);
    const row = q.code ? bc.rows.get(q.code) : [...bc.rows.values()].find((a) => a.id === (q.id ?? ''));
    if (!row) throw badRequest('科目不存在');
    return accountEntity(bc, row, dims);
  });

  r.handle(ACCOUNTS.nextCode, async ({ req, query }) => nextCode(db, bookOf(req).book.id, query.parentCode));

  registerChartWrites(app, db);
}
/** The next free child code under `parentCode` (codes of deleted children are not reused). */
export async function nextCode(ex: Executor, bookId: string, parentCode: string): Promise<string> {
  if (!/^\d{4}(\d{2}){0,2}$/.test(parentCode)) throw badRequest('上级科目编码格式不正确');
  const all = await ex
    .select({ code: finAccount.code, isDeleted: finAccount.isDeleted })
    .from(finAccount)
    .where(
      and(
        eq(finAccount.accountSetId, bookId),
        or(eq(finAccount.code, parentCode), like(finAccount.code, `${parentCode}__`)),
      ),
    );
  if (!all.some((a) => a.code === parentCode && a.isDeleted === 0)) throw badRequest(`上级科目 ${parentCode} 不存在`);
  try {
    return nextChildCode(
      all.map((a) => a.code).filter((c) => c === parentCode || isWithin(c, parentCode)),
      parentCode,
    );
  } catch (e) {
    throw badRequest((e as Error).message);
  }
}
