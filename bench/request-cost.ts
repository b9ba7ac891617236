/**
 * Per-request cost outside the SQL (issue 25), in-process: the app on in-memory PGlite with the demo seed, the
 * default material list asked N times through `app.inject` (no socket: the server's own work only), interleaved
 * with the same two statements the engine runs, asked directly. Prints µs per request (mean and p50 of both, and
 * the difference). Run under `node --cpu-prof --import tsx bench/request-cost.ts` to see where the difference goes.
 *
 *   npx tsx bench/request-cost.ts                 # N=3000, 2,000 extra materials
 *   BENCH_N=10000 BENCH_ROWS=0 npx tsx bench/request-cost.ts
 */
import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import { performance } from 'node:perf_hooks';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { material, rowCount } from '../server/db/schema/index.ts';
import { makeGuard } from '../server/platform/auth.ts';
import { makeApiLogWriter } from '../server/platform/logs.ts';
import { refuseNul } from '../server/platform/nul-guard.ts';
import { md5hex } from '../server/platform/password.ts';
import { securityHeaders } from '../server/platform/security-headers.ts';
import { BASIC, loadLine, MATERIAL_LIST_SELECTION, materialApp, materialListPair, stats } from './lib.ts';

const N = Number(process.env.BENCH_N ?? 3000);
const ROWS = Number(process.env.BENCH_ROWS ?? 2000);
const URL_ = process.env.BENCH_URL ?? '/api/izs-base/material/page?current=1&size=10';

async function main() {
  const { database, app, config } = await materialApp(ROWS);
  const db = database.db;
  // the last list request and its reply, for timing each per-request step alone (BENCH_HOOKS=1)
  let seen: { req: FastifyRequest; reply: FastifyReply } | undefined;
  let payload: unknown;
  app.addHook('onResponse', async (req, reply) => {
    if (req.routeOptions.url === '/api/izs-base/material/page') seen = { req, reply };
  });
  app.addHook('preSerialization', async (req, _reply, answer) => {
    if (req.routeOptions.url === '/api/izs-base/material/page') payload = answer;
    return answer;
  });
  await app.ready();
  const login = await app.inject({
    method: 'POST',
    url: `/api/blade-auth/oauth/token?tenantId=000000&username=admin&password=${md5hex('admin')}&grant_type=password&scope=all&type=account`,
    headers: { Authorization: BASIC, 'Tenant-Id': '000000' },
  });
  const token = (login.json() as { access_token: string }).access_token;
  const headers = {
    Authorization: BASIC,
    'Blade-Auth': `bearer ${token}`,
    'Tenant-Id': '000000',
    'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120 Safari/537.36',
    accept: 'application/json, text/plain, */*',
    'accept-encoding': 'gzip, deflate, br',
  };
  const selection = MATERIAL_LIST_SELECTION;
  const live = and(eq(material.tenantId, '000000'), eq(material.isDeleted, 0));
  const direct = () =>
    Promise.all([
      db
        .select({ n: sql<string>`coalesce(sum(${rowCount.n}), 0)` })
        .from(rowCount)
        .where(and(eq(rowCount.tableName, 'izs_material'), eq(rowCount.tenantId, '000000'))),
      db
        .select(selection)
        .from(material)
        .where(live)
        .orderBy(desc(material.createTime), desc(material.id))
        .limit(10)
        .offset(0),
    ]);
  // the same two statements prepared once, as the engine runs an unfiltered page (engine-routes.ts plainPage,
  // row-count.ts): the database's part of a list request without drizzle building the statements on each call
  const prepared = materialListPair(db, 'cost');
  const one = async () => {
    const r = await app.inject({ method: 'GET', url: URL_, headers });
    if (r.statusCode !== 200) throw new Error(r.body.slice(0, 300));
    return r;
  };
  {
    // the statements one list request runs (and the direct pair), from PGlite's query()
    const client = (db as unknown as { $client: { query: (...a: unknown[]) => Promise<unknown> } }).$client;
    const orig = client.query.bind(client);
    const seenSql: string[] = [];
    client.query = (...a: unknown[]) => {
      seenSql.push(String(a[0]).replace(/\s+/g, ' ').slice(0, 2000));
      return orig(...a);
    };
    await one();
    await one();
    seenSql.length = 0;
    await one();
    seenSql.push('-- direct:');
    await direct();
    console.log(`statements of one list request (${seenSql.length}):\n  ${seenSql.join('\n  ')}`);
    client.query = orig;
  }
  const first = await one();
  console.log('answer headers:', JSON.stringify(first.headers).slice(0, 400), 'bytes', first.rawPayload.length);
  for (let i = 0; i < 300; i++) {
    await one();
    await direct();
    await prepared();
  }
  const h: number[] = [];
  const d: number[] = [];
  const mode = process.env.BENCH_MODE ?? 'both';
  // the window to read in a CPU profile (its times are CLOCK_MONOTONIC µs, as hrtime)
  const windowStart = process.hrtime.bigint() / 1000n;
  // CPU time of this process (PGlite runs in it) per request: much less disturbed by the other processes on the
  // machine than the wall time
  let cpuH = 0;
  let cpuD = 0;
  const cpu = () => {
    const u = process.cpuUsage();
    return u.user + u.system;
  };
  // per call CPU (µs), for medians: the median of each is little moved by the other processes of a busy machine
  const ch: number[] = [];
  const cd: number[] = [];
  const cp: number[] = [];
  for (let i = 0; i < N; i++) {
    if (mode !== 'sql') {
      const c0 = cpu();
      const t0 = performance.now();
      await one();
      h.push((performance.now() - t0) * 1000);
      const c = cpu() - c0;
      cpuH += c;
      ch.push(c);
    }
    if (mode !== 'http') {
      const c1 = cpu();
      const t1 = performance.now();
      await direct();
      d.push((performance.now() - t1) * 1000);
      const c = cpu() - c1;
      cpuD += c;
      cd.push(c);
      const c2 = cpu();
      await prepared();
      cp.push(cpu() - c2);
    }
  }
  console.log(`profile window µs: ${windowStart} ${process.hrtime.bigint() / 1000n}`);
  const hs = stats(h);
  const ds = stats(d);
  console.log(loadLine());
  console.log(`${URL_} N=${N} (inject)   mean ${hs.mean.toFixed(0)} µs  p50 ${hs.p50.toFixed(0)} µs`);
  console.log(`same SQL direct          mean ${ds.mean.toFixed(0)} µs  p50 ${ds.p50.toFixed(0)} µs`);
  console.log(
    `CPU per request: inject ${(cpuH / N).toFixed(0)} µs, SQL direct ${(cpuD / N).toFixed(0)} µs, outside the SQL ${((cpuH - cpuD) / N).toFixed(0)} µs`,
  );
  console.log(
    `cost outside the SQL: mean ${(hs.mean - ds.mean).toFixed(0)} µs, p50 ${(hs.p50 - ds.p50).toFixed(0)} µs`,
  );
  if (ch.length && cp.length) {
    const [mh, md, mp] = [stats(ch).p50, stats(cd).p50, stats(cp).p50];
    console.log(
      `CPU p50 per call: inject ${mh.toFixed(0)} µs, SQL built by drizzle ${md.toFixed(0)} µs, SQL prepared (as the engine runs it) ${mp.toFixed(0)} µs`,
    );
    console.log(`figure: request CPU outside prepared SQL p50 µs = ${(mh - mp).toFixed(0)}`);
  }
  if (process.env.BENCH_HOOKS && seen) {
    const { req, reply } = seen;
    const time = async (name: string, f: () => unknown, M = 20_000) => {
      for (let i = 0; i < Math.min(500, M); i++) await f();
      const c0 = cpu();
      for (let i = 0; i < M; i++) await f();
      console.log(`  ${name.padEnd(44)} ${((cpu() - c0) / M).toFixed(1).padStart(7)} µs CPU per call`);
    };
    console.log('each step alone, on the last list request:');
    const guard = makeGuard(db, new TextEncoder().encode('bench-secret-bench-secret-bench-secret-00'));
    await time('guard (token, session, dept, API scope)', () => guard(req, reply));
    await time('refuseNul (preValidation)', () => refuseNul(req));
    const writer = makeApiLogWriter(db, () => {}, { maxRows: 1e9, delayMs: 1e9 });
    await time('api log row (onResponse)', () => writer.hook(req, reply));
    const headers = Object.entries(securityHeaders(config));
    const raw = new ServerResponse(new IncomingMessage(new Socket()));
    await time('security headers (onRequest)', () => {
      for (const [k, v] of headers) raw.setHeader(k, v);
    });
    const handler = req.routeOptions.handler as (this: unknown, rq: FastifyRequest, rp: FastifyReply) => unknown;
    await time('the page handler (SQL included)', () => handler.call(app, req, reply), 1000);
    await time('same SQL direct', direct, 1000);
    await time('same SQL, prepared once (no drizzle build)', prepared, 1000);
    await time('same SQL direct (again)', direct, 1000);
    {
      // the handler's own work beyond its statements: the handler and the prepared pair alternated call by call,
      // the median of each call's CPU (the handler's in the same turn of the loop as its statements')
      const a: number[] = [];
      const b: number[] = [];
      for (let i = 0; i < 3000; i++) {
        const c0 = cpu();
        await handler.call(app, req, reply);
        const c1 = cpu();
        await prepared();
        const c2 = cpu();
        if (i >= 300) {
          a.push(c1 - c0);
          b.push(c2 - c1);
        }
      }
      const [ma, mb] = [stats(a).p50, stats(b).p50];
      console.log(
        `  page handler ${ma.toFixed(0)} µs − its statements prepared ${mb.toFixed(0)} µs (CPU p50 of 2,700 alternated calls)`,
      );
      console.log(`figure: page handler CPU beyond its SQL p50 µs = ${(ma - mb).toFixed(0)}`);
    }
    await time('JSON.stringify of the answer', () => JSON.stringify(payload));
    await time('empty async step (a promise turn)', async () => {});
  }
  await app.close();
  await database.close();
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
