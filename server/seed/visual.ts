/**
 * Demo coordinates of the demo sites on the main wall screen's map (issue 15): the yards in 宁波北仑 and the
 * sorting plant in 昆山 (WGS-84, at the addresses of server/seed/base.ts).
 */
import { eq } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { visualSite, warehouse } from '../db/schema/index.ts';

const AT: Record<string, [string, string]> = {
  CK01: ['121.844000', '29.899000'],
  CK02: ['121.851000', '29.905000'],
  CK03: ['121.004000', '31.415000'],
};

export async function seedVisualSites(tx: Tx, tenantId: string): Promise<void> {
  const whs = await tx
    .select({ id: warehouse.id, code: warehouse.code })
    .from(warehouse)
    .where(eq(warehouse.tenantId, tenantId));
  const values = whs
    .filter((w) => AT[w.code])
    .map((w) => ({ tenantId, warehouseId: w.id, lon: AT[w.code][0], lat: AT[w.code][1] }));
  if (values.length) await tx.insert(visualSite).values(values);
}
