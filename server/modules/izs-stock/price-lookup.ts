/**
 * `GET price/lookup` (price-list.contract.ts PRICE.lookup): the default price the order forms and the weighing
 * workstation fill in — the party's price valid on the date, else the general one, else the material's default.
 */
import { PRICE } from '../../../core/contract/izs-stock/price-list.contract.ts';
import type { CrudContext } from '../../platform/crud/index.ts';
import type { endpoints } from '../../platform/endpoint.ts';
import { badRequest } from '../../platform/r.ts';
import { today } from '../../platform/time.ts';
import { lookupPrice } from './prices.ts';

export function handlePriceLookup(r: ReturnType<typeof endpoints>, { db, tz }: CrudContext): void {
  r.handle(PRICE.lookup, async ({ query: q, user }) => {
    const found = await lookupPrice(
      db,
      user.tenantId,
      q.priceType,
      q.materialId,
      q.partyId ?? null,
      q.date || today(tz),
    );
    if (!found) throw badRequest('物料不存在');
    return found;
  });
}
