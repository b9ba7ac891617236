// @vitest-environment node
/**
 * The guard is a property of the route, not of the URL's spelling (issue 16): every registered route, called
 * without a token under several spellings the router accepts or rejects (percent-encoded letters, double slashes,
 * a trailing slash, upper case), answers no data; the API-scope rules meet the same canonical path.
 */
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiScopeRow } from '../../core/contract/blade-system/scope.contract.ts';
import { menu, role } from '../../server/db/schema/index.ts';
import { canonicalPath } from '../../server/platform/auth.ts';
import { boot, call, login, type TestApp } from './helpers.ts';

let t: TestApp;

beforeAll(async () => {
  t = await boot({ captchaMode: false });
});
afterAll(async () => {
  await t?.close();
});

/** `%xx` of one character. */
const pct = (c: string) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`;

/** Spellings of one path: the router decodes the first three to the same route; the rest are other routes or 404. */
function spellings(path: string): string[] {
  const segs = path.split('/');
  const last = segs[segs.length - 1];
  const encodedLast = [...segs.slice(0, -1), `${last.slice(0, -1)}${pct(last.slice(-1))}`].join('/');
  return [
    path,
    path.replace(/^\/api\//, `/${pct('a')}pi/`), // /%61pi/…
    path.replace(/^\/api\//, `/ap${pct('i')}/`), // /ap%69/…
    encodedLast, // …/lazy-lis%74
    path.replace(/^\/api\//, `/${pct('a')}${pct('p')}${pct('i')}/`).toLowerCase(), // %61%70%69, lower-case hex
    `${path}/`, // trailing slash
    `/${path}`, // //api/…
    path.replace(/^\/api\//, '/api//'), // /api//…
    path.toUpperCase(), // /API/…
    `${path}?blade-auth=`, // an empty token parameter
  ];
}

async function raw(method: string, path: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${t.base}${path}`, {
    method,
    headers: { ...headers, ...(method === 'POST' ? { 'content-type': 'application/json' } : {}) },
    body: method === 'POST' ? '{}' : undefined,
    redirect: 'manual',
  });
  const text = await res.text();
  return { status: res.status, text };
}

describe('every registered route answers no data without a token, whatever the spelling', () => {
  it('the route table lists the API and marks public only what has no user or its own gate', () => {
    const routes = t.app.routeTable;
    expect(routes.length).toBeGreaterThan(500);
    const pub = [...new Set(routes.filter((r) => r.public).map((r) => r.url))].sort();
    expect(pub).toEqual(
      [
        '/api/blade-auth/oauth/captcha',
        '/api/blade-auth/oauth/login-config',
        '/api/blade-auth/oauth/token',
        '/api/izs-sell/version-info/select',
        // the server's clock and zone (business day of the client) and whether demo data is loaded
        '/api/blade-system/site-info',
        // spec §2.2: the public trace of one order
        '/api/izs-toolbox/blockchain/transaction-by-order-no',
        // sockets: the token travels in the STOMP CONNECT frame
        '/api/izs-weighing/ws',
        '/api/izs-logistical/ws',
        // GPS ingest: the gateway's GPS_GATEWAY_TOKEN or the device's own token (tests/api/logistics.test.ts)
        '/api/izs-logistical/ingest/device',
        '/api/izs-logistical/ingest/gateway',
        '/api/izs-logistical/ingest/gateway/auth',
        '/api/izs-logistical/ingest/gateway/register',
        '/api/izs-logistical/ingest/gateway/reject',
        // the open platform: HMAC-signed per app (tests/api/open-platform.test.ts); its documents are public
        '/api/open/v1/docs',
        '/api/open/v1/docs.css',
        '/api/open/v1/openapi.json',
        '/api/open/v1/materials',
        '/api/open/v1/stock-documents',
        '/api/open/v1/trace',
        '/api/open/v1/webhooks/ping',
        '/api/open/v1/weighing-orders',
      ].sort(),
    );
  });

  it('each non-public route under ten spellings: 4xx/5xx, never a success body', { timeout: 240_000 }, async () => {
    const routes = t.app.routeTable.filter((r) => !r.public && r.method !== 'HEAD');
    const leaks: string[] = [];
    const queue = routes.flatMap((r) => spellings(r.url.replace(/:(\w+)/g, '1')).map((p) => ({ m: r.method, p })));
    let i = 0;
    const worker = async () => {
      while (i < queue.length) {
        const { m, p } = queue[i++];
        const r = await raw(m, p);
        const ok = r.status < 400 || /"success"\s*:\s*true/.test(r.text) || /"data"\s*:\s*[[{"1-9]/.test(r.text);
        if (ok) leaks.push(`${m} ${p} → ${r.status} ${r.text.slice(0, 80)}`);
      }
    };
    await Promise.all(Array.from({ length: 8 }, worker));
    expect(leaks).toEqual([]);
    expect(queue.length).toBeGreaterThan(5000);
  });

  it('the six routes of the report answer 401 under the encoded spellings', async () => {
    for (const p of ['/%61pi/blade-system/menu/lazy-list', '/ap%69/blade-system/menu/lazy-list']) {
      const r = await raw('GET', p);
      expect(r.status).toBe(401);
      expect(JSON.parse(r.text)).toMatchObject({ code: 401, success: false });
    }
  });

  it('canonicalPath decodes, collapses slashes and drops a trailing slash; a broken escape is a 400', () => {
    expect(canonicalPath('/%61pi//blade-system/menu/lazy-list/?x=1')).toBe('/api/blade-system/menu/lazy-list');
    expect(canonicalPath('/')).toBe('/');
    expect(() => canonicalPath('/api/%E0%A4%A')).toThrow();
  });
});

describe('API scope meets the canonical path', () => {
  let admin: string;
  let clerk: string;
  let rule: ApiScopeRow;

  beforeAll(async () => {
    admin = (await login(t, 'admin')).access_token;
    clerk = (await login(t, 'clerk')).access_token;
    const db = t.database.db;
    const [userRole] = await db.select().from(role).where(eq(role.roleAlias, 'user'));
    const ms = await db
      .select({ id: menu.id })
      .from(menu)
      .where(inArray(menu.code, ['base_material']));
    const add = await call(t, '/api/blade-system/api-scope/submit', {
      token: admin,
      body: { menuId: ms[0].id, scopeName: '物料读接口', scopePath: '/api/izs-base/material/**', scopeMethod: 'GET' },
    });
    expect(add.status).toBe(200);
    [rule] = (
      await call(t, '/api/blade-system/api-scope/list', { token: admin, query: { menuId: ms[0].id } })
    ).body.data.records;
    expect(rule.scopePath).toBe('/api/izs-base/material/**');
    expect(userRole).toBeTruthy();
  });

  it('a GET rule not granted to the clerk refuses every spelling of the material page', async () => {
    for (const p of spellings('/api/izs-base/material/page')) {
      const r = await raw('GET', p, { 'Blade-Auth': `bearer ${clerk}` });
      expect(r.status, p).toBeGreaterThanOrEqual(400);
      expect(r.text, p).not.toMatch(/"success"\s*:\s*true/);
    }
    // the administrator passes the scope under the encoded spelling too: the route is the same
    const a = await raw('GET', '/%61pi/izs-base/material/page', { 'Blade-Auth': `bearer ${admin}` });
    expect(a.status).toBe(200);
  });
});
