/**
 * 账套 reads (spec §7.3): page / list / detail / check / user-list (contract: ACCOUNT_SETS in
 * core/contract/izs-financing/account-set.contract.ts). Writes: account-set-save.ts; members: account-set-users.ts;
 * creating a book and the answer rows: account-set-service.ts.
 *
 * Creating a book (one transaction): the book row, its chart copied from the standard's preset chart
 * (core/accounting presetChart: the 会计准则 picks the chart, the 纳税人性质 the 应交税费 tree), the preset dimensions
 * (客户 供应商 部门 职员 项目 存货), the voucher words of the chosen set, and the creator as 账套主管. isDefault '1'
 * clears the department's other default book.
 */
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ACCOUNT_SETS, type AccountSetCandidate } from '../../../core/contract/izs-financing/account-set.contract.ts';
import type { Db } from '../../db/client.ts';
import { accountSet, accountSetUser, user as userTable } from '../../db/schema/index.ts';
import type { AuthUser } from '../../platform/auth.ts';
import { endpoints } from '../../platform/endpoint.ts';
import { parsePaging } from '../../platform/paging.ts';
import { page } from '../../platform/r.ts';
import { tenantOf } from '../../platform/scope.ts';
import { registerAccountSetSave } from './account-set-save.ts';
import { accountSetEntities, allowedDept, checkStatus, loadVisibleBook, visibleBooks } from './account-set-service.ts';
import { registerAccountSetUsers } from './account-set-users.ts';
import { requireFinanceAccess } from './book.ts';

export { createAccountSet, insertPresetChart } from './account-set-service.ts';

export function registerAccountSets(app: FastifyInstance, db: Db, tz: string): void {
  const r = endpoints(app, db);

  /** The books of the named (or current) department the caller may use, filtered by name. */
  const listWhere = async (user: AuthUser, q: { deptId?: string; name?: string }) => {
    await requireFinanceAccess(db, user);
    const deptId = await allowedDept(db, user, q.deptId);
    const extra: SQL[] = [];
    if (q.name?.trim()) {
      extra.push(sql`${accountSet.name} like ${`%${q.name.trim().replace(/[\\%_]/g, (m) => `\\${m}`)}%`}`);
    }
    return visibleBooks(user, deptId, extra);
  };

  r.handle(ACCOUNT_SETS.page, async ({ user, query, req }) => {
    const where = await listWhere(user, query);
    const p = parsePaging(
      req.query,
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
    return page(await accountSetEntities(db, user, list, tz), Number(c?.n ?? 0), p.current, p.size);
  });

  r.handle(ACCOUNT_SETS.list, async ({ user, query }) => {
    const where = await listWhere(user, query);
    const list = await db.select().from(accountSet).where(where).orderBy(asc(accountSet.createTime)).limit(1000);
    return accountSetEntities(db, user, list, tz);
  });

  r.handle(ACCOUNT_SETS.detail, async ({ user, query }) => {
    const { book } = await loadVisibleBook(db, user, query.id);
    return (await accountSetEntities(db, user, [book], tz))[0];
  });

  r.handle(ACCOUNT_SETS.check, ({ user, query }) => checkStatus(db, user, query.deptId));

  r.handle(ACCOUNT_SETS.userList, async ({ user, query: q }) => {
    await requireFinanceAccess(db, user);
    let deptId: string;
    let bookId = '';
    if (q.accountSetId) {
      const { book } = await loadVisibleBook(db, user, q.accountSetId);
      deptId = book.deptId ?? '';
      bookId = book.id;
    } else deptId = await allowedDept(db, user, q.deptId);
    const users = await db
      .select({ id: userTable.id, account: userTable.account, realName: userTable.realName })
      .from(userTable)
      .where(and(tenantOf(user, userTable), sql`(',' || ${userTable.deptId} || ',') like ${`%,${deptId},%`}`))
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
    return out;
  });

  registerAccountSetSave(app, db, tz);
  registerAccountSetUsers(app, db, tz);
}
