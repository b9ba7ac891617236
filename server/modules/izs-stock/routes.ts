/**
 * izs-stock (spec §2.4 purchase, sale, stock; §2.8 business): purchase/sale orders, stock documents and their life
 * cycle, stock queries, drop shipping, price lists, suppliers/customers and the supplier merge. The endpoint list
 * is in the contracts under core/contract/izs-stock/ and in this folder's README.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { registerModule } from '../../platform/crud/index.ts';
import { endpoints } from '../../platform/endpoint.ts';
import { handleAnalysis } from './analysis.ts';
import { registerStockDocuments } from './documents.ts';
import { handleInventoryBalances } from './inventory-balances.ts';
import { handleInventoryReports } from './inventory-reports.ts';
import { handleNotCheck } from './not-check.ts';
import { registerOrders } from './orders.ts';
import { registerParties } from './parties.ts';
import { handlePartySummary } from './party-summary.ts';
import { handlePriceLookup } from './price-lookup.ts';
import { registerPrices } from './prices.ts';
import { handleSupplierMerge } from './supplier-merge.ts';

export async function registerIzsStock(app: FastifyInstance, actx: AppContext): Promise<void> {
  const ctx = { db: actx.database.db, tz: actx.config.tz };
  await registerModule(app, (s) => {
    const r = endpoints(s, ctx.db);
    registerStockDocuments(s, ctx);
    registerOrders(s, ctx);
    registerPrices(s, ctx);
    handlePriceLookup(r, ctx);
    const parties = registerParties(s, ctx);
    handleSupplierMerge(r, ctx, parties);
    handlePartySummary(r, ctx, parties);
    handleInventoryBalances(r, ctx);
    handleInventoryReports(r, ctx);
    handleNotCheck(r, ctx);
    handleAnalysis(r, ctx);
  });
}
