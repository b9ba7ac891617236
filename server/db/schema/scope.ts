/**
 * Authority (bladex-contract §5.10, §5.11): data-scope and API-scope rules hung under a menu, and the
 * role ↔ scope link (scope_category 1 data, 2 api). Rules belong to a tenant; roles get them through role/grant.
 */
import { index, integer, pgTable, primaryKey, text, varchar } from 'drizzle-orm/pg-core';
import { audit, bigintStr, idPk } from './common.ts';

export const scopeData = pgTable(
  'blade_scope_data',
  {
    id: idPk(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    menuId: bigintStr('menu_id').notNull(),
    /** The resource the rule applies to: the menu code (e.g. `base_material`). */
    resourceCode: varchar('resource_code', { length: 100 }).notNull(),
    scopeName: varchar('scope_name', { length: 100 }).notNull(),
    scopeField: varchar('scope_field', { length: 255 }).notNull().default('*'),
    scopeClass: varchar('scope_class', { length: 500 }).notNull().default(''),
    scopeColumn: varchar('scope_column', { length: 100 }).notNull().default('create_dept'),
    /** 1 all, 2 own, 3 own departments, 4 own departments and below, 5 custom departments. */
    scopeType: integer('scope_type').notNull().default(1),
    /** Type 5: comma-separated dept ids. */
    scopeValue: text('scope_value').notNull().default(''),
    remark: varchar('remark', { length: 255 }).notNull().default(''),
    ...audit(),
  },
  (t) => [
    index('blade_scope_data_resource_idx').on(t.tenantId, t.resourceCode),
    index('blade_scope_data_menu_idx').on(t.menuId),
  ],
);

export const scopeApi = pgTable(
  'blade_scope_api',
  {
    id: idPk(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    menuId: bigintStr('menu_id').notNull(),
    resourceCode: varchar('resource_code', { length: 100 }).notNull(),
    scopeName: varchar('scope_name', { length: 100 }).notNull(),
    /** Ant-style path pattern: `*` one segment, `**` any depth. */
    scopePath: varchar('scope_path', { length: 255 }).notNull(),
    /** HTTP method covered: ALL, GET, POST, PUT or DELETE (Loopyard addition). */
    scopeMethod: varchar('scope_method', { length: 10 }).notNull().default('ALL'),
    /** 1 系统接口, 2 业务接口. */
    scopeType: integer('scope_type').notNull().default(2),
    remark: varchar('remark', { length: 255 }).notNull().default(''),
    ...audit(),
  },
  (t) => [
    index('blade_scope_api_tenant_idx').on(t.tenantId, t.isDeleted),
    index('blade_scope_api_menu_idx').on(t.menuId),
  ],
);

export const roleScope = pgTable(
  'blade_role_scope',
  {
    /** 1 data scope, 2 api scope. */
    scopeCategory: integer('scope_category').notNull(),
    roleId: bigintStr('role_id').notNull(),
    scopeId: bigintStr('scope_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.scopeCategory, t.roleId, t.scopeId] }),
    index('blade_role_scope_scope_idx').on(t.scopeId),
  ],
);
