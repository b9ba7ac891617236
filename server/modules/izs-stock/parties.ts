/**
 * 供应商 / 客户 (the related parties of the purchase and sale menus) through the resource engine. Contract:
 * party.contract.ts; 供应商合并 in supplier-merge.ts, the party summary in party-summary.ts.
 */
import { inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { customerResource, supplierResource } from '../../../core/contract/izs-stock/party.contract.ts';
import { relatedParty } from '../../db/schema/index.ts';
import { type CrudContext, type Resource, registerResource } from '../../platform/crud/index.ts';
import { type KindGuard, kindGuard } from './kind-guard.ts';
import { CUSTOMER_TYPES, SUPPLIER_TYPES } from './orders.ts';

export interface Parties {
  suppliers: Resource;
  customers: Resource;
  supplierGuard: KindGuard;
  customerGuard: KindGuard;
}

export function registerParties(s: FastifyInstance, ctx: CrudContext): Parties {
  const { db } = ctx;
  const supplierGuard = kindGuard('type', SUPPLIER_TYPES, supplierResource.title);
  const customerGuard = kindGuard('type', CUSTOMER_TYPES, customerResource.title);
  const suppliers: Resource = registerResource(s, ctx, supplierResource, relatedParty, {
    where: () => inArray(relatedParty.type, SUPPLIER_TYPES),
    beforeSave: async (_tx, _row, c) => supplierGuard.checkUpdate(c.prev, c.isNew),
    beforeRemove: supplierGuard.beforeRemove,
    routes: { detail: supplierGuard.detail(db, () => suppliers), ...supplierGuard.writes(db, () => suppliers) },
  });
  const customers: Resource = registerResource(s, ctx, customerResource, relatedParty, {
    where: () => inArray(relatedParty.type, CUSTOMER_TYPES),
    beforeSave: async (_tx, _row, c) => customerGuard.checkUpdate(c.prev, c.isNew),
    beforeRemove: customerGuard.beforeRemove,
    routes: { detail: customerGuard.detail(db, () => customers), ...customerGuard.writes(db, () => customers) },
  });

  return { suppliers, customers, supplierGuard, customerGuard };
}
