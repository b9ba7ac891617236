/** GET user/page, user/list, user/detail, user/post-options (bladex-contract §5.2): the caller's tenant only. */
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { USER_ADMIN } from '../../../../core/contract/blade-system/user.contract.ts';
import type { Db } from '../../../db/client.ts';
import { post, user } from '../../../db/schema/index.ts';
import type { endpoints } from '../../../platform/endpoint.ts';
import { lockedAccounts } from '../../../platform/login-lock.ts';
import { parsePaging } from '../../../platform/paging.ts';
import { notFound, page } from '../../../platform/r.ts';
import { tenantOf } from '../../../platform/scope.ts';
import { admin, loadNames, toRow, userFilters } from './shared.ts';

export function handleUserReads(r: ReturnType<typeof endpoints>, db: Db, tz: string): void {
  r.handle(USER_ADMIN.page, async ({ query, req }) => {
    const u = admin(req);
    const where = userFilters(u, query);
    const p = parsePaging(
      req.query,
      { account: user.account, real_name: user.realName, create_time: user.createTime, code: user.code },
      [desc(user.createTime), asc(user.id)],
    );
    const [{ n: total }] = await db.select({ n: sql<number>`count(*)::int` }).from(user).where(where);
    const rows = await db
      .select()
      .from(user)
      .where(where)
      .orderBy(...p.orderBy)
      .limit(p.size)
      .offset(p.offset);
    const names = await loadNames(db, u);
    const locked = await lockedAccounts(
      db,
      u.tenantId,
      rows.map((x) => x.account),
    );
    return page(
      rows.map((x) => toRow(x, names, locked.has(x.account), tz)),
      total,
      p.current,
      p.size,
    );
  });

  r.handle(USER_ADMIN.list, async ({ query, req }) => {
    const u = admin(req);
    const rows = await db.select().from(user).where(userFilters(u, query)).orderBy(asc(user.account)).limit(1000);
    const names = await loadNames(db, u);
    return rows.map((x) => toRow(x, names, false, tz));
  });

  r.handle(USER_ADMIN.detail, async ({ query, req }) => {
    const u = admin(req);
    const [row] = await db
      .select()
      .from(user)
      .where(and(eq(user.id, query.id), tenantOf(u, user)))
      .limit(1);
    if (!row) throw notFound('用户不存在');
    const names = await loadNames(db, u);
    const locked = await lockedAccounts(db, u.tenantId, [row.account]);
    return toRow(row, names, locked.has(row.account), tz);
  });

  r.handle(USER_ADMIN.postOptions, async ({ req }) => {
    const u = admin(req);
    return db
      .select({ id: post.id, postName: post.postName, postCode: post.postCode })
      .from(post)
      .where(and(tenantOf(u, post), eq(post.status, 1)))
      .orderBy(asc(post.sort), asc(post.id));
  });
}
