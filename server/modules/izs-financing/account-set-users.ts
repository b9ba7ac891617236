/**
 * 账套用户: GET account-set-user/page (default: the Current-Account-Set-Id book), POST account-set-user/update
 * (replaces the members; 账套主管 or administrator only; at least one 账套主管; one default book per user and
 * department). Contract: ACCOUNT_SETS.userPage / userUpdate.
 */
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ACCOUNT_SETS, type AccountSetUser } from '../../../core/contract/izs-financing/account-set.contract.ts';
import type { Db } from '../../db/client.ts';
import { accountSet, accountSetUser, user as userTable } from '../../db/schema/index.ts';
import { endpoints } from '../../platform/endpoint.ts';
import { writeOperationLog } from '../../platform/logs.ts';
import { parsePaging } from '../../platform/paging.ts';
import { badRequest, forbidden, page } from '../../platform/r.ts';
import { tenantOf } from '../../platform/scope.ts';
import { formatDateTime } from '../../platform/time.ts';
import { loadVisibleBook } from './account-set-service.ts';
import { readBookHeader } from './book.ts';

export function registerAccountSetUsers(app: FastifyInstance, db: Db, tz: string): void {
  const r = endpoints(app, db);

  r.handle(ACCOUNT_SETS.userPage, async ({ req, user, query: q }) => {
    const bookId = q.accountSetId ? q.accountSetId : readBookHeader(req);
    const { book } = await loadVisibleBook(db, user, bookId);
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
    return page(records, Number(c?.n ?? 0), p.current, p.size);
  });

  r.handle(ACCOUNT_SETS.userUpdate, async ({ req, user, body }) => {
    const { book, ctx } = await loadVisibleBook(db, user, body.accountSetId);
    if (!ctx.supervisor) throw forbidden('只有账套主管可以设置账套用户');
    const ids = [...new Set(body.users.map((u) => u.userId))];
    if (ids.length !== body.users.length) throw badRequest('账套用户不能重复');
    if (!body.users.some((u) => u.supervisor === 1)) throw badRequest('账套至少需要一个账套主管');
    const found = await db
      .select({ id: userTable.id, deptId: userTable.deptId })
      .from(userTable)
      .where(and(inArray(userTable.id, ids), tenantOf(user, userTable)));
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
    return list.map((m) => ({
      ...m,
      account: m.account ?? '',
      realName: m.realName ?? '',
      createTime: formatDateTime(m.createTime, tz),
    }));
  });
}
