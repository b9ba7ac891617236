/**
 * The resource engine: one `ResourceDef` (core/contract/resource.ts) + its Drizzle table → the BladeX CRUD routes
 * (page, list, select-list, detail, submit, save, update, remove, export, import-template, import).
 *
 * Every query: tenant filter, live rows (is_deleted = 0), the role's data scope for `scope: 'dept'` resources.
 * Writes: one transaction per request, audit fields set here (and stripped from bodies), unique keys checked
 * before writing and mapped from PostgreSQL 23505 as a race fallback, operation log with old/new per field.
 * `hooks` extend or replace any part without forking the engine.
 *
 * Files: engine-read.ts (selection, sort, conditions, entity, load), engine-write.ts (unique keys, department,
 * audit fields, insert, update), engine-routes.ts (the routes).
 */
import type { SQL } from 'drizzle-orm';
import type { AnyPgColumn, AnyPgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ResourceDef, resourcePaths } from '../../../core/contract/resource.ts';
import type { Db, Executor, Tx } from '../../db/client.ts';
import type { AuthUser } from '../auth.ts';
import { readSide } from './engine-read.ts';
import { registerRoutes } from './engine-routes.ts';
import { writeSide } from './engine-write.ts';
import type { Action } from './permissions.ts';
import type { ColumnInfo, Row } from './values.ts';

export interface CrudContext {
  db: Db;
  tz: string;
}

export interface SaveContext {
  req: FastifyRequest;
  user: AuthUser;
  /** The stored row before the change (update) or undefined (insert). */
  prev?: Row;
  isNew: boolean;
}

export type Endpoint = keyof ReturnType<typeof resourcePaths>;

export interface CrudHooks {
  /** Extra columns selected with every row (label fields such as categoryName), as SQL expressions. */
  joins?: Record<string, SQL>;
  /** Entity keys never answered (e.g. secrets); page answers may mask instead through `toEntity`. */
  hidden?: string[];
  /** Custom filter for a query key (replaces the operator derived from `def.search`). */
  filters?: Record<string, (value: unknown, user: AuthUser) => SQL | undefined>;
  /** Extra condition on every read (page/list/select-list/detail/export). */
  where?: (req: FastifyRequest, user: AuthUser) => SQL | undefined | Promise<SQL | undefined>;
  /** Runs in the write transaction before insert/update; may change `row` (the column values) or throw. */
  beforeSave?: (tx: Tx, row: Row, ctx: SaveContext) => void | Promise<void>;
  afterSave?: (tx: Tx, row: Row, ctx: SaveContext) => void | Promise<void>;
  /** Runs before soft-deleting; throw badRequest(...) to refuse. */
  beforeRemove?: (tx: Tx, rows: Row[], ctx: { req: FastifyRequest; user: AuthUser }) => void | Promise<void>;
  /** Post-processing of each answered entity (page, list, detail, export). */
  toEntity?: (entity: Row, user: AuthUser) => Row;
  /** Excel import: turn a cell's text into the form value (e.g. a category name into its id). */
  importValue?: Record<string, (text: string, tx: Executor, user: AuthUser) => Promise<unknown>>;
  /** Replace an endpoint (function) or leave it out (false). */
  routes?: Partial<Record<Endpoint, false | ((req: FastifyRequest, reply: FastifyReply) => unknown)>>;
}

export interface Resource {
  def: ResourceDef;
  table: AnyPgTable;
  info: ColumnInfo;
  /** Read rows with tenant + scope + filters applied (the page query without paging). */
  conditions(req: FastifyRequest, user: AuthUser, query: Row): Promise<SQL[]>;
  selection(): Record<string, AnyPgColumn | SQL>;
  orderBy(query: Row): SQL[];
  entity(row: Row, user: AuthUser): Row;
  load(ex: Executor, req: FastifyRequest, user: AuthUser, id: string): Promise<Row>;
  insert(req: FastifyRequest, body: unknown): Promise<Row>;
  update(req: FastifyRequest, body: unknown): Promise<Row>;
  checkUnique(ex: Executor, user: AuthUser, values: Row, selfId?: string): Promise<void>;
  deptIdFor(user: AuthUser, wanted: unknown): Promise<string | null>;
  permit(req: FastifyRequest, action: Action): Promise<AuthUser>;
  /** Any signed-in user of the tenant (dropdown data such as trees and select lists). */
  permitAny(req: FastifyRequest): Promise<AuthUser>;
}

/**
 * Definitions of every registered resource by API path: the operation log labels a change's fields with the
 * resource's Chinese names (field → label of its form field or column).
 */
export const REGISTERED_RESOURCES = new Map<string, ResourceDef>();

/** Field labels of the resource whose path prefixes `requestUri` (empty when none). */
export function fieldLabelsFor(requestUri: string): Record<string, string> {
  const base = requestUri.replace(/\/[^/]*$/, '');
  const def = REGISTERED_RESOURCES.get(base);
  if (!def) return {};
  const out: Record<string, string> = {};
  for (const c of def.columns) out[c.field] = c.label;
  for (const f of def.form) out[f.field] = f.label;
  return out;
}

export function registerResource(
  app: FastifyInstance,
  ctx: CrudContext,
  def: ResourceDef,
  table: AnyPgTable,
  hooks: CrudHooks = {},
): Resource {
  REGISTERED_RESOURCES.set(def.path, def);
  const read = readSide(ctx, def, table, hooks);
  const write = writeSide(ctx, def, table, hooks, read);
  return registerRoutes(app, ctx, def, table, hooks, read, write);
}
