// @vitest-environment node
/**
 * Addresses (issue 22): X-Forwarded-For is believed only from loopback by default, so a PC on the private network
 * cannot claim another address to escape the sign-in throttle; webhook targets that resolve to loopback,
 * link-local, private, multicast or unspecified addresses are refused when saved and again at each delivery, and
 * the delivery log keeps the status and timing, never the answer.
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPEN_API } from '../../core/contract/open/open-v1.contract.ts';
import { stringToSign } from '../../core/contract/open/signing.ts';
import { loadConfig } from '../../server/config.ts';
import { openApp, openWebhook } from '../../server/db/schema/index.ts';
import { md5hex } from '../../server/platform/password.ts';
import { boot, call, login, type TestApp, TOKEN_PATH } from './helpers.ts';

process.env.WEBHOOK_POLL_MS = '100';
process.env.WEBHOOK_RETRY_BASE_MS = '100';
delete process.env.WEBHOOK_ALLOW_HOSTS;

let t: TestApp;
let token = '';
let receiver: Server;
let hookUrl = '';
const hits: string[] = [];
beforeAll(async () => {
  t = await boot({ captchaMode: false });
  token = (await login(t)).access_token;
  receiver = createServer((req, res) => {
    hits.push(req.url ?? '');
    if (req.url === '/moved') {
      res.writeHead(302, { location: `${hookUrl.replace('/hook', '/followed')}` }).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'text/plain' }).end('+PONG redis_version:7.2.4 secret banner');
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  const a = receiver.address();
  hookUrl = `http://127.0.0.1:${typeof a === 'object' && a ? a.port : 0}/hook`;
}, 180_000);
afterAll(async () => {
  await t?.close();
  receiver?.close();
});

describe('TRUST_PROXY', () => {
  it('defaults to loopback only; an operator names a proxy elsewhere', () => {
    expect(loadConfig({}).trustProxy).toBe('loopback');
    expect(loadConfig({ TRUST_PROXY: 'loopback,10.0.0.5' }).trustProxy).toBe('loopback,10.0.0.5');
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
  });

  const signInFrom = (remoteAddress: string, forwardedFor: string, username: string) =>
    t.app.inject({
      method: 'POST',
      url: TOKEN_PATH,
      remoteAddress,
      headers: {
        authorization: `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`,
        'tenant-id': '000000',
        'x-forwarded-for': forwardedFor,
      },
      query: { tenantId: '000000', username, password: md5hex('x'), grant_type: 'password' },
    });

  it('a private-network PC spoofing X-Forwarded-For is throttled at its own address after 20 failures', async () => {
    for (let i = 0; i < 20; i++) {
      const r = await signInFrom('10.0.9.9', `10.0.${i}.1`, `nobody${i}`);
      expect(r.statusCode).toBe(400);
    }
    const refused = await signInFrom('10.0.9.9', '10.0.200.1', 'admin');
    expect(refused.statusCode).toBe(429);
    // another PC is not affected
    expect((await signInFrom('10.0.9.8', '10.0.9.9', 'nobody')).statusCode).toBe(400);
  });

  it('a proxy on this host still passes the client address on', async () => {
    for (let i = 0; i < 20; i++) {
      expect((await signInFrom('127.0.0.1', '10.0.77.1', `nobody${i}`)).statusCode).toBe(400);
    }
    expect((await signInFrom('127.0.0.1', '10.0.77.1', 'admin')).statusCode).toBe(429);
    expect((await signInFrom('127.0.0.1', '10.0.77.2', 'nobody')).statusCode).toBe(400);
  });

  it('the trace page’s probe limit counts a private-network PC at its own address, whatever it forwards', async () => {
    const probe = (remoteAddress: string, forwardedFor: string) =>
      t.app.inject({
        method: 'GET',
        url: '/api/izs-toolbox/blockchain/transaction-by-order-no',
        remoteAddress,
        headers: { 'x-forwarded-for': forwardedFor },
        query: { orderType: 'in_stock', orderNo: 'RK20260101000X', t: 'C'.repeat(22) },
      });
    for (let i = 0; i < 30; i++) expect((await probe('10.0.8.8', `10.0.${i}.2`)).statusCode).toBe(400);
    const refused = await probe('10.0.8.8', '10.0.201.2');
    expect(refused.statusCode).toBe(429);
    expect(JSON.parse(refused.body).msg).toBe('查询过于频繁，请稍后再试');
    expect((await probe('10.0.8.7', '10.0.8.8')).statusCode).toBe(400);
  });

  it('an open-API app’s IP allow-list is not passed by a forwarded address from a private-network PC', async () => {
    const made = await call(t, '/api/izs-toolbox/open-app/save', {
      token,
      body: { name: `白名单${randomBytes(3).toString('hex')}`, scopes: ['stock'], rateLimit: 100, ipAllow: '10.1.2.3' },
    });
    expect(made.body.success, JSON.stringify(made.body)).toBe(true);
    const { appKey } = made.body.data.app as { appKey: string };
    const secret = made.body.data.secret as string;
    const path = OPEN_API.stockDocuments.path;
    const signedFrom = (remoteAddress: string, forwardedFor?: string) => {
      const ts = String(Math.floor(Date.now() / 1000));
      const nonce = randomBytes(16).toString('hex');
      const digest = createHash('sha256').update('').digest('hex');
      const sig = createHmac('sha256', secret)
        .update(stringToSign({ method: 'GET', path, query: '', timestamp: ts, nonce, contentSha256: digest }))
        .digest('hex');
      return t.app.inject({
        method: 'GET',
        url: path,
        remoteAddress,
        headers: {
          'x-app-key': appKey,
          'x-timestamp': ts,
          'x-nonce': nonce,
          'x-content-sha256': digest,
          'x-signature': sig,
          ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}),
        },
      });
    };
    const spoofed = await signedFrom('10.0.9.7', '10.1.2.3');
    expect([spoofed.statusCode, JSON.parse(spoofed.body).code]).toEqual([403, 40103]);
    expect(JSON.parse((await signedFrom('10.1.2.3')).body).code).toBe(200);
  });
});

const OA = '/api/izs-toolbox/open-app';
const saveApp = (webhookUrl: string) =>
  call(t, `${OA}/save`, {
    token,
    body: { name: `回调测试${Math.random().toString(36).slice(2, 8)}`, scopes: ['webhook'], webhookUrl },
  });

describe('webhook targets', () => {
  it.each([
    'http://127.0.0.1:5432/',
    'http://localhost:6379/',
    'http://169.254.169.254/latest/meta-data/',
    'http://10.0.0.1/hook',
    'http://172.16.5.5/',
    'http://192.168.1.1/',
    'http://[::1]:8080/',
    'http://[fd00::1]/',
    'http://0.0.0.0:22/',
    'http://239.1.1.1/',
  ])('%s is refused at save with a Chinese message', async (url) => {
    const r = await saveApp(url);
    expect(r.status, JSON.stringify(r.body)).toBe(400);
    expect(r.body.msg).toMatch(/^回调地址不能指向本机、内网/);
  });

  it('an operator-allowed host is accepted (WEBHOOK_ALLOW_HOSTS)', async () => {
    process.env.WEBHOOK_ALLOW_HOSTS = 'localhost, 127.0.0.1';
    try {
      expect((await saveApp(hookUrl)).body.success).toBe(true);
    } finally {
      delete process.env.WEBHOOK_ALLOW_HOSTS;
    }
  });

  it('checked again at each delivery: a target no longer allowed is not called; the log keeps no answer', async () => {
    process.env.WEBHOOK_ALLOW_HOSTS = '127.0.0.1';
    const saved = await saveApp(hookUrl);
    delete process.env.WEBHOOK_ALLOW_HOSTS;
    expect(saved.body.success, JSON.stringify(saved.body)).toBe(true);
    const appId = saved.body.data.app.id as string;
    hits.length = 0;
    const db = t.database.db;
    const [d] = await db
      .insert(openWebhook)
      .values({ tenantId: '000000', appId, event: 'ping', payload: '{"type":"ping"}', state: 'pending' })
      .returning();
    await expect
      .poll(async () => (await db.select().from(openWebhook).where(eq(openWebhook.id, d.id)))[0].attempts, {
        timeout: 10_000,
      })
      .toBeGreaterThanOrEqual(1);
    expect(hits).toEqual([]);
    const list = await call(t, `${OA}/deliveries`, { token, query: { appId } });
    expect(list.body.data.records[0].lastError).toMatch(/^回调地址不能指向本机、内网/);
    expect(list.body.data.records[0].lastStatus).toBeNull();

    // allowed again: delivered; the log has the status and the time, not what the receiver answered
    process.env.WEBHOOK_ALLOW_HOSTS = '127.0.0.1';
    try {
      await db.update(openWebhook).set({ state: 'pending', nextAttemptAt: new Date() }).where(eq(openWebhook.id, d.id));
      await expect.poll(() => hits.length, { timeout: 10_000 }).toBe(1);
      await expect
        .poll(async () => (await db.select().from(openWebhook).where(eq(openWebhook.id, d.id)))[0].state, {
          timeout: 10_000,
        })
        .toBe('delivered');
    } finally {
      delete process.env.WEBHOOK_ALLOW_HOSTS;
    }
    const after = await call(t, `${OA}/deliveries`, { token, query: { appId } });
    expect(after.body.data.records[0]).toMatchObject({ lastStatus: 200, lastLatencyMs: expect.any(Number) });
    expect(JSON.stringify(after.body)).not.toMatch(/PONG|redis|banner/);
  });

  it('a redirect is not followed: the log keeps its status, the place it points to is never called', async () => {
    process.env.WEBHOOK_ALLOW_HOSTS = '127.0.0.1';
    try {
      const saved = await saveApp(hookUrl.replace('/hook', '/moved'));
      expect(saved.body.success, JSON.stringify(saved.body)).toBe(true);
      const appId = saved.body.data.app.id as string;
      hits.length = 0;
      const [d] = await t.database.db
        .insert(openWebhook)
        .values({ tenantId: '000000', appId, event: 'ping', payload: '{}', state: 'pending' })
        .returning();
      await expect
        .poll(
          async () => (await t.database.db.select().from(openWebhook).where(eq(openWebhook.id, d.id)))[0].lastStatus,
          {
            timeout: 10_000,
          },
        )
        .toBe(302);
      await new Promise((r) => setTimeout(r, 500));
      expect(hits.filter((h) => h === '/followed')).toEqual([]);
      expect(hits.filter((h) => h === '/moved').length).toBeGreaterThanOrEqual(1);
    } finally {
      delete process.env.WEBHOOK_ALLOW_HOSTS;
    }
  });

  it('a URL whose host changed to a private address after save is refused at delivery', async () => {
    process.env.WEBHOOK_ALLOW_HOSTS = '127.0.0.1';
    const saved = await saveApp(hookUrl);
    delete process.env.WEBHOOK_ALLOW_HOSTS;
    const appId = saved.body.data.app.id as string;
    // written straight into the table, as if the name had been re-pointed (DNS) after the save
    await t.database.db.update(openApp).set({ webhookUrl: 'http://localhost:6379/' }).where(eq(openApp.id, appId));
    const [d] = await t.database.db
      .insert(openWebhook)
      .values({ tenantId: '000000', appId, event: 'ping', payload: '{}', state: 'pending' })
      .returning();
    await expect
      .poll(async () => (await t.database.db.select().from(openWebhook).where(eq(openWebhook.id, d.id)))[0].lastError, {
        timeout: 10_000,
      })
      .toMatch(/^回调地址不能指向本机、内网/);
  });
});
