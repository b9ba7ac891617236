/** blade-auth: client apps, sessions with rotating refresh tokens, login attempts, captchas. */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { audit, bigintStr, idPk, tstz } from './common.ts';

export const client = pgTable(
  'blade_client',
  {
    id: idPk(),
    clientId: varchar('client_id', { length: 48 }).notNull(),
    /** `sha256$<hex>` of the secret (shown once when created or reset); never answered. */
    clientSecret: varchar('client_secret', { length: 256 }).notNull(),
    scope: varchar('scope', { length: 255 }).notNull().default('all'),
    authorizedGrantTypes: varchar('authorized_grant_types', { length: 255 }).notNull(),
    accessTokenValidity: integer('access_token_validity').notNull().default(3600),
    refreshTokenValidity: integer('refresh_token_validity').notNull().default(604800),
    resourceIds: varchar('resource_ids', { length: 255 }).notNull().default(''),
    webServerRedirectUri: varchar('web_server_redirect_uri', { length: 255 }).notNull().default(''),
    authorities: varchar('authorities', { length: 255 }).notNull().default(''),
    additionalInformation: varchar('additional_information', { length: 4096 }).notNull().default(''),
    autoapprove: varchar('autoapprove', { length: 255 }).notNull().default(''),
    ...audit(),
  },
  (t) => [uniqueIndex('blade_client_client_id_uq').on(t.clientId).where(sql`is_deleted = 0`)],
);

/**
 * One row per issued token pair. Rows of one sign-in share `family_id`; a refresh creates a child row
 * (`parent_id`) and marks the parent's refresh token used. Only the SHA-256 of the refresh token is stored.
 */
export const authSession = pgTable(
  'blade_auth_session',
  {
    id: idPk(),
    familyId: varchar('family_id', { length: 64 }).notNull(),
    parentId: bigintStr('parent_id'),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    userId: bigintStr('user_id').notNull(),
    clientId: varchar('client_id', { length: 48 }).notNull(),
    refreshHash: varchar('refresh_hash', { length: 64 }).notNull(),
    refreshExpiresAt: tstz('refresh_expires_at').notNull(),
    refreshUsedAt: tstz('refresh_used_at'),
    accessExpiresAt: tstz('access_expires_at').notNull(),
    revokedAt: tstz('revoked_at'),
    ip: varchar('ip', { length: 64 }).notNull().default(''),
    userAgent: varchar('user_agent', { length: 500 }).notNull().default(''),
    createTime: tstz('create_time').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('blade_auth_session_refresh_uq').on(t.refreshHash),
    index('blade_auth_session_family_idx').on(t.familyId),
  ],
);

export const loginAttempt = pgTable(
  'blade_login_attempt',
  {
    id: idPk(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    account: varchar('account', { length: 45 }).notNull(),
    ip: varchar('ip', { length: 64 }).notNull().default(''),
    success: boolean('success').notNull(),
    createTime: tstz('create_time').notNull().defaultNow(),
  },
  (t) => [index('blade_login_attempt_account_idx').on(t.tenantId, t.account, t.createTime)],
);

/** Captcha answers live in the database so several processes share them. */
export const captcha = pgTable('blade_captcha', {
  key: varchar('key', { length: 64 }).primaryKey(),
  answer: varchar('answer', { length: 16 }).notNull(),
  expiresAt: tstz('expires_at').notNull(),
});
