/**
 * 账套用户: GET account-set-user/page (default: the Current-Account-Set-Id book), POST account-set-user/update
 * (replaces the members; 账套主管 or administrator only; at least one 账套主管; one default book per user and
 * department). Contract: ACCOUNT_SETS.userPage / userUpdate. Queries: account-set-users-repository.ts.
 */
import { asc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ACCOUNT_SETS, type AccountSetUser } from '../../../core/contract/izs-financing/account-set.contract.ts';
import type { Db } from '../../db/client.ts';
import { accountSetUser } from '../../db/schema/index.ts';
import { endpoints, type Handler } from '../../platform/endpoint.ts';
import { writeOperationLog } from '../../platform/logs.ts';
import { parsePaging } from '../../platform/paging.ts';
import { badRequest, forbidden, page } from '../../platform/r.ts';
import { formatDateTime } from '../../platform/time.ts';
import { loadVisibleBook } from './account-set-service.ts';
import { memberFlags, memberPage, membersOf, replaceMembers, tenantUsers } from './account-set-users-repository.ts';
import { readBookHeader } from './book.ts';

export function registerAccountSetUsers(app: FastifyInstance, db: Db, tz: string): void {
  const r = endpoints(app, db);
  r.handle(ACCOUNT_SETS.userPage, userPage(db, tz));
  r.handle(ACCOUNT_SETS.userUpdate, updateUsers(db, tz));
}

function userPage(db: Db, tz: string): Handler<typeof ACCOUNT_SETS.userPage> {
  return async ({ req, user, query: q }) => {
    const bookId = q.accountSetId ? q.accountSetId : readBookHeader(req);
    const { book } = await loadVisibleBook(db, user, bookId);
    const p = parsePaging({ current: q.current, size: q.size }, {}, [asc(accountSetUser.id)]);
    const { total, list } = await memberPage(db, book.id, p);
    const records: AccountSetUser[] = list.map((m) => ({
      ...m,
      account: m.account ?? '',
      realName: m.realName ?? '',
      createTime: formatDateTime(m.createTime, tz),
    }));
    return page(records, total, p.current, p.size);
  };
}

/** 账套主管 only: users unique, one supervisor at least, each of the tenant and the book's enterprise; one transaction. */
function updateUsers(db: Db, tz: string): Handler<typeof ACCOUNT_SETS.userUpdate> {
  return async ({ req, user, body }) => {
    const { book, ctx } = await loadVisibleBook(db, user, body.accountSetId);
    if (!ctx.supervisor) throw forbidden('只有账套主管可以设置账套用户');
    const ids = [...new Set(body.users.map((u) => u.userId))];
    if (ids.length !== body.users.length) throw badRequest('账套用户不能重复');
    if (!body.users.some((u) => u.supervisor === 1)) throw badRequest('账套至少需要一个账套主管');
    const found = await tenantUsers(db, user, ids);
    if (found.length !== ids.length) throw badRequest('用户不存在');
    const outside = found.find((u) => !u.deptId.split(',').includes(book.deptId ?? ''));
    if (outside) throw badRequest('账套用户必须属于账套所属企业');
    await db.transaction(async (tx) => {
      const before = await memberFlags(tx, book.id);
      await replaceMembers(tx, user, book, body.users);
      await writeOperationLog(tx, req, '设置账套用户', {
        users: [
          before.map((b) => `${b.userId}${b.supervisor ? '(主管)' : ''}`).join(','),
          body.users.map((b) => `${b.userId}${b.supervisor ? '(主管)' : ''}`).join(','),
        ],
      });
    });
    const list = await membersOf(db, book.id);
    return list.map((m) => ({
      ...m,
      account: m.account ?? '',
      realName: m.realName ?? '',
      createTime: formatDateTime(m.createTime, tz),
    }));
  };
}
