/** Regions (bladex-contract §5.6): GET list?parentCode=00&current&size → Page<Region> with hasChildren. */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { REGION } from '../../../core/contract/blade-system/region.contract.ts';
import type { Region } from '../../../core/contract/blade-system.contract.ts';
import { region } from '../../db/schema/index.ts';
import type { AppContext } from '../../platform/context.ts';
import { endpoints } from '../../platform/endpoint.ts';
import { parsePaging } from '../../platform/paging.ts';
import { page } from '../../platform/r.ts';

export function registerRegionRoutes(app: FastifyInstance, { database }: AppContext): void {
  const db = database.db;
  endpoints(app, db).handle(REGION.list, async ({ query: f, req }) => {
    const p = parsePaging(
      req.query,
      { code: region.code, sort: region.sort, name: region.name, region_level: region.regionLevel },
      [asc(region.sort), asc(region.code)],
    );
    // entity-style equals (bladex-contract §2.1); without code or parentCode: the provinces (children of 00)
    const conds = f.code ? [eq(region.code, f.code)] : [eq(region.parentCode, f.parentCode || '00')];
    if (f.code && f.parentCode) conds.push(eq(region.parentCode, f.parentCode));
    if (f.name) conds.push(sql`${region.name} like ${`%${f.name}%`}`);
    if (f.regionLevel !== undefined) conds.push(eq(region.regionLevel, f.regionLevel));
    const where = and(...conds);
    const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(region).where(where);
    const rows = await db
      .select({
        r: region,
        hasChildren: sql<boolean>`exists(select 1 from blade_region c where c.parent_code = blade_region.code)`,
      })
      .from(region)
      .where(where)
      .orderBy(...p.orderBy)
      .limit(p.size)
      .offset(p.offset);
    const records: Region[] = rows.map(({ r, hasChildren }) => ({
      code: r.code,
      parentCode: r.parentCode,
      ancestors: r.ancestors,
      name: r.name,
      regionLevel: r.regionLevel,
      sort: r.sort,
      hasChildren: !!hasChildren,
    }));
    return page(records, n, p.current, p.size);
  });
}
