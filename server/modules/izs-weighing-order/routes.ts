/**
 * izs-weighing, order part (spec §2.4 weighing routes, DESIGN §5 Weighing): weighing records (磅单) — first and
 * second pass capture, completion (figures by core/stock/weighing.ts, the in-stock / out-stock document made in
 * the same transaction), void, the memo for printing and its print count. The socket part is izs-weighing/.
 * Contracts: core/contract/izs-weighing/orders.contract.ts (the resource), weighing-commands.contract.ts (the
 * commands, one handler file per path here; shared rules in edits.ts and weighing-service.ts).
 *
 * Every capture runs in one transaction with the record row locked (FOR UPDATE); tenant and data scope are
 * checked through the resource (menu code supply_chain_weight_memo) before the transaction.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { type CrudContext, registerModule } from '../../platform/crud/index.ts';
import { endpoints } from '../../platform/endpoint.ts';
import { handleComplete } from './complete.ts';
import { handleDispatchSlip, registerDispatchSlip } from './dispatch-slip.ts';
import { handleExceptions } from './exceptions.ts';
import { handleFirstPass } from './first-pass.ts';
import { handleLane } from './lane.ts';
import { handleMemo } from './memo.ts';
import { handleOpen } from './open.ts';
import { handleSecondPass } from './second-pass.ts';
import { handleTareArchive } from './tare-archive.ts';
import { handleTiming } from './timing.ts';
import { handleVoid } from './void.ts';
import { weighingService } from './weighing-service.ts';

export async function registerIzsWeighingOrders(app: FastifyInstance, actx: AppContext): Promise<void> {
  const ctx: CrudContext = { db: actx.database.db, tz: actx.config.tz };
  await registerModule(app, (s) => {
    const w = weighingService(s, ctx);
    const r = endpoints(s, ctx.db);
    handleFirstPass(r, ctx, w);
    handleSecondPass(r, ctx, w);
    handleComplete(r, ctx, w);
    handleVoid(r, ctx, w);
    handleMemo(r, ctx, w);
    handleOpen(r, ctx, w);
    handleExceptions(r, ctx, w);
    handleTareArchive(r, ctx);
    registerDispatchSlip(s, ctx);
    handleDispatchSlip(r, ctx);
    handleTiming(r, ctx);
    handleLane(r, ctx, w, () => actx.deptChannel);
  });
}
