/**
 * Where a list request's time goes over the socket (issue 25, `list overhead ms`): the app on in-memory PGlite with
 * the demo seed and 2,000 extra materials, the default material list asked N times by a client in a worker thread
 * (one keep-alive node:http connection, as `bench:page`), with marks at each stage of the request and around each
 * PGlite call; then the same two statements asked directly, back to back and after a 1 ms idle gap each. Prints
 * the median of each segment.
 *
 *   npx tsx bench/request-path.ts        # N=3000
 *   BENCH_N=5000 npx tsx bench/request-path.ts
 *
 * The marks are hooks added after the app's own: "→ first hook" includes the app's onRequest hooks (security
 * headers, the guard) and the request's parsing and routing; Node's `request` event and the socket's write
 * (net.Socket's _write / _writev, wrapped) split the two ends further.
 */
import net from 'node:net';
import { Worker } from 'node:worker_threads';
import type { PGlite } from '@electric-sql/pglite';
import { md5hex } from '../server/platform/password.ts';
import { BASIC, loadLine, materialApp, materialListPair, stats } from './lib.ts';

const N = Number(process.env.BENCH_N ?? 3000);
const URL_ = '/api/izs-base/material/page?current=1&size=10';
/** a clock the worker thread shares: both add their own performance.timeOrigin */
const now = () => performance.timeOrigin + performance.now();

async function main() {
  const { database, app } = await materialApp(2000);
  const db = database.db;

  // marks of the last request
  const at: Record<string, number> = {};
  app.addHook('onRequest', async () => {
    at.firstHook = now();
  });
  app.addHook('preHandler', async () => {
    at.handler = now();
  });
  app.addHook('preSerialization', async (_q, _r, p) => {
    at.answered = now();
    return p;
  });
  app.addHook('onSend', async (_q, _r, p) => {
    at.onSend = now();
    return p;
  });
  app.addHook('onResponse', async () => {
    at.written = now();
  });
  // around each PGlite call: [start, end] pairs of the last request
  const calls: number[][] = [];
  const client = (db as unknown as { $client: PGlite }).$client;
  const query = client.query.bind(client);
  client.query = (async (...a: Parameters<PGlite['query']>) => {
    const c = [now(), 0];
    calls.push(c);
    try {
      return await query(...a);
    } finally {
      c[1] = now();
    }
  }) as PGlite['query'];

  await app.listen({ port: 0, host: '127.0.0.1' });
  // Node's own `request` event (the request parsed, before Fastify) and the response's socket write
  app.server.prependListener('request', () => {
    at.nodeRequest = now();
  });
  const socketProto = net.Socket.prototype as unknown as Record<string, (...a: unknown[]) => unknown>;
  for (const k of ['_writev', '_write']) {
    const write = socketProto[k];
    socketProto[k] = function (this: unknown, ...a: unknown[]) {
      at.writeStart = now();
      try {
        return write.apply(this, a);
      } finally {
        at.writeEnd = now();
      }
    };
  }
  const port = (app.server.address() as { port: number }).port;
  const login = await app.inject({
    method: 'POST',
    url: `/api/blade-auth/oauth/token?tenantId=000000&username=admin&password=${md5hex('admin')}&grant_type=password&scope=all&type=account`,
    headers: { Authorization: BASIC, 'Tenant-Id': '000000' },
  });
  const token = (login.json() as { access_token: string }).access_token;
  const headers = { Authorization: BASIC, 'Blade-Auth': `bearer ${token}`, 'Tenant-Id': '000000' };
  const worker = new Worker(
    `const { parentPort, workerData } = require('node:worker_threads');
     const http = require('node:http');
     const now = () => performance.timeOrigin + performance.now();
     const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
     parentPort.on('message', ({ path }) => {
       if (!path) { agent.destroy(); parentPort.close(); return; }
       const sent = now();
       const rq = http.request({ host: '127.0.0.1', port: workerData.port, path, headers: workerData.headers, agent }, (rs) => {
         const head = now();
         rs.resume();
         rs.on('end', () => parentPort.postMessage({ sent, head, end: now(), status: rs.statusCode }));
       });
       rq.end();
     });`,
    { eval: true, workerData: { port, headers } },
  );
  const segs = new Map<string, number[]>();
  const add = (k: string, v: number) => {
    const l = segs.get(k) ?? [];
    l.push(v * 1000);
    segs.set(k, l);
  };
  const get = () =>
    new Promise<void>((resolve, reject) => {
      calls.length = 0;
      worker.once('message', (m: { sent: number; head: number; end: number; status: number }) => {
        if (m.status !== 200) return reject(new Error(`status ${m.status}`));
        add('total (client: write → last byte)', m.end - m.sent);
        add('client write → first hook of ours', at.firstHook - m.sent);
        add('  client write → Node parsed the request', at.nodeRequest - m.sent);
        add("  Node's request event → first hook of ours (routing, the app's hooks)", at.firstHook - at.nodeRequest);
        add('our hooks (NUL check)', at.handler - at.firstHook);
        add('handler', at.answered - at.handler);
        const list = calls.filter((c) => c[0] >= at.handler && c[1] <= at.answered);
        if (list.length)
          add('  of which its statements (first start → last end)', Math.max(...list.map((c) => c[1])) - list[0][0]);
        add('answer → onSend (JSON)', at.onSend - at.answered);
        add('onSend → written', at.written - at.onSend);
        add('  onSend → socket write (headers built)', at.writeStart - at.onSend);
        add('  socket write (the syscall)', at.writeEnd - at.writeStart);
        add('  socket write done → client has the headers', m.head - at.writeEnd);
        add('client: headers → last byte', m.end - m.head);
        resolve();
      });
      worker.postMessage({ path: URL_ });
    });

  // the engine's two statements for this page, prepared once as it runs them
  const pair = materialListPair(db, 'path');
  const direct = async (gapMs: number) => {
    if (gapMs) await new Promise((r) => setTimeout(r, gapMs));
    const t0 = now();
    await pair();
    return (now() - t0) * 1000;
  };

  console.log(`request path — ${URL_}, N=${N}; ${loadLine()}`);
  for (let i = 0; i < 300; i++) await get();
  segs.clear();
  for (let i = 0; i < N; i++) await get();
  for (const [k, v] of segs) console.log(`  ${k.padEnd(60)} p50 ${stats(v).p50.toFixed(0).padStart(6)} µs`);
  {
    // as bench:page asks them: each right after an HTTP request
    const v: number[] = [];
    for (let i = 0; i < Math.min(N, 2000); i++) {
      await get();
      v.push(await direct(0));
    }
    console.log(
      `  ${'the same statements asked directly, each right after a request'.padEnd(60)} p50 ${stats(v).p50.toFixed(0).padStart(6)} µs`,
    );
  }
  for (const gap of [0, 1]) {
    for (let i = 0; i < 100; i++) await direct(gap);
    const v: number[] = [];
    for (let i = 0; i < Math.min(N, 2000); i++) v.push(await direct(gap));
    console.log(
      `  ${`the same statements asked directly${gap ? `, after a ${gap} ms idle gap` : ', back to back'}`.padEnd(60)} p50 ${stats(v).p50.toFixed(0).padStart(6)} µs`,
    );
  }
  console.log(loadLine());
  worker.postMessage({});
  await app.close();
  await database.close();
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
