/**
 * The queries of 异常过磅 (exceptions.ts): a page of exceptions in the caller's scope with their weighing, and the
 * counts of the weighbridge wall screen (per kind, held weighings, today's).
 */
import { and, count, desc, eq, gte, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { weighException, weighingOrder } from '../../db/schema/index.ts';
import { qualified } from '../../platform/crud/index.ts';

/** Midnight of today in the zone, as a timestamp. */
const midnightOf = (tz: string) => sql`date_trunc('day', now() at time zone ${tz}) at time zone ${tz}`;

/** How many exceptions match. */
export const countExceptions = (db: Db, where: SQL | undefined) =>
  db.select({ n: count() }).from(weighException).where(where);

/** One page of the exceptions that match, newest first, with their weighing's number and state and the names. */
export const exceptionRows = (db: Db, where: SQL | undefined, page: { current: number; size: number }) =>
  db
    .select({
      e: weighException,
      orderNo: weighingOrder.orderNo,
      weighState: weighingOrder.weighState,
      weighbridgeName: sql<
        string | null
      >`(select b.name from izs_weighbridge b where b.id = ${weighException.weighbridgeId})`,
      operatorName: sql<
        string | null
      >`(select u.real_name from blade_user u where u.id = ${qualified(weighException.createUser)})`,
      resolveUserName: sql<
        string | null
      >`(select u.real_name from blade_user u where u.id = ${weighException.resolveUser})`,
    })
    .from(weighException)
    // ids come from one sequence: the weighing of an exception is the one of its tenant (composite foreign key)
    .innerJoin(weighingOrder, eq(weighingOrder.id, weighException.weighingId))
    .where(where)
    .orderBy(desc(weighException.createTime), desc(weighException.id))
    .limit(page.size)
    .offset((page.current - 1) * page.size);

export type ExceptionRow = Awaited<ReturnType<typeof exceptionRows>>[number];

/** Per kind: the open ones and today's. */
export const exceptionsByKind = (db: Db, tz: string, scope: SQL | undefined) =>
  db
    .select({
      kind: weighException.kind,
      open: sql<number>`count(*) filter (where ${weighException.state} = 'open')::int`,
      today: sql<number>`count(*) filter (where ${weighException.createTime} >= ${midnightOf(tz)})::int`,
    })
    .from(weighException)
    .where(scope)
    .groupBy(weighException.kind);

/** How many weighings have an open exception. */
export const heldWeighings = (db: Db, scope: SQL | undefined) =>
  db
    .select({ n: sql<number>`count(distinct ${weighException.weighingId})::int` })
    .from(weighException)
    .where(and(scope, eq(weighException.state, 'open')));

/** How many exceptions were opened today. */
export const exceptionsToday = (db: Db, tz: string, scope: SQL | undefined) =>
  db
    .select({ n: count() })
    .from(weighException)
    .where(and(scope, gte(weighException.createTime, midnightOf(tz) as never)));
