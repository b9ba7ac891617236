/**
 * In-stock review benchmark (issue 4, DESIGN §5 Stock): how many 采购入库 reviews per second the stock ledger takes.
 *
 * The real app in this process (migrations + demo seed, listening on 127.0.0.1; `--db pglite|memory|pg`), two
 * warehouses of its own (no other stock in them), 10 demo materials. For each phase (sequential, 4 at a time,
 * 8 at a time) it creates `--docs` in-stock documents through the real HTTP API (POST in-stock/submit with 3 lines
 * of random materials, weights and prices, then submit-review), and then times POST in-stock/review of each one.
 * Concurrent reviews touching the same (warehouse, material) rows queue on their row locks (FOR UPDATE), as in a
 * real yard. Afterwards every stock row of the two warehouses must equal Σ of the reviewed lines (qty and amount)
 * and the balance after of its last movement (by id: the order the row locks granted; on PostgreSQL create_time is
 * the transaction's start, so concurrent reviews' movements are not in create_time order): prints OK or FAIL.
 *
 *   npm run bench:review                         # 500 documents per phase, file-backed PGlite
 *   npm run bench:review -- --docs 100           # quick run
 *   DATABASE_URL=postgres://… npm run bench:review -- --db pg
 */
import { performance } from 'node:perf_hooks';
import { eq, sql } from 'drizzle-orm';
import { rows } from '../server/db/client.ts';
import { dept, material } from '../server/db/schema/index.ts';
import { arg, bootInProcess, caller, loadLine, ms, signIn, stats } from './lib.ts';

const DB = arg('db', 'BENCH_DB', 'pglite');
const DOCS = Number(arg('docs', 'BENCH_DOCS', '500'));
const LINES = 3;
const IN = '/api/izs-stock/in-stock';

/** Deterministic pseudo-random numbers (the same documents on every run). */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

async function main() {
  console.log(
    `Loopyard in-stock review bench — ${DOCS} documents × ${LINES} lines per phase, db=${DB} (${loadLine()})`,
  );
  let t0 = performance.now();
  const srv = await bootInProcess(DB);
  const db = srv.database.db;
  try {
    console.log(`database: ${srv.where}; migrated + seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    const token = (await signIn(srv.base)).access_token;
    const api = caller(srv.base, token);
    const [company] = await db.select({ id: dept.id }).from(dept).where(eq(dept.parentId, '0')).limit(1);
    const whs = await rows<{ id: string }>(
      db,
      sql`insert into izs_warehouse (tenant_id, dept_id, code, name, type)
          values ('000000', ${company.id}, 'BENCH1', '基准料场', 'yard'), ('000000', ${company.id}, 'BENCH2', '基准仓库', 'yard')
          returning id::text`,
    );
    const mats = (await db.select({ id: material.id }).from(material).where(eq(material.tenantId, '000000'))).slice(
      0,
      10,
    );
    const [supplier] = await rows<{ id: string }>(
      db,
      sql`select id::text from izs_related_party where tenant_id = '000000' and is_deleted = 0
            and type in ('supplier', 'both') order by id limit 1`,
    );
    if (mats.length < 2 || !supplier) throw new Error('the demo seed has no materials or supplier');
    const rand = rng(42);

    const create = async (): Promise<string> => {
      const warehouseId = whs[Math.floor(rand() * whs.length)].id;
      const lines = Array.from({ length: LINES }, () => ({
        materialId: mats[Math.floor(rand() * mats.length)].id,
        qty: (1000 + Math.floor(rand() * 40_000_000) / 1000).toFixed(3), // 1–41 t in kg, 3 decimals
        unitPrice: (1500 + Math.floor(rand() * 6_000_000) / 100).toFixed(2), // yuan per tonne
      }));
      const d = await api(`${IN}/submit`, { warehouseId, partyId: supplier.id, lines });
      if (d.code !== 200) throw new Error(`submit: ${JSON.stringify(d).slice(0, 300)}`);
      const s = await api(`${IN}/submit-review`, { id: d.data.id });
      if (s.code !== 200) throw new Error(`submit-review: ${JSON.stringify(s).slice(0, 300)}`);
      return d.data.id;
    };
    const pool = async <T>(n: number, conc: number, job: (i: number) => Promise<T>): Promise<T[]> => {
      const out: T[] = [];
      let next = 0;
      await Promise.all(
        Array.from({ length: conc }, async () => {
          while (next < n) {
            const i = next++;
            out[i] = await job(i);
          }
        }),
      );
      return out;
    };

    // warm-up: a few documents reviewed, not timed
    for (const id of await pool(10, 1, create)) await api(`${IN}/review`, { id });

    console.log(
      `\n${'phase'.padEnd(14)} ${'create+submit'.padStart(14)}  ${'reviews/s'.padStart(9)}  ${'p50'.padStart(9)}  ${'p99'.padStart(9)}  ${'max'.padStart(9)}`,
    );
    for (const conc of [1, 4, 8]) {
      t0 = performance.now();
      const ids = await pool(DOCS, 4, create);
      const createS = (performance.now() - t0) / 1000;
      const lat: number[] = [];
      let failed = 0;
      t0 = performance.now();
      await pool(ids.length, conc, async (i) => {
        const s = performance.now();
        const r = await api(`${IN}/review`, { id: ids[i] });
        lat.push(performance.now() - s);
        if (r.code !== 200) {
          failed++;
          if (failed <= 3) console.log(`  review failed: ${JSON.stringify(r).slice(0, 200)}`);
        }
      });
      const wall = (performance.now() - t0) / 1000;
      const st = stats(lat);
      console.log(
        `${(conc === 1 ? 'sequential' : `concurrency ${conc}`).padEnd(14)} ${`${(DOCS / createS).toFixed(0)} docs/s`.padStart(14)}  ${(DOCS / wall).toFixed(1).padStart(9)}  ${ms(st.p50).padStart(9)}  ${ms(st.p99).padStart(9)}  ${ms(st.max).padStart(9)}${failed ? `  ${failed} FAILED` : ''}`,
      );
    }

    // verification: stock rows = Σ reviewed lines = the last movement's balance
    const check = await rows<{
      warehouse_id: string;
      material_id: string;
      qty: string;
      amount: string;
      lqty: string | null;
      lamount: string | null;
      mqty: string | null;
      mamount: string | null;
      bqty: string | null;
      bamount: string | null;
    }>(
      db,
      sql`select s.warehouse_id::text, s.material_id::text, s.qty::text, s.amount::text,
                 l.q::text as lqty, l.a::text as lamount, m.q::text as mqty, m.a::text as mamount,
                 b.q::text as bqty, b.a::text as bamount
            from izs_stock s
            left join (select ol.warehouse_id, ol.material_id, sum(ol.qty) as q, sum(ol.amount) as a
                         from izs_stock_order_line ol join izs_stock_order o on o.id = ol.order_id
                        where o.state = 'reviewed' and o.is_deleted = 0
                        group by 1, 2) l on l.warehouse_id = s.warehouse_id and l.material_id = s.material_id
            left join lateral (select sum(mv.qty_in - mv.qty_out) as q, sum(mv.amount_in - mv.amount_out) as a
                                 from izs_stock_movement mv where mv.stock_id = s.id) m on true
            left join lateral (select mv.balance_qty as q, mv.balance_amount as a
                                 from izs_stock_movement mv where mv.stock_id = s.id
                                order by mv.id desc limit 1) b on true
           where s.warehouse_id in (${whs[0].id}, ${whs[1].id})`,
    );
    const bad = check.filter(
      (r) =>
        Number(r.qty) !== Number(r.lqty) ||
        Number(r.amount) !== Number(r.lamount) ||
        Number(r.qty) !== Number(r.mqty) ||
        Number(r.amount) !== Number(r.mamount) ||
        Number(r.qty) !== Number(r.bqty) ||
        Number(r.amount) !== Number(r.bamount),
    );
    const [tot] = await rows<{ n: number; q: string; a: string }>(
      db,
      sql`select count(*)::int as n, sum(qty)::text as q, sum(amount)::text as a from izs_stock
           where warehouse_id in (${whs[0].id}, ${whs[1].id})`,
    );
    console.log(
      `\nstock check: ${tot.n} rows (2 warehouses × materials), Σqty ${tot.q} kg, Σamount ${tot.a} yuan — stock = Σ reviewed lines = Σ movements = last movement's balance: ${bad.length === 0 && check.length > 0 ? 'OK' : `FAIL (${bad.length} rows differ)`}`,
    );
    for (const b of bad.slice(0, 5)) console.log('  ', b);
    console.log(`after: ${loadLine()}`);
  } finally {
    await srv.close();
  }
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
