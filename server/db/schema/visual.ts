/**
 * izs-visual: the wall-screen configuration of a department (/visual/config, issue 15) — which screens it shows,
 * rotation and refresh, the warehouses and weighbridges it watches, the theme. One row per (tenant, dept); the
 * settings are a JSON document checked by the contract's `visualConfig` schema on every write.
 */
import { jsonb, numeric, pgTable, primaryKey, varchar } from 'drizzle-orm/pg-core';
import { bigintStr, tstz } from './common.ts';

export const visualConfig = pgTable(
  'izs_visual_config',
  {
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    deptId: bigintStr('dept_id').notNull(),
    config: jsonb('config').notNull(),
    updateUser: bigintStr('update_user'),
    updateTime: tstz('update_time').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.deptId] })],
);

/**
 * Where a site (warehouse) stands on the main wall screen's map of China (WGS-84 degrees), set in 大屏配置. One
 * row per warehouse; a warehouse without a row is placed at its province.
 */
export const visualSite = pgTable(
  'izs_visual_site',
  {
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    warehouseId: bigintStr('warehouse_id').notNull(),
    lon: numeric('lon', { precision: 9, scale: 6, mode: 'string' }).notNull(),
    lat: numeric('lat', { precision: 8, scale: 6, mode: 'string' }).notNull(),
    updateUser: bigintStr('update_user'),
    updateTime: tstz('update_time').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.warehouseId] })],
);
