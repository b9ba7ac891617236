// Node ≥ 18 example client of the Loopyard open platform (README "Open platform"): signs a request the way
// core/contract/open/signing.ts defines it. Usage:
//   APP_KEY=lk… APP_SECRET=… BASE=http://localhost:8080 node server/modules/izs-toolbox/open/open-client-example.mjs
import { createHash, createHmac, randomBytes } from 'node:crypto';

const base = process.env.BASE ?? 'http://localhost:8080';
const appKey = process.env.APP_KEY;
const secret = process.env.APP_SECRET;

const enc = (s) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
const cmp = (a, b) => (a < b ? -1 : a > b ? 1 : 0);

export async function openCall(method, path, query = {}, body) {
  const pairs = Object.entries(query).map(([k, v]) => [enc(k), enc(String(v))]);
  const sortedQuery = pairs
    .sort((a, b) => cmp(a[0], b[0]) || cmp(a[1], b[1]))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const raw = body === undefined ? '' : JSON.stringify(body);
  const timestamp = String(Math.floor(Date.now() / 1000));
  const nonce = randomBytes(16).toString('hex');
  const contentSha256 = createHash('sha256').update(raw).digest('hex');
  const toSign = [method, path, sortedQuery, timestamp, nonce, contentSha256].join('\n');
  const signature = createHmac('sha256', secret).update(toSign).digest('hex');
  const res = await fetch(`${base}${path}${sortedQuery ? `?${sortedQuery}` : ''}`, {
    method,
    headers: {
      'X-App-Key': appKey,
      'X-Timestamp': timestamp,
      'X-Nonce': nonce,
      'X-Content-SHA256': contentSha256,
      'X-Signature': signature,
      ...(raw ? { 'Content-Type': 'application/json' } : {}),
    },
    body: raw || undefined,
  });
  return res.json(); // { code, success, data, msg } — code 200, or a refusal code (40100–40107, 40301, 42901)
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(JSON.stringify(await openCall('GET', '/api/open/v1/weighing-orders', { size: 2 }), null, 2));
  console.log(JSON.stringify(await openCall('POST', '/api/open/v1/webhooks/ping', {}, { message: '你好' })));
}
