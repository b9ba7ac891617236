/**
 * 账套 and 账套用户 (spec §7.3): page / list / detail / check / user-list / save / update / submit and the member
 * endpoints. Contract: core/contract/izs-financing/account-set.contract.ts.
 *
 * Creating a book (one transaction): the book row, its chart copied from the standard's preset chart
 * (core/accounting presetChart: the 会计准则 picks the chart, the 纳税人性质 the 应交税费 tree), the preset dimensions
 * (客户 供应商 部门 职员 项目 存货), the voucher words of the chosen set, and the creator as 账套主管. isDefault '1'
 * clears the department's other default book.
 */
import { and, asc, desc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  periodOf,
  presetChart,
  standardOf,
  taxNatureOf,
  VOUCHER_WORD_PRESETS,
} from '../../../core/accounting/index.ts';
import {
  ACCOUNT_CHECK,
  ACCOUNT_SET_PATHS,
  ACCOUNT_SET_USER_PATHS,
  type AccountSet,
  type AccountSetCandidate,
  type AccountSetForm,
  type AccountSetUser,
  accountSetForm,
  accountSetUpdate,
  accountSetUserUpdate,
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
import { type AuthUser, currentUser } from '../../platform/auth.ts';
import { hasAnyCode, isAdministrator } from '../../platform/crud/index.ts';
import { diff, writeOperationLog } from '../../platform/logs.ts';
import { parsePaging } from '../../platform/paging.ts';
import { badRequest, forbidden, ok, page } from '../../platform/r.ts';
import { formatDateTime } from '../../platform/time.ts';
import { parse } from '../../platform/validate.ts';
import {
  type BookRow,
  currentPeriodOf,
  loadUsableBook,
  memberCondition,
  need,
  readBookHeader,
  requireFinanceAccess,
} from './book.ts';
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

/** Creates a book with its chart, dimensions, voucher words and the creator as 账套主管 (inside `tx`). */
export async function createAccountSet(tx: Tx, input: CreateBookInput): Promise<BookRow> {
  const { tenantId, deptId, userId, form } = input;
  if (form.isDefault === '1') {
    await tx
      .update(accountSet)
      .set({ isDefault: '0' })
      .where(and(eq(accountSet.tenantId, tenantId), eq(accountSet.deptId, deptId), eq(accountSet.isDeleted, 0)));
  }
  const [book] = await tx
    .insert(accountSet)
    .values({
      tenantId,
      deptId,
      createUser: userId,
      updateUser: userId,
      createDept: deptId,
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
async function allowedDept(db: Db, user: AuthUser, wanted: unknown): Promise<string> {
  const w = wanted === undefined || wanted === null || wanted === '' ? '' : String(wanted).trim();
  if (!w || w === user.currentDeptId) return user.currentDeptId;
  if (!/^[1-9]\d{0,18}$/.test(w)) throw forbidden('无权访问该机构');
  if (user.deptIds.includes(w)) return w;
  if (isAdministrator(user)) {
    const [d] = await db
      .select({ id: dept.id })
      .from(dept)
      .where(and(eq(dept.id, w), eq(dept.tenantId, user.tenantId), eq(dept.isDeleted, 0)))
      .limit(1);
    if (d) return w;
  }
  throw forbidden('无权访问该机构');
}

async function regionExists(ex: Executor, code: string): Promise<boolean> {
  const [r] = await ex.select({ code: region.code }).from(region).where(eq(region.code, code)).limit(1);
  return !!r;
}

async function entities(db: Db, user: AuthUser, list: BookRow[], tz: string): Promise<AccountSet[]> {
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
function visibleBooks(user: AuthUser, deptId: string, extra: SQL[] = []): SQL | undefined {
  return and(
    eq(accountSet.tenantId, user.tenantId),
    eq(accountSet.deptId, deptId),
    eq(accountSet.isDeleted, 0),
    memberCondition(user),
    ...extra,
  );
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

async function hasEntries(ex: Executor, bookId: string): Promise<boolean> {
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
function formOf(b: BookRow): Record<string, unknown> {
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

export function registerAccountSets(app: FastifyInstance, db: Db, tz: string): void {
  const canList = async (req: FastifyRequest) => {
    const user = currentUser(req);
    await requireFinanceAccess(db, user);
    return user;
  };

  const listQuery = async (req: FastifyRequest) => {
    const user = await canList(req);
    const q = (req.query ?? {}) as Record<string, unknown>;
    const deptId = await allowedDept(db, user, q.deptId);
    const extra: SQL[] = [];
    if (typeof q.name === 'string' && q.name.trim()) {
      extra.push(sql`${accountSet.name} like ${`%${q.name.trim().replace(/[\\%_]/g, (m) => `\\${m}`)}%`}`);
    }
    return { user, where: visibleBooks(user, deptId, extra), q };
  };

  app.get(ACCOUNT_SET_PATHS.page, async (req) => {
    const { user, where, q } = await listQuery(req);
    const p = parsePaging(
      q,
      { name: accountSet.name, enable_date: accountSet.enableDate, create_time: accountSet.createTime },
      [asc(accountSet.createTime), asc(accountSet.id)],
    );
    const [c] = await db.select({ n: sql<number>`count(*)::int` }).from(accountSet).where(where);
    const list = await db
      .select()
      .from(accountSet)
      .where(where)
      .orderBy(...p.orderBy)
      .limit(p.size)
      .offset(p.offset);
    return ok(page(await entities(db, user, list, tz), Number(c?.n ?? 0), p.current, p.size));
  });

  app.get(ACCOUNT_SET_PATHS.list, async (req) => {
    const { user, where } = await listQuery(req);
    const list = await db.select().from(accountSet).where(where).orderBy(asc(accountSet.createTime)).limit(1000);
    return ok(await entities(db, user, list, tz));
  });

  const loadVisible = async (req: FastifyRequest, id: unknown) => {
    const user = await canList(req);
    const sid = String(id ?? '').trim();
    if (!/^[1-9]\d{0,18}$/.test(sid)) throw badRequest('账套不存在');
    const [b] = await db
      .select()
      .from(accountSet)
      .where(and(eq(accountSet.id, sid), eq(accountSet.tenantId, user.tenantId), eq(accountSet.isDeleted, 0)));
    if (!b) throw forbidden('账套不存在或无权访问');
    // the book's department must be one of the caller's (administrator: any of the tenant)
    await allowedDept(db, user, b.deptId).catch(() => {
      throw forbidden('该账套不属于您的机构');
    });
    const ctx = await loadUsableBook(db, user, sid, b.deptId ?? '');
    return { user, book: b, ctx };
  };

  app.get(ACCOUNT_SET_PATHS.detail, async (req) => {
    const { user, book } = await loadVisible(req, (req.query as Record<string, unknown>)?.id);
    return ok((await entities(db, user, [book], tz))[0]);
  });

  app.get(ACCOUNT_SET_PATHS.check, async (req) =>
    ok(await checkStatus(db, currentUser(req), (req.query as Record<string, unknown>)?.deptId)),
  );

  app.get(ACCOUNT_SET_PATHS.userList, async (req) => {
    const user = await canList(req);
    const q = (req.query ?? {}) as Record<string, unknown>;
    let deptId: string;
    let bookId = '';
    if (q.accountSetId) {
      const { book } = await loadVisible(req, q.accountSetId);
      deptId = book.deptId ?? '';
      bookId = book.id;
    } else deptId = await allowedDept(db, user, q.deptId);
    const users = await db
      .select({ id: userTable.id, account: userTable.account, realName: userTable.realName })
      .from(userTable)
      .where(
        and(
          eq(userTable.tenantId, user.tenantId),
          eq(userTable.isDeleted, 0),
          sql`(',' || ${userTable.deptId} || ',') like ${`%,${deptId},%`}`,
        ),
      )
      .orderBy(asc(userTable.account))
      .limit(1000);
    const bound = new Set(
      bookId
        ? (
            await db
              .select({ userId: accountSetUser.userId })
              .from(accountSetUser)
              .where(eq(accountSetUser.accountSetId, bookId))
          ).map((m) => m.userId)
        : [],
    );
    const out: AccountSetCandidate[] = users.map((u) => ({ ...u, bound: bound.has(u.id) }));
    return ok(out);
  });

  const insert = async (req: FastifyRequest, body: Record<string, unknown>) => {
    const user = currentUser(req);
    await need(db, user, FIN_PERMISSIONS.setOfBook, 'add');
    const form = parse(accountSetForm, body);
    const deptId = await allowedDept(db, user, form.deptId);
    if (!deptId || deptId === '0') throw badRequest('请选择所属企业');
    if (!(await regionExists(db, form.taxAddress))) throw badRequest('税务地区不存在');
    const created = await db.transaction(async (tx) => {
      const [dup] = await tx
        .select({ id: accountSet.id })
        .from(accountSet)
        .where(
          and(
            eq(accountSet.tenantId, user.tenantId),
            eq(accountSet.deptId, deptId),
            eq(accountSet.name, form.name),
            eq(accountSet.isDeleted, 0),
          ),
        )
        .limit(1);
      if (dup) throw badRequest('账套名称已存在');
      const book = await createAccountSet(tx, { tenantId: user.tenantId, deptId, userId: user.userId, form });
      await writeOperationLog(tx, req, '新增账套', diff({}, formOf(book)));
      return book;
    });
    return (await entities(db, user, [created], tz))[0];
  };

  const update = async (req: FastifyRequest, body: Record<string, unknown>) => {
    const user = currentUser(req);
    await need(db, user, FIN_PERMISSIONS.setOfBook, 'edit');
    const { id } = parse(accountSetUpdate, body);
    const { book: prev, ctx } = await loadVisible(req, id);
    if (!ctx.supervisor) throw forbidden('只有账套主管可以修改账套');
    const merged = { ...formOf(prev), ...Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined)) };
    delete merged.id;
    merged.deptId = prev.deptId; // the owning enterprise is fixed
    const form = parse(accountSetForm, merged);
    if (form.taxAddress !== prev.taxAddress && !(await regionExists(db, form.taxAddress))) {
      throw badRequest('税务地区不存在');
    }
    const startPeriod = periodOf(form.enableDate);
    const chartChanged = form.accountingSystem !== prev.accountingSystem || form.taxNature !== prev.taxNature;
    const startChanged = startPeriod !== prev.startPeriod;
    const updated = await db.transaction(async (tx) => {
      await tx.select({ id: accountSet.id }).from(accountSet).where(eq(accountSet.id, prev.id)).for('update');
      if (chartChanged || startChanged) {
        if (prev.closedThrough || (await hasEntries(tx, prev.id))) {
          throw badRequest('账套已有凭证或期初余额，不能修改会计准则、纳税人性质或启用期间');
        }
      }
      if (form.name !== prev.name) {
        const [dup] = await tx
          .select({ id: accountSet.id })
          .from(accountSet)
          .where(
            and(
              eq(accountSet.tenantId, user.tenantId),
              eq(accountSet.deptId, prev.deptId ?? ''),
              eq(accountSet.name, form.name),
              eq(accountSet.isDeleted, 0),
              ne(accountSet.id, prev.id),
            ),
          )
          .limit(1);
        if (dup) throw badRequest('账套名称已存在');
      }
      if (form.isDefault === '1' && prev.isDefault !== '1') {
        await tx
          .update(accountSet)
          .set({ isDefault: '0' })
          .where(and(eq(accountSet.tenantId, user.tenantId), eq(accountSet.deptId, prev.deptId ?? '')));
      }
      if (chartChanged) {
        await tx.delete(finAccount).where(eq(finAccount.accountSetId, prev.id));
        await insertPresetChart(tx, user.tenantId, prev.id, form);
      }
      const [u] = await tx
        .update(accountSet)
        .set({
          name: form.name,
          accountingSystem: form.accountingSystem,
          taxNature: form.taxNature,
          enableDate: form.enableDate,
          startPeriod,
          enableInvoice: form.enableInvoice,
          industryInvolved: form.industryInvolved,
          dutyParagraph: form.dutyParagraph,
          taxAddress: form.taxAddress,
          isDefault: form.isDefault,
          reviewRequired: form.reviewRequired,
          allowSelfReview: form.allowSelfReview,
          postingRequired: form.postingRequired,
          remark: form.remark,
          updateUser: user.userId,
          updateTime: new Date(),
        })
        .where(eq(accountSet.id, prev.id))
        .returning();
      await writeOperationLog(tx, req, '修改账套', diff(formOf(prev), formOf(u)));
      return u;
    });
    return (await entities(db, user, [updated], tz))[0];
  };

  const bodyOf = (req: FastifyRequest) => (req.body ?? {}) as Record<string, unknown>;
  app.post(ACCOUNT_SET_PATHS.save, async (req) => ok(await insert(req, bodyOf(req)), '新增成功'));
  app.post(ACCOUNT_SET_PATHS.update, async (req) => ok(await update(req, bodyOf(req))));
  app.post(ACCOUNT_SET_PATHS.submit, async (req) => {
    const b = bodyOf(req);
    const hasId = b.id !== undefined && b.id !== null && b.id !== '' && b.id !== -1 && b.id !== '-1';
    return ok(hasId ? await update(req, b) : await insert(req, b));
  });

  // ------------------------------------------------------------ account-set users

  app.get(ACCOUNT_SET_USER_PATHS.page, async (req) => {
    const q = (req.query ?? {}) as Record<string, unknown>;
    const bookId = q.accountSetId ? String(q.accountSetId) : readBookHeader(req);
    const { book } = await loadVisible(req, bookId);
    const p = parsePaging({ current: q.current, size: q.size }, {}, [asc(accountSetUser.id)]);
    const where = eq(accountSetUser.accountSetId, book.id);
    const [c] = await db.select({ n: sql<number>`count(*)::int` }).from(accountSetUser).where(where);
    const list = await db
      .select({
        id: accountSetUser.id,
        accountSetId: accountSetUser.accountSetId,
        userId: accountSetUser.userId,
        account: userTable.account,
        realName: userTable.realName,
        supervisor: accountSetUser.supervisor,
        isDefault: accountSetUser.isDefault,
        createTime: accountSetUser.createTime,
      })
      .from(accountSetUser)
      .leftJoin(userTable, eq(userTable.id, accountSetUser.userId))
      .where(where)
      .orderBy(desc(accountSetUser.supervisor), ...p.orderBy)
      .limit(p.size)
      .offset(p.offset);
    const records: AccountSetUser[] = list.map((m) => ({
      ...m,
      account: m.account ?? '',
      realName: m.realName ?? '',
      createTime: formatDateTime(m.createTime, tz),
    }));
    return ok(page(records, Number(c?.n ?? 0), p.current, p.size));
  });

  app.post(ACCOUNT_SET_USER_PATHS.update, async (req) => {
    const user = currentUser(req);
    await need(db, user, FIN_PERMISSIONS.setOfBook, 'edit');
    const body = parse(accountSetUserUpdate, req.body ?? {});
    const { book, ctx } = await loadVisible(req, body.accountSetId);
    if (!ctx.supervisor) throw forbidden('只有账套主管可以设置账套用户');
    const ids = [...new Set(body.users.map((u) => u.userId))];
    if (ids.length !== body.users.length) throw badRequest('账套用户不能重复');
    if (!body.users.some((u) => u.supervisor === 1)) throw badRequest('账套至少需要一个账套主管');
    const found = await db
      .select({ id: userTable.id, deptId: userTable.deptId })
      .from(userTable)
      .where(and(inArray(userTable.id, ids), eq(userTable.tenantId, user.tenantId), eq(userTable.isDeleted, 0)));
    if (found.length !== ids.length) throw badRequest('用户不存在');
    const outside = found.find((u) => !u.deptId.split(',').includes(book.deptId ?? ''));
    if (outside) throw badRequest('账套用户必须属于账套所属企业');
    await db.transaction(async (tx) => {
      const before = await tx
        .select({ userId: accountSetUser.userId, supervisor: accountSetUser.supervisor })
        .from(accountSetUser)
        .where(eq(accountSetUser.accountSetId, book.id));
      await tx.delete(accountSetUser).where(eq(accountSetUser.accountSetId, book.id));
      for (const u of body.users) {
        if (u.isDefault === '1') {
          // one default book per user and department
          await tx.execute(
            sql`update ${accountSetUser} set is_default = '0' where user_id = ${u.userId} and account_set_id in
                (select id from ${accountSet} where dept_id = ${book.deptId} and tenant_id = ${user.tenantId})`,
          );
        }
      }
      await tx.insert(accountSetUser).values(
        body.users.map((u) => ({
          tenantId: user.tenantId,
          accountSetId: book.id,
          userId: u.userId,
          supervisor: u.supervisor,
          isDefault: u.isDefault,
          createUser: user.userId,
        })),
      );
      await writeOperationLog(tx, req, '设置账套用户', {
        users: [
          before.map((b) => `${b.userId}${b.supervisor ? '(主管)' : ''}`).join(','),
          body.users.map((b) => `${b.userId}${b.supervisor ? '(主管)' : ''}`).join(','),
        ],
      });
    });
    const list = await db
      .select({
        id: accountSetUser.id,
        accountSetId: accountSetUser.accountSetId,
        userId: accountSetUser.userId,
        account: userTable.account,
        realName: userTable.realName,
        supervisor: accountSetUser.supervisor,
        isDefault: accountSetUser.isDefault,
        createTime: accountSetUser.createTime,
      })
      .from(accountSetUser)
      .leftJoin(userTable, eq(userTable.id, accountSetUser.userId))
      .where(eq(accountSetUser.accountSetId, book.id))
      .orderBy(asc(accountSetUser.id));
    return ok(
      list.map((m) => ({
        ...m,
        account: m.account ?? '',
        realName: m.realName ?? '',
        createTime: formatDateTime(m.createTime, tz),
      })),
    );
  });
}
