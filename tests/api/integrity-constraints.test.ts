// @vitest-environment node
/**
 * Constraints in the schema (issue 22). The database itself holds the references and rules of
 * server/db/integrity.ts: foreign keys composite with tenant_id (a row points only at its own tenant's rows) and
 * CHECKs on amounts, weights, rates and states; migration 0029 proves the data before 0030 adds them, naming the
 * rows that break one. A cross-tenant reference answers a Chinese 400 naming the field, and a sweep of the second
 * tenant (made through tenant/submit) re-saving tenant 000000's rows — so every id-like field holds tenant 000000's
 * ids — gets none of their names back and stores no reference to them.
 */
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resourcePaths } from '../../core/contract/resource.ts';
import { rows } from '../../server/db/client.ts';
import { ALL_REFERENCES, CHECKS, checkName, constraintMessage, fkName } from '../../server/db/integrity.ts';
import { REGISTERED_RESOURCES } from '../../server/platform/crud/engine.ts';
import { call, login, type TestApp } from './helpers.ts';
import { bootWithSecondTenant, type SecondTenant, tenantIds, tenantTables } from './tenant-helpers.ts';

let t: TestApp;
let admin: string;
let other: SecondTenant;

beforeAll(async () => {
  ({ t, other } = await bootWithSecondTenant());
  admin = (await login(t, 'admin')).access_token;
}, 600_000);
afterAll(async () => {
  await t?.close();
});

const q1 = async <T>(query: ReturnType<typeof sql>) => (await rows<T>(t.database.db, query))[0];

/** The first live row of tenant 000000 in a table. */
const firstId = async (table: string) =>
  (
    await q1<{ id: string }>(
      sql`select id::text as id from ${sql.identifier(table)} where tenant_id = '000000' and is_deleted = 0 order by id limit 1`,
    )
  ).id;

describe('the schema holds the constraints', () => {
  it('every foreign key and CHECK of server/db/integrity.ts is in the database', async () => {
    const got = await rows<{ name: string; type: string }>(
      t.database.db,
      sql`select c.conname as name, c.contype as type from pg_constraint c join pg_namespace n on n.oid = c.connamespace
           where n.nspname = 'public' and c.contype in ('f', 'c')`,
    );
    const fks = new Set(got.filter((x) => x.type === 'f').map((x) => x.name));
    const checks = new Set(got.filter((x) => x.type === 'c').map((x) => x.name));
    console.log(`integrity: ${fks.size} foreign keys, ${checks.size} CHECK constraints (issue 22 found 0 and 0)`);
    expect(ALL_REFERENCES.map(fkName).filter((n) => !fks.has(n))).toEqual([]);
    expect(CHECKS.map(checkName).filter((n) => !checks.has(n))).toEqual([]);
    expect(fks.size).toBeGreaterThanOrEqual(200);
    expect(checks.size).toBeGreaterThanOrEqual(80);
    // composite where both sides are tenant data
    const composite = await q1<{ n: number }>(
      sql`select count(*)::int as n from pg_constraint c join pg_namespace n on n.oid = c.connamespace
           where n.nspname = 'public' and c.contype = 'f' and array_length(c.conkey, 1) = 2`,
    );
    expect(composite.n).toBeGreaterThanOrEqual(190);
  });

  it('the proof migration names the rows that would break a constraint', async () => {
    const proof = readFileSync(new URL('../../server/db/migrations/0029_integrity_proof.sql', import.meta.url), 'utf8');
    const db = t.database.db;
    const other0 = await firstId('izs_related_party');
    let message = '';
    try {
      await db.transaction(async (tx) => {
        await tx.execute(sql`alter table izs_supplier_contract drop constraint fk_izs_supplier_contract_party_id`);
        await tx.execute(sql`alter table izs_weighing_order drop constraint ck_izs_weighing_order_gross_tare`);
        await tx.execute(
          sql`insert into izs_supplier_contract (tenant_id, contract_no, party_id) values ('200002', 'PROOF-1', ${other0})`,
        );
        await tx.execute(
          sql`update izs_weighing_order set gross_weight = 1, tare_weight = 2 where id = (select min(id) from izs_weighing_order where gross_weight is not null)`,
        );
        await tx.execute(sql.raw(proof));
      });
    } catch (e) {
      message = String((e as { cause?: Error }).cause?.message ?? (e as Error).message);
    }
    expect(message).toContain('integrity proof: 2 row(s) break the constraints');
    expect(message).toContain('fk_izs_supplier_contract_party_id: {');
    expect(message).toContain('"contract_no":"PROOF-1"');
    expect(message).toContain('ck_izs_weighing_order_gross_tare: {');
    // rolled back: both constraints stand
    const n = await q1<{ n: number }>(
      sql`select count(*)::int as n from pg_constraint where conname in ('fk_izs_supplier_contract_party_id', 'ck_izs_weighing_order_gross_tare')`,
    );
    expect(n.n).toBe(2);
    // and on the real data it passes
    await db.execute(sql.raw(proof));
  });

  it('a CHECK refuses a broken rule even from SQL, and its message is the Chinese one', async () => {
    const cases: [ReturnType<typeof sql>, string][] = [
      [
        sql`update izs_weighing_order set tare_weight = gross_weight + 1 where id = (select min(id) from izs_weighing_order where gross_weight is not null)`,
        '毛重不能小于皮重',
      ],
      [
        sql`update izs_stock_order set state = 'lost' where id = (select min(id) from izs_stock_order)`,
        '单据状态不正确',
      ],
      [
        sql`update izs_ar_doc set settled = amount + 1 where id = (select min(id) from izs_ar_doc where amount > 0)`,
        '已核销金额不能超过单据金额',
      ],
      [sql`update izs_price_list set price = -1 where id = (select min(id) from izs_price_list)`, '价格不能为负数'],
      [
        sql`update izs_fund_provider set pledge_ratio = -1 where id = (select min(id) from izs_fund_provider)`,
        '质押率应在0到100之间',
      ],
    ];
    for (const [q, msg] of cases) {
      let err: unknown;
      try {
        await t.database.db.execute(q);
      } catch (e) {
        err = e;
      }
      expect(constraintMessage(err), msg).toBe(msg);
    }
  });
});

describe('cross-tenant references are refused with a Chinese 400 naming the field', () => {
  it('a supplier contract with tenant 000000’s party: 400 供应商, nothing stored, no name back', async () => {
    const party = await q1<{ id: string; name: string }>(
      sql`select id::text as id, name from izs_related_party where tenant_id = '000000' and is_deleted = 0 order by id limit 1`,
    );
    const r = await call(t, '/api/izs-sell/supplier-contract/submit', {
      token: other.token,
      body: { title: '跨租户合同', partyId: party.id, amount: '1000' },
    });
    expect(JSON.stringify(r.body)).not.toContain(party.name);
    expect(r.status, JSON.stringify(r.body)).toBe(400);
    expect(r.body.msg).toBe('供应商不存在或不属于本租户');
    const n = await q1<{ n: number }>(
      sql`select count(*)::int as n from izs_supplier_contract where tenant_id = ${other.tenantId}`,
    );
    expect(n.n).toBe(0);
  });

  it('a car with tenant 000000’s driver or group: 400 默认司机 / 车辆分组, nothing stored', async () => {
    const driver = await firstId('lg_driver');
    const group = await firstId('lg_car_group');
    const a = await call(t, '/api/izs-logistical/car/submit', {
      token: other.token,
      body: { plate: '浙B0X001', carType: 'truck', driverId: driver },
    });
    expect(a.status, JSON.stringify(a.body)).toBe(400);
    expect(a.body.msg).toBe('默认司机不存在或不属于本租户');
    const b = await call(t, '/api/izs-logistical/car/submit', {
      token: other.token,
      body: { plate: '浙B0X002', carType: 'truck', groupId: group },
    });
    expect(b.status, JSON.stringify(b.body)).toBe(400);
    expect(b.body.msg).toBe('车辆分组不存在或不属于本租户');
    const n = await q1<{ n: number }>(sql`select count(*)::int as n from lg_car where tenant_id = ${other.tenantId}`);
    expect(n.n).toBe(0);
    // its own driver is fine
    const own = await call(t, '/api/izs-logistical/driver/submit', {
      token: other.token,
      body: { name: '自家司机', phone: '13700000000', licenceClass: 'A2' },
    });
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    const ok = await call(t, '/api/izs-logistical/car/submit', {
      token: other.token,
      body: { plate: '浙B0X003', carType: 'truck', driverId: own.body.data.id },
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const d = await call(t, '/api/izs-logistical/car/detail', { token: other.token, query: { id: ok.body.data.id } });
    expect(d.body.data.driverName).toBe('自家司机');
  });

  it('a trading contract with tenant 000000’s party and material: 400, nothing stored (already refused in code)', async () => {
    const party = await firstId('izs_related_party');
    const material = await firstId('izs_material');
    const r = await call(t, '/api/izs-sell/trading-contract/save-with-lines', {
      token: other.token,
      body: {
        title: '跨租户贸易合同',
        side: 'purchase',
        partyId: party,
        signDate: '2026-11-01',
        deliveryStart: '2026-11-01',
        deliveryEnd: '2026-12-01',
        lines: [{ materialId: material, qty: '10', unitPrice: '100' }],
      },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(400);
    expect(r.body.msg).toMatch(/^(供应商|往来单位|物料)/); // the contract's own check answers first (供应商不存在)
    const n = await q1<{ n: number }>(
      sql`select count(*)::int as n from izs_trading_contract where tenant_id = ${other.tenantId}`,
    );
    expect(n.n).toBe(0);
  });
});

describe('sweep: the second tenant re-saves every engine resource’s tenant-000000 row', () => {
  it('no name of theirs comes back and nothing stored points at their rows', { timeout: 300_000 }, async () => {
    const tables = await tenantTables(t);
    const ids = await tenantIds(t, tables);
    const leaks: string[] = [];
    const stored: string[] = [];
    let tried = 0;
    let refused = 0;
    const DROP = /^(id|tenantId|deptId|createUser|createDept|createTime|updateUser|updateTime|isDeleted|status)$/;
    for (const def of REGISTERED_RESOURCES.values()) {
      const p = resourcePaths(def);
      if (!t.app.routeTable.some((r) => r.method === 'POST' && r.url === p.submit)) continue;
      const page = await call(t, p.page, { token: admin, query: { size: 1 } });
      const row = (page.body?.data?.records ?? [])[0] as Record<string, unknown> | undefined;
      if (!row) continue;
      const body: Record<string, unknown> = {};
      const names: string[] = [];
      for (const [k, v] of Object.entries(row)) {
        if (DROP.test(k)) continue;
        if (/Name$/.test(k)) {
          if (typeof v === 'string' && v.length >= 2) names.push(v);
          continue;
        }
        body[k] = v;
      }
      const idFields = Object.entries(body).filter(([k, v]) => /Ids?$/.test(k) && ids.has(String(v)));
      if (!idFields.length) continue;
      tried++;
      const r = await call(t, p.submit, { token: other.token, body });
      const text = JSON.stringify(r.body);
      // a name that the body itself carried (a copied text column) is not a leak
      const sent = JSON.stringify(body);
      const back = names.filter((n) => text.includes(n) && !sent.includes(n));
      if (back.length) leaks.push(`${p.submit}: ${back.join(', ')}`);
      if (r.status !== 200) {
        refused++;
        continue;
      }
      const newId = String(r.body.data?.id ?? '');
      const detail = await call(t, p.detail, { token: other.token, query: { id: newId } });
      const dText = JSON.stringify(detail.body);
      const dBack = names.filter((n) => dText.includes(n) && !sent.includes(n));
      if (dBack.length) leaks.push(`${p.detail}: ${dBack.join(', ')}`);
    }
    // nothing the second tenant stored points at a tenant-000000 row (any *_id column of any of its tables)
    for (const { table } of tables) {
      const cols = await rows<{ column_name: string }>(
        t.database.db,
        sql`select column_name from information_schema.columns where table_schema = 'public' and table_name = ${table}
              and data_type = 'bigint' and column_name like '%\_id' and column_name <> 'id'`,
      );
      for (const { column_name } of cols) {
        const found = await rows<{ v: string }>(
          t.database.db,
          sql`select ${sql.identifier(column_name)}::text as v from ${sql.identifier(table)}
               where tenant_id = ${other.tenantId} and ${sql.identifier(column_name)} is not null`,
        );
        const hit = found.filter((x) => ids.has(x.v));
        if (hit.length) stored.push(`${table}.${column_name}: ${hit.length}`);
      }
    }
    console.log(`integrity sweep: ${tried} resources re-saved with tenant 000000 ids, ${refused} refused`);
    expect(tried).toBeGreaterThan(15);
    expect(leaks).toEqual([]);
    expect(stored).toEqual([]);
  });
});
