// @vitest-environment node
/**
 * The one numbering service (issue 23, server/platform/numbering.ts) through the real HTTP app: parallel creates of
 * one kind get distinct, consecutive numbers of today with no gap and no error — 运输单 (YD…, drawn by a racy
 * count(*)+1 with the 应收单's prefix YS before), 库存磅单 (KC…, max()+1 under an advisory lock before) and 入库单
 * (RK…, with refused creates in between: a rolled-back create gives its number back). Also: another tenant's draws
 * do not advance ours, and migration 0033 carries the numbers already issued over into the sequence.
 *
 * On PostgreSQL (DATABASE_URL) the creates really run side by side; on PGlite (one connection) they queue.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_PREFIX, type OrderKind } from '../../core/stock/order-no.ts';
import { lgOrder, lgSite, orderSequence, stockOrder, stockWeighOrder } from '../../server/db/schema/index.ts';
import { drawOrderNo } from '../../server/platform/numbering.ts';
import { formatDate } from '../../server/platform/time.ts';
import { OTHER_TENANT } from './base-suite.ts';
import { apiOf, bootStock, P, type StockCtx } from './stock-helpers.ts';

const N = 20;
let c: StockCtx;
let day = '';

beforeAll(async () => {
  c = await bootStock();
  day = formatDate(new Date(), c.t.config.tz).replaceAll('-', '');
}, 120_000);
afterAll(async () => {
  await c?.t.close();
});

/** The sequence numbers of today's numbers of `kind` among `nos`, ascending. */
function seqsOf(kind: OrderKind, nos: string[]): number[] {
  const head = `${ORDER_PREFIX[kind]}${day}`;
  for (const no of nos) expect(no).toMatch(new RegExp(`^${head}\\d{4}$`));
  return nos.map((no) => Number(no.slice(head.length))).sort((a, b) => a - b);
}

/** `n` consecutive integers from `from`. */
const run = (from: number, n: number) => Array.from({ length: n }, (_, i) => from + i);

/** The highest sequence of today's numbers of `kind` in a column (0 when none). */
async function highest(kind: OrderKind, col: typeof lgOrder.orderNo | typeof stockWeighOrder.orderNo) {
  const head = `${ORDER_PREFIX[kind]}${day}`;
  const [r] = await c.t.database.db
    .select({ max: sql<string | null>`max(${col})` })
    .from(col.table)
    .where(like(col, `${head}%`));
  return r?.max ? Number(r.max.slice(head.length)) : 0;
}

describe('parallel creates: distinct, consecutive, no gap, no error', () => {
  it(`${N} 运输单 at once (YD…, no longer the 应收单's YS…)`, async () => {
    const sites = await c.t.database.db.select({ id: lgSite.id }).from(lgSite).where(eq(lgSite.tenantId, '000000'));
    const before = await highest('transportOrder', lgOrder.orderNo);
    const rs = await Promise.all(
      run(1, N).map((i) =>
        apiOf(c)('/api/izs-logistical/order/save', {
          body: {
            source: 'manual',
            originSiteId: sites[0].id,
            destSiteId: sites[1].id,
            materialName: '重废',
            plannedWeightT: '30.000',
            freightMode: 'ton',
            freightPrice: '40',
            carrierName: `并发物流${i}`,
          },
        }),
      ),
    );
    expect(rs.map((r) => r.body.msg)).toEqual(Array(N).fill('操作成功'));
    const rows = await c.t.database.db
      .select({ no: lgOrder.orderNo })
      .from(lgOrder)
      .where(like(lgOrder.carrierName, '并发物流%'));
    expect(rows).toHaveLength(N);
    expect(
      seqsOf(
        'transportOrder',
        rows.map((r) => r.no),
      ),
    ).toEqual(run(before + 1, N));
  });

  it(`${N} 库存磅单 at once (KC…)`, async () => {
    const before = await highest('stockWeigh', stockWeighOrder.orderNo);
    const rs = await Promise.all(
      run(1, N).map((i) =>
        apiOf(c)('/api/izs-base/stock-weigh-order/save', {
          body: {
            warehouseId: c.wh.CK01,
            weighbridgeId: c.wb.DB01,
            materialId: c.mat.WL0001,
            carNumber: `浙B${String(10000 + i)}`,
            grossKg: '38620',
            tareKg: '14280',
            deductKg: '0',
            weighTime: '2026-11-20 10:30:00',
            status: 1,
          },
        }),
      ),
    );
    expect(rs.map((r) => r.body.msg)).toEqual(Array(N).fill('操作成功'));
    expect(
      seqsOf(
        'stockWeigh',
        rs.map((r) => r.body.data.orderNo as string),
      ),
    ).toEqual(run(before + 1, N));
  });

  it(`${N} 入库单 at once with refused ones among them: the refused give their numbers back`, async () => {
    const before = await c.t.database.db
      .select({ no: stockOrder.orderNo })
      .from(stockOrder)
      .where(like(stockOrder.orderNo, `RK${day}%`));
    const from =
      Math.max(
        0,
        ...seqsOf(
          'inStock',
          before.map((r) => r.no),
        ),
      ) + 1;
    const bad = new Set([3, 9, 17]);
    const rs = await Promise.all(
      run(1, N + bad.size).map((i) =>
        apiOf(c)(`${P.inStock}/submit`, {
          body: {
            warehouseId: c.wh.T1,
            partyId: c.party.GYS001,
            lines: [{ materialId: bad.has(i) ? '999999999' : c.mat.WL0011, qty: '10', unitPrice: '1650' }],
          },
        }),
      ),
    );
    expect(rs.map((r) => r.status)).toEqual(run(1, N + bad.size).map((i) => (bad.has(i) ? 400 : 200)));
    const nos = rs.filter((r) => r.status === 200).map((r) => r.body.data.orderNo as string);
    expect(seqsOf('inStock', nos)).toEqual(run(from, N));
  });
});

describe('the sequence', () => {
  it("another tenant's draws do not advance ours; a rolled-back draw gives its number back", async () => {
    const db = c.t.database.db;
    const scope = { tenantId: '000000', tz: c.t.config.tz };
    const ours = await db.transaction((tx) => drawOrderNo(tx, 'offset', scope));
    await db.transaction((tx) => drawOrderNo(tx, 'offset', { ...scope, tenantId: OTHER_TENANT }));
    await db
      .transaction(async (tx) => {
        await drawOrderNo(tx, 'offset', scope);
        throw new Error('roll back');
      })
      .catch(() => {});
    const next = await db.transaction((tx) => drawOrderNo(tx, 'offset', scope));
    expect(seqsOf('offset', [ours, next])).toEqual(run(seqsOf('offset', [ours])[0], 2));
  });

  it('a fixed-width kind refuses its thousandth number of a day (报价单 BJ…001–999)', async () => {
    const db = c.t.database.db;
    await db
      .insert(orderSequence)
      .values({ tenantId: OTHER_TENANT, kind: 'materialQuote', day, last: 998 })
      .onConflictDoUpdate({
        target: [orderSequence.tenantId, orderSequence.kind, orderSequence.day],
        set: { last: 998 },
      });
    const scope = { tenantId: OTHER_TENANT, tz: c.t.config.tz };
    expect(await db.transaction((tx) => drawOrderNo(tx, 'materialQuote', scope))).toBe(`BJ${day}999`);
    await expect(db.transaction((tx) => drawOrderNo(tx, 'materialQuote', scope))).rejects.toThrow('今日报价单号已用完');
  });

  it('migration 0033 continues the 库存磅单 numbers already issued and renames the 应收应付 sequences', async () => {
    const db = c.t.database.db;
    // a day of the past, as the old code left it: KC by max()+1 without a sequence row, 应收单 under 'arap_YS'
    const then = { tenantId: '000000', tz: 'Asia/Shanghai', now: new Date('2020-01-01T04:00:00Z') };
    await db.execute(
      sql`insert into izs_stock_weigh_order (id, tenant_id, order_no, warehouse_id, material_id, is_deleted)
          values (nextval('loopyard_id_seq'), '000000', 'KC202001010041', ${c.wh.CK01}, ${c.mat.WL0001}, 1)`,
    );
    await db.insert(orderSequence).values({ tenantId: '000000', kind: 'arap_YS', day: '20200101', last: 7 });
    const file = join(import.meta.dirname, '../../server/db/migrations/0033_one_numbering.sql');
    for (const statement of readFileSync(file, 'utf8').split('--> statement-breakpoint')) {
      await db.execute(sql.raw(statement));
    }
    expect(await db.transaction((tx) => drawOrderNo(tx, 'stockWeigh', then))).toBe('KC202001010042');
    expect(await db.transaction((tx) => drawOrderNo(tx, 'receivable', then))).toBe('YS202001010008');
    const left = await db.select().from(orderSequence).where(like(orderSequence.kind, 'arap_%'));
    expect(left).toEqual([]);
  });
});
