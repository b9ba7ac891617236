/**
 * Trace chain and open platform tables (issue 14; DESIGN §5 Blockchain trace; server/platform/trace-chain,
 * server/modules/izs-toolbox/open).
 *
 * - izs_chain_tx / izs_chain_block — the append-only, hash-chained log (core/trace/chain-hash.ts says what each hash
 *   covers). One chain per tenant: a block per chained action, heights 1, 2, 3… with the previous block's hash.
 *   Migration 0016 adds triggers that refuse UPDATE, DELETE and TRUNCATE on both tables.
 * - izs_open_app — integrator apps (app key, encrypted secret, IP allow-list, scopes, rate limit, webhook).
 * - izs_open_nonce — nonces seen in the ±5 min window (in the database: several processes share it).
 * - izs_open_call_log — every open call with status, code and latency.
 * - izs_open_webhook — the webhook outbox: one row per delivery, retried with backoff by the server.
 * - izs_chain_token — the unguessable token of an order's public trace link (128 random bits, base64url), one per
 *   chained order: the public page opens by token, never by the order number alone.
 * - izs_rate_limit — @fastify/rate-limit's shared store (server/platform/rate-limit-store.ts): key → (window start,
 *   count, window end), so every API process on the database counts the same calls.
 */
import { bigint, index, integer, pgTable, primaryKey, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { bigintStr, idPk, resourceColumns, resourceIndex, tstz } from './common.ts';

const hash = (name: string) => varchar(name, { length: 64 }).notNull();
const s = (name: string, length = 64) => varchar(name, { length }).notNull().default('');

export const chainTx = pgTable(
  'izs_chain_tx',
  {
    id: idPk(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    /** Per tenant, 1, 2, 3… (part of the hashed header). */
    seq: integer('seq').notNull(),
    blockHeight: integer('block_height').notNull(),
    txIndex: integer('tx_index').notNull(),
    orderType: s('order_type', 32),
    orderNo: s('order_no', 64),
    /** completed | reviewed | voided … */
    event: s('event', 16),
    /** The business fields as canonical JSON text (what payloadHash covers). */
    fields: text('fields').notNull(),
    payloadHash: hash('payload_hash'),
    /** ISO time as hashed. */
    txTime: varchar('tx_time', { length: 32 }).notNull(),
    txHash: hash('tx_hash'),
    createTime: tstz('create_time').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('izs_chain_tx_seq_uq').on(t.tenantId, t.seq),
    index('izs_chain_tx_order_idx').on(t.tenantId, t.orderType, t.orderNo),
    index('izs_chain_tx_block_idx').on(t.tenantId, t.blockHeight),
  ],
);

export const chainBlock = pgTable(
  'izs_chain_block',
  {
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    height: integer('height').notNull(),
    prevHash: hash('prev_hash'),
    txRoot: hash('tx_root'),
    txCount: integer('tx_count').notNull(),
    blockTime: varchar('block_time', { length: 32 }).notNull(),
    blockHash: hash('block_hash'),
    createTime: tstz('create_time').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.height] })],
);

export const openApp = pgTable(
  'izs_open_app',
  {
    ...resourceColumns(),
    name: s('name', 100),
    appKey: varchar('app_key', { length: 40 }).notNull(),
    /** AES-256-GCM of the secret (the HMAC needs the plain secret), see open/secret.ts. */
    secretEnc: text('secret_enc').notNull(),
    /** 1 enabled, 0 disabled. */
    enabled: integer('enabled').notNull().default(1),
    /** IPs or CIDRs, comma separated; empty = any. */
    ipAllow: text('ip_allow').notNull().default(''),
    /** API groups, comma separated (core/contract/open). */
    scopes: text('scopes').notNull().default(''),
    /** Calls per minute. */
    rateLimit: integer('rate_limit').notNull().default(60),
    webhookUrl: s('webhook_url', 500),
    /** AES-256-GCM of the webhook signing secret (`whsec_…`, Standard Webhooks). */
    webhookSecretEnc: text('webhook_secret_enc').notNull().default(''),
    /** Subscribed events, comma separated. */
    webhookEvents: text('webhook_events').notNull().default(''),
    remark: s('remark', 255),
  },
  (t) => [uniqueIndex('izs_open_app_key_uq').on(t.appKey), resourceIndex('izs_open_app', t)],
);

export const openNonce = pgTable(
  'izs_open_nonce',
  {
    appKey: varchar('app_key', { length: 40 }).notNull(),
    nonce: varchar('nonce', { length: 64 }).notNull(),
    expiresAt: tstz('expires_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.appKey, t.nonce] }), index('izs_open_nonce_exp_idx').on(t.expiresAt)],
);

export const openCallLog = pgTable(
  'izs_open_call_log',
  {
    id: idPk(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull().default(''),
    appId: bigintStr('app_id'),
    appKey: s('app_key', 40),
    method: s('method', 8),
    path: s('path', 255),
    httpStatus: integer('http_status').notNull(),
    code: integer('code').notNull(),
    msg: s('msg', 255),
    latencyMs: integer('latency_ms').notNull(),
    ip: s('ip', 64),
    createTime: tstz('create_time').notNull().defaultNow(),
  },
  (t) => [index('izs_open_call_log_app_idx').on(t.appId, t.createTime)],
);

export const openWebhook = pgTable(
  'izs_open_webhook',
  {
    id: idPk(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    appId: bigintStr('app_id').notNull(),
    event: s('event', 40),
    /** The JSON body sent (signed as is). */
    payload: text('payload').notNull(),
    /** pending | delivered | failed (gave up) */
    state: s('state', 12),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: tstz('next_attempt_at').notNull().defaultNow(),
    lastStatus: integer('last_status'),
    lastError: s('last_error', 500),
    lastLatencyMs: integer('last_latency_ms'),
    deliveredAt: tstz('delivered_at'),
    createTime: tstz('create_time').notNull().defaultNow(),
  },
  (t) => [
    index('izs_open_webhook_due_idx').on(t.state, t.nextAttemptAt),
    index('izs_open_webhook_app_idx').on(t.appId, t.createTime),
  ],
);

export const chainToken = pgTable(
  'izs_chain_token',
  {
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    orderType: s('order_type', 32),
    orderNo: s('order_no', 64),
    /** 128 random bits, base64url (22 characters). */
    token: varchar('token', { length: 32 }).notNull(),
    createTime: tstz('create_time').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.orderType, t.orderNo] }), uniqueIndex('izs_chain_token_uq').on(t.token)],
);

export const rateLimitCount = pgTable(
  'izs_rate_limit',
  {
    key: varchar('key', { length: 200 }).primaryKey(),
    /** Start of the key's current window (its first call), epoch milliseconds. */
    windowStart: bigint('window_start', { mode: 'number' }).notNull(),
    count: integer('count').notNull(),
    /** End of the window, epoch milliseconds (pruned once passed). */
    expiresMs: bigint('expires_ms', { mode: 'number' }).notNull(),
  },
  (t) => [index('izs_rate_limit_exp_idx').on(t.expiresMs)],
);
