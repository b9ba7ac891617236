/**
 * izs-stock (spec §2.4 purchase, sale, stock; §2.8 business): purchase/sale orders, stock documents and their life
 * cycle, stock queries, drop shipping, price lists, suppliers/customers and the supplier merge. The endpoint list
 * is in the contracts under core/contract/izs-stock/ and in this folder's README.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app.ts';
import { registerModule } from '../../platform/crud/index.ts';
import { registerAnalysis } from './analysis.ts';
import { registerStockDocuments } from './documents.ts';
import { registerInventory } from './inventory.ts';
import { registerOrders } from './orders.ts';
import { registerParties } from './parties.ts';
import { registerPrices } from './prices.ts';

export async function registerIzsStock(app: FastifyInstance, actx: AppContext): Promise<void> {
  const ctx = { db: actx.database.db, tz: actx.config.tz };
  await registerModule(app, (s) => {
    registerStockDocuments(s, ctx);
    registerOrders(s, ctx);
    registerPrices(s, ctx);
    registerParties(s, ctx);
    registerInventory(s, ctx);
    registerAnalysis(s, ctx);
  });
}
