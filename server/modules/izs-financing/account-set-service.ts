/**
 * 账套 service (spec §7.3): creating a book, the departments a caller may name, the answer rows, the check status.
 * Routes: account-sets.ts (reads), account-set-save.ts (save / update / submit), account-set-users.ts (members).
 *
 * Creating a book (one transaction): the book row, its chart copied from the standard's preset chart
 * (core/accounting presetChart: the 会计准则 picks the chart, the 纳税人性质 the 应交税费 tree), the preset dimensions
 * (客户 供应商 部门 职员 项目 存货), the voucher words of the chosen set, and the creator as 账套主管. isDefault '1'
 * clears the department's other default book.
 */
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import {
  periodOf,
  presetChart,
  standardOf,
  taxNatureOf,
  VOUCHER_WORD_PRESETS,
} from '../../../core/accounting/index.ts';
import {
  ACCOUNT_CHECK,
  type AccountSet,
  type AccountSetForm,
} from '../../../core/contract/izs-financing/account-set.contract.ts';
import { DIMENSION_SOURCES } from '../../../core/contract/izs-financing/dimension.contract.ts';
import { FIN_PERMISSIONS } from '../../../core/contract/izs-financing/fields.ts';
import type { Db, Executor, Tx } from '../../db/client.ts';
import {
  accountSet,
  accountSetUser,
  dept,
  finAccount,
  finDimension,
  finOpening,
  region,
  user as userTable,
  voucher,
  voucherWord,
} from '../../db/schema/index.ts';
import type { AuthUser } from '../../platform/auth.ts';
import { hasAnyCode, isAdministrator } from '../../platform/crud/index.ts';
import { badRequest, forbidden } from '../../platform/r.ts';
import { tenantIs, tenantOf } from '../../platform/scope.ts';
import { formatDateTime } from '../../platform/time.ts';
import { type BookRow, currentPeriodOf, loadUsableBook, memberCondition, requireFinanceAccess } from './book.ts';
import { insertPresetUnits } from './units.ts';

export interface CreateBookInput {
  tenantId: string;
  deptId: string;
  userId: string;
  form: AccountSetForm;
}

/** Inserts the chart of a standard + tax nature for a book (preset rows). */
export async function insertPresetChart(
  tx: Executor,
  tenantId: string,
  bookId: string,
  form: Pick<AccountSetForm, 'accountingSystem' | 'taxNature'>,
) {
  const chart = presetChart(
    standardOf(form.accountingSystem === 1 ? 1 : 2),
    taxNatureOf(form.taxNature === '1' ? '1' : '2'),
  );
  const rows = chart.accounts.map((a) => ({
    tenantId,
    accountSetId: bookId,
    code: a.code,
    name: a.name,
    parentCode: a.parentCode,
    level: a.level,
    category: a.category,
    direction: a.direction,
    preset: 1,
  }));
  for (let i = 0; i < rows.length; i += 500) await tx.insert(finAccount).values(rows.slice(i, i + 500));
  return rows.length;
}

/** A book's columns from its form (a new book and a saved one alike): the first period is the enable date's. */
export function bookColumns(form: AccountSetForm) {
  return {
    name: form.name,
    accountingSystem: form.accountingSystem,
    taxNature: form.taxNature,
    enableDate: form.enableDate,
    startPeriod: periodOf(form.enableDate),
    enableInvoice: form.enableInvoice,
    industryInvolved: form.industryInvolved,
    dutyParagraph: form.dutyParagraph,
    taxAddress: form.taxAddress,
    isDefault: form.isDefault,
    reviewRequired: form.reviewRequired,
    allowSelfReview: form.allowSelfReview,
    postingRequired: form.postingRequired,
    remark: form.remark,
  };
}
/** Creates a book with its chart, dimensions, voucher words and the creator as 账套主管 (inside `tx`). */
export async function createAccountSet(tx: Tx, input: CreateBookInput): Promise<BookRow> {
  const { tenantId, deptId, userId, form } = input;
  if (form.isDefault === '1') {
    await tx
      .update(accountSet)
      .set({ isDefault: '0' })
      .where(and(tenantIs(tenantId, accountSet), eq(accountSet.deptId, deptId)));
  }
  const [book] = await tx
    .insert(accountSet)
    .values({
      tenantId,
      deptId,
      createUser: userId,
      updateUser: userId,
      createDept: deptId,
      ...bookColumns(form),
    })
    .returning();
  await insertPresetChart(tx, tenantId, book.id, form);
  await tx.insert(finDimension).values(
    DIMENSION_SOURCES.filter((s) => s.code !== 'custom').map((s, i) => ({
      tenantId,
      deptId,
      accountSetId: book.id,
      code: s.code,
      name: s.name,
      source: s.code,
      preset: 1,
      sort: i + 1,
      createUser: userId,
    })),
  );
  await insertPresetUnits(tx, { tenantId, deptId, bookId: book.id, userId });
  await tx.insert(voucherWord).values(
    VOUCHER_WORD_PRESETS[form.voucherWords].map((w, i) => ({
      tenantId,
      deptId,
      accountSetId: book.id,
      word: w.word,
      name: w.name,
      restriction: w.restriction,
      codes: w.codes.join(','),
      isDefault: i === 0 ? 1 : 0,
      sort: i + 1,
      createUser: userId,
    })),
  );
  // the creator's default book in this department when they have none yet
  const [hasDefault] = await tx
    .select({ id: accountSetUser.id })
    .from(accountSetUser)
    .innerJoin(accountSet, eq(accountSet.id, accountSetUser.accountSetId))
    .where(
      and(
        eq(accountSetUser.userId, userId),
        eq(accountSetUser.isDefault, '1'),
        eq(accountSet.deptId, deptId),
        eq(accountSet.isDeleted, 0),
      ),
    )
    .limit(1);
  await tx.insert(accountSetUser).values({
    tenantId,
    accountSetId: book.id,
    userId,
    supervisor: 1,
    isDefault: hasDefault ? '0' : '1',
    createUser: userId,
  });
  return book;
}

/** The department a query names (deptId), or the current one; 403 when the user may not use it. */
export async function allowedDept(db: Db, user: AuthUser, wanted: unknown): Promise<string> {
  const w = wanted === undefined || wanted === null || wanted === '' ? '' : String(wanted).trim();
  if (!w || w === user.currentDeptId) return user.currentDeptId;
  if (!/^[1-9]\d{0,18}$/.test(w)) throw forbidden('无权访问该机构');
  if (user.deptIds.includes(w)) return w;
  if (isAdministrator(user)) {
    const [d] = await db
      .select({ id: dept.id })
      .from(dept)
      .where(and(eq(dept.id, w), tenantOf(user, dept)))
      .limit(1);
    if (d) return w;
  }
  throw forbidden('无权访问该机构');
}

export async function regionExists(ex: Executor, code: string): Promise<boolean> {
  const [r] = await ex.select({ code: region.code }).from(region).where(eq(region.code, code)).limit(1);
  return !!r;
}

export async function accountSetEntities(db: Db, user: AuthUser, list: BookRow[], tz: string): Promise<AccountSet[]> {
  if (list.length === 0) return [];
  const ids = list.map((b) => b.id);
  const members = await db
    .select({
      accountSetId: accountSetUser.accountSetId,
      userId: accountSetUser.userId,
      supervisor: accountSetUser.supervisor,
      isDefault: accountSetUser.isDefault,
      realName: userTable.realName,
    })
    .from(accountSetUser)
    .leftJoin(userTable, eq(userTable.id, accountSetUser.userId))
    .where(inArray(accountSetUser.accountSetId, ids))
    .orderBy(asc(accountSetUser.id));
  const deptNames = new Map(
    (
      await db
        .select({ id: dept.id, name: dept.deptName })
        .from(dept)
        .where(inArray(dept.id, [...new Set(list.map((b) => b.deptId ?? '0'))]))
    ).map((d) => [d.id, d.name]),
  );
  const codes = [...new Set(list.map((b) => b.taxAddress).filter(Boolean))];
  const regionNames = new Map(
    codes.length
      ? (await db.select({ code: region.code, name: region.name }).from(region).where(inArray(region.code, codes))).map(
          (r) => [r.code, r.name],
        )
      : [],
  );
  const admin = isAdministrator(user);
  return list.map((b) => {
    const mine = members.filter((m) => m.accountSetId === b.id);
    const me = mine.find((m) => m.userId === user.userId);
    return {
      id: b.id,
      name: b.name,
      enableDate: b.enableDate,
      accountingSystem: b.accountingSystem,
      taxNature: b.taxNature,
      enableInvoice: b.enableInvoice,
      deptId: b.deptId ?? '',
      deptName: deptNames.get(b.deptId ?? '') ?? null,
      industryInvolved: b.industryInvolved,
      dutyParagraph: b.dutyParagraph,
      taxAddress: b.taxAddress,
      taxAddressName: regionNames.get(b.taxAddress) ?? null,
      isDefault: b.isDefault,
      bindingUser: mine
        .filter((m) => m.supervisor === 1)
        .map((m) => m.realName ?? '')
        .join(','),
      startPeriod: b.startPeriod,
      currentPeriod: currentPeriodOf(b.startPeriod, b.closedThrough),
      closedThrough: b.closedThrough,
      reviewRequired: b.reviewRequired,
      allowSelfReview: b.allowSelfReview,
      postingRequired: b.postingRequired,
      remark: b.remark,
      userDefault: me?.isDefault ?? '0',
      supervisor: admin || me?.supervisor === 1,
      createTime: formatDateTime(b.createTime, tz),
      updateTime: formatDateTime(b.updateTime, tz),
    };
  });
}

/** Books of a department the user may use. */
export function visibleBooks(user: AuthUser, deptId: string, extra: SQL[] = []): SQL | undefined {
  return and(tenantOf(user, accountSet), eq(accountSet.deptId, deptId), memberCondition(user), ...extra);
}

/** The account check status of spec §4 for the user in a department. */
export async function checkStatus(db: Db, user: AuthUser, deptIdQuery: unknown): Promise<number> {
  if (!(await hasAnyCode(db, user, [FIN_PERMISSIONS.home, FIN_PERMISSIONS.setOfBook])))
    return ACCOUNT_CHECK.noPermission;
  let deptId: string;
  try {
    deptId = await allowedDept(db, user, deptIdQuery);
  } catch {
    return ACCOUNT_CHECK.noPermission;
  }
  const [r] = await db.select({ n: sql<number>`count(*)::int` }).from(accountSet).where(visibleBooks(user, deptId));
  return Number(r?.n ?? 0) > 0 ? ACCOUNT_CHECK.normal : ACCOUNT_CHECK.noAccountSet;
}

export async function hasEntries(ex: Executor, bookId: string): Promise<boolean> {
  const [v] = await ex
    .select({ id: voucher.id })
    .from(voucher)
    .where(and(eq(voucher.accountSetId, bookId), eq(voucher.isDeleted, 0)))
    .limit(1);
  if (v) return true;
  const [o] = await ex
    .select({ id: finOpening.id })
    .from(finOpening)
    .where(eq(finOpening.accountSetId, bookId))
    .limit(1);
  return !!o;
}

/** Stored book → the form's fields (update merges the body over them). */
export function formOf(b: BookRow): Record<string, unknown> {
  return {
    name: b.name,
    accountingSystem: b.accountingSystem,
    taxNature: b.taxNature,
    enableDate: b.enableDate,
    enableInvoice: b.enableInvoice,
    deptId: b.deptId,
    industryInvolved: b.industryInvolved,
    dutyParagraph: b.dutyParagraph,
    taxAddress: b.taxAddress,
    isDefault: b.isDefault,
    reviewRequired: b.reviewRequired,
    allowSelfReview: b.allowSelfReview,
    postingRequired: b.postingRequired,
    remark: b.remark,
  };
}

/**
 * A book the caller may see by id (its tenant, one of the caller's departments — administrator: any of the tenant —
 * and a member): the row and the caller's access (账套主管 or not). Needs an accounting menu.
 */
export async function loadVisibleBook(db: Db, user: AuthUser, id: unknown) {
  await requireFinanceAccess(db, user);
  const sid = String(id ?? '').trim();
  if (!/^[1-9]\d{0,18}$/.test(sid)) throw badRequest('账套不存在');
  const [b] = await db
    .select()
    .from(accountSet)
    .where(and(eq(accountSet.id, sid), tenantOf(user, accountSet)));
  if (!b) throw forbidden('账套不存在或无权访问');
  // the book's department must be one of the caller's (administrator: any of the tenant)
  await allowedDept(db, user, b.deptId).catch(() => {
    throw forbidden('该账套不属于您的机构');
  });
  const ctx = await loadUsableBook(db, user, sid, b.deptId ?? '');
  return { book: b, ctx };
}
