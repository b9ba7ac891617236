// @vitest-environment node
/**
 * Second-tenant proof for every registered route (issue 16). The route table (as tests/api/security-guard.test.ts
 * walks it) is enumerated, so a route added later is covered without touching this file. Tenant 200002's admin —
 * who holds every menu and button, so only the tenant separates it from 000000 — calls each route:
 * - GET: once bare (a list must show none of tenant 000000's rows) and once with tenant 000000's id in every id
 *   parameter and path parameter (a detail must not answer the row);
 * - POST: once with that id in the query and the body (a change must not touch the row);
 * - finance GETs once more with tenant 000000's account set in `Current-Account-Set-Id`.
 * A success answer that carries an id of a tenant-000000 row (ids come from one sequence, so an id names one row)
 * or `"tenantId":"000000"` is a leak; tenant 000000's tables are checksummed before and after every call.
 * A route that cannot be called this way is in SKIPPED with its reason; a leak known in another area's routes is in
 * KNOWN_LEAKS with its owner, so that fixing it fails this test until the entry is removed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, type TestApp } from './helpers.ts';
import {
  bootWithSecondTenant,
  ROW_ID_PARAMS,
  type SecondTenant,
  snapshot,
  tenantIds,
  tenantTables,
} from './tenant-helpers.ts';

let t: TestApp;
let other: SecondTenant;

/** `METHOD url` → why the sweep does not call it. */
const SKIPPED: Record<string, string> = {
  'GET /api/blade-auth/oauth/logout':
    'ends the calling session (the second tenant’s own token); tested in auth-session',
  'POST /api/blade-system/user/update-password':
    'changes the caller’s own password only (no id is read); tested in system.test.ts',
};

/**
 * `METHOD url` → a leak found by this sweep in a route another engineer is reworking today (issue 16 round two):
 * listed so the suite stays green until that area's fix is merged, then the entry goes (an entry whose route no
 * longer leaks fails the test).
 */
const KNOWN_LEAKS: Record<string, string> = {};

/** Query / body keys that name a row. */
const ID_PARAMS = [
  ...ROW_ID_PARAMS,
  'accountSetId',
  'voucherId',
  'docId',
  'contractId',
  'assetId',
  'billId',
  'invoiceId',
];

const TENANT_0 = /"tenantId"\s*:\s*"000000"/;
/** Tables with a tenant_id that are shared by every tenant by design (the system dictionary: spec §7.3). */
const SHARED_TABLES = new Set(['blade_dict']);
/** Routes that read those shared rows (their tenantId is the platform's 000000). */
const SHARED_ROUTES = /^\/api\/blade-system\/dict\//;
const BIG_ID = /"(\d{15,19})"/g;

/** The table a route is about, by its path segments (`/api/izs-stock/stock-order/detail` → izs_stock_order). */
function tableFor(url: string, tables: { table: string; id?: string }[]): string | undefined {
  const segs = url.split('/').filter((s) => s && s !== 'api' && !s.startsWith(':'));
  const withId = tables.filter((x) => x.id);
  const key = (table: string) => table.replace(/^(izs_fin_|izs_|blade_|lg_)/, '').replace(/_/g, '-');
  for (const seg of [...segs].reverse()) {
    const hit = withId.find((x) => key(x.table) === seg) ?? withId.find((x) => x.table.replace(/_/g, '-') === seg);
    if (hit) return hit.id;
  }
  for (const seg of [...segs].reverse()) {
    const hit = withId.find((x) => key(x.table).startsWith(seg) || seg.startsWith(key(x.table)));
    if (hit) return hit.id;
  }
  return withId.find((x) => x.table === 'blade_dept')?.id;
}

beforeAll(async () => {
  ({ t, other } = await bootWithSecondTenant());
}, 600_000);
afterAll(async () => {
  await t?.close();
});

describe('every registered route keeps tenant 000000 from the second tenant', () => {
  it('no answer carries a row of tenant 000000 and no call changes one', { timeout: 900_000 }, async () => {
    const tables = await tenantTables(t);
    const ids = await tenantIds(
      t,
      tables.filter((x) => !SHARED_TABLES.has(x.table)),
    );
    const accountSet = tables.find((x) => x.table === 'izs_fin_account_set')?.id;
    expect(ids.size).toBeGreaterThan(300);
    expect(accountSet).toBeTruthy();
    const seen = new Set<string>();
    const routes = t.app.routeTable.filter((r) => {
      const k = `${r.method} ${r.url}`;
      if (r.method === 'HEAD' || r.public || seen.has(k)) return false;
      seen.add(k);
      return true;
    });
    expect(routes.length).toBeGreaterThan(500);
    const skipped = routes.filter((r) => SKIPPED[`${r.method} ${r.url}`]);
    expect(skipped.length, 'every SKIPPED entry names a registered route').toBe(Object.keys(SKIPPED).length);

    const before = await snapshot(t, tables);
    const leaks = new Map<string, string>();
    const hung: string[] = [];
    const changed: string[] = [];
    let calls = 0;
    let answered = 0;
    const slow: [number, string][] = [];
    const started = Date.now();

    const inspect = (key: string, res: { status: number; body: unknown }, into = leaks) => {
      const body = res.body as { success?: boolean; data?: unknown } | string;
      if (res.status !== 200) return;
      if (typeof body === 'object' && body && body.success === false) return;
      answered++;
      const text = typeof body === 'string' ? body : JSON.stringify(body?.data ?? null);
      const found = [...text.matchAll(BIG_ID)].map((m) => m[1]).filter((x) => ids.has(x));
      if (found.length || (TENANT_0.test(text) && !SHARED_ROUTES.test(key.split(' ')[1] ?? ''))) {
        if (!into.has(key)) into.set(key, `${found.slice(0, 3).join(',')} ${text.slice(0, 140)}`);
      }
    };
    // the detector itself: tenant 000000's own admin reading its users and a voucher page is seen as tenant 000000
    const { login } = await import('./helpers.ts');
    const own = (await login(t, 'admin')).access_token;
    const probe = new Map<string, string>();
    inspect('probe users', await call(t, '/api/blade-system/user/page', { token: own }), probe);
    inspect('probe depts', await call(t, '/api/blade-system/dept/tree', { token: own }), probe);
    expect([...probe.keys()]).toEqual(['probe users', 'probe depts']);
    answered = 0;
    const timed = async (key: string, p: Promise<{ status: number; body: unknown }>) => {
      calls++;
      const t0 = Date.now();
      const res = await Promise.race([p, new Promise<null>((ok) => setTimeout(() => ok(null), 15_000))]);
      if (!res) hung.push(key);
      slow.push([Date.now() - t0, key]);
      return res;
    };

    const one = async (r: (typeof routes)[number]) => {
      const key = `${r.method} ${r.url}`;
      if (SKIPPED[key]) return;
      const id = tableFor(r.url, tables) ?? '1';
      const url = r.url.replace(/:(\w+)/g, id);
      const q = Object.fromEntries(ID_PARAMS.map((k) => [k, id]));
      if (r.method === 'GET') {
        if (!r.url.includes(':')) {
          const bare = await timed(key, call(t, url, { token: other.token, query: { size: 100 } }));
          if (bare) inspect(key, bare);
        }
        const byId = await timed(key, call(t, url, { token: other.token, query: q }));
        if (byId) inspect(key, byId);
        if (/^\/api\/izs-fin/.test(r.url)) {
          const book = await timed(
            key,
            call(t, url, { token: other.token, headers: { 'Current-Account-Set-Id': accountSet ?? '' } }),
          );
          if (book) inspect(key, book);
        }
      } else {
        const res = await timed(
          key,
          call(t, url, {
            token: other.token,
            method: r.method,
            query: q,
            body: { ...q, ids: [id], userIds: [id], roleIds: [id], menuIds: [id], lines: [{ id }] },
          }),
        );
        if (res) inspect(key, res);
      }
    };
    // three callers at once: the database serialises them, the HTTP and JSON work overlaps
    let next = 0;
    const worker = async () => {
      while (next < routes.length && !hung.length) await one(routes[next++]);
    };
    await Promise.all([worker(), worker(), worker()]);
    const after = await snapshot(t, tables);
    changed.push(...Object.keys(before).filter((k) => before[k] !== after[k]));
    const seconds = Math.round((Date.now() - started) / 1000);
    console.log(
      `second-tenant sweep: ${routes.length} routes, ${calls} calls (${answered} answered 200), ${seconds} s`,
    );
    console.log(slow.sort((a, b) => b[0] - a[0]).slice(0, 5));

    const found = [...leaks.entries()].filter(([k]) => !KNOWN_LEAKS[k]).map(([k, v]) => `${k}: ${v}`);
    const fixed = Object.keys(KNOWN_LEAKS).filter((k) => !leaks.has(k));
    expect(hung).toEqual([]);
    expect(changed).toEqual([]);
    expect(found).toEqual([]);
    expect(fixed, 'KNOWN_LEAKS entries that no longer leak: remove them').toEqual([]);
  });
});
