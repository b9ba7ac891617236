/**
 * Demo yard day (SEED_DEMO): completed weighings with their in-stock / out-stock orders (reviewed, so the
 * inventory and the dashboard have figures), one document waiting for review, one truck still on the first pass,
 * purchase and sale orders, price lists, a drop shipment and a sorting (disassembly) order. Everything goes
 * through the same arithmetic and stock ledger as the API (core/stock, server/modules/izs-stock/ledger.ts), so
 * the balances equal the sum of the movements. Runs inside the seeding transaction; times are spread over the
 * last hours of today.
 */
import type { Tx } from '../db/client.ts';
import { seedSorting } from './stock-sorting.ts';
import { seedDropShipment, seedPriceLists, seedTradeOrders } from './stock-trade.ts';
import { seedWeighings } from './stock-weighings.ts';
import { loadYard, type StockSeedContext } from './stock-yard.ts';

export type { StockSeedContext } from './stock-yard.ts';

/** The parts run in this order: document numbers and ids are drawn in it. */
export async function seedStockData(tx: Tx, c: StockSeedContext): Promise<void> {
  const y = await loadYard(tx, c);
  if (!y) return; // base demo data missing
  await seedPriceLists(y);
  const { po, so } = await seedTradeOrders(y);
  await seedWeighings(y, po, so);
  await seedSorting(y);
  await seedDropShipment(y);
}
