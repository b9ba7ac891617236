/** Logs (bladex-contract §7) and version info. */
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, varchar } from 'drizzle-orm/pg-core';
import { TRACK_SLOW_MS } from '../../../core/contract/blade-system/track-api-log.contract.ts';
import { bigintStr, idPk, tstz } from './common.ts';

export const apiLog = pgTable(
  'blade_log_api',
  {
    id: idPk(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull().default(''),
    serviceId: varchar('service_id', { length: 50 }).notNull().default(''),
    method: varchar('method', { length: 10 }).notNull(),
    requestUri: varchar('request_uri', { length: 500 }).notNull(),
    userId: bigintStr('user_id'),
    status: integer('status').notNull(),
    time: integer('time').notNull(),
    remoteIp: varchar('remote_ip', { length: 64 }).notNull().default(''),
    userAgent: varchar('user_agent', { length: 500 }).notNull().default(''),
    /** Redacted `{query, body}` JSON (secrets masked), clipped to 4000 characters. */
    params: text('params').notNull().default(''),
    createTime: tstz('create_time').notNull().defaultNow(),
  },
  (t) => [
    index('blade_log_api_tenant_time_idx').on(t.tenantId, t.createTime),
    // 接口跟踪日志's rows (failed or slow, blade-system/track-api-log.ts): a few among a year's calls, read and counted
    // without the rest (server/db/indexes.test.ts: the query with TRACK_SLOW_MS reads it)
    index('blade_log_api_tracked_idx')
      .on(t.tenantId, t.createTime)
      .where(sql.raw(`status >= 400 or time >= ${TRACK_SLOW_MS}`)),
  ],
);

export const operationLog = pgTable(
  'blade_log_operation',
  {
    id: idPk(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    title: varchar('title', { length: 255 }).notNull(),
    serviceId: varchar('service_id', { length: 50 }).notNull().default(''),
    requestUri: varchar('request_uri', { length: 500 }).notNull(),
    method: varchar('method', { length: 10 }).notNull(),
    params: text('params').notNull().default(''),
    modifyParams: jsonb('modify_params').$type<Record<string, [unknown, unknown]>>(),
    createBy: bigintStr('create_by'),
    remoteIp: varchar('remote_ip', { length: 64 }).notNull().default(''),
    createTime: tstz('create_time').notNull().defaultNow(),
  },
  (t) => [index('blade_log_operation_tenant_time_idx').on(t.tenantId, t.createTime)],
);

export const versionInfo = pgTable('izs_version_info', {
  id: idPk(),
  version: varchar('version', { length: 30 }).notNull(),
  remark: text('remark').notNull().default(''),
  createTime: tstz('create_time').notNull().defaultNow(),
});
