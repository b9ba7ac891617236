/** blade-system: tenant, dept, role, post, user, menu, role_menu, region, settings, param (page config). */
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { audit, bigintStr, idPk } from './common.ts';

export const tenant = pgTable(
  'blade_tenant',
  {
    id: idPk(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    tenantName: varchar('tenant_name', { length: 100 }).notNull(),
    domain: varchar('domain', { length: 255 }).notNull().default(''),
    linkman: varchar('linkman', { length: 50 }).notNull().default(''),
    contactNumber: varchar('contact_number', { length: 30 }).notNull().default(''),
    address: varchar('address', { length: 255 }).notNull().default(''),
    ...audit(),
  },
  (t) => [uniqueIndex('blade_tenant_tenant_id_uq').on(t.tenantId)],
);

export const dept = pgTable(
  'blade_dept',
  {
    id: idPk(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    parentId: bigintStr('parent_id').notNull().default('0'),
    ancestors: text('ancestors').notNull().default('0'),
    deptName: varchar('dept_name', { length: 45 }).notNull(),
    fullName: varchar('full_name', { length: 45 }).notNull().default(''),
    deptCategory: integer('dept_category').notNull().default(2),
    sort: integer('sort').notNull().default(0),
    remark: varchar('remark', { length: 255 }).notNull().default(''),
    ...audit(),
  },
  (t) => [index('blade_dept_tenant_parent_idx').on(t.tenantId, t.parentId)],
);

export const role = pgTable(
  'blade_role',
  {
    id: idPk(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    parentId: bigintStr('parent_id').notNull().default('0'),
    roleName: varchar('role_name', { length: 50 }).notNull(),
    roleAlias: varchar('role_alias', { length: 50 }).notNull(),
    sort: integer('sort').notNull().default(0),
    ...audit(),
  },
  (t) => [index('blade_role_tenant_idx').on(t.tenantId)],
);

export const post = pgTable(
  'blade_post',
  {
    id: idPk(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    category: integer('category').notNull().default(4),
    postCode: varchar('post_code', { length: 30 }).notNull(),
    postName: varchar('post_name', { length: 50 }).notNull(),
    sort: integer('sort').notNull().default(0),
    remark: varchar('remark', { length: 255 }).notNull().default(''),
    ...audit(),
  },
  (t) => [uniqueIndex('blade_post_code_uq').on(t.tenantId, t.postCode).where(sql`is_deleted = 0`)],
);

export const user = pgTable(
  'blade_user',
  {
    id: idPk(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    code: varchar('code', { length: 30 }).notNull().default(''),
    account: varchar('account', { length: 45 }).notNull(),
    /** argon2id over the client's md5 hex; never returned. */
    password: text('password').notNull(),
    name: varchar('name', { length: 20 }).notNull().default(''),
    realName: varchar('real_name', { length: 20 }).notNull().default(''),
    avatar: varchar('avatar', { length: 500 }).notNull().default(''),
    email: varchar('email', { length: 100 }).notNull().default(''),
    phone: varchar('phone', { length: 30 }).notNull().default(''),
    birthday: varchar('birthday', { length: 20 }).notNull().default(''),
    sex: integer('sex').notNull().default(1),
    roleId: text('role_id').notNull().default(''),
    deptId: text('dept_id').notNull().default(''),
    postId: text('post_id').notNull().default(''),
    ...audit(),
  },
  (t) => [uniqueIndex('blade_user_tenant_account_uq').on(t.tenantId, t.account).where(sql`is_deleted = 0`)],
);

export const menu = pgTable(
  'blade_menu',
  {
    id: idPk(),
    parentId: bigintStr('parent_id').notNull().default('0'),
    code: varchar('code', { length: 100 }).notNull(),
    name: varchar('name', { length: 50 }).notNull(),
    alias: varchar('alias', { length: 50 }).notNull().default('menu'),
    path: varchar('path', { length: 255 }).notNull().default(''),
    source: varchar('source', { length: 100 }).notNull().default(''),
    sort: integer('sort').notNull().default(0),
    /** 1 menu, 2 button. */
    category: integer('category').notNull().default(1),
    /** 0 none, 1 toolbar, 2 row, 3 both. */
    action: integer('action').notNull().default(0),
    /** 1 no, 2 yes (new window). */
    isOpen: integer('is_open').notNull().default(1),
    isHidden: integer('is_hidden').notNull().default(0),
    remark: varchar('remark', { length: 255 }).notNull().default(''),
    ...audit(),
  },
  (t) => [
    uniqueIndex('blade_menu_code_uq').on(t.code).where(sql`is_deleted = 0`),
    index('blade_menu_parent_idx').on(t.parentId),
  ],
);

export const roleMenu = pgTable(
  'blade_role_menu',
  {
    roleId: bigintStr('role_id').notNull(),
    menuId: bigintStr('menu_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.menuId] })],
);

/** GB/T 2260 regions (bladex-contract §5.6): primary key `code`, no audit fields. */
export const region = pgTable(
  'blade_region',
  {
    code: varchar('code', { length: 12 }).primaryKey(),
    parentCode: varchar('parent_code', { length: 12 }).notNull(),
    ancestors: varchar('ancestors', { length: 255 }).notNull(),
    name: varchar('name', { length: 50 }).notNull(),
    regionLevel: integer('region_level').notNull(),
    sort: integer('sort').notNull().default(0),
    remark: varchar('remark', { length: 255 }).notNull().default(''),
  },
  (t) => [index('blade_region_parent_idx').on(t.parentCode)],
);

/** Key/value settings shared by every process (e.g. the generated JWT secret on PostgreSQL). */
export const settings = pgTable('loopyard_settings', {
  key: varchar('key', { length: 100 }).primaryKey(),
  value: text('value').notNull(),
});

const live = sql`is_deleted = 0`;
const str = (name: string, length: number) => varchar(name, { length }).notNull().default('');

/** 系统参数 (/system/page/config, bladex-contract §5.9): key/value settings of a tenant. */
export const param = pgTable(
  'blade_param',
  {
    id: idPk(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    paramName: str('param_name', 100),
    paramKey: str('param_key', 100),
    paramValue: text('param_value').notNull().default(''),
    remark: str('remark', 255),
    ...audit(),
  },
  (t) => [uniqueIndex('blade_param_key_uq').on(t.tenantId, t.paramKey).where(live)],
);
