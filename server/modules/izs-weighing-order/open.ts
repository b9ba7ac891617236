/**
 * `GET loadometer-order/open?carNumber=` (WEIGHING.open): the open (first-pass) record of a plate within the
 * caller's scope, or null — the workstation's look-up for the second pass.
 */
import { and, eq } from 'drizzle-orm';
import { WEIGHING, weighingOrderAnswer } from '../../../core/contract/izs-weighing/weighing-commands.contract.ts';
import { weighingOrder } from '../../db/schema/index.ts';
import type { CrudContext } from '../../platform/crud/index.ts';
import type { endpoints } from '../../platform/endpoint.ts';
import type { WeighingService } from './weighing-service.ts';

export function handleOpen(r: ReturnType<typeof endpoints>, { db }: CrudContext, { res }: WeighingService): void {
  r.handle(WEIGHING.open, async ({ query: q, user, req }) => {
    const conds = await res.conditions(req, user, {});
    const [found] = await db
      .select(res.selection())
      .from(weighingOrder)
      .where(
        and(...conds, eq(weighingOrder.carNumber, q.carNumber.toUpperCase()), eq(weighingOrder.weighState, 'first')),
      )
      .limit(1);
    return found ? weighingOrderAnswer.parse(res.entity(found, user)) : null;
  });
}
