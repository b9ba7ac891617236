/**
 * The current account set of a finance request (`Current-Account-Set-Id`, spec §7, DESIGN §5 Tenancy).
 *
 * Guarantees: a book is answered only when it belongs to the caller's tenant AND the current department
 * (Current-Dept-Id, already checked against the user's departments by the guard) AND the caller is one of its
 * account-set users (administrator excepted); otherwise 403 with a Chinese message — another tenant's or
 * department's book is never visible. The book is resolved once per request, before any transaction (on PGlite a
 * `db` query inside an open transaction would wait for it forever), and kept in a WeakMap keyed by the request.
 *
 * Also here: the chart of a book as a core/accounting `Chart`, the per-account settings the voucher rules need,
 * the dimensions and their items, and the permission helper.
 */
import { and, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import {
  type Account,
  buildChart,
  type Category,
  type Chart,
  nextPeriod,
  type Standard,
  standardOf,
  type TaxNature,
  taxNatureOf,
} from '../../../core/accounting/index.ts';
import { HEADERS } from '../../../core/contract/common.ts';
import { FIN_PERMISSIONS, FINANCE_ACCESS_CODES } from '../../../core/contract/izs-financing/fields.ts';
import { columnList, type Db, type Executor, mapColumns, rawArrays } from '../../db/client.ts';
import {
  accountSet,
  accountSetUser,
  finAccount,
  finChartVersion,
  finDimension,
  finDimensionData,
} from '../../db/schema/index.ts';
import { type AuthUser, currentUser } from '../../platform/auth.ts';
import { hasAnyCode, isAdministrator, qualified, requireButton } from '../../platform/crud/index.ts';
import { checkGrant } from '../../platform/endpoint.ts';
import { ApiError, badRequest, forbidden } from '../../platform/r.ts';

export type BookRow = typeof accountSet.$inferSelect;

export interface Book {
  id: string;
  tenantId: string;
  deptId: string;
  name: string;
  standard: Standard;
  taxNature: TaxNature;
  startPeriod: string;
  closedThrough: string;
  /** first open period */
  currentPeriod: string;
  reviewRequired: boolean;
  allowSelfReview: boolean;
  postingRequired: boolean;
}

export interface BookAccess {
  book: Book;
  user: AuthUser;
  /** 账套主管 (or administrator) */
  supervisor: boolean;
}

/** The book of a request, with the request (operation logs are written against it). */
export interface BookCtx extends BookAccess {
  req: FastifyRequest;
}

export const currentPeriodOf = (startPeriod: string, closedThrough: string) =>
  closedThrough ? nextPeriod(closedThrough) : startPeriod;

export function toBook(r: BookRow): Book {
  return {
    id: r.id,
    tenantId: r.tenantId,
    deptId: r.deptId ?? '',
    name: r.name,
    standard: standardOf(r.accountingSystem === 1 ? 1 : 2),
    taxNature: taxNatureOf(r.taxNature === '1' ? '1' : '2'),
    startPeriod: r.startPeriod,
    closedThrough: r.closedThrough,
    currentPeriod: currentPeriodOf(r.startPeriod, r.closedThrough),
    reviewRequired: r.reviewRequired === 1,
    allowSelfReview: r.allowSelfReview === 1,
    postingRequired: r.postingRequired === 1,
  };
}

const BOOKS = new WeakMap<FastifyRequest, BookCtx>();

/** 403 没有权限 unless the caller holds one of the accounting menus (administrator bypasses). */
export async function requireFinanceAccess(db: Db, user: AuthUser): Promise<void> {
  if (!(await hasAnyCode(db, user, [...FINANCE_ACCESS_CODES, ...Object.values(FIN_PERMISSIONS)]))) {
    throw forbidden('没有权限');
  }
}

export function readBookHeader(req: FastifyRequest): string {
  const raw = req.headers[HEADERS.accountSetId.toLowerCase()];
  const v = (Array.isArray(raw) ? raw[0] : raw)?.trim() ?? '';
  if (!v || v === 'undefined' || v === 'null') throw badRequest('请先选择账套（缺少 Current-Account-Set-Id）');
  if (!/^[1-9]\d{0,18}$/.test(v)) throw forbidden('无权访问该账套');
  return v;
}

/**
 * Loads a book the caller may use in the current department: tenant, department and membership checked.
 * `deptId` overrides the department (account-set pages that name it); it must already be allowed for the user.
 */
export async function loadUsableBook(
  db: Db,
  user: AuthUser,
  id: string,
  deptId = user.currentDeptId,
): Promise<BookAccess> {
  // the book and the caller's membership in one round trip (every finance request resolves its book): constant text,
  // a named prepared statement on PostgreSQL, not rebuilt by Drizzle on every request (issue 25)
  const [found] = await rawArrays(db, 'fin_usable_book', USABLE_BOOK, [id, user.userId, user.tenantId]);
  if (!found) throw forbidden('账套不存在或无权访问');
  const r = mapColumns(accountSet, found);
  const member = found[BOOK_COLUMNS];
  const supervisor = found[BOOK_COLUMNS + 1];
  if (r.deptId !== deptId) throw forbidden('该账套不属于当前机构，请切换机构或账套');
  const m = member === null ? undefined : { supervisor: Number(supervisor) };
  if (!m && !isAdministrator(user)) throw forbidden('您不是该账套的用户，请联系账套主管添加');
  return { book: toBook(r), user, supervisor: isAdministrator(user) || m?.supervisor === 1 };
}

/** `loadUsableBook`'s statement: the live book of the tenant, its columns in `mapColumns` order, then the membership. */
const USABLE_BOOK = `select ${columnList(accountSet, 'b')}, u.user_id, u.supervisor
  from izs_fin_account_set b
  left join izs_fin_account_set_user u on u.account_set_id = b.id and u.user_id = $2::bigint
  where b.id = $1::bigint and b.tenant_id = $3::varchar and b.is_deleted = 0
  limit 1`;
const BOOK_COLUMNS = Object.keys(getTableColumns(accountSet)).length;

/** preHandler of the finance routes that work on the current book. */
export async function resolveBook(db: Db, req: FastifyRequest): Promise<BookCtx> {
  const user = currentUser(req);
  await requireFinanceAccess(db, user);
  const ctx: BookCtx = { ...(await loadUsableBook(db, user, readBookHeader(req))), req };
  BOOKS.set(req, ctx);
  return ctx;
}

/** The book resolved for this request by the module's preHandler. */
export function bookOf(req: FastifyRequest): BookCtx {
  const ctx = BOOKS.get(req);
  if (!ctx) throw new ApiError(500, '账套未解析');
  return ctx;
}

/** Button check (`view` also accepts the menu itself). */
export async function need(
  db: Db,
  user: AuthUser,
  permission: string,
  action: 'view' | 'add' | 'edit' | 'delete' | 'export',
): Promise<void> {
  await requireButton(db, user, permission, action);
}

/** One of several menus' view (e.g. voucher detail from the entry, list or posting page). */
export async function needAnyView(db: Db, user: AuthUser, permissions: string[]): Promise<void> {
  await checkGrant(db, user, { anyView: permissions });
}

// ---------------------------------------------------------------- chart

export type AccountRow = typeof finAccount.$inferSelect;

export interface BookChart {
  chart: Chart;
  /** live accounts by code */
  rows: Map<string, AccountRow>;
}

export function toCoreAccount(
  r: Pick<AccountRow, 'code' | 'name' | 'parentCode' | 'level' | 'category' | 'direction' | 'preset'>,
): Account {
  return {
    code: r.code,
    name: r.name,
    parentCode: r.parentCode,
    level: r.level,
    category: r.category as Category,
    direction: r.direction === 'credit' ? 'credit' : 'debit',
    notes: '',
    official: r.preset === 1,
    industry: null,
    generalTaxpayerOnly: false,
    twoSided: false,
    contra: false,
    auxiliaryHint: [],
    quantityHint: false,
  };
}

/**
 * Parsed charts kept per book under the book's chart version (izs_fin_chart_version) (issue 25: reading and parsing a chart of ~170 accounts
 * was most of a voucher save's CPU). The version is drawn from a sequence by triggers on every write of the book's
 * accounts, in the writing transaction: a reader sees the version that matches the accounts it would read (its own
 * uncommitted edits included, under a version no other transaction can ever get), so a kept chart is never stale in
 * any process. Callers treat the answer as read-only.
 */
const keptCharts = new Map<string, { version: string; standard: string; bc: BookChart }>();
const KEPT_CHARTS_MAX = 64;

export async function loadBookChart(
  ex: Executor,
  book: Pick<Book, 'id' | 'standard'>,
  /** the chart version already read in this transaction (voucher save reads it with the book lock) */
  known?: { version: string | null },
): Promise<BookChart> {
  const [v] = known
    ? known.version === null
      ? []
      : [{ version: known.version }]
    : await ex
        .select({ version: finChartVersion.version })
        .from(finChartVersion)
        .where(eq(finChartVersion.accountSetId, book.id));
  const kept = keptCharts.get(book.id);
  if (v && kept && kept.version === v.version && kept.standard === String(book.standard)) return copyOf(kept.bc);
  const list = await ex
    .select()
    .from(finAccount)
    .where(and(eq(finAccount.accountSetId, book.id), eq(finAccount.isDeleted, 0)));
  const rows = new Map(list.map((r) => [r.code, r]));
  const bc = { chart: buildChart(book.standard, list.map(toCoreAccount)), rows };
  if (v) {
    keptCharts.delete(book.id);
    if (keptCharts.size >= KEPT_CHARTS_MAX) keptCharts.delete(keptCharts.keys().next().value as string);
    keptCharts.set(book.id, { version: v.version, standard: String(book.standard), bc: copyOf(bc) });
  }
  return bc;
}

/** The parsed chart is shared; the account rows are copied (a caller may change a row it is about to write). */
const copyOf = (bc: BookChart): BookChart => ({
  chart: bc.chart,
  rows: new Map([...bc.rows].map(([code, row]) => [code, { ...row }])),
});

/** "应交税费-应交增值税-进项税额" */
export function fullNameOf(chart: Chart, code: string): string {
  const names: string[] = [];
  for (let c: string | null = code; c; c = chart.byCode.get(c)?.parentCode ?? null) {
    names.unshift(chart.byCode.get(c)?.name ?? c);
  }
  return names.join('-');
}

export const auxDimsOf = (r: Pick<AccountRow, 'auxDims'>): string[] =>
  r.auxDims ? r.auxDims.split(',').filter(Boolean) : [];

// ---------------------------------------------------------------- dimensions

export interface DimensionInfo {
  id: string;
  name: string;
  source: string;
  status: number;
}
export interface ItemInfo {
  id: string;
  dimensionId: string;
  code: string;
  name: string;
  status: number;
}

export async function loadDimensions(ex: Executor, bookId: string): Promise<Map<string, DimensionInfo>> {
  const list = await ex
    .select({ id: finDimension.id, name: finDimension.name, source: finDimension.source, status: finDimension.status })
    .from(finDimension)
    .where(and(eq(finDimension.accountSetId, bookId), eq(finDimension.isDeleted, 0)));
  return new Map(list.map((d) => [d.id, d]));
}

export async function loadItems(ex: Executor, bookId: string, ids: string[]): Promise<Map<string, ItemInfo>> {
  if (ids.length === 0) return new Map();
  const list = await ex
    .select({
      id: finDimensionData.id,
      dimensionId: finDimensionData.dimensionId,
      code: finDimensionData.code,
      name: finDimensionData.name,
      status: finDimensionData.status,
    })
    .from(finDimensionData)
    .where(
      and(
        eq(finDimensionData.accountSetId, bookId),
        eq(finDimensionData.isDeleted, 0),
        inArray(finDimensionData.id, [...new Set(ids)]),
      ),
    );
  return new Map(list.map((i) => [i.id, i]));
}

/** Order of id strings as numbers (ids are positive integers as text; no BigInt, so junk cannot throw). */
export const byId = (a: string, b: string) => a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);

/** `dimId:itemId|dimId:itemId` sorted by dimension id ('' without items): the key of a ledger position. */
export function auxKeyOf(aux: Record<string, string> | null | undefined): string {
  if (!aux) return '';
  return Object.entries(aux)
    .filter(([, v]) => v)
    .sort(([a], [b]) => byId(a, b))
    .map(([d, i]) => `${d}:${i}`)
    .join('|');
}

export function parseAuxKey(key: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of key.split('|').filter(Boolean)) {
    const [d, i] = part.split(':');
    if (d && i) out[d] = i;
  }
  return out;
}

/**
 * Names "客户：华东钢厂" of auxiliary maps: the dimensions and every item of `maps` are loaded once (no query per
 * row); answers a function from a map (dimension id → item id) to its names in dimension-id order.
 */
export async function auxNamer(
  ex: Executor,
  bookId: string,
  maps: Record<string, string>[],
): Promise<(aux: Record<string, string>) => string[]> {
  const dims = await loadDimensions(ex, bookId);
  const items = await loadItems(
    ex,
    bookId,
    maps.flatMap((m) => Object.values(m)),
  );
  return (aux) =>
    Object.entries(aux)
      .sort(([a], [b]) => byId(a, b))
      .map(([dim, item]) => `${dims.get(dim)?.name ?? dim}：${items.get(item)?.name ?? item}`);
}

/**
 * Checks the 辅助核算 items of a line or an opening against the account's dimensions: every item must be a live,
 * enabled item of that dimension in this book, and only the account's dimensions may be given. Answers the map
 * dimension name → item id for the core voucher rules (which then require every configured dimension).
 */
export function checkAux(
  where: string,
  account: AccountRow,
  aux: Record<string, string> | undefined,
  dims: Map<string, DimensionInfo>,
  items: Map<string, ItemInfo>,
): Record<string, string> {
  const wanted = new Set(auxDimsOf(account));
  const byName: Record<string, string> = {};
  for (const [dimId, itemId] of Object.entries(aux ?? {})) {
    if (!itemId) continue;
    if (!wanted.has(dimId)) {
      throw badRequest(
        `${where}科目 ${account.code} ${account.name} 未设置辅助核算「${dims.get(dimId)?.name ?? dimId}」`,
      );
    }
    const item = items.get(itemId);
    const dim = dims.get(dimId);
    if (!item || item.dimensionId !== dimId || !dim) throw badRequest(`${where}辅助核算项目不存在`);
    if (item.status !== 1) throw badRequest(`${where}辅助核算项目「${item.name}」已停用`);
    byName[dim.name] = itemId;
  }
  return byName;
}

/** Names of the dimensions an account requires (the core rules' `auxiliary` setting). */
export function auxSettingNames(account: AccountRow, dims: Map<string, DimensionInfo>): string[] {
  return auxDimsOf(account).map((d) => dims.get(d)?.name ?? d);
}

/** SQL: the caller may see the book (membership, administrator any). */
export const memberCondition = (user: AuthUser) =>
  isAdministrator(user)
    ? undefined
    : sql`exists (select 1 from ${accountSetUser} m where m.account_set_id = ${qualified(accountSet.id)} and m.user_id = ${user.userId})`;
