/**
 * Resource-engine tables that belong to one account set (dimensions, dimension items, voucher words): the engine's
 * CRUD routes plus hooks that keep every read and write inside the request's book (Current-Account-Set-Id).
 *
 * The engine filters by tenant; these hooks add the book: reads get `account_set_id = book`, inserts are stamped
 * with it, updates / removes / detail of a row of another book answer like an unknown id.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { AnyPgColumn, AnyPgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ResourceDef } from '../../../core/contract/resource.ts';
import type { Db, Tx } from '../../db/client.ts';
import type { AuthUser } from '../../platform/auth.ts';
import {
  type CrudContext,
  type CrudHooks,
  type Resource,
  type Row,
  registerResource,
  type SaveContext,
} from '../../platform/crud/index.ts';
import { writeOperationLog } from '../../platform/logs.ts';
import { badRequest, ok } from '../../platform/r.ts';
import { bookOf } from './book.ts';

export interface BookResourceHooks extends Omit<CrudHooks, 'where' | 'beforeSave' | 'beforeRemove'> {
  beforeSave?: (tx: Tx, row: Row, c: SaveContext & { bookId: string }) => void | Promise<void>;
  beforeRemove?: (
    tx: Tx,
    rows: Row[],
    c: { req: FastifyRequest; user: AuthUser; bookId: string },
  ) => void | Promise<void>;
}

export interface BookResource extends Resource {
  /** soft delete by ids inside the book (the GET `delete` endpoints of spec §7.4), with `beforeRemove` */
  removeIds(req: FastifyRequest, ids: string[]): Promise<void>;
}

export function registerBookResource(
  app: FastifyInstance,
  ctx: CrudContext,
  def: ResourceDef,
  table: AnyPgTable,
  hooks: BookResourceHooks = {},
): BookResource {
  const cols = table as unknown as Record<string, AnyPgColumn>;
  const bookCol = cols.accountSetId;
  const inBook = (row: Row | undefined, bookId: string) => !!row && String(row.accountSetId) === bookId;

  const res: Resource = registerResource(app, ctx, def, table, {
    ...hooks,
    where: (req) => eq(bookCol, bookOf(req).book.id),
    beforeSave: async (tx, row, c) => {
      const bookId = bookOf(c.req).book.id;
      if (c.isNew) row.accountSetId = bookId;
      else {
        if (!inBook(c.prev, bookId)) throw badRequest(`${def.title}不存在`);
        row.accountSetId = bookId;
      }
      await hooks.beforeSave?.(tx, row, { ...c, bookId });
    },
    beforeRemove: async (tx, rows, c) => {
      const bookId = bookOf(c.req).book.id;
      if (rows.some((r) => !inBook(r, bookId))) throw badRequest(`${def.title}不存在`);
      await hooks.beforeRemove?.(tx, rows, { ...c, bookId });
    },
    routes: {
      ...hooks.routes,
      detail: async (req) => {
        const user = await res.permit(req, 'view');
        const row = await res.load(ctx.db, req, user, String((req.query as Row)?.id ?? ''));
        if (!inBook(row, bookOf(req).book.id)) throw badRequest(`${def.title}不存在`);
        return ok(res.entity(row, user));
      },
    },
  });

  const db: Db = ctx.db;
  const removeIds = async (req: FastifyRequest, ids: string[]) => {
    const user = await res.permit(req, 'delete');
    const bookId = bookOf(req).book.id;
    const unique = [...new Set(ids)];
    if (unique.length === 0 || !unique.every((x) => /^[1-9]\d{0,18}$/.test(x))) throw badRequest('编号格式不正确');
    await db.transaction(async (tx) => {
      const found = (await tx
        .select()
        .from(table)
        .where(and(inArray(cols.id, unique), eq(bookCol, bookId), eq(cols.isDeleted, 0)))) as Row[];
      if (found.length !== unique.length) throw badRequest(`${def.title}不存在`);
      await hooks.beforeRemove?.(tx, found, { req, user, bookId });
      await tx
        .update(table)
        .set({ isDeleted: 1, updateUser: user.userId, updateTime: new Date() } as never)
        .where(and(inArray(cols.id, unique), eq(bookCol, bookId)));
      await writeOperationLog(tx, req, `删除${def.title}`, { isDeleted: [0, 1], ids: [unique.join(','), null] });
    });
  };
  return { ...res, removeIds };
}

/** `ids` of a GET delete (query `ids=1,2`). */
export function idsOf(req: FastifyRequest): string[] {
  const q = (req.query ?? {}) as Row;
  return String(q.ids ?? q.id ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}
