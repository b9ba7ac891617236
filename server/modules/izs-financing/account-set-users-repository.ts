/** The queries of 账套用户 (account-set-users.ts): the members as answered, the tenant's users, replacing the members. */
import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { accountSet, accountSetUser, user as userTable } from '../../db/schema/index.ts';
import type { AuthUser } from '../../platform/auth.ts';
import { tenantOf } from '../../platform/scope.ts';

/** A member row as answered (before the times are formatted). */
const MEMBER = {
  id: accountSetUser.id,
  accountSetId: accountSetUser.accountSetId,
  userId: accountSetUser.userId,
  account: userTable.account,
  realName: userTable.realName,
  supervisor: accountSetUser.supervisor,
  isDefault: accountSetUser.isDefault,
  createTime: accountSetUser.createTime,
};

/** The book's members: their count, then one page (supervisors first). */
export async function memberPage(db: Db, bookId: string, p: { orderBy: SQL[]; size: number; offset: number }) {
  const where = eq(accountSetUser.accountSetId, bookId);
  const [c] = await db.select({ n: sql<number>`count(*)::int` }).from(accountSetUser).where(where);
  const list = await db
    .select(MEMBER)
    .from(accountSetUser)
    .leftJoin(userTable, eq(userTable.id, accountSetUser.userId))
    .where(where)
    .orderBy(desc(accountSetUser.supervisor), ...p.orderBy)
    .limit(p.size)
    .offset(p.offset);
  return { total: Number(c?.n ?? 0), list };
}

/** All the book's members, by id. */
export function membersOf(db: Db, bookId: string) {
  return db
    .select(MEMBER)
    .from(accountSetUser)
    .leftJoin(userTable, eq(userTable.id, accountSetUser.userId))
    .where(eq(accountSetUser.accountSetId, bookId))
    .orderBy(asc(accountSetUser.id));
}

/** The tenant's users of these ids (id, departments). */
export function tenantUsers(db: Db, user: AuthUser, ids: string[]) {
  return db
    .select({ id: userTable.id, deptId: userTable.deptId })
    .from(userTable)
    .where(and(inArray(userTable.id, ids), tenantOf(user, userTable)));
}

/** The members before a replacement (user, supervisor). */
export function memberFlags(tx: Tx, bookId: string) {
  return tx
    .select({ userId: accountSetUser.userId, supervisor: accountSetUser.supervisor })
    .from(accountSetUser)
    .where(eq(accountSetUser.accountSetId, bookId));
}

/**
 * The members replaced: the old rows deleted, each new default member's other default book of the department
 * cleared (one default book per user and department), the new rows inserted.
 */
export async function replaceMembers(
  tx: Tx,
  user: AuthUser,
  book: { id: string; deptId: string | null },
  users: { userId: string; supervisor: number; isDefault: string }[],
) {
  await tx.delete(accountSetUser).where(eq(accountSetUser.accountSetId, book.id));
  for (const u of users) {
    if (u.isDefault === '1') {
      // one default book per user and department
      await tx.execute(
        sql`update ${accountSetUser} set is_default = '0' where user_id = ${u.userId} and account_set_id in
            (select id from ${accountSet} where dept_id = ${book.deptId} and tenant_id = ${user.tenantId})`,
      );
    }
  }
  await tx.insert(accountSetUser).values(
    users.map((u) => ({
      tenantId: user.tenantId,
      accountSetId: book.id,
      userId: u.userId,
      supervisor: u.supervisor,
      isDefault: u.isDefault,
      createUser: user.userId,
    })),
  );
}
