/**
 * 库存磅单 (stock weigh orders) through the resource engine. The server owns three values the client never sends:
 * - netKg = gross − tare − deduction (decimal.js, 3 places; the form schema already refused tare > gross and a
 *   negative net);
 * - orderNo = KC + yyyyMMdd + 4-digit daily sequence per tenant, drawn under a transaction-scoped advisory lock so
 *   two processes never hand out the same number (DESIGN §5 "Documents");
 * - weighTime is read as wall-clock time in the server's time zone.
 * Warehouse, weighbridge and material must be live rows of the caller's tenant.
 */
import { and, eq, like, sql } from 'drizzle-orm';
import type { AnyPgColumn, AnyPgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import {
  netWeight,
  STOCK_WEIGH_PREFIX,
  stockWeighOrderResource,
} from '../../../core/contract/izs-base/stock-weigh-order.contract.ts';
import type { Tx } from '../../db/client.ts';
import { material, stockWeighOrder, warehouse, weighbridge } from '../../db/schema/index.ts';
import { type CrudContext, registerResource } from '../../platform/crud/index.ts';
import { badRequest } from '../../platform/r.ts';
import { tenantIs, tenantOnly } from '../../platform/scope.ts';
import { formatDate } from '../../platform/time.ts';

type LiveTable = AnyPgTable & { id: AnyPgColumn; tenantId: AnyPgColumn; isDeleted: AnyPgColumn };

/** 400 `${label}不存在` unless `id` is a live row of the tenant. */
export async function requireLive(tx: Tx, table: LiveTable, id: unknown, tenantId: string, label: string) {
  if (id === null || id === undefined || id === '') return;
  const r = await tx
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.id, String(id)), tenantIs(tenantId, table)))
    .limit(1);
  if (!r[0]) throw badRequest(`${label}不存在`);
}

/** The next order number of the day for a tenant (call inside the inserting transaction). */
export async function nextOrderNo(tx: Tx, tenantId: string, prefix: string, tz: string): Promise<string> {
  const day = formatDate(new Date(), tz).replace(/-/g, '');
  const head = `${prefix}${day}`;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`order-no:${tenantId}:${head}`}))`);
  const [r] = await tx
    .select({ max: sql<string | null>`max(${stockWeighOrder.orderNo})` })
    .from(stockWeighOrder)
    .where(and(tenantOnly(tenantId, stockWeighOrder), like(stockWeighOrder.orderNo, `${head}%`)));
  const last = r?.max ? Number(r.max.slice(head.length)) : 0;
  return `${head}${String(last + 1).padStart(4, '0')}`;
}

export function registerStockWeighOrder(s: FastifyInstance, ctx: CrudContext): void {
  registerResource(s, ctx, stockWeighOrderResource, stockWeighOrder, {
    joins: {
      warehouseName: sql<string>`(select w.name from izs_warehouse w where w.id = ${stockWeighOrder.warehouseId})`,
      weighbridgeName: sql<string>`(select b.name from izs_weighbridge b where b.id = ${stockWeighOrder.weighbridgeId})`,
      materialName: sql<string>`(select m.name from izs_material m where m.id = ${stockWeighOrder.materialId})`,
    },
    beforeSave: async (tx, row, c) => {
      const t = c.user.tenantId;
      await requireLive(tx, warehouse as LiveTable, row.warehouseId, t, '仓库');
      await requireLive(tx, weighbridge as LiveTable, row.weighbridgeId, t, '地磅');
      await requireLive(tx, material as LiveTable, row.materialId, t, '物料');
      const net = netWeight(String(row.grossKg), String(row.tareKg), String(row.deductKg ?? '0'));
      if (net === undefined || net.startsWith('-')) throw badRequest('扣重不能大于毛重减皮重');
      row.netKg = net;
      const wt = String(row.weighTime);
      row.weighTime = sql`(${wt.length === 10 ? `${wt} 00:00:00` : wt}::timestamp at time zone ${ctx.tz})`;
      if (c.isNew) row.orderNo = await nextOrderNo(tx, t, STOCK_WEIGH_PREFIX, ctx.tz);
      else delete row.orderNo;
    },
  });
}
