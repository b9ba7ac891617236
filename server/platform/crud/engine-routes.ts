/**
 * The BladeX routes of a resource (engine.ts): page, list, select-list, detail, submit, save, update, remove,
 * export, import-template and import — each replaceable or left out through `hooks.routes`.
 */
import { and, eq, getTableName, inArray, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, AnyPgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { idListSchema, MAX_PAGE_SIZE, type PageQuery, pageQuerySchema } from '../../../core/contract/common.ts';
import { type ResourceDef, resourcePaths } from '../../../core/contract/resource.ts';
import { currentUser } from '../auth.ts';
import { writeOperationLog } from '../logs.ts';
import { badRequest, ok, page } from '../r.ts';
import { parse } from '../validate.ts';
import type { CrudContext, CrudHooks, Endpoint, Resource } from './engine.ts';
import type { ReadSide } from './engine-read.ts';
import type { WriteSide } from './engine-write.ts';
import { exportRows, importRows, importTemplate } from './excel.ts';
import { isAdministrator } from './permissions.ts';
import { countedTotal, isPagingKey, isUnfiltered } from './row-count.ts';
import { cleanQuery, type Row } from './values.ts';

/** What pageQuerySchema answers when nothing is asked (page 1 of the default size). */
const PAGE_DEFAULTS = pageQuerySchema.parse({});
const PLAIN_NUMBER = /^[1-9]\d{0,5}$/;

/**
 * current / size / ascs / descs as pageQuerySchema answers them, for the usual spellings only: absent, or digits
 * without a leading zero (size up to MAX_PAGE_SIZE); sorts as one string each. Anything else: undefined, and the
 * caller parses with the schema, for its messages (engine-routes.test.ts holds the two to the same answers).
 */
export function plainPaging(q: Record<string, unknown>): PageQuery | undefined {
  const { current, size, ascs, descs } = q;
  if (current !== undefined && !(typeof current === 'string' && PLAIN_NUMBER.test(current))) return undefined;
  if (size !== undefined && !(typeof size === 'string' && PLAIN_NUMBER.test(size))) return undefined;
  if ((ascs !== undefined && typeof ascs !== 'string') || (descs !== undefined && typeof descs !== 'string')) {
    return undefined;
  }
  const n = size === undefined ? PAGE_DEFAULTS.size : Number(size);
  if (n > MAX_PAGE_SIZE) return undefined;
  // the four keys always there, as in the parse of `{ current, size, ascs, descs }` (zod keeps a key given undefined)
  return { current: current === undefined ? PAGE_DEFAULTS.current : Number(current), size: n, ascs, descs };
}

/** Names the prepared statements (unique per SQL text: PostgreSQL keeps them per connection by name). */
let preparedCount = 0;

export function registerRoutes(
  app: FastifyInstance,
  ctx: CrudContext,
  def: ResourceDef,
  table: AnyPgTable,
  hooks: CrudHooks,
  read: ReadSide,
  write: WriteSide,
): Resource {
  const { db, tz } = ctx;
  const paths = resourcePaths(def);
  const {
    cols,
    joins,
    isDeptScoped,
    selection,
    defaultOrder,
    orderBy,
    baseConds,
    conditions,
    entity,
    selectedEntity,
    load,
    info,
  } = read;
  const { checkUnique, checkUniqueMany, stagedUnique, deptIdFor, auditOnCreate, permit, columnValues, insert, update } =
    write;

  const pageQuery = (q: Row) => {
    // the usual spellings (absent, or plain digits within the bounds; sorts as one string each) answered without
    // the zod parse, with the values it gives them (issue 25); anything else goes through it, for its messages
    const fast = plainPaging(q);
    if (fast) return fast;
    const p = parse(pageQuerySchema, { current: q.current, size: q.size, ascs: q.ascs, descs: q.descs });
    return p;
  };

  const route = (
    name: Endpoint,
    method: 'get' | 'post',
    handler: (req: FastifyRequest, reply: FastifyReply) => unknown,
  ) => {
    const h = hooks.routes?.[name];
    if (h === false) return;
    app[method](paths[name], h ?? handler);
  };

  // The plain list (no filter, no extra rule, no data scope: only the tenant and not deleted), per sort: its page
  // statement built once with the tenant, limit and offset as placeholders (issue 25). Drizzle rebuilt the same
  // SQL text (selection, label sub-selects, order) on every request; that was most of the list's cost outside its
  // SQL. Other lists build their statement as before.
  const plainPages = new Map<string, { execute(v: Record<string, unknown>): Promise<unknown> }>();
  const plainPage = (order: SQL[], key: string) => {
    let prepared = plainPages.get(key);
    if (!prepared && plainPages.size < 64) {
      prepared = db
        .select(selection())
        .from(table)
        .where(and(eq(cols.tenantId, sql.placeholder('tenant')), eq(cols.isDeleted, 0)))
        .orderBy(...order)
        .limit(sql.placeholder('limit'))
        .offset(sql.placeholder('offset'))
        .prepare(`crud_page_${getTableName(table)}_${++preparedCount}`);
      plainPages.set(key, prepared);
    }
    return prepared;
  };

  // Whether an unfiltered query's conditions are the two base ones without running `conditions` (issue 25: its zod
  // parse and SQL pieces were built for each plain page and thrown away): the query contract is an object that
  // declares no paging key and gives no default (a defaulted filter would apply without being asked for), and no
  // `where` hook. The data scope is checked per request.
  const querySchema = def.schemas.query as z.ZodType & { shape?: Record<string, unknown> };
  const pagingOnly = querySchema.safeParse({ current: '1', size: '10', ascs: 'id', descs: 'id', 'blade-auth': 'x' });
  const plainWithoutConditions =
    !hooks.where &&
    !!cols.tenantId &&
    !!cols.isDeleted &&
    !!querySchema.shape &&
    !Object.keys(querySchema.shape).some(isPagingKey) &&
    pagingOnly.success &&
    Object.keys(pagingOnly.data as object).length === 0;

  route('page', 'get', async (req) => {
    const user = await permit(req, 'view');
    const q = (req.query ?? {}) as Row;
    const p = pageQuery(q);
    const unfiltered = !hooks.where && isUnfiltered(cleanQuery(q));
    const sortKey = `${q.ascs ?? ''}|${q.descs ?? ''}`;
    // the plain list known before building its conditions: the sort was accepted when its statement was prepared
    // (a dept-scoped resource: for the administrator only, whose data scope is always all; others go the long way,
    // which resolves their scope once, as before)
    let plain =
      unfiltered && plainWithoutConditions && (!isDeptScoped || isAdministrator(user))
        ? plainPages.get(sortKey)
        : undefined;
    let where: SQL | undefined;
    let order: SQL[] = [];
    if (!plain) {
      order = orderBy(q);
      const conds = await conditions(req, user, q);
      where = and(...conds);
      // only the tenant and the deleted flag (the two base conditions; a data scope or a default filter adds more)
      plain =
        unfiltered && cols.tenantId && cols.isDeleted && conds.length === 2 ? plainPage(order, sortKey) : undefined;
    }
    // an unfiltered page of a counted table reads its total from loopyard_row_count (row-count.ts); the total and
    // the page are asked together (two pool connections on PostgreSQL, one queue without a turn between on PGlite);
    // a page past the end is simply empty
    const totalOf = async () => {
      const counted = unfiltered ? await countedTotal(db, table, cols, user, def.permission, isDeptScoped) : undefined;
      if (counted !== undefined) return counted;
      const w = where ?? and(...(await baseConds(user)));
      return Number((await db.select({ n: sql<number>`count(*)::int` }).from(table).where(w))[0]?.n ?? 0);
    };
    const [total, records] = await Promise.all([
      totalOf(),
      (plain
        ? plain.execute({ tenant: user.tenantId, limit: p.size, offset: (p.current - 1) * p.size })
        : db
            .select(selection())
            .from(table)
            .where(where)
            .orderBy(...order)
            .limit(p.size)
            .offset((p.current - 1) * p.size)) as Promise<Row[]>,
    ]);
    return ok(
      page(
        records.map((r) => selectedEntity(r, user)),
        total,
        p.current,
        p.size,
      ),
    );
  });

  route('list', 'get', async (req) => {
    const user = await permit(req, 'view');
    const q = (req.query ?? {}) as Row;
    const rows = (await db
      .select(selection())
      .from(table)
      .where(and(...(await conditions(req, user, q))))
      .orderBy(...orderBy(q))
      .limit(1000)) as Row[];
    return ok(rows.map((r) => selectedEntity(r, user)));
  });

  route('selectList', 'get', async (req) => {
    const user = currentUser(req);
    const label = (def.labelField as string | undefined) ?? 'name';
    const sel: Record<string, AnyPgColumn | SQL> = { id: cols.id };
    if (cols[label]) sel[label] = cols[label];
    else if (joins[label]) sel[label] = joins[label];
    if (cols.code && label !== 'code') sel.code = cols.code;
    if (cols.deptId) sel.deptId = cols.deptId;
    const conds = await conditions(req, user, (req.query ?? {}) as Row);
    if (cols.status) conds.push(eq(cols.status, 1));
    const rows = await db
      .select(sel)
      .from(table)
      .where(and(...conds))
      .orderBy(...defaultOrder())
      .limit(1000);
    return ok(rows);
  });

  route('detail', 'get', async (req) => {
    const user = await permit(req, 'view');
    const q = (req.query ?? {}) as Row;
    return ok(selectedEntity(await load(db, req, user, String(q.id ?? '')), user));
  });

  route('submit', 'post', async (req) => {
    const b = (req.body ?? {}) as Row;
    const hasId = b.id !== undefined && b.id !== null && b.id !== '' && b.id !== -1 && b.id !== '-1';
    const r = hasId ? await update(req, b) : await insert(req, b);
    return ok(entity(r, currentUser(req)));
  });
  route('save', 'post', async (req) => ok(entity(await insert(req, req.body), currentUser(req))));
  route('update', 'post', async (req) => ok(entity(await update(req, req.body), currentUser(req))));

  route('remove', 'post', async (req) => {
    const user = await permit(req, 'delete');
    const q = (req.query ?? {}) as Row;
    const ids = parse(z.object({ ids: idListSchema }), q.ids !== undefined ? q : ((req.body ?? {}) as Row)).ids;
    const unique = [...new Set(ids)];
    const conds = await baseConds(user); // outside the transaction, see update
    await db.transaction(async (tx) => {
      const found = (await tx
        .select(selection())
        .from(table)
        .where(and(inArray(cols.id, unique), ...conds))) as Row[];
      if (found.length !== unique.length) throw badRequest(`${def.title}不存在`);
      await hooks.beforeRemove?.(tx, found, { req, user });
      await tx
        .update(table)
        .set({ isDeleted: 1, updateUser: user.userId, updateTime: new Date() } as never)
        .where(and(inArray(cols.id, unique), ...conds));
      await writeOperationLog(tx, req, `删除${def.title}`, { isDeleted: [0, 1], ids: [unique.join(','), null] });
    });
    return ok(null);
  });

  const resource: Resource = {
    def,
    table,
    info,
    conditions,
    selection,
    orderBy,
    entity,
    load,
    insert,
    update,
    checkUnique,
    deptIdFor,
    permit,
    permitAny: async (req) => currentUser(req),
  };

  route('export', 'get', async (req, reply) => {
    const user = await permit(req, 'export');
    const q = (req.query ?? {}) as Row;
    const where = and(...(await conditions(req, user, q)));
    const order = orderBy(q);
    return exportRows(
      db,
      reply,
      def,
      tz,
      async (offset, limit) => {
        const rows = (await db
          .select(selection())
          .from(table)
          .where(where)
          .orderBy(...order)
          .limit(limit)
          .offset(offset)) as Row[];
        return rows.map((r) => selectedEntity(r, user));
      },
      user.tenantId,
    );
  });

  if (def.importable) {
    route('importTemplate', 'get', async (req, reply) => {
      await permit(req, 'add');
      return importTemplate(reply, def);
    });
    route('import', 'post', async (req) => {
      const user = await permit(req, 'add');
      return ok(
        await importRows(req, db, def, user, {
          importValue: hooks.importValue,
          checkUnique: (ex, values) => checkUnique(ex, user, values),
          checkUniqueMany: (ex, rows) => checkUniqueMany(ex, user, rows),
          prepare: async (values) => {
            const row = columnValues(values);
            if ('status' in cols && values.status !== undefined) row.status = values.status;
            Object.assign(row, await auditOnCreate(user, undefined));
            return row;
          },
          table,
          stagedUnique: (tx, stage) => stagedUnique(tx, user, stage),
          afterPublish: (tx, imported) => writeOperationLog(tx, req, `导入${def.title}`, { imported: [0, imported] }),
        }),
      );
    });
  }

  return resource;
}
