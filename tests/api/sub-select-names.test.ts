// @vitest-environment node
/**
 * The names and counts a list reads through a sub-select of another table (the engine's `joins`) are the rows they
 * name, on the demo: each figure against an independent SQL query. They were not — the sub-selects compared with a
 * bare outer column that the inner table also has, so they read their own rows (tests/lint/outer-columns.test.ts):
 * 车辆分组 showed 0 cars, 司机 no plates, 物料分类 no parent, 入库单 no 创建人, 项目 0 sites, a signed contract unsigned.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../server/db/client.ts';
import { boot, call, login, type TestApp } from './helpers.ts';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await boot({ captchaMode: false });
  token = (await login(t, 'admin')).access_token;
}, 120_000);
afterAll(async () => {
  await t?.close();
});

// biome-ignore lint/suspicious/noExplicitAny: list records are read field by field
async function records(path: string): Promise<any[]> {
  const r = await call(t, path, { token, query: { current: 1, size: 100 } });
  expect(r.status).toBe(200);
  const data = r.body.data;
  return Array.isArray(data) ? data : data.records;
}
const byId = async (q: ReturnType<typeof sql>) =>
  new Map((await rows<{ id: string; v: string | number | null }>(t.database.db, q)).map((r) => [r.id, r.v]));

describe('sub-selected names and counts are the rows they name', () => {
  it('车辆分组: cars in the group', async () => {
    const want = await byId(
      sql`select g.id::text as id, (select count(*)::int from lg_car c where c.group_id = g.id and c.is_deleted = 0) as v
        from lg_car_group g where g.is_deleted = 0`,
    );
    const list = await records('/api/izs-logistical/car-group/page');
    expect(list.length).toBeGreaterThan(0);
    for (const g of list) expect(g.carCount, g.name).toBe(want.get(g.id));
    expect(list.some((g) => g.carCount > 0)).toBe(true);
  });

  it('司机: the plates of the driver’s cars', async () => {
    const want = await byId(
      sql`select d.id::text as id, coalesce((select string_agg(c.plate, '、' order by c.plate) from lg_car c
          where c.driver_id = d.id and c.is_deleted = 0), '') as v from lg_driver d where d.is_deleted = 0`,
    );
    const list = await records('/api/izs-logistical/driver/page');
    for (const d of list) expect(String(d.plates).split('、').sort().join('、'), d.name).toBe(want.get(d.id));
    expect(list.some((d) => d.plates !== '')).toBe(true);
  });

  it('物料分类: the parent’s name', async () => {
    const want = await byId(sql`select id::text as id, name as v from izs_material_category where is_deleted = 0`);
    const list = await records('/api/izs-base/material-category/list');
    const children = list.filter((c) => c.parentId && c.parentId !== '0');
    expect(children.length).toBeGreaterThan(0);
    for (const c of children) expect(c.parentName, c.name).toBe(want.get(c.parentId));
  });

  it('入库单: 创建人 is the user who made it', async () => {
    const want = await byId(
      sql`select o.id::text as id, u.real_name as v from izs_stock_order o join blade_user u on u.id = o.create_user
        where o.doc_type = 'in_stock' and o.is_deleted = 0`,
    );
    const list = await records('/api/izs-stock/in-stock/page');
    expect(list.length).toBeGreaterThan(0);
    for (const o of list) expect(o.createUserName, o.orderNo).toBe(want.get(o.id) ?? null);
    expect(list.every((o) => o.createUserName)).toBe(true);
  });

  it('项目: its sites; 贸易合同: signed when it has a signature', async () => {
    const sites = await byId(
      sql`select p.id::text as id, (select count(*)::int from izs_project_site s where s.project_id = p.id
          and s.is_deleted = 0) as v from izs_project p where p.is_deleted = 0`,
    );
    const projects = await records('/api/izs-sell/project/page');
    expect(projects.length).toBeGreaterThan(0);
    for (const p of projects) expect(p.siteCount, p.name).toBe(sites.get(p.id));
    expect(projects.some((p) => p.siteCount > 0)).toBe(true);

    const signed = await byId(
      sql`select c.id::text as id, (case when exists (select 1 from izs_contract_signature s where s.contract_id = c.id)
          then 1 else 0 end) as v from izs_trading_contract c where c.is_deleted = 0`,
    );
    const contracts = await records('/api/izs-sell/trading-contract/page');
    for (const c of contracts) expect(c.signed, c.contractNo).toBe(signed.get(c.id));
    expect(contracts.some((c) => c.signed === 1)).toBe(true);
  });
});
