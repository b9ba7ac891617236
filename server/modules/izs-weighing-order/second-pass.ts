/**
 * `POST loadometer-order/second-pass` (WEIGHING.secondPass): the second reading and the figures as they stand;
 * with `complete = 1` the record is completed in the same transaction.
 */
import { eq } from 'drizzle-orm';
import { WEIGHING } from '../../../core/contract/izs-weighing/weighing-commands.contract.ts';
import { weighingOrder } from '../../db/schema/index.ts';
import type { CrudContext, Row } from '../../platform/crud/index.ts';
import type { endpoints } from '../../platform/endpoint.ts';
import { writeOperationLog } from '../../platform/logs.ts';
import { badRequest } from '../../platform/r.ts';
import { stockConfigFor } from '../izs-stock/business-config.ts';
import { flagsFor, openExceptionCount, openExceptions, refuseCapture, scaleSettings } from './anti-cheat.ts';
import { checkReading, photoText, resolveEdits } from './edits.ts';
import type { WeighingService } from './weighing-service.ts';

export function handleSecondPass(r: ReturnType<typeof endpoints>, { db, tz }: CrudContext, w: WeighingService): void {
  const { res, lock, answer, figures, completeTx } = w;
  r.handle(WEIGHING.secondPass, async ({ body: b, user, req }) => {
    const current = await res.load(db, req, user, b.id);
    await checkReading(db, user, b, (current.deptId as string | null) ?? null);
    // issue 24: refusals of the capture before anything is written
    const scale = await scaleSettings(db, user, (current.weighbridgeId as string | null) ?? null);
    refuseCapture(b, scale.cfg);
    await db.transaction(async (tx) => {
      const row = await lock(tx, user, b.id);
      if (row.weighState !== 'first') {
        throw badRequest(row.weighState === 'voided' ? '磅单已作废' : '磅单已完成，不能再次过磅');
      }
      const edits = await resolveEdits(tx, tz, user, row, b);
      const cfg = await stockConfigFor(tx, user.tenantId, row.deptId as string | null);
      const next: Row = {
        ...edits,
        secondWeight: b.weight,
        secondTime: new Date(),
        secondPhotos: photoText(b.photos),
        secondManual: b.manual,
        secondOperator: user.userId,
        updateUser: user.userId,
        updateTime: new Date(),
      };
      // the figures as they stand (the workstation shows them before completing)
      const f = figures({ ...row, ...next }, cfg.weightPrecision);
      Object.assign(next, {
        grossWeight: f.gross,
        tareWeight: f.tare,
        deductionWeight: f.deduction,
        netWeight: f.net,
        amount: f.amount,
      });
      const [updated] = (await tx
        .update(weighingOrder)
        .set(next as never)
        .where(eq(weighingOrder.id, b.id))
        .returning()) as Row[];
      // issue 24: the flags of this pass open 异常过磅; a held record does not complete (complete = 1 is ignored)
      const flags = await flagsFor(tx, user, tz, 'second', updated, b, scale);
      await openExceptions(tx, user, tz, updated, 'second', flags, b, scale);
      await writeOperationLog(tx, req, '二次过磅', {
        secondWeight: [row.secondWeight ?? null, b.weight],
        secondManual: [row.secondManual ?? 0, b.manual],
        ...(b.manual === 1 ? { manualReason: [null, b.manualReason ?? ''] } : {}),
        ...(flags.length ? { exceptions: [null, flags.map((f) => f.kind).join(',')] } : {}),
      });
      if (b.complete === 1 && (await openExceptionCount(tx, user.tenantId, b.id)) === 0) {
        await completeTx(tx, req, user, updated);
      }
    });
    return answer(req, user, b.id);
  });
}
