/**
 * GET /api/izs-visual/loadometer/:orderType/:id/orders[/:orderId] — 磅单列表大屏 and 磅单详情大屏: a weighbridge's
 * weighings of today (orderType 0 all, 1 purchase, 2 sale) and one weighing with its passes and photos.
 */
import { VISUAL_ENDPOINTS } from '../../../core/contract/izs-visual/visual.contract.ts';
import type { Db } from '../../db/client.ts';
import type { weighingOrder } from '../../db/schema/index.ts';
import type { endpoints, Handler } from '../../platform/endpoint.ts';
import { notFound } from '../../platform/r.ts';
import { businessDay, D, kg3, materialNames, partyNames, ticks, time, warehouseNames, yuan2 } from './common.ts';
import { bridgeRow, bridgeWeighing, todaysWeighings } from './loadometer-repository.ts';

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
  r.handle(VISUAL_ENDPOINTS.orderList, orderList(db, tz));
  r.handle(VISUAL_ENDPOINTS.orderDetail, orderDetail(db, tz));
}

async function bridgeOf(db: Db, tenantId: string, id: string) {
  const [b] = await bridgeRow(db, tenantId, id);
  if (!b) throw notFound('地磅不存在');
  return b;
}

function orderList(db: Db, tz: string): Handler<typeof VISUAL_ENDPOINTS.orderList> {
  return async ({ params, user }) => {
    const { today } = businessDay(tz);
    const b = await bridgeOf(db, user.tenantId, params.id);
    const type = TYPES[params.orderType];
    const rows = await todaysWeighings(db, tz, user, CODE, { bridgeId: params.id, type, today });
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
  };
}

function orderDetail(db: Db, tz: string): Handler<typeof VISUAL_ENDPOINTS.orderDetail> {
  return async ({ params, user }) => {
    const b = await bridgeOf(db, user.tenantId, params.id);
    const [w] = await bridgeWeighing(db, user, CODE, params.id, params.orderId);
    if (!w) throw notFound('磅单不存在');
    const [m, p, wh] = await Promise.all([
      materialNames(db, user.tenantId, [w.materialId]),
      partyNames(db, user.tenantId, [w.partyId]),
      warehouseNames(db, user.tenantId, [w.warehouseId]),
    ]);
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
      passes: passesOf(w, tz),
      grossKg: kg3(w.grossWeight),
      tareKg: kg3(w.tareWeight),
      deductionKg: kg3(w.deductionWeight),
      netKg: kg3(w.netWeight),
      unitPrice: yuan2(w.unitPrice),
      amount: yuan2(w.amount),
      stockOrderNo: w.stockOrderNo,
    };
  };
}

/** The weighing's passes: the first, and the second once weighed. */
function passesOf(w: typeof weighingOrder.$inferSelect, tz: string) {
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
  return passes;
}
