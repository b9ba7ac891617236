/**
 * `POST loadometer-order/complete` (WEIGHING.complete): completes a record with both readings — figures, the
 * in-stock / out-stock (and its review when the business config says so) in one transaction.
 */
import { eq } from 'drizzle-orm';
import { WEIGHING } from '../../../core/contract/izs-weighing/weighing-commands.contract.ts';
import { weighingOrder } from '../../db/schema/index.ts';
import type { CrudContext } from '../../platform/crud/index.ts';
import type { endpoints } from '../../platform/endpoint.ts';
import { badRequest } from '../../platform/r.ts';
import { resolveEdits } from './edits.ts';
import type { WeighingService } from './weighing-service.ts';

export function handleComplete(r: ReturnType<typeof endpoints>, { db, tz }: CrudContext, w: WeighingService): void {
  const { res, lock, answer, completeTx } = w;
  r.handle(WEIGHING.complete, async ({ body: b, user, req }) => {
    await res.load(db, req, user, b.id);
    await db.transaction(async (tx) => {
      const row = await lock(tx, user, b.id);
      if (row.weighState !== 'first') throw badRequest(row.weighState === 'voided' ? '磅单已作废' : '磅单已完成');
      const edits = await resolveEdits(tx, tz, user, row, b);
      await completeTx(tx, req, user, { ...row, ...edits });
      if (Object.keys(edits).length) {
        await tx
          .update(weighingOrder)
          .set(edits as never)
          .where(eq(weighingOrder.id, b.id));
      }
    });
    return answer(req, user, b.id);
  });
}
