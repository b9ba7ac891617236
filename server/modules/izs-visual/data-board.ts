/** GET /api/izs-visual/data-board — 地磅数据看板: one tile per weighbridge (today, queue, last truck). */
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { VISUAL_ENDPOINTS } from '../../../core/contract/izs-visual/visual.contract.ts';
import type { Db } from '../../db/client.ts';
import { weighbridge, weighingOrder } from '../../db/schema/index.ts';
import type { endpoints } from '../../platform/endpoint.ts';
import { scopeOf } from '../../platform/scope.ts';
import { businessDay, completed, dayOf, dayStart, kg3, ticks, time, warehouseNames, weighingScope } from './common.ts';

const CODE = 'visual_data_board';

export function registerDataBoard(r: ReturnType<typeof endpoints>, db: Db, tz: string): void {
  r.handle(VISUAL_ENDPOINTS.board, async ({ user }) => {
    const { today } = businessDay(tz);
    const bridges = await db
      .select()
      .from(weighbridge)
      .where(await scopeOf(db, user, weighbridge, CODE))
      .orderBy(weighbridge.code);
    const ids = bridges.map((b) => b.id);
    const scope = await weighingScope(db, user, CODE);
    const onBridges = ids.length ? inArray(weighingOrder.weighbridgeId, ids) : sql`false`;
    const sums = await db
      .select({
        id: weighingOrder.weighbridgeId,
        count: sql<number>`count(*)::int`,
        net: sql<string>`coalesce(sum(${weighingOrder.netWeight}), 0)`,
      })
      .from(weighingOrder)
      .where(
        and(
          scope,
          completed,
          onBridges,
          sql`${weighingOrder.completeTime} >= ${dayStart(today, tz)}`,
          sql`${dayOf(weighingOrder.completeTime, tz)} = ${today}::date`,
        ),
      )
      .groupBy(weighingOrder.weighbridgeId);
    const waiting = await db
      .select()
      .from(weighingOrder)
      .where(and(scope, eq(weighingOrder.weighState, 'first'), onBridges))
      .orderBy(asc(weighingOrder.firstTime))
      .limit(200);
    // the last completed weighing of each bridge
    const lastRows = ids.length
      ? await db
          .selectDistinctOn([weighingOrder.weighbridgeId])
          .from(weighingOrder)
          .where(and(scope, completed, onBridges))
          .orderBy(weighingOrder.weighbridgeId, desc(weighingOrder.completeTime))
      : [];
    const last = new Map((await ticks(db, user.tenantId, tz, lastRows)).map((t, i) => [lastRows[i].weighbridgeId, t]));
    const whNames = await warehouseNames(
      db,
      user.tenantId,
      bridges.map((b) => b.warehouseId),
    );
    const sumOf = new Map(sums.map((s) => [s.id, s]));
    return {
      today,
      deptIds: [...new Set(bridges.map((b) => b.deptId).filter((d): d is string => !!d && d !== '0'))],
      bridges: bridges.map((b) => ({
        id: b.id,
        code: b.code,
        name: b.name,
        deptId: b.deptId ?? '',
        warehouseName: (b.warehouseId && whNames.get(b.warehouseId)) || '',
        maxCapacityKg: kg3(b.maxCapacityKg),
        todayCount: sumOf.get(b.id)?.count ?? 0,
        todayNetKg: kg3(sumOf.get(b.id)?.net),
        queue: waiting
          .filter((w) => w.weighbridgeId === b.id)
          .map((w) => ({
            id: w.id,
            orderNo: w.orderNo,
            carNumber: w.carNumber,
            firstWeightKg: kg3(w.firstWeight),
            firstTime: time(w.firstTime, tz),
          })),
        last: last.get(b.id) ?? null,
      })),
    };
  });
}
