/**
 * `POST /api/izs-weighing/lane/steps` (lane.contract.ts WEIGH_LANE.steps): the unattended lane's step times of one
 * pass (arrived, identified, on deck, printed, barrier open, left; core/weighing/lane.ts) on the weighing, into
 * izs_weighing_step beside the stable / captured / flagged the capture wrote. The weighing must be in the caller's
 * scope (res.load), its pass captured, each step once per pass, the times in lane order and not in the future.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { laneStepLabel, WEIGH_LANE } from '../../../core/contract/izs-weighing/lane.contract.ts';
import { LANE_RECORDED } from '../../../core/weighing/lane.ts';
import { weighingStep } from '../../db/schema/index.ts';
import type { CrudContext } from '../../platform/crud/index.ts';
import type { endpoints } from '../../platform/endpoint.ts';
import { badRequest } from '../../platform/r.ts';
import { tenantIs } from '../../platform/scope.ts';
import type { WeighingService } from './weighing-service.ts';

/** How far ahead of the server's clock a lane PC's time may be (ms). */
const CLOCK_SKEW_MS = 60_000;

export function handleLane(r: ReturnType<typeof endpoints>, { db }: CrudContext, w: WeighingService): void {
  r.handle(WEIGH_LANE.steps, async ({ body: b, user, req }) => {
    const row = await w.res.load(db, req, user, b.weighingId);
    const passLabel = b.pass === 'first' ? '一次过磅' : '二次过磅';
    if (b.pass === 'second' && !row.secondTime) throw badRequest('磅单尚未二次过磅，不能记录二次过磅的车道步骤');
    const seen = new Set<string>();
    for (const s of b.steps) {
      if (seen.has(s.step)) throw badRequest(`步骤「${laneStepLabel(s.step)}」重复`);
      seen.add(s.step);
      if (s.at > Date.now() + CLOCK_SKEW_MS) throw badRequest(`步骤「${laneStepLabel(s.step)}」的时间晚于当前时间`);
    }
    const ordered = [...b.steps].sort(
      (x, y) => LANE_RECORDED.indexOf(x.step as never) - LANE_RECORDED.indexOf(y.step as never),
    );
    for (let i = 1; i < ordered.length; i++) {
      if (ordered[i].at < ordered[i - 1].at) {
        throw badRequest(
          `步骤时间顺序不正确：「${laneStepLabel(ordered[i].step)}」早于「${laneStepLabel(ordered[i - 1].step)}」`,
        );
      }
    }
    const recorded = await db.transaction(async (tx) => {
      const weighingId = String(row.id);
      const before = await tx
        .select({ step: weighingStep.step })
        .from(weighingStep)
        .where(
          and(
            tenantIs(user.tenantId, weighingStep),
            eq(weighingStep.weighingId, weighingId),
            eq(weighingStep.pass, b.pass),
            inArray(
              weighingStep.step,
              b.steps.map((s) => s.step),
            ),
          ),
        )
        .limit(1);
      if (before.length) throw badRequest(`磅单的${passLabel}已记录过步骤「${laneStepLabel(before[0].step)}」`);
      await tx
        .insert(weighingStep)
        .values(
          ordered.map((s) => ({ tenantId: user.tenantId, weighingId, pass: b.pass, step: s.step, at: new Date(s.at) })),
        );
      return ordered.length;
    });
    return { recorded };
  });
}
