// @vitest-environment node
/**
 * Tenant isolation (issue 16): a second tenant whose admin holds every menu and button can neither read nor change
 * tenant 000000's rows by id — for every resource of the engine's registry (page, list, detail, submit, update,
 * remove) and for the hand-written routes that take ids. Platform-wide catalogues (menus, system dictionary, OAuth
 * clients, versions) are shared by design: readable, never writable from another tenant.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resourcePaths } from '../../core/contract/resource.ts';
import { REGISTERED_RESOURCES } from '../../server/platform/crud/engine.ts';
import { call, login, type TestApp } from './helpers.ts';
import { bootWithSecondTenant, ROW_ID_PARAMS, type SecondTenant, snapshot, tenantTables } from './tenant-helpers.ts';

let t: TestApp;
let admin: string;
let other: SecondTenant;

/** Shared by every tenant (BladeX keeps them without tenant_id): reading is allowed, writing is not. */
const PLATFORM_SHARED = new Set([
  '/api/blade-system/dict',
  '/api/blade-system/client',
  '/api/blade-system/version-info',
  '/api/izs-sell/version-info',
]);

beforeAll(async () => {
  ({ t, other } = await bootWithSecondTenant());
  admin = (await login(t, 'admin')).access_token;
}, 600_000);
afterAll(async () => {
  await t?.close();
});

const has = (method: string, url: string) => t.app.routeTable.some((r) => r.method === method && r.url === url);
const succeeded = (r: { status: number; body: { success?: boolean } }) => r.status === 200 && r.body?.success === true;

/** ids of rows tenant 000000's admin sees through the resource (first page). */
async function idsOf(path: string): Promise<{ ids: string[]; rows: Record<string, unknown>[] }> {
  const p = resourcePaths({ path });
  const r = has('GET', p.page)
    ? await call(t, p.page, { token: admin, query: { size: 20 } })
    : await call(t, p.list, { token: admin });
  if (r.status !== 200) return { ids: [], rows: [] };
  const data = r.body.data;
  const rows = (Array.isArray(data) ? data : (data?.records ?? [])) as Record<string, unknown>[];
  return { ids: rows.map((x) => String(x.id)).filter((x) => /^\d+$/.test(x)), rows };
}

describe('every engine resource keeps tenant 000000 rows from the second tenant', () => {
  it('the registry is walked and the demo data gives most resources rows to try', async () => {
    const defs = [...REGISTERED_RESOURCES.values()];
    expect(defs.length).toBeGreaterThan(30);
    const leaks: string[] = [];
    let tried = 0;
    for (const def of defs) {
      const p = resourcePaths(def);
      const shared = PLATFORM_SHARED.has(def.path);
      const { ids, rows } = await idsOf(def.path);
      if (!ids.length) continue;
      tried++;
      const id = ids[0];
      // reading
      if (!shared) {
        if (has('GET', p.detail)) {
          const d = await call(t, p.detail, { token: other.token, query: { id } });
          if (succeeded(d) && d.body.data) leaks.push(`${p.detail}?id=${id} answered the row`);
        }
        for (const ep of [p.page, p.list, p.selectList]) {
          if (!has('GET', ep)) continue;
          const r = await call(t, ep, { token: other.token, query: { size: 100 } });
          const data = r.body?.data;
          const seen = (Array.isArray(data) ? data : (data?.records ?? [])) as { id?: string }[];
          const leaked = seen.filter((x) => ids.includes(String(x.id)));
          if (leaked.length) leaks.push(`${ep} lists ${leaked.length} rows of tenant 000000`);
        }
      }
      // changing
      const before = has('GET', p.detail) ? (await call(t, p.detail, { token: admin, query: { id } })).body : null;
      const body = { ...rows[0], id };
      for (const ep of [p.submit, p.update]) {
        if (!has('POST', ep)) continue;
        const r = await call(t, ep, { token: other.token, body });
        if (succeeded(r)) leaks.push(`${ep} changed row ${id}: ${JSON.stringify(r.body).slice(0, 120)}`);
      }
      if (has('POST', p.remove)) {
        const r = await call(t, p.remove, { token: other.token, method: 'POST', query: { ids: id } });
        if (succeeded(r)) leaks.push(`${p.remove} removed row ${id}`);
      }
      if (before?.data) {
        const after = (await call(t, p.detail, { token: admin, query: { id } })).body;
        expect(after.data, `${def.path} row ${id} after the second tenant's writes`).toEqual(before.data);
      }
    }
    expect(leaks).toEqual([]);
    expect(tried).toBeGreaterThan(20);
  }, 300_000);
});

/** The tables whose first tenant-000000 id a hand-written route is tried with, by the route's service. */
const KEY_TABLES: [RegExp, string[]][] = [
  [/^\/api\/izs-stock\//, ['izs_stock_order', 'izs_trade_order', 'izs_drop_shipping', 'izs_stock']],
  [/^\/api\/izs-weighing/, ['izs_weighing_order', 'izs_weighbridge']],
  [/^\/api\/izs-financing\//, ['izs_fin_account_set', 'izs_fin_voucher', 'izs_fin_asset']],
  [/^\/api\/izs-base\//, ['izs_warehouse', 'izs_material', 'izs_related_party', 'izs_weighbridge']],
  [/^\/api\/(izs-sell|izs-toolbox)\//, ['izs_weighing_order', 'izs_warehouse', 'blade_dept']],
  [/./, ['blade_user', 'blade_dept', 'blade_role']],
];

/** Hand-written routes that act on rows by id: details, lines, life-cycle steps, grants, removals. */
const BY_ID =
  /detail|memo|lines|history|review|void|cancel|remove|delete|grant|unlock|reset-password|update-status|merge|complete|finish|second|evidence|reverse|post|close|reopen|renumber|copy|voucher/i;

const ID_PARAMS = ROW_ID_PARAMS;

describe('hand-written routes that take ids', () => {
  it('answer nothing of tenant 000000 and change none of its rows, whatever id they are given', async () => {
    const engine = new Set(
      [...REGISTERED_RESOURCES.values()].flatMap((d) => Object.values(resourcePaths(d)) as string[]),
    );
    const routes = t.app.routeTable.filter(
      (r) =>
        !r.public &&
        r.method !== 'HEAD' &&
        !engine.has(r.url) &&
        BY_ID.test(r.url.split('/').pop() ?? '') &&
        !r.url.endsWith('/logout'),
    );
    expect(routes.length).toBeGreaterThan(30);
    console.log(`hand-written id routes tried: ${routes.length}`);
    const tables = await tenantTables(t);
    const idOf = new Map(tables.map((x) => [x.table, x.id]));
    const idsFor = (url: string) =>
      (KEY_TABLES.find(([re]) => re.test(url))?.[1] ?? []).map((n) => idOf.get(n)).filter((x): x is string => !!x);
    expect(idsFor('/api/izs-stock/x').length).toBe(4);
    const before = await snapshot(t, tables);
    const leaks: string[] = [];
    const hung: string[] = [];
    for (const r of routes) {
      if (hung.length) break;
      for (const id of idsFor(r.url)) {
        const q = Object.fromEntries(ID_PARAMS.map((k) => [k, id]));
        const req =
          r.method === 'GET'
            ? call(t, r.url, { token: other.token, query: q })
            : call(t, r.url, {
                token: other.token,
                method: r.method,
                query: q,
                body: { ...q, ids: [id], userIds: [id], roleIds: [id] },
              });
        const res = await Promise.race([req, new Promise<null>((ok) => setTimeout(() => ok(null), 15_000))]);
        if (!res) {
          hung.push(`${r.method} ${r.url} id=${id}`);
          break;
        }
        if (!succeeded(res)) continue;
        const text = JSON.stringify(res.body.data ?? null);
        if (text.includes(`"${id}"`)) leaks.push(`${r.method} ${r.url} id=${id}: ${text.slice(0, 160)}`);
      }
    }
    const after = await snapshot(t, tables);
    const changed = Object.keys(before).filter((k) => before[k] !== after[k]);
    expect(hung).toEqual([]);
    expect(changed).toEqual([]);
    expect(leaks).toEqual([]);
  }, 600_000);
});

describe('found by the sweep', () => {
  it('a non-administrator saving print settings does not freeze the server (scope lookup outside the transaction)', async () => {
    const manager = (await login(t, 'manager')).access_token;
    const { rows } = await import('../../server/db/client.ts');
    const { sql } = await import('drizzle-orm');
    const [w] = await rows<{ id: string }>(
      t.database.db,
      sql`select id::text as id from izs_warehouse where tenant_id = '000000' and is_deleted = 0 order by id limit 1`,
    );
    const save = call(t, '/api/izs-sell/print-config/save', {
      token: manager,
      body: { warehouseId: w.id, printType: 2, template: 'amount', paper: 'a5', copies: 1, title: '过磅单' },
    });
    const r = await Promise.race([save, new Promise<null>((ok) => setTimeout(() => ok(null), 10_000))]);
    expect(r, 'the save never answered').not.toBeNull();
    expect(r?.body).toMatchObject({ code: 200, success: true });
    expect((await call(t, '/api/blade-system/user/info', { token: admin })).status).toBe(200);
    // and the second tenant cannot save settings on a warehouse of tenant 000000
    const foreign = await call(t, '/api/izs-sell/print-config/save', {
      token: other.token,
      body: { warehouseId: w.id, printType: 1, template: 'standard', paper: 'a5', copies: 1 },
    });
    expect(foreign.body.success).toBe(false);
  });
});
