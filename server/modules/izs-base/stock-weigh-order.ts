/**
 * 库存磅单 (stock weigh orders) through the resource engine. The server owns three values the client never sends:
 * - netKg = gross − tare − deduction (decimal.js, 3 places; the form schema already refused tare > gross and a
 *   negative net);
 * - orderNo = KC + yyyyMMdd + 4-digit daily sequence per tenant, from the one numbering service (`drawOrderNo`,
 *   DESIGN §5 "Documents");
 * - weighTime is read as wall-clock time in the server's time zone.
 * Warehouse, weighbridge and material must be live rows of the caller's tenant.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { AnyPgColumn, AnyPgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import { netWeight, stockWeighOrderResource } from '../../../core/contract/izs-base/stock-weigh-order.contract.ts';
import type { Tx } from '../../db/client.ts';
import { material, stockWeighOrder, warehouse, weighbridge } from '../../db/schema/index.ts';
import { type CrudContext, registerResource } from '../../platform/crud/index.ts';
import { drawOrderNo } from '../../platform/numbering.ts';
import { badRequest } from '../../platform/r.ts';
import { tenantIs } from '../../platform/scope.ts';

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
      if (c.isNew) row.orderNo = await drawOrderNo(tx, 'stockWeigh', { tenantId: t, tz: ctx.tz });
      else delete row.orderNo;
    },
  });
}
