// @vitest-environment node
/**
 * Rate limits shared by every API process (issues 14 and 16): two app instances on one database count the same
 * calls in `izs_rate_limit` (server/platform/rate-limit-store.ts) — an open app's per-minute limit and the sign-in
 * throttle per client address refuse the N+1th call whichever instance it reaches; the count is atomic under
 * concurrency; a window opens at the first call and ends after its length; ended windows are pruned.
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPEN_API } from '../../core/contract/open/open-v1.contract.ts';
import { stringToSign } from '../../core/contract/open/signing.ts';
import { buildApp } from '../../server/app.ts';
import { md5hex } from '../../server/platform/password.ts';
import { countCall, pruneRateLimits, readCalls } from '../../server/platform/rate-limit-store.ts';
import { boot, call, login, TEST_JWT_SECRET, type TestApp, TOKEN_PATH } from './helpers.ts';

let t: TestApp;
let other: FastifyInstance;
let otherBase = '';
let token = '';

beforeAll(async () => {
  t = await boot({ captchaMode: false });
  // a second API process on the same database
  other = await buildApp({ database: t.database, config: t.config, jwtSecret: TEST_JWT_SECRET });
  await other.listen({ port: 0, host: '127.0.0.1' });
  const addr = other.server.address();
  otherBase = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
  token = (await login(t)).access_token;
}, 180_000);
afterAll(async () => {
  await other?.close();
  await t?.close();
});

const db = () => t.database.db;
const bases = () => [t.base, otherBase];

interface App {
  appKey: string;
  secret: string;
}

async function signedCall(base: string, app: App, path: string) {
  const ts = String(Math.floor(Date.now() / 1000));
  const nonce = randomBytes(16).toString('hex');
  const digest = createHash('sha256').update('').digest('hex');
  const sig = createHmac('sha256', app.secret)
    .update(stringToSign({ method: 'GET', path, query: '', timestamp: ts, nonce, contentSha256: digest }))
    .digest('hex');
  const res = await fetch(`${base}${path}`, {
    headers: {
      'X-App-Key': app.appKey,
      'X-Timestamp': ts,
      'X-Nonce': nonce,
      'X-Content-SHA256': digest,
      'X-Signature': sig,
    },
  });
  return { status: res.status, body: (await res.json()) as { code: number; msg: string } };
}

describe('the open platform’s per-app limit', () => {
  it('3 calls a minute: the 4th is refused (42901) on the other process too', async () => {
    const r = await call(t, '/api/izs-toolbox/open-app/save', {
      method: 'POST',
      token,
      body: { name: '限流测试', scopes: ['stock'], rateLimit: 3 },
    });
    expect(r.body.msg).toBe('操作成功');
    const app: App = { appKey: r.body.data.app.appKey, secret: r.body.data.secret };
    const path = OPEN_API.stockDocuments.path;
    const codes: number[] = [];
    // alternate: 1st and 3rd through this process, 2nd through the other
    for (const base of [t.base, otherBase, t.base]) codes.push((await signedCall(base, app, path)).body.code);
    const refused = await signedCall(otherBase, app, path);
    const again = await signedCall(t.base, app, path);
    expect([...codes, refused.body.code, again.body.code]).toEqual([200, 200, 200, 42901, 42901]);
    expect(refused.status).toBe(429);
    expect(refused.body.msg).toBe('调用过于频繁，请稍后再试');
  });
});

describe('the sign-in throttle per address', () => {
  const signIn = (base: string, account: string, password: string, from: string) =>
    fetch(
      `${base}${TOKEN_PATH}?${new URLSearchParams({ tenantId: '000000', username: account, password: md5hex(password), grant_type: 'password' })}`,
      {
        method: 'POST',
        headers: {
          Authorization: `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`,
          'Tenant-Id': '000000',
          'X-Forwarded-For': from,
        },
      },
    ).then(async (r) => ({ status: r.status, body: (await r.json()) as { error_description?: string } }));

  it('20 failures spread over both processes: the 21st attempt is refused by either', async () => {
    for (let i = 0; i < 20; i++) {
      const r = await signIn(bases()[i % 2], `nobody${i}`, 'x', '10.9.0.1');
      expect(r.status).toBe(400);
    }
    for (const base of bases()) {
      const refused = await signIn(base, 'admin', 'admin', '10.9.0.1');
      expect(refused.status).toBe(429);
      expect(refused.body.error_description).toBe('登录尝试过于频繁，请1分钟后再试');
    }
    // another address is not affected
    expect((await signIn(otherBase, 'admin', 'admin', '10.9.0.2')).status).toBe(200);
  });
});

describe('the store', () => {
  it('counts atomically: 40 concurrent calls get 1…40 once each', async () => {
    const counts = await Promise.all(Array.from({ length: 40 }, () => countCall(db(), 'test:concurrent', 60_000)));
    expect(counts.map((c) => c.current).sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
  });

  it('a window opens at the first call and the count starts again after it; ended windows are pruned', async () => {
    const t0 = 1_800_000_000_000;
    expect(await countCall(db(), 'test:window', 1000, t0)).toEqual({ current: 1, ttl: 1000 });
    expect(await countCall(db(), 'test:window', 1000, t0 + 400)).toEqual({ current: 2, ttl: 600 });
    expect(await readCalls(db(), 'test:window', t0 + 500)).toEqual({ current: 2, ttl: 500 });
    expect(await countCall(db(), 'test:window', 1000, t0 + 1000)).toEqual({ current: 1, ttl: 1000 });
    expect(await readCalls(db(), 'test:window', t0 + 2500)).toEqual({ current: 0, ttl: 0 });
    await pruneRateLimits(db(), t0 + 2500);
    const left = await db().execute(sql`select count(*)::int as n from izs_rate_limit where key = 'test:window'`);
    expect((left as unknown as { rows: { n: number }[] }).rows[0].n).toBe(0);
  });
});
