/**
 * 过磅时效 (issue 24, timing.contract.ts WEIGH_TIMING): the scale house's clock of a date range — the step times of
 * the weighings (izs_weighing_step) and the 异常过磅 rows of the user's scope (the weighings' data scope under the
 * menu 过磅时效), read in a window one day wider on each side and cut to the range's days in the tenant's time zone
 * by the pure core/weighing/timing.ts, which holds every definition (cycle, median/p90, trucks per hour, queue,
 * step durations, heatmap).
 */
import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import { TIMING_MENU, WEIGH_TIMING } from '../../../core/contract/izs-weighing/timing.contract.ts';
import { DEFAULT_ANTI_CHEAT } from '../../../core/weighing/anti-cheat.ts';
import { type StepRow, timingReport } from '../../../core/weighing/timing.ts';
import { weighbridge, weighException, weighingOrder, weighingStep } from '../../db/schema/index.ts';
import { type CrudContext, fixed } from '../../platform/crud/index.ts';
import type { endpoints } from '../../platform/endpoint.ts';
import { scopeOf, tenantOf } from '../../platform/scope.ts';
import { today } from '../../platform/time.ts';

/** yyyy-MM-dd ± days, as a UTC instant at that midnight (the read window; the pure function cuts exactly). */
const edge = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000);

/** One lane's packed steps ("weighingId pass step epochMs" joined by commas) as the pure report's rows. */
export function unpackSteps(lane: string, packed: string): StepRow[] {
  return packed.split(',').map((x) => {
    const [weighingId, pass, step, at] = x.split(' ');
    return { weighingId, lane, pass, step, at: Number(at) };
  });
}

export function handleTiming(r: ReturnType<typeof endpoints>, { db, tz }: CrudContext): void {
  r.handle(WEIGH_TIMING.report, async ({ query: q, user }) => {
    // no range: today; one end only: that day
    const to = q.to ?? q.from ?? today(tz);
    const from = q.from ?? to;
    const since = edge(from, -1);
    const until = edge(to, 2);
    const bridges = await db
      .select({ id: weighbridge.id, name: weighbridge.name, tol: weighbridge.tareTolerancePct })
      .from(weighbridge)
      .where(await scopeOf(db, user, weighbridge, TIMING_MENU))
      .orderBy(asc(weighbridge.code), asc(weighbridge.id));
    const scope = await scopeOf(db, user, weighingOrder, TIMING_MENU);
    const lane = q.weighbridgeId ? eq(weighingOrder.weighbridgeId, q.weighbridgeId) : undefined;
    // A year's steps are ~100k rows, and PGlite's cost is per row (~6 µs each, 4× the packed text's): each lane's
    // steps come as one text "weighingId pass step epochMs,…" and are unpacked here.
    const packed = await db
      .select({
        lane: weighingOrder.weighbridgeId,
        steps: sql<string>`string_agg(${weighingStep.weighingId}::text || ' ' || ${weighingStep.pass} || ' ' ||
          ${weighingStep.step} || ' ' || floor(extract(epoch from ${weighingStep.at}) * 1000)::bigint::text, ',')`,
      })
      .from(weighingStep)
      // ids come from one sequence and both sides are the user's tenant (the composite foreign key holds the pair)
      .innerJoin(weighingOrder, eq(weighingOrder.id, weighingStep.weighingId))
      .where(and(tenantOf(user, weighingStep), scope, lane, gte(weighingStep.at, since), lt(weighingStep.at, until)))
      .groupBy(weighingOrder.weighbridgeId);
    const exceptions = await db
      .select({ lane: weighException.weighbridgeId, kind: weighException.kind, at: weighException.createTime })
      .from(weighException)
      .innerJoin(weighingOrder, eq(weighingOrder.id, weighException.weighingId))
      .where(
        and(
          tenantOf(user, weighException),
          scope,
          q.weighbridgeId ? eq(weighException.weighbridgeId, q.weighbridgeId) : undefined,
          gte(weighException.createTime, since),
          lt(weighException.createTime, until),
        ),
      );
    const lanes = bridges.filter((b) => !q.weighbridgeId || b.id === q.weighbridgeId);
    const report = timingReport({
      steps: packed.flatMap((p) => unpackSteps(p.lane ?? '', p.steps)),
      exceptions: exceptions.map((e) => ({ lane: e.lane ?? '', kind: e.kind, at: new Date(e.at).getTime() })),
      lanes: lanes.map((b) => ({ id: b.id, name: b.name })),
      from,
      to,
      tz,
    });
    return {
      from,
      to,
      ...report,
      options: bridges.map((b) => ({
        id: b.id,
        name: b.name,
        tareTolerancePct: fixed(b.tol ?? DEFAULT_ANTI_CHEAT.tareTolerancePct, 2),
      })),
    };
  });
}
