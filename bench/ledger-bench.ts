/**
 * Ledger benchmark (issue 5): trial balance and statements over 1,000,000 voucher lines, and voucher saves.
 *
 *   Targets: GET ledger/balance (the year), report/balance-sheet, report/income-statement ≤ 1 s on PostgreSQL and
 *   ≤ 3 s on PGlite (median of several runs, through the real HTTP endpoints).
 *
 * Set-up: the real app in this process (like tests/api: migrations + demo seed, `buildApp`, listening on
 * 127.0.0.1), a new account set of the company created through POST account-set/save (small-enterprise chart,
 * start 2025-01), 300 customers and 300 suppliers as 辅助核算 items on 1122 应收账款 / 2202 应付账款, then vouchers
 * loaded by SQL in the database itself (INSERT … SELECT over generate_series, one month per statement): six
 * balanced templates (purchase in-stock with input VAT, sale with output VAT and cost of sales, collection,
 * payment, salaries accrued and paid, surcharges), ~3.7 lines a voucher, numbered 1…n per month, all posted, plus
 * the voucher counters so that later saves continue the numbering. Then ANALYZE.
 * Saves: POST voucher/save (a 4-line sale with a customer), sequentially and 8 at a time, as vouchers/s.
 *
 *   npm run bench:ledger                                  # PGlite in a temp DATA_DIR, 1,000,000 lines
 *   npm run bench:ledger -- --db memory                   # in-memory PGlite
 *   DATABASE_URL=postgres://u:p@127.0.0.1/postgres npm run bench:ledger -- --db pg   # a fresh database, dropped after
 *   npm run bench:ledger -- --lines 100000 --runs 3 --saves 100                        # quick run
 *   BENCH_SAVES_ONLY=1 npm run bench:ledger -- --db pg     # only the voucher saves, on the 10,000-line book
 */
import { performance } from 'node:perf_hooks';
import { and, eq, sql } from 'drizzle-orm';
import { type Db, rows } from '../server/db/client.ts';
import { dept, finDimension, voucherWord } from '../server/db/schema/index.ts';
import { arg, bootInProcess, caller, loadLine, ms, signIn, stats, workerCaller } from './lib.ts';

const DB = arg('db', 'BENCH_DB', 'pglite'); // pglite | memory | pg
const LINES = Number(arg('lines', 'BENCH_LINES', '1000000'));
const RUNS = Number(arg('runs', 'BENCH_RUNS', '5'));
const SAVES = Number(arg('saves', 'BENCH_SAVES', '200'));
const SMALL_LINES = Number(arg('small-lines', 'BENCH_SMALL_LINES', '10000'));
/** Only the voucher saves (and the raw-insert floor), on the small book: no 1M-line load, no statements. */
const SAVES_ONLY = process.argv.includes('--saves-only') || process.env.BENCH_SAVES_ONLY === '1';
const YEAR = 2025;
const FIN = '/api/izs-financing';

/** Template lines: [template, line no, account, side, factor of the voucher's base amount, aux dimension]. */
const TEMPLATES: [number, number, string, 'd' | 'c', string, '' | 'customer' | 'supplier', string][] = [
  // 采购入库 (4)
  [0, 1, '1405', 'd', '0.6', '', '采购入库 废钢'],
  [0, 2, '1403', 'd', '0.4', '', '采购入库 废铜'],
  [0, 3, '22210101', 'd', '0.13', '', '进项税额'],
  [0, 4, '2202', 'c', '1.13', 'supplier', '应付货款'],
  // 销售出库 + 结转成本 (5)
  [1, 1, '1122', 'd', '1.13', 'customer', '销售 废钢'],
  [1, 2, '5001', 'c', '1', '', '销售 废钢'],
  [1, 3, '22210107', 'c', '0.13', '', '销项税额'],
  [1, 4, '5401', 'd', '0.8', '', '结转销售成本'],
  [1, 5, '1405', 'c', '0.8', '', '结转销售成本'],
  // 收款 (2)
  [2, 1, '1002', 'd', '1', '', '收到货款'],
  [2, 2, '1122', 'c', '1', 'customer', '收到货款'],
  // 付款 (2)
  [3, 1, '2202', 'd', '1', 'supplier', '支付货款'],
  [3, 2, '1002', 'c', '1', '', '支付货款'],
  // 计提并发放工资 (5)
  [4, 1, '560101', 'd', '0.05', '', '计提销售人员工资'],
  [4, 2, '560201', 'd', '0.05', '', '计提管理人员工资'],
  [4, 3, '221101', 'c', '0.1', '', '计提工资'],
  [4, 4, '221101', 'd', '0.1', '', '发放工资'],
  [4, 5, '1002', 'c', '0.1', '', '发放工资'],
  // 税金及附加 (4)
  [5, 1, '540303', 'd', '0.07', '', '城建税'],
  [5, 2, '540310', 'd', '0.03', '', '教育费附加'],
  [5, 3, '222113', 'c', '0.07', '', '应交城建税'],
  [5, 4, '222114', 'c', '0.03', '', '应交教育费附加'],
];
const LINES_PER_CYCLE = TEMPLATES.length; // 22 lines per 6 vouchers

/** A new book of the company (POST account-set/save) with `lines` voucher lines loaded by SQL (see the header). */
async function loadBook(base: string, token: string, db: Db, name: string, lines: number) {
  let t0 = performance.now();
  const [company] = await db.select({ id: dept.id }).from(dept).where(eq(dept.parentId, '0')).limit(1);
  const created = await caller(base, token, { 'Current-Dept-Id': company.id })(`${FIN}/account-set/save`, {
    name,
    accountingSystem: 1,
    taxNature: '1',
    enableInvoice: '0',
    industryInvolved: 3,
    dutyParagraph: '91310000MA1FL0XX3K',
    taxAddress: '310104',
    isDefault: '0',
    enableDate: `${YEAR}-01-01`,
  });
  if (created.code !== 200) throw new Error(`account-set/save: ${JSON.stringify(created)}`);
  const bookId: string = created.data.id;
  const api = caller(base, token, { 'Current-Dept-Id': company.id, 'Current-Account-Set-Id': bookId });

  // 辅助核算: 300 customers, 300 suppliers, required on 1122 / 2202
  t0 = performance.now();
  const dims = await db
    .select({ id: finDimension.id, name: finDimension.name })
    .from(finDimension)
    .where(eq(finDimension.accountSetId, bookId));
  const dimId = (name: string) => dims.find((d) => d.name === name)!.id;
  const cust = dimId('客户');
  const supp = dimId('供应商');
  for (const [d, prefix, label] of [
    [cust, 'KH', '客户'],
    [supp, 'GYS', '供应商'],
  ]) {
    await db.execute(sql`
      insert into izs_fin_dimension_data (tenant_id, dept_id, account_set_id, dimension_id, code, name)
      select '000000', ${company.id}, ${bookId}, ${d}, ${prefix} || lpad(g::text, 4, '0'), ${label} || g
        from generate_series(1, 300) g`);
  }
  await db.execute(
    sql`update izs_fin_account set aux_dims = ${cust} where account_set_id = ${bookId} and code = '1122'`,
  );
  await db.execute(
    sql`update izs_fin_account set aux_dims = ${supp} where account_set_id = ${bookId} and code = '2202'`,
  );
  const custItems = await rows<{ id: string }>(
    db,
    sql`select id::text from izs_fin_dimension_data where dimension_id = ${cust} order by id`,
  );
  const suppItems = await rows<{ id: string }>(
    db,
    sql`select id::text from izs_fin_dimension_data where dimension_id = ${supp} order by id`,
  );
  const [word] = await db
    .select({ word: voucherWord.word })
    .from(voucherWord)
    .where(and(eq(voucherWord.accountSetId, bookId), eq(voucherWord.isDefault, 1)));
  // every template account must be a leaf of the chart
  const leaves = new Set(
    (
      await rows<{ code: string }>(
        db,
        sql`select a.code from izs_fin_account a where a.account_set_id = ${bookId} and a.is_deleted = 0
             and not exists (select 1 from izs_fin_account c where c.account_set_id = a.account_set_id
                               and c.parent_code = a.code and c.is_deleted = 0)`,
      )
    ).map((r) => r.code),
  );
  for (const t of TEMPLATES) if (!leaves.has(t[2])) throw new Error(`template account ${t[2]} is not a leaf`);

  // vouchers per month: enough cycles of the six templates for LINES lines
  const vouchersTotal = Math.round((lines / LINES_PER_CYCLE) * 6);
  const perMonth = Math.ceil(vouchersTotal / 12);
  const [admin] = await rows<{ id: string }>(
    db,
    sql`select id::text from blade_user where account = 'admin' and tenant_id = '000000'`,
  );
  const tpl = sql.raw(
    `(values ${TEMPLATES.map(
      ([t, n, code, side, f, auxDim, summary]) =>
        `(${t}, ${n}, '${code}', '${side}', ${f}::numeric, '${auxDim}', '${summary}')`,
    ).join(', ')}) as tpl(t, line_no, code, side, factor, aux_dim, summary)`,
  );
  const custArr = `{${custItems.map((r) => r.id).join(',')}}`;
  const suppArr = `{${suppItems.map((r) => r.id).join(',')}}`;
  for (let m = 1; m <= 12; m++) {
    const period = `${YEAR}-${String(m).padStart(2, '0')}`;
    const n = m < 12 ? perMonth : vouchersTotal - perMonth * 11;
    // base amount: a multiple of 100 yuan (so 13 %, 7 %, 3 % … stay exact to the fen), 100 … 50,000
    await db.execute(sql`
      insert into izs_fin_voucher (tenant_id, dept_id, account_set_id, period, word, no, voucher_date, attachments,
                                   state, kind, debit_total, credit_total, summary, create_user, update_user,
                                   reviewer, review_time, poster, post_time)
      select '000000', ${company.id}, ${bookId}, ${period}, ${word.word}, g,
             ${period} || '-' || lpad((1 + g % 28)::text, 2, '0'), 1, 'posted', 'manual',
             t.total, t.total, t.summary, ${admin.id}, ${admin.id}, ${admin.id}, now(), ${admin.id}, now()
        from generate_series(1, ${n}) g
        cross join lateral (
          select sum(case when tpl.side = 'd' then round(100 * (1 + (g * 7919) % 500) * tpl.factor, 2) else 0 end) as total,
                 min(tpl.summary) filter (where tpl.line_no = 1) as summary
            from ${tpl} where tpl.t = g % 6) t`);
    await db.execute(sql`
      insert into izs_fin_voucher_line (tenant_id, account_set_id, voucher_id, line_no, period, summary, account_code,
                                        aux, aux_key, debit, credit, posted)
      select '000000', v.account_set_id, v.id, tpl.line_no, v.period, tpl.summary, tpl.code,
             case tpl.aux_dim when '' then null
               else jsonb_build_object(x.dim::text, x.item::text) end,
             case tpl.aux_dim when '' then '' else x.dim::text || ':' || x.item::text end,
             case when tpl.side = 'd' then round(100 * (1 + (v.no * 7919) % 500) * tpl.factor, 2) else 0 end,
             case when tpl.side = 'c' then round(100 * (1 + (v.no * 7919) % 500) * tpl.factor, 2) else 0 end,
             1
        from izs_fin_voucher v
        join ${tpl} on tpl.t = v.no % 6
        cross join lateral (
          select case tpl.aux_dim when 'customer' then ${cust}::bigint else ${supp}::bigint end as dim,
                 case tpl.aux_dim
                   when 'customer' then (${custArr}::bigint[])[1 + (v.no * 31) % ${custItems.length}]
                   else (${suppArr}::bigint[])[1 + (v.no * 37) % ${suppItems.length}] end as item) x
       where v.account_set_id = ${bookId} and v.period = ${period}`);
    await db.execute(sql`
      insert into izs_fin_voucher_counter (account_set_id, period, word, last)
      values (${bookId}, ${period}, ${word.word}, ${n})
      on conflict (account_set_id, period, word) do update set last = excluded.last`);
    process.stdout.write(`\r${name}: loading… ${m}/12 months`);
  }
  await db.execute(sql`analyze izs_fin_voucher`);
  await db.execute(sql`analyze izs_fin_voucher_line`);
  // PGlite runs in this thread: the load held the event loop for minutes, so the server's keep-alive timer and the
  // client's pooled socket both expired unseen. Let the timers run before the next request, or it is sent on a socket
  // the server closes in the same turn (ECONNRESET).
  await new Promise((done) => setTimeout(done, 200));
  const [count] = await rows<{ n: number; v: number; d: string; c: string }>(
    db,
    sql`select count(*)::int as n, count(distinct voucher_id)::int as v, sum(debit)::text as d, sum(credit)::text as c
          from izs_fin_voucher_line where account_set_id = ${bookId}`,
  );
  const loadS = (performance.now() - t0) / 1000;
  console.log(
    `\r${name}: loaded ${count.n.toLocaleString()} lines in ${count.v.toLocaleString()} posted vouchers (12 months, Σdebit ${count.d} = Σcredit ${count.c}: ${count.d === count.c ? 'balanced' : 'NOT BALANCED'}) in ${loadS.toFixed(1)} s`,
  );

  return { bookId, deptId: company.id as string, api, word, cust, custItems };
}

/** CPU ms (user + system, every thread of this process: the server and the saves' client) since `from`. */
const cpuMsSince = (from: NodeJS.CpuUsage) => {
  const d = process.cpuUsage(from);
  return (d.user + d.system) / 1000;
};

async function main() {
  console.log(
    `Loopyard ledger bench — ${SAVES_ONLY ? `saves only (${SMALL_LINES.toLocaleString()}-line book)` : `${LINES.toLocaleString()} voucher lines`}, db=${DB} (${loadLine()})`,
  );
  const t0 = performance.now();
  const srv = await bootInProcess(DB);
  const { base, database, where } = srv;
  const db = database.db;
  try {
    console.log(`database: ${where}; migrated + seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

    const token = (await signIn(base)).access_token;
    const small = await loadBook(base, token, db, '基准测试账套 (小)', SMALL_LINES);
    const big = SAVES_ONLY ? small : await loadBook(base, token, db, '基准测试账套', LINES);
    const { bookId, word, cust, custItems } = big;
    const medians: Record<string, number[]> = {};
    if (!SAVES_ONLY) {
      // ---- reads: the same three statements on both books ----
      const reads: [string, string, Record<string, string>][] = [
        ['trial balance 2025-01…12', `${FIN}/ledger/balance`, { periodFrom: `${YEAR}-01`, periodTo: `${YEAR}-12` }],
        ['balance sheet 2025-12', `${FIN}/report/balance-sheet`, { period: `${YEAR}-12` }],
        ['income statement 2025-12', `${FIN}/report/income-statement`, { period: `${YEAR}-12` }],
      ];
      const target = DB === 'pg' ? 1000 : 3000;
      for (const [label, book, lines] of [
        ['small', small, SMALL_LINES],
        ['big', big, LINES],
      ] as const) {
        console.log(
          `\n${`${lines.toLocaleString()} lines: endpoint`.padEnd(34)}   median      min      max   (${RUNS} runs after 1 warm-up; target ≤ ${target} ms)`,
        );
        medians[label] = [];
        for (const [name, path, query] of reads) {
          const times: number[] = [];
          let note = '';
          for (let i = 0; i <= RUNS; i++) {
            const s = performance.now();
            const r = await book.api(path, undefined, query);
            const took = performance.now() - s;
            if (r.code !== 200) throw new Error(`${path}: ${JSON.stringify(r).slice(0, 300)}`);
            if (i > 0) times.push(took);
            else if ('balanced' in r.data) note = `balanced=${r.data.balanced}`;
            else if (r.data.rows)
              note = `${r.data.rows.length} rows${r.data.balanced !== undefined ? `, balanced=${r.data.balanced}` : ''}`;
          }
          const st = stats(times);
          medians[label].push(st.p50);
          console.log(
            `${name.padEnd(34)} ${ms(st.p50).padStart(9)} ${ms(Math.min(...times)).padStart(9)} ${ms(st.max).padStart(9)}   ${st.p50 <= target ? 'met' : 'MISSED'}  ${note}`,
          );
        }
      }
      // the SQL behind them (ledger-data.ts loadLedger: the maintained period sums), alone; BENCH_EXPLAIN=1 prints its plan
      for (const withAux of [false, true]) {
        const times: number[] = [];
        const q = sql`select account_code as code, ${withAux ? sql`aux_key` : sql`''`} as aux, period, carry_forward as cf,
                sum(debit)::text as d, sum(credit)::text as c
              from izs_fin_period_sum where account_set_id = ${bookId} and period <= ${`${YEAR}-12`}
              group by 1, 2, 3, 4 having sum(lines) > 0`;
        for (let i = 0; i <= RUNS; i++) {
          const s = performance.now();
          await rows(db, q);
          if (i > 0) times.push(performance.now() - s);
        }
        if (process.env.BENCH_EXPLAIN) {
          const plan = await rows<Record<string, string>>(db, sql`explain (analyze, buffers) ${q}`);
          console.log(plan.map((r) => `    ${Object.values(r)[0]}`).join('\n'));
        }
        console.log(
          `${`  SQL period sums${withAux ? ' (with aux_key)' : ''}`.padEnd(34)} ${ms(stats(times).p50).padStart(9)}   (direct, no HTTP)`,
        );
      }
    }

    // ---- saves ----
    const saveBody = (i: number) => {
      const a = 100 * (1 + ((i * 7919) % 500));
      const tax = (a * 0.13).toFixed(2);
      return {
        word: word.word,
        voucherDate: `${YEAR}-12-${String(1 + (i % 28)).padStart(2, '0')}`,
        attachments: 1,
        lines: [
          {
            summary: '销售 废钢',
            accountCode: '1122',
            debit: (a + Number(tax)).toFixed(2),
            aux: { [cust]: custItems[i % custItems.length].id },
          },
          { summary: '销售 废钢', accountCode: '5001', credit: a.toFixed(2) },
          { summary: '销项税额', accountCode: '22210107', credit: tax },
          { summary: '收到货款', accountCode: '1002', debit: '100.00' },
          { summary: '收到货款', accountCode: '1001', credit: '100.00' },
        ],
      };
    };
    // the saves' client runs in a worker thread (lib.ts workerCaller): its HTTP work is not queued with the server's
    // in this event loop, and each save is timed there, from the request's write to the answer's last byte
    const client = workerCaller(base, token, { 'Current-Dept-Id': big.deptId, 'Current-Account-Set-Id': bookId });
    let saved = 0;
    const save = async () => {
      const i = saved++;
      const { r, ms: took } = await client.call(`${FIN}/voucher/save`, saveBody(i));
      if (r.code !== 200) throw new Error(`voucher/save: ${JSON.stringify(r).slice(0, 300)}`);
      return took;
    };
    for (let i = 0; i < 5; i++) await save(); // warm-up
    console.log(`\nvoucher/save (5 lines, one with a customer), ${SAVES} saves each:`);
    let sequential = { perS: 0, p50: 0 };
    for (const conc of [1, 8]) {
      const lat: number[] = [];
      const s = performance.now();
      const elu = performance.eventLoopUtilization();
      const cpu = process.cpuUsage();
      let left = SAVES;
      await Promise.all(
        Array.from({ length: conc }, async () => {
          while (left > 0) {
            left--;
            lat.push(await save());
          }
        }),
      );
      const wall = (performance.now() - s) / 1000;
      const busy = performance.eventLoopUtilization(elu).active / SAVES;
      const cpuMs = cpuMsSince(cpu) / SAVES;
      const st = stats(lat);
      if (conc === 1) sequential = { perS: SAVES / wall, p50: st.p50 };
      console.log(
        `  ${conc === 1 ? 'sequential  ' : `concurrent ${conc}`}  ${(SAVES / wall).toFixed(1).padStart(6)} vouchers/s   p50 ${ms(st.p50)}  p99 ${ms(st.p99)}   server event loop busy ${ms(busy)}, process CPU ${ms(cpuMs)} a save`,
      );
    }
    await client.close();
    const [nos] = await rows<{ n: number; max: number }>(
      db,
      sql`select count(*)::int as n, max(no)::int as max from izs_fin_voucher
           where account_set_id = ${bookId} and period = ${`${YEAR}-12`} and is_deleted = 0`,
    );
    console.log(
      `  numbering of ${YEAR}-12: ${nos.n} vouchers, last no ${nos.max} — ${nos.n === nos.max ? 'gapless OK' : 'GAPS'}`,
    );
    // the floor: the same rows (a voucher and its 5 lines) inserted by plain SQL in one transaction, sequentially
    // (the book's department and word, the admin as author: the foreign keys of issue 22 hold them to real rows)
    const [{ id: adminId }] = await rows<{ id: string }>(
      db,
      sql`select id::text from blade_user where tenant_id = '000000' and account = 'admin' and is_deleted = 0`,
    );
    const raw: number[] = [];
    const rawElu = performance.eventLoopUtilization();
    const rawCpu = process.cpuUsage();
    for (let i = 0; i < SAVES; i++) {
      const s = performance.now();
      await db.transaction(async (tx) => {
        const [v] = await rows<{ id: string }>(
          tx,
          sql`insert into izs_fin_voucher (tenant_id, dept_id, account_set_id, period, word, no, voucher_date, attachments,
                                           state, kind, debit_total, credit_total, summary, create_user, update_user)
              select '000000', b.dept_id, b.id, '2026-01', ${word.word}, ${i + 1}, '2026-01-05', 1, 'saved', 'manual',
                     100, 100, 'raw', ${adminId}, ${adminId}
                from izs_fin_account_set b where b.id = ${bookId}
              returning id::text`,
        );
        await tx.execute(sql`
          insert into izs_fin_voucher_line (tenant_id, account_set_id, voucher_id, line_no, period, summary, account_code,
                                            debit, credit)
          select '000000', ${bookId}, ${v.id}, g, '2026-01', 'raw', case when g % 2 = 1 then '1001' else '1002' end,
                 case when g = 1 then 100 else 0 end, case when g = 2 then 100 else 0 end
            from generate_series(1, 5) g`);
      });
      raw.push(performance.now() - s);
    }
    const rawBusy = performance.eventLoopUtilization(rawElu).active / SAVES;
    const rawCpuMs = cpuMsSince(rawCpu) / SAVES;
    const rawP50 = stats(raw).p50;
    console.log(
      `  raw insert (1 voucher + 5 lines, one transaction, plain SQL): p50 ${ms(rawP50)}   event loop busy ${ms(rawBusy)}, process CPU ${ms(rawCpuMs)} an insert`,
    );
    console.log(`after: ${loadLine()}`);
    if (!SAVES_ONLY) {
      const tb = (label: string) => medians[label][0];
      console.log(`figure: statements scaling 1M/10k = ${(tb('big') / tb('small')).toFixed(2)}`);
      console.log(`figure: statements 1M ms = ${Math.max(...medians.big).toFixed(1)}`);
    }
    console.log(`figure: voucher save ratio to raw insert = ${(sequential.p50 / rawP50).toFixed(2)}`);
    console.log(`figure: voucher saves per s = ${sequential.perS.toFixed(1)}`);
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
