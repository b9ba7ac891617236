/**
 * GET /api/izs-visual/loadometer/:orderType/:id/orders[/:orderId] — 磅单列表大屏 and 磅单详情大屏: a weighbridge's
 * weighings of today (orderType 0 all, 1 purchase, 2 sale) and one weighing with its passes and photos.
 */
import { and, desc, eq, or, sql } from 'drizzle-orm';
import { VISUAL_ENDPOINTS } from '../../../core/contract/izs-visual/visual.contract.ts';
import type { Db } from '../../db/client.ts';
import { weighbridge, weighingOrder } from '../../db/schema/index.ts';
import type { endpoints } from '../../platform/endpoint.ts';
import { notFound } from '../../platform/r.ts';
import { tenantIs } from '../../platform/scope.ts';
import {
  businessDay,
  D,
  dayOf,
  kg3,
  materialNames,
  partyNames,
  ticks,
  time,
  warehouseNames,
  weighingScope,
  yuan2,
} from './common.ts';

const CODE = 'visual_loadometer_order_list';
const TYPES: Record<string, string | null> = { '0': null, '1': 'purchase', '2': 'sale' };

/** Photos are stored as a JSON array of OSS paths (or one path). */
function photosOf(text: string): string[] {
  if (!text) return [];
  try {
    const v: unknown = JSON.parse(text);
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [text];
  }
}

export function registerLoadometerOrders(r: ReturnType<typeof endpoints>, db: Db, tz: string): void {
  async function bridgeOf(tenantId: string, id: string) {
    const [b] = await db
      .select({ name: weighbridge.name })
      .from(weighbridge)
      .where(and(tenantIs(tenantId, weighbridge), eq(weighbridge.id, id)));
    if (!b) throw notFound('地磅不存在');
    return b;
  }

  r.handle(VISUAL_ENDPOINTS.orderList, async ({ params, user }) => {
    const { today } = businessDay(tz);
    const b = await bridgeOf(user.tenantId, params.id);
    const type = TYPES[params.orderType];
    const where = and(
      await weighingScope(db, user, CODE),
      eq(weighingOrder.weighbridgeId, params.id),
      type ? eq(weighingOrder.orderType, type) : undefined,
      or(sql`${weighingOrder.weighState} = 'first'`, sql`${dayOf(weighingOrder.completeTime, tz)} = ${today}::date`),
      sql`${weighingOrder.weighState} <> 'voided'`,
    );
    const rows = await db.select().from(weighingOrder).where(where).orderBy(desc(weighingOrder.firstTime)).limit(200);
    const base = await ticks(db, user.tenantId, tz, rows);
    const done = rows.filter((x) => x.weighState === 'completed');
    const sum = (t: string, f: 'netWeight' | 'amount') =>
      done.filter((x) => x.orderType === t).reduce((a, x) => a.plus(x[f] ?? '0'), D(0));
    return {
      today,
      weighbridgeName: b.name,
      totals: {
        weighCount: done.length,
        inNetKg: kg3(sum('purchase', 'netWeight')),
        outNetKg: kg3(sum('sale', 'netWeight')),
        inAmount: yuan2(sum('purchase', 'amount')),
        outAmount: yuan2(sum('sale', 'amount')),
      },
      orders: rows.map((x, i) => ({
        ...base[i],
        weighState: x.weighState,
        firstTime: time(x.firstTime, tz),
        firstWeightKg: kg3(x.firstWeight),
      })),
    };
  });

  r.handle(VISUAL_ENDPOINTS.orderDetail, async ({ params, user }) => {
    const b = await bridgeOf(user.tenantId, params.id);
    const [w] = await db
      .select()
      .from(weighingOrder)
      .where(
        and(
          await weighingScope(db, user, CODE),
          eq(weighingOrder.id, params.orderId),
          eq(weighingOrder.weighbridgeId, params.id),
        ),
      );
    if (!w) throw notFound('磅单不存在');
    const [m, p, wh] = await Promise.all([
      materialNames(db, user.tenantId, [w.materialId]),
      partyNames(db, user.tenantId, [w.partyId]),
      warehouseNames(db, user.tenantId, [w.warehouseId]),
    ]);
    const passes = [
      {
        label: '一次过磅',
        weightKg: kg3(w.firstWeight),
        time: time(w.firstTime, tz),
        manual: w.firstManual === 1,
        photos: photosOf(w.firstPhotos),
      },
    ];
    if (w.secondWeight !== null) {
      passes.push({
        label: '二次过磅',
        weightKg: kg3(w.secondWeight),
        time: time(w.secondTime, tz),
        manual: w.secondManual === 1,
        photos: photosOf(w.secondPhotos),
      });
    }
    return {
      id: w.id,
      orderNo: w.orderNo,
      orderType: w.orderType,
      weighState: w.weighState,
      carNumber: w.carNumber,
      driverName: w.driverName,
      partyName: (w.partyId && p.get(w.partyId)) || '',
      materialName: (w.materialId && m.get(w.materialId)) || '',
      warehouseName: (w.warehouseId && wh.get(w.warehouseId)) || '',
      weighbridgeName: b.name,
      passes,
      grossKg: kg3(w.grossWeight),
      tareKg: kg3(w.tareWeight),
      deductionKg: kg3(w.deductionWeight),
      netKg: kg3(w.netWeight),
      unitPrice: yuan2(w.unitPrice),
      amount: yuan2(w.amount),
      stockOrderNo: w.stockOrderNo,
    };
  });
}
