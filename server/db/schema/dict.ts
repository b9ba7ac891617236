/**
 * Dictionaries (bladex-contract §5.5, BladeX flavour): one root row per code (parent_id 0, dict_key '-1',
 * dict_value = the dictionary's name) with its items as children. `blade_dict` is system-wide (no tenant),
 * `blade_dict_biz` belongs to a tenant. `is_sealed` rows may be changed by administrators only.
 */
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { audit, bigintStr, idPk } from './common.ts';

const dictColumns = () => ({
  id: idPk(),
  parentId: bigintStr('parent_id').notNull().default('0'),
  code: varchar('code', { length: 255 }).notNull(),
  dictKey: varchar('dict_key', { length: 255 }).notNull(),
  dictValue: varchar('dict_value', { length: 255 }).notNull(),
  sort: integer('sort').notNull().default(0),
  remark: varchar('remark', { length: 255 }).notNull().default(''),
  isSealed: integer('is_sealed').notNull().default(0),
});

export const dict = pgTable(
  'blade_dict',
  { ...dictColumns(), tenantId: varchar('tenant_id', { length: 12 }).notNull().default('000000'), ...audit() },
  (t) => [
    uniqueIndex('blade_dict_code_key_uq').on(t.code, t.dictKey).where(sql`is_deleted = 0`),
    index('blade_dict_parent_idx').on(t.parentId),
  ],
);

export const dictBiz = pgTable(
  'blade_dict_biz',
  { ...dictColumns(), tenantId: varchar('tenant_id', { length: 12 }).notNull(), ...audit() },
  (t) => [
    uniqueIndex('blade_dict_biz_code_key_uq').on(t.tenantId, t.code, t.dictKey).where(sql`is_deleted = 0`),
    index('blade_dict_biz_parent_idx').on(t.parentId),
  ],
);
