/**
 * izs-visual: the wall-screen configuration of a department (/visual/config, issue 15) — which screens it shows,
 * rotation and refresh, the warehouses and weighbridges it watches, the theme. One row per (tenant, dept); the
 * settings are a JSON document checked by the contract's `visualConfig` schema on every write.
 */
import { jsonb, pgTable, primaryKey, varchar } from 'drizzle-orm/pg-core';
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
