/** GET /api/izs-visual/home — 主数据大屏: today's and this month's weighings, tonnage by material, sites, ticker. */
import { and, desc, gte, sql } from 'drizzle-orm';
import { VISUAL_ENDPOINTS } from '../../../core/contract/izs-visual/visual.contract.ts';
import { REGION_NAMES } from '../../../core/report/regions.ts';
import type { Db } from '../../db/client.ts';
import { stock, warehouse, weighingOrder } from '../../db/schema/index.ts';
import type { endpoints } from '../../platform/endpoint.ts';
import { scopeOf } from '../../platform/scope.ts';
import {
  businessDay,
  completed,
  dayOf,
  dayStart,
  kg3,
  materialNames,
  ticks,
  tonnageOf,
  weighingScope,
} from './common.ts';
import { siteCoords } from './sites.ts';

const CODE = 'visual_home';

export function registerHome(r: ReturnType<typeof endpoints>, db: Db, tz: string): void {
  r.handle(VISUAL_ENDPOINTS.home, async ({ user }) => {
    const { today, monthStart } = businessDay(tz);
    const scope = await weighingScope(db, user, CODE);
    const inMonth = and(scope, completed, gte(weighingOrder.completeTime, dayStart(monthStart, tz) as never));
    const isToday = sql`${dayOf(weighingOrder.completeTime, tz)} = ${today}::date`;
    const [todayFigures, monthFigures] = await Promise.all([
      tonnageOf(db, and(inMonth, isToday)),
      tonnageOf(db, inMonth),
    ]);

    const perMaterial = await db
      .select({
        materialId: weighingOrder.materialId,
        todayIn: sql<string>`coalesce(sum(${weighingOrder.netWeight}) filter (where ${weighingOrder.orderType} = 'purchase' and ${isToday}), 0)`,
        todayOut: sql<string>`coalesce(sum(${weighingOrder.netWeight}) filter (where ${weighingOrder.orderType} = 'sale' and ${isToday}), 0)`,
        monthIn: sql<string>`coalesce(sum(${weighingOrder.netWeight}) filter (where ${weighingOrder.orderType} = 'purchase'), 0)`,
        monthOut: sql<string>`coalesce(sum(${weighingOrder.netWeight}) filter (where ${weighingOrder.orderType} = 'sale'), 0)`,
      })
      .from(weighingOrder)
      .where(and(inMonth, sql`${weighingOrder.materialId} is not null`))
      .groupBy(weighingOrder.materialId)
      .orderBy(sql`sum(${weighingOrder.netWeight}) desc`)
      .limit(12);
    const names = await materialNames(
      db,
      user.tenantId,
      perMaterial.map((m) => m.materialId),
    );

    const whScope = await scopeOf(db, user, warehouse, CODE);
    const sites = await db
      .select({
        warehouseId: warehouse.id,
        name: warehouse.name,
        regionCode: warehouse.regionCode,
        address: warehouse.address,
      })
      .from(warehouse)
      .where(whScope)
      .orderBy(warehouse.code);
    const stocks = await db
      .select({ warehouseId: stock.warehouseId, qty: sql<string>`sum(${stock.qty})` })
      .from(stock)
      .where(await scopeOf(db, user, stock, CODE))
      .groupBy(stock.warehouseId);
    const stockOf = new Map(stocks.map((x) => [x.warehouseId, x.qty]));
    const coords = await siteCoords(db, user.tenantId);

    const last = await db
      .select()
      .from(weighingOrder)
      .where(and(scope, completed))
      .orderBy(desc(weighingOrder.completeTime))
      .limit(20);

    return {
      today,
      todayFigures,
      monthFigures,
      materials: perMaterial.map((m) => ({
        materialId: m.materialId ?? '0',
        materialName: names.get(m.materialId ?? '') ?? '',
        todayInKg: kg3(m.todayIn),
        todayOutKg: kg3(m.todayOut),
        monthInKg: kg3(m.monthIn),
        monthOutKg: kg3(m.monthOut),
      })),
      sites: sites.map((s) => ({
        ...s,
        province: REGION_NAMES[s.regionCode.slice(0, 2)] ?? '',
        stockKg: kg3(stockOf.get(s.warehouseId)),
        lon: coords.get(s.warehouseId)?.lon ?? null,
        lat: coords.get(s.warehouseId)?.lat ?? null,
      })),
      ticker: await ticks(db, user.tenantId, tz, last),
    };
  });
}
