// @vitest-environment node
/**
 * Open platform (issue 14): apps with a secret shown once and rotatable; HMAC-signed calls under /api/open/v1 —
 * valid, and each refusal with its own code (missing headers, unknown app, disabled, IP not allowed, stale
 * timestamp, body digest, wrong secret, reused nonce, out-of-scope path, over the rate limit); the call log; a
 * webhook receiver gets a signed delivery (verified with the standardwebhooks library) and a retry after a failure,
 * and a replay; the OpenAPI 3.1 document validates and lists every open endpoint.
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { validate } from '@readme/openapi-parser';
import { sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileKindOf } from '../../core/contract/endpoint.ts';
import { VOUCHERS } from '../../core/contract/izs-financing/voucher.contract.ts';
import { OPEN_DOC } from '../../core/contract/open/open-doc.contract.ts';
import { OPEN_API } from '../../core/contract/open/open-v1.contract.ts';
import { stringToSign } from '../../core/contract/open/signing.ts';
import { ENDPOINT_GROUPS } from '../../core/contract/registry.ts';
import { rows } from '../../server/db/client.ts';
import { openApiPath } from '../../server/platform/openapi.ts';
import { apiOf, bootStock, okPost, P, reviewed, type StockCtx } from './stock-helpers.ts';

process.env.WEBHOOK_POLL_MS = '100';
process.env.WEBHOOK_RETRY_BASE_MS = '300';
// the test receiver listens on loopback: an operator allows such a receiver by name (issue 22)
process.env.WEBHOOK_ALLOW_HOSTS = '127.0.0.1';

const OA = '/api/izs-toolbox/open-app';
let c: StockCtx;
let receiver: Server;
let hookUrl = '';
const received: { headers: Record<string, string>; body: string; answered: number }[] = [];
let failNext = 1;

beforeAll(async () => {
  c = await bootStock();
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (d) => {
      body += d;
    });
    req.on('end', () => {
      const answered = failNext > 0 ? 500 : 200;
      if (failNext > 0) failNext--;
      received.push({ headers: req.headers as Record<string, string>, body, answered });
      res.writeHead(answered).end();
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  const addr = receiver.address();
  hookUrl = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}/hook`;
}, 180_000);
afterAll(async () => {
  await c?.t.close();
  receiver?.close();
});

const admin = () => apiOf(c);

interface App {
  id: string;
  appKey: string;
  secret: string;
  webhookSecret: string;
}

async function newApp(over: Record<string, unknown> = {}): Promise<App> {
  const r = await okPost(admin(), `${OA}/save`, {
    name: `测试应用${randomBytes(3).toString('hex')}`,
    scopes: ['weighing', 'stock', 'trace', 'webhook'],
    rateLimit: 100,
    ...over,
  });
  expect(r.secret).toMatch(/^[A-Za-z0-9_-]{40,}$/);
  return { id: r.app.id, appKey: r.app.appKey, secret: r.secret, webhookSecret: r.webhookSecret };
}

interface SignOpts {
  secret?: string;
  ts?: number;
  nonce?: string;
  digest?: string;
  headers?: Record<string, string>;
}

/** A signed open call the way the README's Node example makes it. */
async function signed(
  app: App,
  method: 'GET' | 'POST',
  path: string,
  query: Record<string, string> = {},
  body?: unknown,
  o: SignOpts = {},
) {
  const qs = new URLSearchParams(query).toString();
  const raw = body === undefined ? '' : JSON.stringify(body);
  const ts = String(o.ts ?? Math.floor(Date.now() / 1000));
  const nonce = o.nonce ?? randomBytes(16).toString('hex');
  const digest = createHash('sha256').update(raw).digest('hex');
  const sig = createHmac('sha256', o.secret ?? app.secret)
    .update(stringToSign({ method, path, query: qs, timestamp: ts, nonce, contentSha256: digest }))
    .digest('hex');
  const res = await fetch(`${c.t.base}${path}${qs ? `?${qs}` : ''}`, {
    method,
    headers: {
      'X-App-Key': app.appKey,
      'X-Timestamp': ts,
      'X-Nonce': nonce,
      'X-Content-SHA256': o.digest ?? digest,
      'X-Signature': sig,
      ...(raw ? { 'content-type': 'application/json' } : {}),
      ...(o.headers ?? {}),
    },
    body: raw || undefined,
  });
  // biome-ignore lint/suspicious/noExplicitAny: answers are asserted field by field
  return { status: res.status, body: (await res.json()) as { code: number; msg: string; data: any } };
}

const DOCS = OPEN_API.stockDocuments.path;

describe('signed calls', () => {
  let app: App;
  beforeAll(async () => {
    app = await newApp();
  });

  it('a valid signature answers the tenant’s data; the secret is not listed', async () => {
    const r = await signed(app, 'GET', DOCS, { state: 'reviewed', size: '5' });
    expect(r.body.code, r.body.msg).toBe(200);
    expect(r.body.data.records.length).toBeGreaterThan(0);
    expect(r.body.data.records[0]).toMatchObject({
      state: 'reviewed',
      totalQty: expect.stringMatching(/^\d+\.\d{3}$/),
    });
    const w = await signed(app, 'GET', OPEN_API.weighingOrders.path);
    expect(w.body.code).toBe(200);
    expect(w.body.data.records[0].tracePath).toMatch(/^\/blockchain-info\/weighing\/[^/?]+\?t=[A-Za-z0-9_-]{22}$/);
    const t = await signed(app, 'GET', OPEN_API.trace.path, {
      orderType: 'weighing',
      orderNo: w.body.data.records[0].orderNo,
    });
    expect(t.body.data.blockHash).toMatch(/^[0-9a-f]{64}$/);
    const list = await admin()(`${OA}/list`);
    expect(JSON.stringify(list.body.data)).not.toContain(app.secret);
  });

  it('a stock document answers its stored 不含税金额 / 税额 / 价税合计 beside the entered amount', async () => {
    const d = await reviewed(admin(), P.inStock, {
      warehouseId: c.wh.T1,
      partyId: c.party.GYS001,
      lines: [{ materialId: c.mat.WL0002, qty: '1000', unitPrice: '1000', taxRate: '13', priceIncludesTax: 0 }],
    });
    const r = await signed(app, 'GET', DOCS, { docType: 'in_stock', state: 'reviewed', size: '200' });
    expect(r.body.code, r.body.msg).toBe(200);
    const doc = (r.body.data.records as { orderNo: string }[]).find((x) => x.orderNo === d.orderNo);
    expect(doc).toMatchObject({
      totalAmount: '1000.00',
      netAmount: '1000.00',
      taxAmount: '130.00',
      grossAmount: '1130.00',
      lines: [
        {
          amount: '1000.00',
          taxRate: '13.00',
          priceIncludesTax: false,
          netAmount: '1000.00',
          taxAmount: '130.00',
          grossAmount: '1130.00',
        },
      ],
    });
  });

  it('a weighing answers the stored 不含税金额 / 税额 / 价税合计 of the stock document it made, beside its estimate', async () => {
    const r = await signed(app, 'GET', OPEN_API.weighingOrders.path, { size: '200' });
    expect(r.body.code, r.body.msg).toBe(200);
    type W = { stockOrderNo: string; stockOrderState: string; amount: string } & Record<string, string | null>;
    const list = r.body.data.records as W[];
    const made = list.filter((w) => w.stockOrderNo);
    expect(made.length).toBeGreaterThan(0);
    const stored = await rows<Record<string, string>>(
      c.t.database.db,
      sql`select order_no, state, net_amount::text as "netAmount", tax_amount::text as "taxAmount",
                 gross_amount::text as "grossAmount"
            from izs_stock_order where tenant_id = '000000' and is_deleted = 0
             and order_no in (${sql.join(
               made.map((w) => sql`${w.stockOrderNo}`),
               sql`, `,
             )})`,
    );
    const byNo = new Map(stored.map((d) => [d.order_no, d]));
    for (const w of made) {
      const d = byNo.get(w.stockOrderNo);
      expect(d, w.stockOrderNo).toBeTruthy();
      expect([w.stockOrderState, w.netAmount, w.taxAmount, w.grossAmount], w.stockOrderNo).toEqual([
        d?.state,
        d?.netAmount,
        d?.taxAmount,
        d?.grossAmount,
      ]);
      expect(w.amount).toMatch(/^\d+\.\d{2}$/); // the weighing's own estimate stays (compatibility)
    }
    // a document with tax: the stored gross is net + tax, not the weighing's unit price × net weight
    expect(made.some((w) => w.taxAmount !== '0.00')).toBe(true);
    for (const w of list.filter((x) => !x.stockOrderNo))
      expect([w.stockOrderState, w.netAmount, w.taxAmount, w.grossAmount]).toEqual(['', null, null, null]);
  });

  it('refuses each failure with its own code', async () => {
    const cases: [string, Promise<{ status: number; body: { code: number; msg: string } }>, number, number][] = [
      ['wrong secret', signed(app, 'GET', DOCS, {}, undefined, { secret: 'x'.repeat(43) }), 401, 40106],
      [
        'stale timestamp',
        signed(app, 'GET', DOCS, {}, undefined, { ts: Math.floor(Date.now() / 1000) - 301 }),
        401,
        40104,
      ],
      [
        'future timestamp',
        signed(
          app,
          'GET',
          DOCS,
          {},
          undefined,
          {
            ts: Math.floor(Date.now() / 1000) + 330,
          } /* 30 s past the 300 s window: a slow run must not land inside it */,
        ),
        401,
        40104,
      ],
      ['out-of-scope path', signed(app, 'GET', OPEN_API.materials.path), 403, 40301],
      [
        'body digest',
        signed(app, 'POST', OPEN_API.webhookPing.path, {}, { message: 'x' }, { digest: '0'.repeat(64) }),
        401,
        40105,
      ],
      ['unknown app', signed({ ...app, appKey: 'lk00000000000000000000' }, 'GET', DOCS), 401, 40101],
    ];
    for (const [name, p, http, code] of cases) {
      const r = await p;
      expect([name, r.status, r.body.code]).toEqual([name, http, code]);
      expect(r.body.msg).toBeTruthy();
    }
    const bare = await fetch(`${c.t.base}${DOCS}`);
    expect(bare.status).toBe(401);
    expect(((await bare.json()) as { code: number }).code).toBe(40100);
  });

  it('a reused nonce is refused', async () => {
    const nonce = randomBytes(16).toString('hex');
    expect((await signed(app, 'GET', DOCS, {}, undefined, { nonce })).body.code).toBe(200);
    const again = await signed(app, 'GET', DOCS, {}, undefined, { nonce });
    expect([again.status, again.body.code, again.body.msg]).toEqual([401, 40107, '随机数已使用（请求重放）']);
  });

  it('a disabled app and a caller outside the IP allow-list are refused', async () => {
    const off = await newApp({ enabled: 0 });
    expect((await signed(off, 'GET', DOCS)).body.code).toBe(40102);
    const fenced = await newApp({ ipAllow: '10.1.2.0/24, 192.168.9.9' });
    const r = await signed(fenced, 'GET', DOCS);
    expect([r.status, r.body.code]).toEqual([403, 40103]);
    const home = await newApp({ ipAllow: '127.0.0.0/8' });
    expect((await signed(home, 'GET', DOCS)).body.code).toBe(200);
  });

  it('over the app’s rate limit answers 42901', async () => {
    const slow = await newApp({ rateLimit: 3 });
    const codes: number[] = [];
    for (let i = 0; i < 5; i++) codes.push((await signed(slow, 'GET', DOCS)).body.code);
    expect(codes).toEqual([200, 200, 200, 42901, 42901]);
    // another app is not affected
    expect((await signed(app, 'GET', DOCS)).body.code).toBe(200);
  });

  it('rotating the secret shows a new one once; the old one stops working', async () => {
    const r = await okPost(admin(), `${OA}/rotate-secret`, { id: app.id });
    expect(r.secret).not.toBe(app.secret);
    expect((await signed(app, 'GET', DOCS)).body.code).toBe(40106);
    app = { ...app, secret: r.secret, webhookSecret: r.webhookSecret };
    expect((await signed(app, 'GET', DOCS)).body.code).toBe(200);
  });

  it('logs every call with its status, code and latency', async () => {
    const r = await admin()(`${OA}/calls`, { query: { appId: app.id, size: 50 } });
    const codes = r.body.data.records.map((x: { code: number }) => x.code);
    expect(codes).toEqual(expect.arrayContaining([200, 40106, 40104, 40301, 40107]));
    expect(r.body.data.records[0]).toMatchObject({ method: 'GET', path: DOCS, latencyMs: expect.any(Number) });
    const paths = await admin()(`${OA}/paths`, { query: { appId: app.id } });
    const allowed = Object.fromEntries(
      paths.body.data.paths.map((p: { path: string; allowed: boolean }) => [p.path, p.allowed]),
    );
    expect(allowed).toMatchObject({ [DOCS]: true, [OPEN_API.materials.path]: false });
  });

  it('bad app input answers 400 in Chinese', async () => {
    const r = await admin()(`${OA}/save`, { body: { name: 'x', ipAllow: 'not-an-ip' } });
    expect(r.body).toMatchObject({ code: 400, msg: 'IP白名单格式不正确（IP或CIDR，逗号分隔）' });
    const u = await admin()(`${OA}/save`, { body: { name: 'x', webhookUrl: 'ftp://x' } });
    expect(u.body.msg).toBe('回调地址应以 http:// 或 https:// 开头');
  });
});

describe('webhooks', () => {
  it('a reviewed in-stock is delivered signed; a failed delivery is retried; a replay delivers again', async () => {
    const app = await newApp({ webhookUrl: hookUrl, webhookEvents: ['in_stock.reviewed'] });
    failNext = 1;
    received.length = 0;
    const doc = await reviewed(admin(), P.inStock, {
      warehouseId: c.wh.T1,
      partyId: c.party.GYS001,
      bizType: 'purchase',
      lines: [{ materialId: c.mat.WL0002, warehouseId: c.wh.T1, qty: '88', unitPrice: '2000' }],
    });
    await expect.poll(() => received.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
    expect(received.map((r) => r.answered).slice(0, 2)).toEqual([500, 200]);
    const wh = new Webhook(app.webhookSecret);
    for (const r of received) {
      const payload = wh.verify(r.body, r.headers) as {
        type: string;
        data: { orderNo: string; tracePath: string; fields: Record<string, string>; amounts: Record<string, string> };
      };
      expect(payload.type).toBe('in_stock.reviewed');
      expect(payload.data.orderNo).toBe(doc.orderNo);
      // the chained fields keep the entered amount; the stored tax figures ride beside them (issue 21)
      expect(payload.data.fields.totalAmount).toBe('176.00');
      expect(payload.data.amounts).toEqual({ netAmount: '176.00', taxAmount: '22.88', grossAmount: '198.88' });
      // the public link with the record's unguessable token
      expect(payload.data.tracePath).toMatch(
        new RegExp(`^/blockchain-info/in_stock/${doc.orderNo}\\?t=[A-Za-z0-9_-]{22}$`),
      );
    }
    expect(received[0].headers['webhook-id']).toBe(received[1].headers['webhook-id']);
    expect(() =>
      new Webhook(`whsec_${randomBytes(24).toString('base64')}`).verify(received[0].body, received[0].headers),
    ).toThrow();
    const list = await admin()(`${OA}/deliveries`, { query: { appId: app.id } });
    const d = list.body.data.records[0];
    expect(d).toMatchObject({ event: 'in_stock.reviewed', state: 'delivered', attempts: 2, lastStatus: 200 });

    await okPost(admin(), `${OA}/replay`, { id: d.id });
    await expect.poll(() => received.length, { timeout: 10_000 }).toBe(3);
    expect(received[2].headers['webhook-id']).toBe(d.id);
  });

  it('the ping endpoint queues a test delivery', async () => {
    const app = await newApp({ webhookUrl: hookUrl, webhookEvents: ['ping'] });
    received.length = 0;
    failNext = 0;
    const r = await signed(app, 'POST', OPEN_API.webhookPing.path, {}, { message: '你好' });
    expect(r.body.code, r.body.msg).toBe(200);
    await expect.poll(() => received.length, { timeout: 10_000 }).toBe(1);
    expect(JSON.parse(received[0].body)).toMatchObject({ type: 'ping', data: { message: '你好' } });
  });
});

describe('OpenAPI', () => {
  it('the 3.1 document validates and lists every open endpoint; the docs page is served', async () => {
    const res = await fetch(`${c.t.base}/api/open/v1/openapi.json`);
    const doc = (await res.json()) as {
      openapi: string;
      paths: Record<string, Record<string, unknown>>;
      webhooks: object;
    };
    expect(doc.openapi).toBe('3.1.0');
    const result = await validate(structuredClone(doc) as never);
    expect(result.valid, JSON.stringify(result)).toBe(true);
    for (const e of Object.values(OPEN_API)) expect(doc.paths[e.path]?.[e.method.toLowerCase()]).toBeTruthy();
    // the stored tax figures are documented beside the entered amount (issue 21)
    const docsJson = JSON.stringify(doc.paths[OPEN_API.stockDocuments.path]);
    for (const f of ['netAmount', 'taxAmount', 'grossAmount', 'priceIncludesTax', '价税合计'])
      expect(docsJson).toContain(f);
    // the weighing's amount is named the weighing's estimate; its document's stored figures ride beside it
    const weighJson = JSON.stringify(doc.paths[OPEN_API.weighingOrders.path]);
    for (const f of ['磅单估算金额', 'netAmount', 'taxAmount', 'grossAmount', 'stockOrderState'])
      expect(weighJson).toContain(f);
    expect(Object.keys(doc.webhooks)).toEqual(expect.arrayContaining(['weighing.completed', 'out_stock.reviewed']));
    const page = await fetch(`${c.t.base}/api/open/v1/docs`);
    expect(page.headers.get('content-type')).toContain('text/html');
    const html = await page.text();
    expect(html).toContain('40107');
    expect(html).toContain('价税合计');
    expect(html).not.toContain('<script');
  });

  it('administrators read a valid 3.1 document of every internal descriptor; others are refused', async () => {
    const api = apiOf(c);
    const res = await api(OPEN_DOC.internal.path);
    expect(res.status).toBe(200);
    const doc = res.body as {
      openapi: string;
      paths: Record<string, Record<string, { 'x-permission'?: string; responses?: Record<string, unknown> }>>;
    };
    expect(doc.openapi).toBe('3.1.0');
    const result = await validate(structuredClone(doc) as never);
    expect(result.valid, JSON.stringify(result)).toBe(true);
    const open = new Set<unknown>(Object.values(OPEN_API));
    for (const list of Object.values(ENDPOINT_GROUPS))
      for (const e of Object.values(list)) {
        if (open.has(e)) continue;
        const op = doc.paths[openApiPath(e.path)]?.[e.method.toLowerCase()];
        expect(op, `${e.method} ${e.path}`).toBeTruthy();
        // the button a guarded descriptor needs is named
        if (e.permission) expect(op?.['x-permission'], `${e.method} ${e.path}`).toBeTruthy();
        // every answer but a file's is described (no answer known by its TypeScript type only)
        const answer = JSON.stringify(op?.responses?.['200']);
        if (!fileKindOf(e)) expect(answer, `${e.method} ${e.path}`).not.toContain('"data":{}');
      }
    // a voucher's save documents its lines' amounts
    const save = JSON.stringify(doc.paths[openApiPath(VOUCHERS.save.path)]?.post);
    for (const f of ['accountCode', 'debit', 'credit']) expect(save).toContain(f);
    const clerk = await apiOf(c, c.clerk)(OPEN_DOC.internal.path);
    expect(clerk.status).toBe(403);
    expect(clerk.body.msg).toBe('仅超级管理员可查看系统内部接口文档');
  });
});
