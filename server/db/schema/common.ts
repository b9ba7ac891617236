/** Column helpers shared by every module schema: 64-bit ids as strings, audit fields. */
import { sql } from 'drizzle-orm';
import { customType, index, integer, type PgColumn, pgSequence, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * One database sequence for every id (like BladeX snowflake ids: unique across tables, beyond 2^53 so
 * clients must treat them as strings). Lives in the database, so several processes share it.
 */
export const idSequence = pgSequence('loopyard_id_seq', { startWith: '1500000000000000001', increment: 1 });

/** bigint column read and written as a decimal string. */
export const bigintStr = customType<{ data: string; driverData: string | number | bigint }>({
  dataType: () => 'bigint',
  fromDriver: (v) => String(v),
  toDriver: (v) => v,
});

/** Primary key drawn from `loopyard_id_seq`. */
export const idPk = () => bigintStr('id').primaryKey().default(sql`nextval('loopyard_id_seq')`);

export const tstz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Audit fields set by the server (DESIGN §4); ignored in request bodies. */
export const audit = () => ({
  createUser: bigintStr('create_user'),
  createDept: bigintStr('create_dept'),
  createTime: tstz('create_time').notNull().defaultNow(),
  updateUser: bigintStr('update_user'),
  updateTime: tstz('update_time').notNull().defaultNow(),
  status: integer('status').notNull().default(1),
  isDeleted: integer('is_deleted').notNull().default(0),
});

/**
 * Columns of a resource-engine table (server/platform/crud): id, tenant, owning department and the audit fields.
 * Pair with `resourceIndexes(t)` so that the default page query (tenant, live rows, newest first) is an index scan.
 */
export const resourceColumns = () => ({
  id: idPk(),
  tenantId: varchar('tenant_id', { length: 12 }).notNull(),
  deptId: bigintStr('dept_id'),
  ...audit(),
});

/** The page index of a resource table: (tenant_id, is_deleted, create_time). */
export const resourceIndex = (name: string, t: { tenantId: PgColumn; isDeleted: PgColumn; createTime: PgColumn }) =>
  index(`${name}_page_idx`).on(t.tenantId, t.isDeleted, t.createTime);
