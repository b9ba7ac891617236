/**
 * 采购价格表 / 销售价格 (price lists) through the resource engine, and the price lookup the weighing workstation
 * and the order forms use for a default price. Contract: price-list.contract.ts.
 */
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  type PriceLookup,
  purchasePriceResource,
  salePriceResource,
} from '../../../core/contract/izs-stock/price-list.contract.ts';
import type { Executor } from '../../db/client.ts';
import { priceList } from '../../db/schema/index.ts';
import { type CrudContext, fixed, type Resource, registerResource } from '../../platform/crud/index.ts';
import { badRequest } from '../../platform/r.ts';
import { tenantIs } from '../../platform/scope.ts';
import { kindGuard } from './kind-guard.ts';
import { CUSTOMER_TYPES, materialOf, partyOk, SUPPLIER_TYPES } from './orders.ts';

const validOn = (d: string) =>
  sql`(${priceList.validFrom} = '' or ${priceList.validFrom} <= ${d}) and (${priceList.validTo} = '' or ${priceList.validTo} >= ${d})`;

/**
 * The default price of a material for a counterparty on a date: the party's row valid that day, else the row for
 * everyone, else the material's default price; among valid rows the latest validFrom wins, then the newest row.
 */
export async function lookupPrice(
  ex: Executor,
  tenantId: string,
  priceType: 'purchase' | 'sale',
  materialId: string,
  partyId: string | null,
  date: string,
): Promise<PriceLookup | null> {
  const m = await materialOf(ex, tenantId, materialId);
  if (!m) return null;
  const base = and(
    tenantIs(tenantId, priceList),
    eq(priceList.status, 1),
    eq(priceList.priceType, priceType),
    eq(priceList.materialId, materialId),
    validOn(date),
  );
  const pick = async (party: string | null) =>
    (
      await ex
        .select({ id: priceList.id, price: priceList.price, priceUnit: priceList.priceUnit })
        .from(priceList)
        .where(and(base, party ? eq(priceList.partyId, party) : isNull(priceList.partyId)))
        .orderBy(desc(priceList.validFrom), desc(priceList.id))
        .limit(1)
    )[0];
  const own = partyId ? await pick(partyId) : undefined;
  const row = own ?? (await pick(null));
  if (row) {
    return {
      price: fixed(row.price, 2),
      priceUnit: row.priceUnit || m.priceUnit,
      source: own ? 'party' : 'general',
      priceListId: row.id,
    };
  }
  return { price: fixed(m.defaultPrice, 2), priceUnit: m.priceUnit, source: 'material', priceListId: null };
}

export function registerPrices(s: FastifyInstance, ctx: CrudContext): void {
  const { db } = ctx;
  for (const [def, priceType, types, label] of [
    [purchasePriceResource, 'purchase', SUPPLIER_TYPES, '供应商'],
    [salePriceResource, 'sale', CUSTOMER_TYPES, '客户'],
  ] as const) {
    const guard = kindGuard('priceType', [priceType], def.title);
    const res: Resource = registerResource(s, ctx, def, priceList, {
      joins: {
        materialName: sql<string>`(select m.name from izs_material m where m.id = ${priceList.materialId})`,
        partyName: sql<string>`(select p.name from izs_related_party p where p.id = ${priceList.partyId})`,
      },
      where: () => eq(priceList.priceType, priceType),
      filters: {
        validOn: (v) => {
          const d = String(v).trim();
          if (!/^\d{4}-\d{2}-\d{2}$/.test(d)) throw badRequest('日期格式应为yyyy-MM-dd');
          return validOn(d);
        },
      },
      beforeSave: async (tx, row, c) => {
        guard.checkUpdate(c.prev, c.isNew);
        const t = c.user.tenantId;
        const m = await materialOf(tx, t, row.materialId as string);
        if (!m) throw badRequest('物料不存在');
        if (row.partyId && !(await partyOk(tx, t, row.partyId as string, [...types]))) {
          throw badRequest(`${label}不存在`);
        }
        if (!row.partyId) row.partyId = null;
        row.priceType = priceType;
        if (!row.priceUnit) row.priceUnit = m.priceUnit;
      },
      beforeRemove: guard.beforeRemove,
      routes: { detail: guard.detail(db, () => res), ...guard.writes(db, () => res) },
    });
  }
}
