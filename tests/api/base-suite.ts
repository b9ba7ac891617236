/**
 * Shared API checks for the base-data resources (issue 3: every resource family through the real HTTP app).
 * `resourceSuite(spec)` registers, for one resource definition, the tests every engine resource must pass:
 * create + detail, page with each search filter, sort whitelist, update (edit-disabled fields kept), audit fields
 * ignored, soft delete, clerk without the buttons → 403, another tenant's id refused, bad input → 400 naming the
 * field, unique conflicts, export (.xlsx parsed with exceljs: all matching rows, Chinese headers), import template,
 * import with one bad row (nothing written, per-row report) and the department data scope for `scope: 'dept'`.
 */
import Decimal from 'decimal.js';
import { eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { AnyPgTable } from 'drizzle-orm/pg-core';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { ResourceDef } from '../../core/contract/resource.ts';
import { type Db, rows } from '../../server/db/client.ts';
import { dept, menu, role, roleMenu, roleScope, scopeData } from '../../server/db/schema/index.ts';
import { BASIC, boot, call, login, type TestApp } from './helpers.ts';

export type Row = Record<string, unknown>;

export interface BaseCtx {
  t: TestApp;
  admin: string;
  clerk: string;
  manager: string;
  roleIds: Record<string, string>;
  /** dept name → id */
  depts: Record<string, string>;
}

export async function bootBase(): Promise<BaseCtx> {
  const t = await boot({ captchaMode: false });
  const db = t.database.db;
  return {
    t,
    admin: (await login(t, 'admin')).access_token,
    clerk: (await login(t, 'clerk')).access_token,
    manager: (await login(t, 'manager')).access_token,
    roleIds: Object.fromEntries((await db.select().from(role)).map((r) => [r.roleAlias, r.id])),
    depts: Object.fromEntries((await db.select().from(dept)).map((d) => [d.deptName, d.id])),
  };
}

export const OTHER_TENANT = '100001';

/** Grants menu/button codes to a role (role_menu rows); answers a function that takes them back. */
export async function grantCodes(c: BaseCtx, roleAlias: string, codes: string[]): Promise<() => Promise<void>> {
  const db = c.t.database.db;
  const ms = await db.select({ id: menu.id }).from(menu).where(inArray(menu.code, codes));
  expect(ms.length).toBe(codes.length);
  const rid = c.roleIds[roleAlias];
  await db
    .insert(roleMenu)
    .values(ms.map((m) => ({ roleId: rid, menuId: m.id })))
    .onConflictDoNothing();
  return async () => {
    await db.delete(roleMenu).where(
      sql`${roleMenu.roleId} = ${rid} and ${inArray(
        roleMenu.menuId,
        ms.map((m) => m.id),
      )}`,
    );
  };
}

/** A data-scope rule (type 3 所在机构可见 by default) on a resource, granted to a role; answers its removal. */
export async function scopeRule(
  c: BaseCtx,
  roleAlias: string,
  resourceCode: string,
  scopeType = 3,
): Promise<() => Promise<void>> {
  const db = c.t.database.db;
  const [m] = await db.select({ id: menu.id }).from(menu).where(eq(menu.code, resourceCode));
  const [rule] = await db
    .insert(scopeData)
    .values({ tenantId: '000000', menuId: m.id, resourceCode, scopeName: `${resourceCode}-测试`, scopeType })
    .returning({ id: scopeData.id });
  await db.insert(roleScope).values({ scopeCategory: 1, roleId: c.roleIds[roleAlias], scopeId: rule.id });
  return async () => {
    await db.delete(roleScope).where(eq(roleScope.scopeId, rule.id));
    await db.delete(scopeData).where(eq(scopeData.id, rule.id));
  };
}

/** The binary answer of a GET (export, template) with the API headers. */
export async function download(c: BaseCtx, path: string, query: Row = {}, token = c.admin) {
  const url = new URL(path, c.t.base);
  for (const [k, v] of Object.entries(query)) if (v !== undefined) url.searchParams.set(k, String(v));
  const res = await fetch(url, { headers: { Authorization: BASIC, 'Blade-Auth': `bearer ${token}` } });
  return { status: res.status, type: res.headers.get('content-type') ?? '', buf: Buffer.from(await res.arrayBuffer()) };
}

/** First sheet of an .xlsx as rows of cell texts (row 1 = headers). */
export async function readSheet(buf: Buffer): Promise<string[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buf as unknown as ArrayBuffer);
  const ws = wb.worksheets[0];
  const out: string[][] = [];
  ws.eachRow((r) => {
    out.push((r.values as unknown[]).slice(1).map((v) => (v === null || v === undefined ? '' : String(v))));
  });
  return out;
}

export async function xlsx(rows: unknown[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('导入');
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** POST multipart `file` (the import endpoint). */
export async function upload(c: BaseCtx, path: string, file: Buffer, token = c.admin) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(file)]), 'import.xlsx');
  const res = await fetch(new URL(path, c.t.base), {
    method: 'POST',
    headers: { Authorization: BASIC, 'Blade-Auth': `bearer ${token}` },
    body: form,
  });
  // biome-ignore lint/suspicious/noExplicitAny: asserted field by field
  return { status: res.status, body: (await res.json()) as any };
}

/** `rows` of a raw SQL answer (PGlite and node-postgres both answer `{ rows }`). */
export async function sqlRows(c: BaseCtx, q: ReturnType<typeof sql>): Promise<Row[]> {
  const r = (await c.t.database.db.execute(q)) as unknown as { rows: Row[] };
  return r.rows;
}

const DECIMAL_KINDS = new Set(['money', 'weight', 'qty', 'rate']);

/** The entity shows what the body sent: decimals compared as numbers (2650 = 2650.00), the rest as text. */
export function expectSaved(def: ResourceDef, entity: Row, body: Row): void {
  for (const f of def.form) {
    const k = f.field as string;
    if (!(k in body) || f.kind === 'password' || body[k] === undefined) continue;
    if (DECIMAL_KINDS.has(f.kind)) {
      expect(new Decimal(String(entity[k])).eq(String(body[k])), `${k}: ${entity[k]} vs ${body[k]}`).toBe(true);
    } else if (typeof body[k] === 'string') {
      expect(String(entity[k]), k).toBe((body[k] as string).trim());
    } else expect(String(entity[k]), k).toBe(String(body[k]));
  }
}

export interface SuiteSpec {
  def: ResourceDef;
  table: AnyPgTable;
  /** A valid new row; unique values must contain `stamp`. */
  make: (stamp: string, c: BaseCtx) => Row | Promise<Row>;
  /** An edit and what detail must show afterwards. */
  edit: { body: Row; expect: Row };
  /** Bad bodies (merged over a valid one) and the 400 message each must answer. */
  bad: { body: Row; msg: string }[];
  /** The unique-key message (a second row with the same unique values). */
  uniqueMessage?: string;
  /** Excel import: header labels, a good and a bad row, and the label the bad row is reported under. */
  importRows?: (stamp: string) => { header: string[]; good: unknown[]; bad: unknown[]; badField: string };
  /** Column values for a row inserted straight into the table for another tenant (default: the parsed form). */
  foreign?: (stamp: string, c: BaseCtx) => Row | Promise<Row>;
}

/** Query value that a text filter must match: part of the row's value. */
const part = (v: string) => (v.length > 3 ? v.slice(1, -1) : v);

export function resourceSuite(get: () => BaseCtx, spec: SuiteSpec): void {
  const { def } = spec;
  const p = (x: string) => `${def.path}/${x}`;
  let seq = 0;
  const stamp = () => `${Date.now().toString(36).toUpperCase().slice(-5)}${++seq}`;
  const api = (path: string, r: Parameters<typeof call>[2] = {}) => call(get().t, path, { token: get().admin, ...r });
  const create = async (body: Row, token = get().admin) => api(p('submit'), { method: 'POST', token, body });
  const newRow = async (over: Row = {}) => {
    const body = { ...(await spec.make(stamp(), get())), ...over };
    const r = await create(body);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return { body, row: r.body.data as Row };
  };
  const pageOf = async (query: Row, token = get().admin) => {
    const r = await api(p('page'), { token, query: { size: 1000, ...query } as Record<string, string | number> });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.data as { records: Row[]; total: number };
  };

  describe(`${def.title} (${def.path})`, () => {
    it('creates with submit (no id); detail answers the saved row; audit fields in the body are ignored', async () => {
      const body = await spec.make(stamp(), get());
      const r = await create({ ...body, tenantId: OTHER_TENANT, createUser: '1', isDeleted: 1, id: '' });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body.data.id).toMatch(/^\d{16,19}$/);
      const d = await api(p('detail'), { query: { id: r.body.data.id } });
      expect(d.status).toBe(200);
      expectSaved(def, d.body.data, body);
      expect(d.body.data.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
      expect(d.body.data).not.toHaveProperty('isDeleted');
      const [stored] = await sqlRows(
        get(),
        sql`select tenant_id, create_user from ${spec.table} where id = ${r.body.data.id}`,
      );
      expect(stored.tenant_id).toBe('000000');
      expect(String(stored.create_user)).not.toBe('1');
      // save is the explicit add
      const s = await api(p('save'), { method: 'POST', body: await spec.make(stamp(), get()) });
      expect(s.status, JSON.stringify(s.body)).toBe(200);
    });

    it('pages with each search filter: the row is found and every answered row matches', async () => {
      const { row } = await newRow();
      const full = (await api(p('detail'), { query: { id: row.id as string } })).body.data as Row;
      for (const s of def.search) {
        if (s.kind === 'date-range') {
          const [from, to] = s.range as [string, string];
          const day = String(full[s.field as string]).slice(0, 10);
          const hit = await pageOf({ [from]: day, [to]: day });
          expect(
            hit.records.map((x) => x.id),
            s.label,
          ).toContain(row.id);
          for (const x of hit.records) expect(String(x[s.field as string]).slice(0, 10)).toBe(day);
          const miss = await pageOf({ [from]: '2001-01-01', [to]: '2001-01-31' });
          expect(miss.total, s.label).toBe(0);
          continue;
        }
        const v = full[s.field as string];
        if (v === null || v === undefined || v === '') continue;
        if (s.kind === 'text') {
          const q = part(String(v));
          const hit = await pageOf({ [s.field]: q });
          expect(
            hit.records.map((x) => x.id),
            `${s.label}=${q}`,
          ).toContain(row.id);
          for (const x of hit.records) expect(String(x[s.field as string]).toLowerCase()).toContain(q.toLowerCase());
          expect((await pageOf({ [s.field]: `${q}不存在的值%` })).total, s.label).toBe(0);
        } else {
          const hit = await pageOf({ [s.field]: String(v) });
          expect(
            hit.records.map((x) => x.id),
            `${s.label}=${v}`,
          ).toContain(row.id);
          if (s.kind !== 'tree' || s.field === 'deptId') {
            for (const x of hit.records) expect(String(x[s.field as string]), s.label).toBe(String(v));
          }
        }
      }
      // list answers the same rows without paging
      const list = await api(p('list'), { query: { [def.search[0].field]: String(full[def.search[0].field] ?? '') } });
      expect(list.status).toBe(200);
      expect((list.body.data as Row[]).map((x) => x.id)).toContain(row.id);
    });

    it('pages: size cap, sort whitelist, ascs over a sortable column', async () => {
      await newRow();
      const r = await api(p('page'), { query: { current: 1, size: 2 } });
      expect(r.status).toBe(200);
      expect(r.body.data.records.length).toBeLessThanOrEqual(2);
      expect(r.body.data.size).toBe(2);
      expect(r.body.data.total).toBeGreaterThanOrEqual(1);
      const big = await api(p('page'), { query: { size: 1001 } });
      expect(big.status).toBe(400);
      const bad = await api(p('page'), { query: { descs: 'password' } });
      expect(bad.status).toBe(400);
      expect(bad.body.msg).toBe('不支持的排序字段: password');
      const field = (def.sortable ?? [])[0] as string;
      const asc = (await pageOf({ ascs: field })).records.map((x) => String(x[field]));
      const kind = def.columns.find((c) => c.field === field)?.kind ?? 'text';
      const sorted = [...asc].sort((a, b) =>
        DECIMAL_KINDS.has(kind) || kind === 'number' ? new Decimal(a).cmp(b) : a < b ? -1 : a > b ? 1 : 0,
      );
      // numbers and times sort the same everywhere; text order is the database collation's
      if (DECIMAL_KINDS.has(kind) || kind === 'number' || kind === 'datetime') expect(asc).toEqual(sorted);
    });

    it('updates with update (and submit with id); detail shows the change; edit-disabled fields keep their value', async () => {
      const { body, row } = await newRow();
      const locked = def.form.find((f) => f.editDisabled);
      const changed = { ...spec.edit.body, ...(locked ? { [locked.field]: `X${stamp()}` } : {}) };
      const u = await api(p('update'), { method: 'POST', body: { id: row.id, ...changed } });
      expect(u.status, JSON.stringify(u.body)).toBe(200);
      const d = (await api(p('detail'), { query: { id: row.id as string } })).body.data as Row;
      for (const [k, v] of Object.entries(spec.edit.expect)) expect(String(d[k]), k).toBe(String(v));
      if (locked) expect(d[locked.field]).toBe(body[locked.field]);
      const s = await api(p('submit'), { method: 'POST', body: { id: row.id, ...spec.edit.body } });
      expect(s.status, JSON.stringify(s.body)).toBe(200);
      const missing = await api(p('update'), { method: 'POST', body: { ...spec.edit.body } });
      expect(missing.status).toBe(400);
      expect(missing.body.msg).toMatch(/编号|id/);
    });

    it('removes softly: gone from detail and page, the row stays with is_deleted = 1', async () => {
      const a = (await newRow()).row;
      const b = (await newRow()).row;
      const r = await api(p('remove'), { method: 'POST', query: { ids: `${a.id},${b.id}` } });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      const d = await api(p('detail'), { query: { id: a.id as string } });
      expect(d.status).toBe(400);
      expect(d.body.msg).toBe(`${def.title}不存在`);
      const all = await pageOf({});
      expect(all.records.map((x) => x.id)).not.toContain(a.id);
      const stored = await sqlRows(get(), sql`select is_deleted from ${spec.table} where id in (${a.id}, ${b.id})`);
      expect(stored.map((x) => Number(x.is_deleted))).toEqual([1, 1]);
      const again = await api(p('remove'), { method: 'POST', query: { ids: String(a.id) } });
      expect(again.status).toBe(400);
      const none = await api(p('remove'), { method: 'POST', query: {} });
      expect(none.status).toBe(400);
    });

    it('refuses the clerk without the buttons (403 没有权限); view alone lets it read but not write', async () => {
      const c = get();
      const { row } = await newRow();
      const body = await spec.make(stamp(), c);
      for (const [path, method] of [
        ['page', 'GET'],
        ['detail', 'GET'],
        ['submit', 'POST'],
        ['remove', 'POST'],
        ['export', 'GET'],
      ] as const) {
        const r = await call(c.t, p(path), {
          method,
          token: c.clerk,
          query: { id: row.id as string, ids: row.id as string },
          body: method === 'POST' ? body : undefined,
        });
        expect(r.status, path).toBe(403);
        expect(r.body.msg, path).toBe('没有权限');
      }
      const revoke = await grantCodes(c, 'user', [def.permission, `${def.permission}_view`]);
      try {
        const seen = await pageOf({}, c.clerk);
        expect(seen.total).toBeGreaterThan(0);
        const add = await create(body, c.clerk);
        expect(add.status).toBe(403);
        const upd = await api(p('update'), { method: 'POST', token: c.clerk, body: { id: row.id, ...spec.edit.body } });
        expect(upd.status).toBe(403);
        const del = await api(p('remove'), { method: 'POST', token: c.clerk, query: { ids: String(row.id) } });
        expect(del.status).toBe(403);
      } finally {
        await revoke();
      }
    });

    it("never reads, changes or deletes another tenant's row, whatever id is sent", async () => {
      const c = get();
      const s = stamp();
      const values = spec.foreign ? await spec.foreign(s, c) : (def.schemas.form.parse(await spec.make(s, c)) as Row);
      const foreign = await insertForeign(c.t.database.db, spec.table, values);
      const id = String(foreign.id);
      const d = await api(p('detail'), { query: { id } });
      expect(d.status).toBe(400);
      expect(d.body.msg).toBe(`${def.title}不存在`);
      const u = await api(p('update'), { method: 'POST', body: { id, ...spec.edit.body } });
      expect(u.status).toBe(400);
      const r = await api(p('remove'), { method: 'POST', query: { ids: id } });
      expect(r.status).toBe(400);
      const all = await pageOf({});
      expect(all.records.map((x) => x.id)).not.toContain(id);
      const [still] = await sqlRows(c, sql`select is_deleted from ${spec.table} where id = ${id}`);
      expect(Number(still.is_deleted)).toBe(0);
    });

    it('answers 400 with a Chinese message naming the field for bad input, writing nothing', async () => {
      const before = (await pageOf({})).total;
      for (const b of spec.bad) {
        const body = { ...(await spec.make(stamp(), get())), ...b.body };
        const r = await create(body);
        expect(r.status, JSON.stringify(b.body)).toBe(400);
        expect(r.body.msg).toBe(b.msg);
        expect(r.body.success).toBe(false);
      }
      expect((await pageOf({})).total).toBe(before);
    });

    if (spec.uniqueMessage) {
      it(`refuses a duplicate unique key: ${spec.uniqueMessage}`, async () => {
        const { body, row } = await newRow();
        const again = await create({ ...body });
        expect(again.status).toBe(400);
        expect(again.body.msg).toBe(spec.uniqueMessage);
        // a deleted row frees its key
        await api(p('remove'), { method: 'POST', query: { ids: String(row.id) } });
        const reuse = await create({ ...body });
        expect(reuse.status, JSON.stringify(reuse.body)).toBe(200);
        // an update into another row's key is refused too
        const other = (await newRow()).row;
        const uniqueFields = def.unique?.[0]?.fields ?? [];
        const clash = Object.fromEntries(uniqueFields.map((f) => [f, body[f as string]]));
        const u = await api(p('update'), { method: 'POST', body: { id: other.id, ...clash } });
        if (!def.form.find((f) => uniqueFields.includes(f.field) && f.editDisabled)) {
          expect(u.status).toBe(400);
          expect(u.body.msg).toBe(spec.uniqueMessage);
        }
      });
    }

    it('exports every matching row to .xlsx with the Chinese column headers', async () => {
      const { row } = await newRow();
      const x = await download(get(), p('export'));
      expect(x.status).toBe(200);
      expect(x.type).toContain('spreadsheetml');
      const sheet = await readSheet(x.buf);
      expect(sheet[0]).toEqual(def.columns.map((c) => c.label));
      const total = (await pageOf({})).total;
      expect(sheet.length - 1).toBe(total);
      // with a filter: only the matching rows
      const s = def.search.find((f) => f.kind === 'text') ?? def.search[0];
      const full = (await api(p('detail'), { query: { id: row.id as string } })).body.data as Row;
      const q = { [s.field]: String(full[s.field as string]) };
      const filtered = await readSheet((await download(get(), p('export'), q)).buf);
      expect(filtered.length - 1).toBe((await pageOf(q)).total);
      const col = def.columns.findIndex((c) => c.field === s.field);
      if (col >= 0 && !def.columns[col].labelField && def.columns[col].kind === 'text') {
        expect(filtered.slice(1).map((r) => r[col])).toContain(String(full[s.field as string]));
      }
    });

    if (def.importable && spec.importRows) {
      it('import template lists the form headers; one bad row → nothing written and a per-row report', async () => {
        const tpl = await download(get(), p('import-template'));
        expect(tpl.status).toBe(200);
        const header = (await readSheet(tpl.buf))[0];
        expect(header).toEqual(
          def.form.filter((f) => !['password', 'image', 'file'].includes(f.kind)).map((f) => f.label),
        );
        const s = stamp();
        const rows = spec.importRows?.(s);
        if (!rows) return;
        const before = (await pageOf({})).total;
        const r = await upload(get(), p('import'), await xlsx([rows.header, rows.good, rows.bad]));
        expect(r.status, JSON.stringify(r.body)).toBe(200);
        expect(r.body.data.total).toBe(2);
        expect(r.body.data.imported).toBe(0);
        expect(r.body.data.errors).toHaveLength(1);
        expect(r.body.data.errors[0].row).toBe(3);
        expect(r.body.data.errors[0].field).toBe(rows.badField);
        expect(r.body.data.errors[0].msg).toMatch(/[\u4e00-\u9fa5]/);
        expect((await pageOf({})).total).toBe(before);
        // the good row alone goes in
        const okRun = await upload(get(), p('import'), await xlsx([rows.header, rows.good]));
        expect(okRun.body.data).toEqual({ total: 1, imported: 1, errors: [] });
        expect((await pageOf({})).total).toBe(before + 1);
        // and the same file again collides with itself on the unique key
        if (spec.uniqueMessage) {
          const dup = await upload(get(), p('import'), await xlsx([rows.header, rows.good]));
          expect(dup.body.data.imported).toBe(0);
          expect(dup.body.data.errors[0].msg).toBe(spec.uniqueMessage);
        }
        // the clerk may not import
        const clerk = await upload(get(), p('import'), await xlsx([rows.header, rows.good]), get().clerk);
        expect(clerk.status).toBe(403);
        const notExcel = await upload(get(), p('import'), Buffer.from('not a workbook'));
        expect(notExcel.status).toBe(400);
        expect(notExcel.body.msg).toBe('文件不是有效的Excel(.xlsx)文件');
      });
    }

    if (def.scope === 'dept') {
      it("data scope 所在机构可见: the clerk sees only its department's rows", async () => {
        const c = get();
        const weigh = c.depts['过磅中心'];
        const company = c.depts['绿循再生资源有限公司'];
        const mine = (await newRow({ deptId: weigh })).row;
        const theirs = (await newRow({ deptId: company })).row;
        expect(mine.deptId).toBe(weigh);
        expect(theirs.deptId).toBe(company);
        const revoke = await grantCodes(c, 'user', [def.permission, `${def.permission}_view`]);
        const unscope = await scopeRule(c, 'user', def.permission);
        try {
          const seen = await pageOf({}, c.clerk);
          const ids = seen.records.map((x) => x.id);
          expect(ids).toContain(mine.id);
          expect(ids).not.toContain(theirs.id);
          for (const x of seen.records) expect(x.deptId).toBe(weigh);
          const d = await call(c.t, p('detail'), { token: c.clerk, query: { id: theirs.id as string } });
          expect(d.status).toBe(400);
          const own = await call(c.t, p('detail'), { token: c.clerk, query: { id: mine.id as string } });
          expect(own.status).toBe(200);
          // the administrator still sees both
          const adminIds = (await pageOf({})).records.map((x) => x.id);
          expect(adminIds).toEqual(expect.arrayContaining([mine.id, theirs.id]));
        } finally {
          await unscope();
          await revoke();
        }
      });
    }
  });
}

/**
 * Inserts a row of OTHER_TENANT. A reference into this tenant's rows is refused by the composite foreign keys
 * (issue 22: a row points only at its own tenant's rows), so each such reference is repointed and the insert retried:
 * a nullable one is cleared, a required one points at a copy of the target row made for the other tenant.
 */
export async function insertForeign(db: Db, table: AnyPgTable, values: Row): Promise<Row> {
  let v: Row = { ...values, tenantId: OTHER_TENANT };
  for (let attempt = 0; ; attempt++) {
    try {
      const [row] = (await db
        .insert(table)
        .values(v as never)
        .returning()) as Row[];
      return row;
    } catch (e) {
      const err = ((e as { cause?: unknown }).cause ?? e) as { code?: string; detail?: string };
      const m = /Key \(tenant_id, (\w+)\)=\([^,]+, (\d+)\) is not present in table "(\w+)"/.exec(err.detail ?? '');
      const entry = Object.entries(getTableColumns(table)).find(([, col]) => col.name === m?.[1]);
      if (err.code !== '23503' || !m || !entry || attempt > 10) throw e;
      const [key, col] = entry;
      if (!col.notNull) {
        v = { ...v, [key]: null };
        continue;
      }
      const copy = await db.transaction(async (tx) => {
        await tx.execute(
          sql.raw(`create temp table foreign_copy on commit drop as select * from "${m[3]}" where id = ${m[2]}`),
        );
        await tx.execute(sql`update foreign_copy set id = nextval('loopyard_id_seq'), tenant_id = ${OTHER_TENANT}`);
        // the copy keeps no reference of its own into this tenant: its optional *_id columns are cleared
        const refs = await rows<{ c: string }>(
          tx,
          sql`select column_name as c from information_schema.columns where table_name = ${m[3]}
               and is_nullable = 'YES' and column_name like '%\_id'`,
        );
        for (const { c } of refs) await tx.execute(sql.raw(`update foreign_copy set "${c}" = null`));
        // and a code of its own (codes are unique per tenant; an earlier copy may hold this one)
        const coded = (
          await rows(
            tx,
            sql`select 1 from information_schema.columns where table_name = ${m[3]} and column_name = 'code'`,
          )
        ).length;
        if (coded) await tx.execute(sql`update foreign_copy set code = 'X' || right(id::text, 8)`);
        const [r] = await rows<{ id: string }>(
          tx,
          sql.raw(`insert into "${m[3]}" select * from foreign_copy returning id::text as id`),
        );
        return r.id;
      });
      v = { ...v, [key]: copy };
    }
  }
}
