/**
 * The queries of the unattended lane's routes (lane.ts): the weighbridge a command is for, the takeover commands
 * (insert, expire, claim, report, list), who gave them, the e-ticket link on a weighing and the lane's step times.
 * Each returns the Drizzle query itself (awaited by the caller), so a route runs the same statements in the same
 * order as when they were written inline.
 */
import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { BodyOf } from '../../../core/contract/endpoint.ts';
import type { WEIGH_LANE } from '../../../core/contract/izs-weighing/lane.contract.ts';
import type { Executor, Tx } from '../../db/client.ts';
import { laneTakeover, user as userTable, weighbridge, weighingOrder, weighingStep } from '../../db/schema/index.ts';
import type { AuthUser } from '../../platform/auth.ts';
import { tenantIs, tenantOf } from '../../platform/scope.ts';

/** How many of a lane's latest takeovers the monitor lists. */
const TAKEOVER_LIST = 20;

/** A live weighbridge of the caller's tenant: id, code and department (a takeover's target). */
export const liveWeighbridge = (db: Executor, user: AuthUser, id: string) =>
  db
    .select({ id: weighbridge.id, code: weighbridge.code, deptId: weighbridge.deptId })
    .from(weighbridge)
    .where(and(eq(weighbridge.id, id), tenantOf(user, weighbridge), eq(weighbridge.isDeleted, 0)));

/** A live weighbridge of the caller's tenant, its id only (the lane claiming its commands). */
export const liveWeighbridgeId = (db: Executor, user: AuthUser, id: string) =>
  db
    .select({ id: weighbridge.id })
    .from(weighbridge)
    .where(and(eq(weighbridge.id, id), tenantOf(user, weighbridge), eq(weighbridge.isDeleted, 0)));

/** A weighbridge of the caller's tenant, its id only (the monitor's list). */
export const weighbridgeId = (db: Executor, user: AuthUser, id: string) =>
  db
    .select({ id: weighbridge.id })
    .from(weighbridge)
    .where(and(eq(weighbridge.id, id), tenantOf(user, weighbridge)));

/** Who gave each command (real name, else account), by user id. */
export async function commandGivers(db: Executor, tenantId: string, ids: string[]) {
  if (!ids.length) return new Map<string, string>();
  const names = await db
    .select({
      id: userTable.id,
      name: sql<string>`coalesce(nullif(${userTable.realName}, ''), ${userTable.account})`,
    })
    .from(userTable)
    .where(and(tenantIs(tenantId, userTable), inArray(userTable.id, [...new Set(ids)])));
  return new Map(names.map((n) => [String(n.id), n.name]));
}

/** A clerk's takeover command, pending. */
export const insertTakeover = (tx: Tx, user: AuthUser, weighbridgeId: string, b: BodyOf<typeof WEIGH_LANE.takeover>) =>
  tx
    .insert(laneTakeover)
    .values({
      tenantId: user.tenantId,
      weighbridgeId,
      step: b.step,
      plate: b.step === 'identify' ? b.plate : '',
      weight: b.step === 'capture' ? b.weight : null,
      reason: b.step === 'capture' ? b.reason : '',
      state: 'pending',
      createUser: user.userId,
    })
    .returning({ id: laneTakeover.id });

/** The weighbridge's pending commands. */
const pendingOf = (tenantId: string, weighbridgeId: string) =>
  and(
    tenantIs(tenantId, laneTakeover),
    eq(laneTakeover.weighbridgeId, weighbridgeId),
    eq(laneTakeover.state, 'pending'),
  );

/** Pending commands older than the TTL expire unexecuted. */
export const expireTakeovers = (db: Executor, user: AuthUser, weighbridgeId: string, now: Date, ttlMs: number) =>
  db
    .update(laneTakeover)
    .set({ state: 'expired', claimUser: user.userId, claimTime: now })
    .where(and(pendingOf(user.tenantId, weighbridgeId), lt(laneTakeover.createTime, new Date(now.getTime() - ttlMs))));

/** The lane takes the pending commands of its weighbridge (pending → claimed in one statement). */
export const claimTakeovers = (db: Executor, user: AuthUser, weighbridgeId: string, now: Date) =>
  db
    .update(laneTakeover)
    .set({ state: 'claimed', claimUser: user.userId, claimTime: now })
    .where(pendingOf(user.tenantId, weighbridgeId))
    .returning();

/** One command of the tenant. */
const takeoverIs = (tenantId: string, id: string) => and(tenantIs(tenantId, laneTakeover), eq(laneTakeover.id, id));

/** A claimed command's result, once (the state in the WHERE: two reports cannot both win). */
export const reportTakeover = (db: Executor, tenantId: string, id: string, state: string, note: string) =>
  db
    .update(laneTakeover)
    .set({ state, resultTime: new Date(), resultNote: note })
    .where(and(takeoverIs(tenantId, id), eq(laneTakeover.state, 'claimed')))
    .returning({ id: laneTakeover.id });

/** A command's state (why a report was refused). */
export const takeoverState = (db: Executor, tenantId: string, id: string) =>
  db.select({ state: laneTakeover.state }).from(laneTakeover).where(takeoverIs(tenantId, id));

/** A lane's latest commands, newest first. */
export const latestTakeovers = (db: Executor, tenantId: string, weighbridgeId: string) =>
  db
    .select()
    .from(laneTakeover)
    .where(and(tenantIs(tenantId, laneTakeover), eq(laneTakeover.weighbridgeId, weighbridgeId)))
    .orderBy(desc(laneTakeover.createTime), desc(laneTakeover.id))
    .limit(TAKEOVER_LIST);

/** The weighing's e-ticket link. */
export const setEticketPath = (tx: Tx, weighingId: string, path: string) =>
  tx.update(weighingOrder).set({ eticketPath: path }).where(eq(weighingOrder.id, weighingId));

/** One of these steps already recorded for the weighing's pass, if any. */
export const recordedStep = (tx: Tx, tenantId: string, weighingId: string, pass: string, steps: string[]) =>
  tx
    .select({ step: weighingStep.step })
    .from(weighingStep)
    .where(
      and(
        tenantIs(tenantId, weighingStep),
        eq(weighingStep.weighingId, weighingId),
        eq(weighingStep.pass, pass),
        inArray(weighingStep.step, steps),
      ),
    )
    .limit(1);

/** The pass's step times. */
export const insertSteps = (
  tx: Tx,
  tenantId: string,
  weighingId: string,
  pass: string,
  steps: { step: string; at: number }[],
) =>
  tx.insert(weighingStep).values(steps.map((s) => ({ tenantId, weighingId, pass, step: s.step, at: new Date(s.at) })));
