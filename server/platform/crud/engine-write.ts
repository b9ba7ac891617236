/**
 * The write side of a resource (engine.ts): unique keys checked before writing (and mapped from PostgreSQL 23505 as
 * a race fallback), the department of a row, the audit fields, and insert / update in one transaction each with
 * the module's hooks and the operation log (old/new per field).
 */
import { and, eq, inArray, ne, type SQL } from 'drizzle-orm';
import type { AnyPgTable } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { idSchema } from '../../../core/contract/common.ts';
import type { ResourceDef } from '../../../core/contract/resource.ts';
import type { Executor } from '../../db/client.ts';
import { dept } from '../../db/schema/index.ts';
import { type AuthUser, currentUser } from '../auth.ts';
import { diff, writeOperationLog } from '../logs.ts';
import { ApiError, badRequest } from '../r.ts';
import { effectiveDept } from '../scope.ts';
import { parse } from '../validate.ts';
import type { CrudContext, CrudHooks, SaveContext } from './engine.ts';
import type { ReadSide } from './engine-read.ts';
import { stagedClash } from './import-stage.ts';
import { type Action, isAdministrator, requireButton } from './permissions.ts';
import { cleanBody, formValues, type Row, toEntity } from './values.ts';

const AUDIT = ['id', 'tenantId', 'createUser', 'createDept', 'createTime', 'updateUser', 'updateTime', 'isDeleted'];

function pgCode(e: unknown): string | undefined {
  const x = e as { code?: string; cause?: { code?: string } };
  return x?.code ?? x?.cause?.code;
}

/** The constraint (index) a PostgreSQL error names, when it names one. */
function pgConstraint(e: unknown): string | undefined {
  const x = e as { constraint?: string; cause?: { constraint?: string } };
  return x?.constraint ?? x?.cause?.constraint;
}

export function writeSide(ctx: CrudContext, def: ResourceDef, table: AnyPgTable, hooks: CrudHooks, read: ReadSide) {
  const { db, tz } = ctx;
  const { cols, info, baseConds, load } = read;

  const checkUnique = async (ex: Executor, user: AuthUser, values: Row, selfId?: string) => {
    for (const u of def.unique ?? []) {
      const conds: SQL[] = [];
      if (cols.tenantId) conds.push(eq(cols.tenantId, user.tenantId));
      if (cols.isDeleted) conds.push(eq(cols.isDeleted, 0));
      let skip = false;
      for (const f of u.fields) {
        const v = values[f as string];
        if (v === undefined || v === null || v === '') skip = true;
        else conds.push(eq(cols[f as string], v));
      }
      if (skip) continue;
      if (selfId) conds.push(ne(cols.id, selfId));
      const hit = await ex
        .select({ id: cols.id })
        .from(table)
        .where(and(...conds))
        .limit(1);
      if (hit.length) throw badRequest(u.message);
    }
  };

  /**
   * checkUnique for many rows at once (imports): per single-field key one `in (…)` query per 500 values instead of
   * a query per row; answers row index → the first key's message that row collides with.
   */
  const checkUniqueMany = async (ex: Executor, user: AuthUser, rows: Row[]): Promise<Map<number, string>> => {
    const clash = new Map<number, string>();
    for (const u of def.unique ?? []) {
      if (u.fields.length !== 1) {
        for (const [i, values] of rows.entries()) {
          if (clash.has(i)) continue;
          try {
            await checkUnique(ex, user, values);
          } catch (e) {
            if (e instanceof ApiError) clash.set(i, e.message);
            else throw e;
          }
        }
        continue;
      }
      const field = u.fields[0] as string;
      const col = cols[field];
      const wanted = [...new Set(rows.map((r) => r[field]).filter((v) => v !== undefined && v !== null && v !== ''))];
      const taken = new Set<string>();
      for (let k = 0; k < wanted.length; k += 500) {
        if (k) await new Promise((r) => setImmediate(r)); // other requests between the queries of a big import
        const conds: SQL[] = [inArray(col, wanted.slice(k, k + 500) as never[])];
        if (cols.tenantId) conds.push(eq(cols.tenantId, user.tenantId));
        if (cols.isDeleted) conds.push(eq(cols.isDeleted, 0));
        const hits = (await ex
          .select({ v: col })
          .from(table)
          .where(and(...conds))) as { v: unknown }[];
        for (const h of hits) taken.add(String(h.v));
      }
      for (const [i, r] of rows.entries()) {
        const v = r[field];
        if (!clash.has(i) && v !== undefined && v !== null && v !== '' && taken.has(String(v))) clash.set(i, u.message);
      }
    }
    return clash;
  };

  /** checkUnique against an import's staging table (import-stage.ts): the first key a staged row takes, if any. */
  const stagedUnique = async (ex: Executor, user: AuthUser, stage: SQL): Promise<string | undefined> => {
    for (const u of def.unique ?? []) {
      const columns = u.fields.map((f) => (cols[f as string] as unknown as { name: string }).name);
      const scope = { tenantId: cols.tenantId ? user.tenantId : undefined, live: Boolean(cols.isDeleted) };
      if (await stagedClash(ex, table, stage, columns, scope)) return u.message;
    }
    return undefined;
  };

  const deptIdFor = async (user: AuthUser, wanted: unknown): Promise<string | null> => {
    if (!cols.deptId) return null;
    const w = wanted === undefined || wanted === null ? '' : String(wanted).trim();
    if (w && /^[1-9]\d{0,18}$/.test(w)) {
      if (user.deptIds.includes(w)) return w;
      if (isAdministrator(user)) {
        const d = await db
          .select({ id: dept.id })
          .from(dept)
          .where(and(eq(dept.id, w), eq(dept.tenantId, user.tenantId), eq(dept.isDeleted, 0)))
          .limit(1);
        if (d[0]) return w;
        throw badRequest('所属部门不存在');
      }
      throw badRequest('不能选择不属于自己的部门');
    }
    return effectiveDept(user);
  };

  const auditOnCreate = async (user: AuthUser, wantedDept: unknown): Promise<Row> => {
    const a: Row = {};
    if (cols.tenantId) a.tenantId = user.tenantId;
    if (cols.deptId) a.deptId = await deptIdFor(user, wantedDept);
    if (cols.createUser) a.createUser = user.userId;
    if (cols.updateUser) a.updateUser = user.userId;
    if (cols.createDept) a.createDept = effectiveDept(user);
    return a;
  };

  const permit = async (req: FastifyRequest, action: Action) => {
    const u = currentUser(req);
    await requireButton(db, u, def.permission, action);
    return u;
  };

  /** Keep only keys that are table columns and not audit fields. */
  const columnValues = (v: Row): Row => {
    const out: Row = {};
    for (const [k, x] of Object.entries(v)) if (k in cols && !AUDIT.includes(k) && x !== undefined) out[k] = x;
    return out;
  };

  const uniqueFallback = async (e: unknown, user: AuthUser, values: Row, selfId?: string): Promise<never> => {
    if (pgCode(e) === '23505') {
      const byIndex = def.unique?.find((u) => u.index && u.index === pgConstraint(e));
      if (byIndex) throw badRequest(byIndex.message);
      await checkUnique(db, user, values, selfId);
      throw badRequest(def.unique?.[0]?.message ?? `${def.title}已存在`);
    }
    throw e;
  };

  const insert = async (req: FastifyRequest, body: unknown): Promise<Row> => {
    const user = await permit(req, 'add');
    const raw = cleanBody(def, (body ?? {}) as Row);
    for (const k of Object.keys(raw)) if (raw[k] === null) delete raw[k]; // empty on add: defaults apply
    const values = parse(def.schemas.form, raw) as Row;
    const row = columnValues(values);
    if ('status' in cols && values.status !== undefined) row.status = values.status;
    Object.assign(row, await auditOnCreate(user, raw.deptId));
    try {
      return await db.transaction(async (tx) => {
        await checkUnique(tx, user, values);
        const sctx: SaveContext = { req, user, isNew: true };
        await hooks.beforeSave?.(tx, row, sctx);
        const [created] = (await tx
          .insert(table)
          .values(row as never)
          .returning()) as Row[];
        await hooks.afterSave?.(tx, created, sctx);
        await writeOperationLog(tx, req, `新增${def.title}`, diff({}, columnValues(created)));
        return created;
      });
    } catch (e) {
      return uniqueFallback(e, user, values);
    }
  };

  const editDisabled = new Set(def.form.filter((f) => f.editDisabled).map((f) => f.field as string));

  const update = async (req: FastifyRequest, body: unknown): Promise<Row> => {
    const user = await permit(req, 'edit');
    const b = (body ?? {}) as Row;
    const id = parse(z.object({ id: idSchema }, { error: '缺少必要的请求参数: id' }), b).id;
    const prev = await load(db, req, user, id);
    const raw = cleanBody(def, b);
    for (const k of editDisabled) delete raw[k];
    const merged = { ...formValues(def, prev, info, tz), ...raw };
    // null clears a field: kept where the field takes null, else the field's default (or its required message)
    const shape = (def.schemas.form as unknown as { shape?: Record<string, z.ZodType> }).shape ?? {};
    for (const [k, v] of Object.entries(raw)) {
      if (v === null && shape[k] && !shape[k].safeParse(null).success) delete merged[k];
    }
    const values = parse(def.schemas.form, merged) as Row;
    const row = columnValues(values);
    if ('status' in cols && values.status !== undefined) row.status = values.status;
    if (cols.deptId && raw.deptId !== undefined) row.deptId = await deptIdFor(user, raw.deptId);
    if (cols.updateUser) row.updateUser = user.userId;
    if (cols.updateTime) row.updateTime = new Date();
    // resolved before the transaction: the data-scope lookup reads through `db`, and on PGlite (one connection)
    // a `db` query inside an open transaction waits for that transaction forever
    const conds = await baseConds(user);
    try {
      return await db.transaction(async (tx) => {
        await checkUnique(tx, user, values, id);
        const sctx: SaveContext = { req, user, prev, isNew: false };
        await hooks.beforeSave?.(tx, row, sctx);
        const [updated] = (await tx
          .update(table)
          .set(row as never)
          .where(and(eq(cols.id, id), ...conds))
          .returning()) as Row[];
        if (!updated) throw badRequest(`${def.title}不存在`);
        await hooks.afterSave?.(tx, updated, sctx);
        const before = toEntity(prev, info, tz);
        const after = toEntity(updated, info, tz);
        delete after.updateTime;
        delete after.updateUser;
        await writeOperationLog(tx, req, `修改${def.title}`, diff(before, after));
        return updated;
      });
    } catch (e) {
      return uniqueFallback(e, user, values, id);
    }
  };

  return { checkUnique, checkUniqueMany, stagedUnique, deptIdFor, auditOnCreate, permit, columnValues, insert, update };
}

export type WriteSide = ReturnType<typeof writeSide>;
