/**
 * POST /api/izs-visual/sites — the map coordinates of the sites (warehouses) on the main wall screen, set in
 * 大屏配置; `siteCoords` reads them for the home screen and the config answer. One transaction: every warehouse
 * named must be the tenant's (else 400 and nothing is saved); null coordinates remove the site's row.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { VISUAL_ENDPOINTS } from '../../../core/contract/izs-visual/visual.contract.ts';
import type { Db } from '../../db/client.ts';
import { visualSite, warehouse } from '../../db/schema/index.ts';
import type { endpoints } from '../../platform/endpoint.ts';
import { ApiError } from '../../platform/r.ts';
import { tenantOf, tenantOnly } from '../../platform/scope.ts';

/** warehouseId → { lon, lat } (numbers, for the map). */
export async function siteCoords(db: Db, tenantId: string) {
  const found = await db
    .select({ id: visualSite.warehouseId, lon: visualSite.lon, lat: visualSite.lat })
    .from(visualSite)
    .where(tenantOnly(tenantId, visualSite));
  return new Map(found.map((r) => [r.id, { lon: Number(r.lon), lat: Number(r.lat) }]));
}

export function registerSites(r: ReturnType<typeof endpoints>, db: Db): void {
  r.handle(VISUAL_ENDPOINTS.saveSites, async ({ body, user }) => {
    const ids = [...new Set(body.sites.map((s) => s.warehouseId))];
    if (ids.length !== body.sites.length) throw new ApiError(400, '同一仓库不能重复填写坐标');
    await db.transaction(async (tx) => {
      if (ids.length) {
        const found = await tx
          .select({ id: warehouse.id })
          .from(warehouse)
          .where(and(tenantOf(user, warehouse), inArray(warehouse.id, ids)));
        if (found.length !== ids.length) throw new ApiError(400, '仓库不存在或已删除');
      }
      for (const s of body.sites) {
        const key = and(tenantOnly(user, visualSite), eq(visualSite.warehouseId, s.warehouseId));
        if (s.lon === null || s.lat === null) {
          await tx.delete(visualSite).where(key);
          continue;
        }
        const values = {
          lon: s.lon.toFixed(6),
          lat: s.lat.toFixed(6),
          updateUser: user.userId,
          updateTime: new Date(),
        };
        await tx
          .insert(visualSite)
          .values({ tenantId: user.tenantId, warehouseId: s.warehouseId, ...values })
          .onConflictDoUpdate({ target: [visualSite.tenantId, visualSite.warehouseId], set: values });
      }
    });
    return { saved: body.sites.length };
  });
}
