/**
 * `POST loadometer-order/void` (WEIGHING.void): voids a record and the stock document it made (the document's
 * own void: reversal entries when it was reviewed).
 */
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { STOCK_DOC_RESOURCES } from '../../../core/contract/izs-stock/stock-order.contract.ts';
import { WEIGHING } from '../../../core/contract/izs-weighing/weighing-commands.contract.ts';
import type { Tx } from '../../db/client.ts';
import { stockOrder, weighingOrder } from '../../db/schema/index.ts';
import type { AuthUser } from '../../platform/auth.ts';
import type { CrudContext, Row } from '../../platform/crud/index.ts';
import type { endpoints } from '../../platform/endpoint.ts';
import { writeOperationLog } from '../../platform/logs.ts';
import { badRequest } from '../../platform/r.ts';
import { tenantOnly } from '../../platform/scope.ts';
import { traceWeighing } from '../../platform/trace-chain/facts.ts';
import { stockDocLifecycle } from '../izs-stock/documents.ts';
import { transitionTx } from '../izs-stock/lifecycle.ts';
import { resolveExceptions } from './anti-cheat.ts';
import type { WeighingService } from './weighing-service.ts';

export function handleVoid(r: ReturnType<typeof endpoints>, { db, tz }: CrudContext, w: WeighingService): void {
  const { res, lock, answer } = w;
  r.handle(WEIGHING.void, async ({ body: b, user, req }) => {
    await res.load(db, req, user, b.id);
    await db.transaction(async (tx) => {
      const row = await lock(tx, user, b.id);
      await voidTx(tx, req, user, row, b.reason, tz);
    });
    return answer(req, user, b.id);
  });
}

/**
 * Voids a locked record and the document made from it; its open 异常过磅 are closed as voided (issue 24). Shared by
 * the 磅单 作废 button and the supervisor's void of a held weighing (exceptions.ts).
 */
export async function voidTx(
  tx: Tx,
  req: FastifyRequest,
  user: AuthUser,
  row: Row,
  reason: string,
  tz: string,
): Promise<void> {
  if (row.weighState === 'voided') throw badRequest('磅单已作废');
  const id = String(row.id);
  if (row.stockOrderId) {
    const [d] = await tx
      .select({ id: stockOrder.id, docType: stockOrder.docType, state: stockOrder.state })
      .from(stockOrder)
      .where(and(eq(stockOrder.id, row.stockOrderId as string), tenantOnly(user, stockOrder)));
    if (d && d.state !== 'voided') {
      const spec = stockDocLifecycle(STOCK_DOC_RESOURCES[d.docType as 'in_stock' | 'out_stock'], tz);
      await transitionTx(tx, spec, { user, req }, d.id, 'void', `磅单作废：${reason}`);
    }
  }
  const [voided] = (await tx
    .update(weighingOrder)
    .set({
      weighState: 'voided',
      voidReason: reason,
      voidTime: new Date(),
      voidUser: user.userId,
      updateUser: user.userId,
      updateTime: new Date(),
    })
    .where(eq(weighingOrder.id, id))
    .returning()) as Row[];
  if (row.weighState === 'completed') await traceWeighing(tx, voided, 'voided', user.userId);
  await resolveExceptions(tx, user, id, 'voided', `磅单作废：${reason}`.slice(0, 255)); // issue 24
  await writeOperationLog(tx, req, '作废磅单', {
    weighState: [row.weighState, 'voided'],
    voidReason: [null, reason],
  });
}
