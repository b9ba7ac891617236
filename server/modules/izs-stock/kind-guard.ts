/**
 * Several resources share one table and tell their rows apart by a column (stock documents by docType, trade
 * orders by kind, price lists by priceType, suppliers / customers by type). The engine's `where` hook filters
 * page, list, select-list and export; this guard makes detail, update, remove and the life-cycle actions refuse a
 * row of another kind the same way as a missing one (`<title>不存在`), so that e.g. the in-stock review button
 * cannot review an out-stock by its id.
 */
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { currentUser } from '../../platform/auth.ts';
import type { Resource, Row } from '../../platform/crud/index.ts';
import { badRequest, ok } from '../../platform/r.ts';

export interface KindGuard {
  matches(row: Row | undefined): boolean;
  /** For beforeSave: an update must hit a row of this kind. */
  checkUpdate(prev: Row | undefined, isNew: boolean): void;
  beforeRemove(tx: unknown, rows: Row[]): Promise<void>;
  /** Loads (tenant + scope) and checks the kind; answers the row. */
  load(db: Db, res: Resource, req: FastifyRequest, id: string): Promise<Row>;
  /** A detail route answering only rows of this kind. */
  detail(db: Db, res: () => Resource): (req: FastifyRequest) => Promise<unknown>;
  /** submit / update routes that refuse an id of another kind before validating the body. */
  writes(
    db: Db,
    res: () => Resource,
  ): { submit: (req: FastifyRequest) => Promise<unknown>; update: (req: FastifyRequest) => Promise<unknown> };
}

const hasId = (b: Row) => b.id !== undefined && b.id !== null && b.id !== '' && b.id !== -1 && b.id !== '-1';

export function kindGuard(field: string, allowed: readonly string[], title: string): KindGuard {
  const matches = (r: Row | undefined) => !!r && allowed.includes(String(r[field]));
  const missing = () => badRequest(`${title}不存在`);
  const guard: KindGuard = {
    matches,
    checkUpdate(prev, isNew) {
      if (!isNew && !matches(prev)) throw missing();
    },
    async beforeRemove(_tx, rows) {
      if (!rows.every(matches)) throw missing();
    },
    async load(db, res, req, id) {
      const user = req.user;
      if (!user) throw missing();
      const row = await res.load(db, req, user, id);
      if (!matches(row)) throw missing();
      return row;
    },
    detail(db, res) {
      return async (req) => {
        const r = res();
        const user = await r.permit(req, 'view');
        const row = await guard.load(db, r, req, String(((req.query ?? {}) as Row).id ?? ''));
        return ok(r.entity(row, user));
      };
    },
    writes(db, res) {
      const update = async (req: FastifyRequest) => {
        const r = res();
        const b = (req.body ?? {}) as Row;
        const user = await r.permit(req, 'edit');
        if (hasId(b)) await guard.load(db, r, req, String(b.id));
        return ok(r.entity(await r.update(req, b), user));
      };
      return {
        update,
        submit: async (req) => {
          const b = (req.body ?? {}) as Row;
          if (hasId(b)) return update(req);
          const r = res();
          const created = await r.insert(req, b);
          return ok(r.entity(created, currentUser(req)));
        },
      };
    },
  };
  return guard;
}
