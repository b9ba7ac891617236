/**
 * 异常过磅 (issue 24, anti-cheat.contract.ts WEIGH_EXCEPTION): the list of the exceptions the captures' flags
 * opened, their counts (the weighbridge wall screen), and the supervisor's release or void of a held weighing.
 * Release closes every open exception of the weighing (the clerk can then complete it); void voids the weighing
 * with its reason (void.ts voidTx), which closes them as voided. Both chain a record and write the operation log.
 */
import { and, count, desc, eq, gte, sql } from 'drizzle-orm';
import {
  EXCEPTION_MENU,
  EXCEPTION_STATES,
  WEIGH_EXCEPTION,
} from '../../../core/contract/izs-weighing/anti-cheat.contract.ts';
import { FLAG_KINDS, flagLabel } from '../../../core/weighing/anti-cheat.ts';
import { weighException, weighingOrder } from '../../db/schema/index.ts';
import type { CrudContext } from '../../platform/crud/index.ts';
import type { endpoints } from '../../platform/endpoint.ts';
import { writeOperationLog } from '../../platform/logs.ts';
import { badRequest } from '../../platform/r.ts';
import { scopeOf } from '../../platform/scope.ts';
import { formatDateTime } from '../../platform/time.ts';
import { traceChain } from '../../platform/trace-chain/chain.ts';
import { openExceptionCount, recordSteps, resolveExceptions } from './anti-cheat.ts';
import { voidTx } from './void.ts';
import type { WeighingService } from './weighing-service.ts';

const parseJson = <T>(t: string, fallback: T): T => {
  try {
    const v = JSON.parse(t);
    return Array.isArray(v) ? (v as T) : fallback;
  } catch {
    return fallback;
  }
};
const STATE_NAMES: Record<string, string> = Object.fromEntries(EXCEPTION_STATES.map((s) => [s.value, s.label]));

export function handleExceptions(r: ReturnType<typeof endpoints>, { db, tz }: CrudContext, w: WeighingService): void {
  const { res, lock } = w;

  r.handle(WEIGH_EXCEPTION.page, async ({ query: q, user }) => {
    const conds = [await scopeOf(db, user, weighException, EXCEPTION_MENU)];
    if (q.state) conds.push(eq(weighException.state, q.state));
    if (q.kind) conds.push(eq(weighException.kind, q.kind));
    if (q.carNumber) conds.push(sql`${weighException.carNumber} like ${`%${q.carNumber.toUpperCase()}%`}`);
    if (q.weighingId) conds.push(eq(weighException.weighingId, q.weighingId));
    const where = and(...conds);
    const [total] = await db.select({ n: count() }).from(weighException).where(where);
    const rows = await db
      .select({
        e: weighException,
        orderNo: weighingOrder.orderNo,
        weighState: weighingOrder.weighState,
        weighbridgeName: sql<
          string | null
        >`(select b.name from izs_weighbridge b where b.id = ${weighException.weighbridgeId})`,
        operatorName: sql<
          string | null
        >`(select u.real_name from blade_user u where u.id = ${weighException.createUser})`,
        resolveUserName: sql<
          string | null
        >`(select u.real_name from blade_user u where u.id = ${weighException.resolveUser})`,
      })
      .from(weighException)
      // ids come from one sequence: the weighing of an exception is the one of its tenant (composite foreign key)
      .innerJoin(weighingOrder, eq(weighingOrder.id, weighException.weighingId))
      .where(where)
      .orderBy(desc(weighException.createTime), desc(weighException.id))
      .limit(q.size)
      .offset((q.current - 1) * q.size);
    return {
      total: Number(total?.n ?? 0),
      records: rows.map(({ e, ...x }) => ({
        id: e.id,
        weighingId: e.weighingId,
        orderNo: x.orderNo,
        weighState: x.weighState,
        weighbridgeName: x.weighbridgeName,
        pass: e.pass,
        kind: e.kind,
        kindName: flagLabel(e.kind),
        detail: e.detail,
        carNumber: e.carNumber,
        plateRead: e.plateRead,
        weight: e.weight,
        reference: e.reference,
        photos: parseJson<string[]>(e.photos, []),
        readings: parseJson<{ t: number; v: string; s: boolean }[]>(e.readings, []),
        state: e.state,
        stateName: STATE_NAMES[e.state] ?? e.state,
        createTime: formatDateTime(e.createTime, tz),
        operatorName: x.operatorName,
        resolveUserName: x.resolveUserName,
        resolveTime: e.resolveTime ? formatDateTime(e.resolveTime, tz) : null,
        resolveNote: e.resolveNote,
      })),
    };
  });

  r.handle(WEIGH_EXCEPTION.counts, async ({ user }) => {
    const scope = await scopeOf(db, user, weighException, EXCEPTION_MENU);
    const midnight = sql`date_trunc('day', now() at time zone ${tz}) at time zone ${tz}`;
    const byKind = await db
      .select({
        kind: weighException.kind,
        open: sql<number>`count(*) filter (where ${weighException.state} = 'open')::int`,
        today: sql<number>`count(*) filter (where ${weighException.createTime} >= ${midnight})::int`,
      })
      .from(weighException)
      .where(scope)
      .groupBy(weighException.kind);
    const [held] = await db
      .select({ n: sql<number>`count(distinct ${weighException.weighingId})::int` })
      .from(weighException)
      .where(and(scope, eq(weighException.state, 'open')));
    const [today] = await db
      .select({ n: count() })
      .from(weighException)
      .where(and(scope, gte(weighException.createTime, midnight as never)));
    const got = new Map(byKind.map((k) => [k.kind, k]));
    return {
      open: byKind.reduce((s, k) => s + Number(k.open), 0),
      heldWeighings: Number(held?.n ?? 0),
      today: Number(today?.n ?? 0),
      byKind: FLAG_KINDS.map((k) => ({
        kind: k.value,
        label: k.label,
        open: Number(got.get(k.value)?.open ?? 0),
        today: Number(got.get(k.value)?.today ?? 0),
      })),
    };
  });

  r.handle(WEIGH_EXCEPTION.release, async ({ body: b, user, req }) => {
    await res.load(db, req, user, b.weighingId);
    const released = await db.transaction(async (tx) => {
      const row = await lock(tx, user, b.weighingId);
      if (row.weighState !== 'first') throw badRequest(row.weighState === 'voided' ? '磅单已作废' : '磅单已完成');
      const n = await resolveExceptions(tx, user, b.weighingId, 'released', b.note);
      if (!n) throw badRequest('该磅单没有待处理的异常过磅');
      const pass = row.secondWeight === null || row.secondWeight === undefined ? 'first' : 'second';
      await recordSteps(tx, user.tenantId, b.weighingId, pass, [['released', new Date()]]);
      const orderNo = String(row.orderNo);
      await traceChain().append(tx, [
        {
          tenantId: user.tenantId,
          orderType: 'weighing',
          orderNo,
          event: 'released',
          fields: {
            orderNo,
            orderType: '磅单',
            event: '异常放行',
            eventTime: formatDateTime(new Date(), tz),
            carNumber: String(row.carNumber),
            released: String(n),
            note: b.note,
          },
        },
      ]);
      await writeOperationLog(tx, req, '放行异常过磅', { exceptions: [n, 0], note: [null, b.note] });
      return n;
    });
    return { released };
  });

  r.handle(WEIGH_EXCEPTION.void, async ({ body: b, user, req }) => {
    await res.load(db, req, user, b.weighingId);
    const voided = await db.transaction(async (tx) => {
      const row = await lock(tx, user, b.weighingId);
      const n = await openExceptionCount(tx, user.tenantId, b.weighingId);
      if (!n) throw badRequest('该磅单没有待处理的异常过磅');
      await voidTx(tx, req, user, row, `异常过磅：${b.note}`.slice(0, 255), tz);
      return n;
    });
    return { voided };
  });
}
