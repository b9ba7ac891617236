/**
 * `POST loadometer-order/void` (WEIGHING.void): voids a record and the stock document it made (the document's
 * own void: reversal entries when it was reviewed).
 */
import { and, eq } from 'drizzle-orm';
import { STOCK_DOC_RESOURCES } from '../../../core/contract/izs-stock/stock-order.contract.ts';
import { WEIGHING } from '../../../core/contract/izs-weighing/weighing-commands.contract.ts';
import { stockOrder, weighingOrder } from '../../db/schema/index.ts';
import type { CrudContext, Row } from '../../platform/crud/index.ts';
import type { endpoints } from '../../platform/endpoint.ts';
import { writeOperationLog } from '../../platform/logs.ts';
import { badRequest } from '../../platform/r.ts';
import { tenantOnly } from '../../platform/scope.ts';
import { traceWeighing } from '../../platform/trace-chain/facts.ts';
import { stockDocLifecycle } from '../izs-stock/documents.ts';
import { transitionTx } from '../izs-stock/lifecycle.ts';
import type { WeighingService } from './weighing-service.ts';

export function handleVoid(r: ReturnType<typeof endpoints>, { db }: CrudContext, w: WeighingService): void {
  const { res, lock, answer } = w;
  r.handle(WEIGHING.void, async ({ body: b, user, req }) => {
    await res.load(db, req, user, b.id);
    await db.transaction(async (tx) => {
      const row = await lock(tx, user, b.id);
      if (row.weighState === 'voided') throw badRequest('磅单已作废');
      if (row.stockOrderId) {
        const [d] = await tx
          .select({ id: stockOrder.id, docType: stockOrder.docType, state: stockOrder.state })
          .from(stockOrder)
          .where(and(eq(stockOrder.id, row.stockOrderId as string), tenantOnly(user, stockOrder)));
        if (d && d.state !== 'voided') {
          const spec = stockDocLifecycle(STOCK_DOC_RESOURCES[d.docType as 'in_stock' | 'out_stock']);
          await transitionTx(tx, spec, { user, req }, d.id, 'void', `磅单作废：${b.reason}`);
        }
      }
      const [voided] = (await tx
        .update(weighingOrder)
        .set({
          weighState: 'voided',
          voidReason: b.reason,
          voidTime: new Date(),
          voidUser: user.userId,
          updateUser: user.userId,
          updateTime: new Date(),
        })
        .where(eq(weighingOrder.id, b.id))
        .returning()) as Row[];
      if (row.weighState === 'completed') await traceWeighing(tx, voided, 'voided', user.userId);
      await writeOperationLog(tx, req, '作废磅单', {
        weighState: [row.weighState, 'voided'],
        voidReason: [null, b.reason],
      });
    });
    return answer(req, user, b.id);
  });
}
