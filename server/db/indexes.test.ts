// @vitest-environment node
/**
 * The page benchmark's indexes are usable by the queries the engine writes (a name or collation that does not
 * match leaves an index unused without any error): checked on the plans, with sequential scans priced out.
 */
import { and, desc, eq, gte, ilike, inArray, lte, or, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRACK_SLOW_MS } from '../../core/contract/blade-system/track-api-log.contract.ts';
import { type Database, openDatabase, rows, runMigrations } from './client.ts';
import { apiLog, arDoc, arInvoice, material, stockOrder, voucher } from './schema/index.ts';

let database: Database;
beforeAll(async () => {
  database = await openDatabase('memory');
  await runMigrations(database);
  // no department (an unseeded database has none; dept_id references blade_dept since issue 22's keys)
  await database.db.execute(sql`insert into izs_material (tenant_id, dept_id, code, name, unit, price_unit, create_time)
    select '000000', null, 'BM' || lpad(g::text, 6, '0'), '废钢-' || g, 't', 'yuan_per_tonne', now()
      from generate_series(1, 50000) g`);
  await database.db.execute(sql`analyze izs_material`);
  await database.db.execute(sql`set enable_seqscan = off`);
});
afterAll(async () => {
  await database?.close();
});

async function plan(q: { toSQL(): { sql: string; params: unknown[] } }): Promise<string> {
  const { sql: text, params } = q.toSQL();
  const client = (database.db as unknown as { $client: { query<T>(s: string, p: unknown[]): Promise<{ rows: T[] }> } })
    .$client;
  const r = await client.query<{ 'QUERY PLAN': string }>(`explain ${text}`, params);
  return r.rows.map((x) => x['QUERY PLAN']).join('\n');
}

describe('material page indexes', () => {
  const live = and(eq(material.tenantId, '000000'), eq(material.isDeleted, 0));

  it('物料编码 contains-search (code collate "C" ILIKE) uses the trigram index', async () => {
    const q = database.db
      .select({ id: material.id })
      .from(material)
      .where(and(live, ilike(sql`${material.code} collate "C"`, '%bm0123%')));
    expect(await plan(q)).toContain('izs_material_code_trgm_idx');
  });

  it('参考单价 ordering reads the price index', async () => {
    const q = database.db
      .select({ id: material.id })
      .from(material)
      .where(live)
      .orderBy(desc(material.defaultPrice), desc(material.id))
      .limit(10);
    expect(await plan(q)).toContain('izs_material_price_idx');
  });

  it('pg_trgm is installed by the migrations', async () => {
    const r = await rows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from pg_extension where extname = 'pg_trgm'`,
    );
    expect(r[0].n).toBe(1);
  });
});

describe('a busy year: what the dashboard and the logs read does not grow with the history (issue 25)', () => {
  it('接口跟踪日志 (failed or slow calls) reads the tracked index', async () => {
    const tracked = or(gte(apiLog.status, 400), gte(apiLog.time, TRACK_SLOW_MS));
    const q = database.db
      .select({ id: apiLog.id })
      .from(apiLog)
      .where(and(eq(apiLog.tenantId, '000000'), tracked))
      .orderBy(desc(apiLog.createTime))
      .limit(10);
    expect(await plan(q)).toContain('blade_log_api_tracked_idx');
  });

  it('the vouchers to review or post read the open index', async () => {
    const q = database.db
      .select({ n: sql`count(*)` })
      .from(voucher)
      .where(
        and(eq(voucher.tenantId, '000000'), eq(voucher.isDeleted, 0), sql`${voucher.state} in ('saved', 'reviewed')`),
      );
    expect(await plan(q)).toContain('izs_fin_voucher_open_idx');
  });

  it('the open reviewed 应收单 due by today read the open index', async () => {
    const q = database.db
      .select({ n: sql`count(*)` })
      .from(arDoc)
      .where(
        and(
          eq(arDoc.tenantId, '000000'),
          eq(arDoc.isDeleted, 0),
          eq(arDoc.side, 'ar'),
          eq(arDoc.state, 'reviewed'),
          sql`${arDoc.amount} > ${arDoc.settled}`,
          sql`${arDoc.dueDate} < '2026-11-30'`,
        ),
      );
    expect(await plan(q)).toContain('izs_ar_doc_open_idx');
  });

  it('a kind of document over a range of days reads the kind-state-day index', async () => {
    const q = database.db
      .select({ id: stockOrder.id })
      .from(stockOrder)
      .where(
        and(
          eq(stockOrder.tenantId, '000000'),
          eq(stockOrder.state, 'reviewed'),
          inArray(stockOrder.docType, ['in_stock', 'purchase_return']),
          gte(stockOrder.orderDate, '2026-11-01'),
          lte(stockOrder.orderDate, '2026-11-30'),
        ),
      );
    expect(await plan(q)).toContain('izs_stock_order_type_date_idx');
  });
});

/**
 * The year's document lists: one kind of row (a side, a direction, a document kind), newest first, ten a page — each
 * read backwards from its index, never a sort of the whole kind.
 */
describe('document lists over a year read their index backwards (no sort of the whole kind)', () => {
  const T = '000000';
  const cases = [
    {
      name: '应收单 / 应付单: one side by document date',
      index: 'izs_ar_doc_side_date_idx',
      q: () =>
        database.db
          .select({ id: arDoc.id })
          .from(arDoc)
          .where(and(eq(arDoc.tenantId, T), eq(arDoc.isDeleted, 0), eq(arDoc.side, 'ap')))
          .orderBy(desc(arDoc.docDate), desc(arDoc.id))
          .limit(10),
    },
    {
      name: '进项 / 销项发票: one direction by invoice date',
      index: 'izs_ar_invoice_direction_date_idx',
      q: () =>
        database.db
          .select({ id: arInvoice.id })
          .from(arInvoice)
          .where(and(eq(arInvoice.tenantId, T), eq(arInvoice.isDeleted, 0), eq(arInvoice.direction, 'in')))
          .orderBy(desc(arInvoice.invoiceDate), desc(arInvoice.id))
          .limit(10),
    },
    {
      name: 'stock documents: one kind by creation',
      index: 'izs_stock_order_kind_page_idx',
      q: () =>
        database.db
          .select({ id: stockOrder.id })
          .from(stockOrder)
          .where(and(eq(stockOrder.tenantId, T), eq(stockOrder.isDeleted, 0), eq(stockOrder.docType, 'in_stock')))
          .orderBy(desc(stockOrder.createTime), desc(stockOrder.id))
          .limit(10),
    },
  ];
  it.each(cases)('$name reads $index', async ({ index, q }) => {
    const p = await plan(q());
    expect(p).toMatch(new RegExp(`Index (Only )?Scan Backward using ${index}\\b`));
    expect(p).not.toContain('Sort');
  });
});
