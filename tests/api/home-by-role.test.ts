// @vitest-environment node
/**
 * 首页 by role (issue 26): GET /api/izs-visual/dashboard/work answers each block only to those who may view its list,
 * with figures that agree with the registry and the tables; the weighing station reads its cameras through
 * GET /api/izs-sell/cameras/station with the station's grant (a clerk without the 摄像头 menu got a 403 before).
 */
import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WorkbenchAnswer } from '../../core/contract/izs-visual/workbench.contract.ts';
import { type BaseCtx, bootBase } from './base-suite.ts';
import { call } from './helpers.ts';

let c: BaseCtx;
beforeAll(async () => {
  c = await bootBase();
}, 600_000);
afterAll(async () => {
  await c?.t.close();
});

const work = async (token: string): Promise<WorkbenchAnswer> => {
  const r = await call<{ data: WorkbenchAnswer }>(c.t, '/api/izs-visual/dashboard/work', { token });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data;
};
const rows = async <T>(q: ReturnType<typeof sql>) =>
  ((await c.t.database.db.execute(q)) as unknown as { rows: T[] }).rows;

describe('首页 by role', () => {
  it("the administrator's home: system figures, trade by material, stock, cash, period and every quick link", async () => {
    const w = await work(c.admin);
    expect(w.system).toBe(true);
    expect(w.links.map((l) => l.title)).toContain('用户管理');
    expect(w.links.map((l) => l.title)).toContain('录入凭证');
    expect(w.trade).not.toBeNull();
    expect(w.stock).not.toBeNull();
    expect(w.finance).not.toBeNull();
    expect(w.finance?.currentPeriod).toMatch(/^\d{4}-\d{2}$/);
    expect(w.cashBank).not.toBeNull();
    // today's trade by material adds up to the registry's 今日采购额 / 今日销售额 less 直发单 (one truth)
    const metrics = await call(c.t, '/api/izs-visual/metrics', {
      token: c.admin,
      query: { names: 'purchaseAmountToday' },
    });
    const purchase = (w.trade ?? []).reduce((s, t) => s.plus(t.inAmount), new Decimal(0));
    expect(purchase.toFixed(2)).toBe(metrics.body.data[0].value);
    // stock by material = the stock rows of the tenant, summed independently
    const [st] = await rows<{ qty: string; amount: string }>(
      sql`select coalesce(sum(qty), 0)::numeric(18,3)::text as qty, coalesce(sum(amount), 0)::numeric(18,2)::text as amount
          from izs_stock where tenant_id = '000000'`,
    );
    const qty = (w.stock ?? []).reduce((s, r) => s.plus(r.qtyKg), new Decimal(0));
    const amount = (w.stock ?? []).reduce((s, r) => s.plus(r.amount), new Decimal(0));
    expect(qty.toFixed(3)).toBe(new Decimal(st.qty).toFixed(3));
    expect(amount.toFixed(2)).toBe(new Decimal(st.amount).toFixed(2));
    // the period: the month after the last closed one
    const [book] = await rows<{ closed: string }>(
      sql`select closed_through as closed from izs_fin_account_set where tenant_id = '000000' and is_default = '1' and is_deleted = 0 order by id limit 1`,
    );
    expect(w.finance?.closedThrough).toBe(book.closed);
  });

  it("the weighbridge clerk's home: their weighings and the waiting trucks, no system, books or cash", async () => {
    const w = await work(c.clerk);
    expect(w.system).toBe(false);
    expect(w.links.map((l) => l.title)).toContain('过磅作业');
    expect(w.links.map((l) => l.title)).not.toContain('用户管理');
    expect(w.finance).toBeNull();
    expect(w.reconcile).toBeNull();
    expect(w.cashBank).toBeNull();
    expect(w.station).not.toBeNull();
    const [mine] = await rows<{ n: number }>(
      sql`select count(*)::int as n from izs_weighing_order o join blade_user u on u.account = 'clerk' and u.tenant_id = o.tenant_id
          where o.is_deleted = 0 and (o.first_operator = u.id or o.second_operator = u.id)
            and (o.first_time at time zone ${c.t.config.tz})::date = (now() at time zone ${c.t.config.tz})::date`,
    );
    expect(w.station?.mineToday).toBe(mine.n);
    const [waiting] = await rows<{ n: number }>(
      sql`select count(*)::int as n from izs_weighing_order o join blade_user u on u.account = 'clerk' and u.tenant_id = o.tenant_id
          where o.is_deleted = 0 and o.weigh_state = 'first' and o.tenant_id = u.tenant_id`,
    );
    // the clerk's data scope may narrow the waiting trucks, never widen them
    expect(w.station?.waitingCount).toBeLessThanOrEqual(waiting.n);
  });

  it('the station reads its cameras with the station grant; the camera menu stays closed to the clerk', async () => {
    const [wb] = await rows<{ id: string; n: number }>(
      sql`select weighbridge_id::text as id, count(*)::int as n from izs_camera
          where tenant_id = '000000' and is_deleted = 0 and status = 1 group by weighbridge_id order by 2 desc limit 1`,
    );
    expect(wb?.n).toBeGreaterThan(0);
    const r = await call(c.t, '/api/izs-sell/cameras/station', { token: c.clerk, query: { weighbridgeId: wb.id } });
    expect(r.status).toBe(200);
    expect(r.body.data).toHaveLength(wb.n);
    for (const cam of r.body.data) {
      expect(cam.snapshotUrl).not.toMatch(/:\/\/[^/]*:[^/]*@/); // no credentials
    }
    const none = await call(c.t, '/api/izs-sell/cameras/station', { token: c.clerk, query: { weighbridgeId: '123' } });
    expect(none.body.data).toEqual([]);
  });
});
