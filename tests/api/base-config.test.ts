// @vitest-environment node
/** /base/dept/config (system-business-config, system-finace-config) and the business cache (select-data, §3/§7.6). */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONFIG_PATHS } from '../../core/contract/izs-base/config.contract.ts';
import { SELECT_DATA_PATHS, type SelectData } from '../../core/contract/izs-base/select-data.contract.ts';
import { businessConfig, material, operationLog, warehouse } from '../../server/db/schema/index.ts';
import { type BaseCtx, bootBase, grantCodes, OTHER_TENANT } from './base-suite.ts';
import { call } from './helpers.ts';

let c: BaseCtx;
const wh: Record<string, string> = {};
beforeAll(async () => {
  c = await bootBase();
  for (const r of await c.t.database.db.select().from(warehouse)) wh[r.code] = r.id;
});
afterAll(async () => {
  await c?.t.close();
});
const api = (path: string, r: Parameters<typeof call>[2] = {}) => call(c.t, path, { token: c.admin, ...r });

describe('business config per department', () => {
  it('detail-dept answers the saved row of the company, defaults (id null) for a department that has none', async () => {
    const company = c.depts['绿循再生资源有限公司'];
    const r = await api(CONFIG_PATHS.businessDetail, { query: { deptId: company } });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({
      deptId: company,
      defaultWarehouseId: wh.CK01,
      taxRate: '13.00',
      weighStableSeconds: 3,
      allowNegativeStock: 0,
    });
    expect(r.body.data.id).toMatch(/^\d+$/);
    const finance = c.depts['财务部'];
    const d = await api(CONFIG_PATHS.businessDetail, { query: { deptId: finance } });
    expect(d.body.data).toEqual({
      id: null,
      deptId: finance,
      allowNegativeStock: 0,
      weighStableSeconds: 3,
      manualWeighAllowed: 0,
      defaultWarehouseId: null,
      pricePrecision: 2,
      weightPrecision: 3,
      taxRate: '13.00',
      autoReview: 0,
    });
  });

  it('update saves per department (insert once, then update the same row) and logs the change', async () => {
    const dept = c.depts['采购部'];
    const body = {
      deptId: dept,
      allowNegativeStock: 1,
      weighStableSeconds: 5,
      taxRate: '9',
      defaultWarehouseId: wh.CK02,
    };
    const u = await api(CONFIG_PATHS.businessUpdate, { method: 'POST', body });
    expect(u.status, JSON.stringify(u.body)).toBe(200);
    expect(u.body.data).toMatchObject({ deptId: dept, allowNegativeStock: 1, weighStableSeconds: 5, taxRate: '9.00' });
    const again = await api(CONFIG_PATHS.businessUpdate, { method: 'POST', body: { ...body, taxRate: '6.5' } });
    expect(again.body.data.id).toBe(u.body.data.id);
    const d = await api(CONFIG_PATHS.businessDetail, { query: { deptId: dept } });
    expect(d.body.data.taxRate).toBe('6.50');
    expect(d.body.data.defaultWarehouseId).toBe(wh.CK02);
    const rows = await c.t.database.db
      .select()
      .from(businessConfig)
      .where(and(eq(businessConfig.deptId, dept), eq(businessConfig.isDeleted, 0)));
    expect(rows).toHaveLength(1);
    const logs = await c.t.database.db.select().from(operationLog).where(sql`${operationLog.title} = '修改业务配置'`);
    expect(JSON.stringify(logs.map((l) => l.modifyParams))).toContain('6.50');
    // the other departments keep theirs
    const other = await api(CONFIG_PATHS.businessDetail, { query: { deptId: c.depts['销售部'] } });
    expect(other.body.data.id).toBeNull();
  });

  it('refuses bad values with the field named, an unknown warehouse, unknown or foreign departments', async () => {
    const dept = c.depts['销售部'];
    const cases: [Record<string, unknown>, string][] = [
      [{ taxRate: '101' }, '税率(%)不能大于100'],
      [{ taxRate: '1.234' }, '税率(%)格式不正确，最多2位小数'],
      [{ weighStableSeconds: 0 }, '过磅稳定时间(秒)不能小于1'],
      [{ pricePrecision: 9 }, '单价小数位不能大于4'],
      [{ allowNegativeStock: 2 }, '允许负库存格式不正确'],
      [{ defaultWarehouseId: '123456789' }, '默认仓库不存在'],
      [{ deptId: '123456789' }, '机构不存在'],
      [{ deptId: 'abc' }, '机构编号格式不正确'],
    ];
    for (const [b, msg] of cases) {
      const r = await api(CONFIG_PATHS.businessUpdate, { method: 'POST', body: { deptId: dept, ...b } });
      expect(r.status, msg).toBe(400);
      expect(r.body.msg).toBe(msg);
    }
    const [foreign] = await c.t.database.db
      .insert(warehouse)
      .values({ tenantId: OTHER_TENANT, code: 'F1', name: '外租户仓库' })
      .returning();
    const f = await api(CONFIG_PATHS.businessUpdate, {
      method: 'POST',
      body: { deptId: dept, defaultWarehouseId: foreign.id },
    });
    expect(f.status).toBe(400);
    expect(f.body.msg).toBe('默认仓库不存在');
    expect((await api(CONFIG_PATHS.businessDetail, { query: { deptId: dept } })).body.data.id).toBeNull();
  });

  it('the clerk reads its own department only and may not save without the edit button', async () => {
    const mine = await call(c.t, CONFIG_PATHS.businessDetail, {
      token: c.clerk,
      query: { deptId: c.depts['过磅中心'] },
    });
    expect(mine.status).toBe(200);
    const dflt = await call(c.t, CONFIG_PATHS.businessDetail, { token: c.clerk });
    expect(dflt.body.data.deptId).toBe(c.depts['过磅中心']);
    const other = await call(c.t, CONFIG_PATHS.businessDetail, {
      token: c.clerk,
      query: { deptId: c.depts['绿循再生资源有限公司'] },
    });
    expect(other.status).toBe(403);
    const save = await call(c.t, CONFIG_PATHS.businessUpdate, {
      token: c.clerk,
      body: { deptId: c.depts['过磅中心'], taxRate: '3' },
    });
    expect(save.status).toBe(403);
    const revoke = await grantCodes(c, 'user', ['base_dept_config', 'base_dept_config_edit']);
    try {
      const ok = await call(c.t, CONFIG_PATHS.businessUpdate, {
        token: c.clerk,
        body: { deptId: c.depts['过磅中心'], taxRate: '3' },
      });
      expect(ok.status, JSON.stringify(ok.body)).toBe(200);
      const notMine = await call(c.t, CONFIG_PATHS.businessUpdate, {
        token: c.clerk,
        body: { deptId: c.depts['财务部'], taxRate: '3' },
      });
      expect(notMine.status).toBe(403);
    } finally {
      await revoke();
    }
  });
});

describe('finance config per department', () => {
  it('answers defaults, saves and validates (rates, taxpayer nature)', async () => {
    const dept = c.depts['财务部'];
    const d = await api(CONFIG_PATHS.financeDetail, { query: { deptId: dept } });
    expect(d.body.data).toMatchObject({ id: null, vatRate: '13.00', incomeTaxRate: '25.00', taxNature: '1' });
    const u = await api(CONFIG_PATHS.financeUpdate, {
      method: 'POST',
      body: { deptId: dept, taxNature: '2', vatRate: '3', autoVoucher: 1, accountingSystem: 2 },
    });
    expect(u.status, JSON.stringify(u.body)).toBe(200);
    const d2 = await api(CONFIG_PATHS.financeDetail, { query: { deptId: dept } });
    expect(d2.body.data).toMatchObject({ taxNature: '2', vatRate: '3.00', autoVoucher: 1, accountingSystem: 2 });
    const bad = await api(CONFIG_PATHS.financeUpdate, { method: 'POST', body: { deptId: dept, taxNature: '3' } });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe('请选择纳税人性质');
    const clerk = await call(c.t, CONFIG_PATHS.financeUpdate, { token: c.clerk, body: { deptId: dept } });
    expect(clerk.status).toBe(403);
  });
});

describe('business cache: select-data/list and select-data/user', () => {
  const list = async (token: string, body: Record<string, unknown>) => {
    const r = await call<{ data: SelectData }>(c.t, SELECT_DATA_PATHS.list, { token, body });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.data;
  };
  const all = {
    userEnable: true,
    customerEnable: 1,
    supplierEnable: '1',
    materialEnable: true,
    warehouseEnable: true,
    weighbridgeEnable: true,
  };

  it('administrator: every list of the tenant, only what the flags ask for', async () => {
    const d = await list(c.admin, all);
    expect(d.warehouseList.map((w) => w.code)).toEqual(['CK01', 'CK02', 'CK03']);
    expect(d.weighbridgeList.map((w) => w.code)).toEqual(['DB01', 'DB02', 'DB03']);
    expect(d.weighbridgeList[0]).toMatchObject({ maxCapacityKg: '100000.000', divisionKg: '20.000', stableSeconds: 3 });
    const wl1 = d.materialList.find((m) => m.code === 'WL0001');
    expect(wl1).toMatchObject({
      name: '重废钢',
      defaultPrice: '2650.00',
      deductRate: '1.50',
      priceUnit: 'yuan_per_tonne',
    });
    expect(d.customerList.map((p) => p.code).sort()).toEqual(['KH001', 'KH002']);
    expect(d.supplierList.map((p) => p.code).sort()).toEqual(['GYS001', 'GYS002', 'KH002', 'WL101', 'WL102']);
    expect(d.userList.map((u) => u.account).sort()).toEqual(['admin', 'clerk', 'manager']);
    expect(JSON.stringify(d.userList)).not.toMatch(/password/);
    const none = await list(c.admin, { materialEnable: false });
    expect(none).toEqual({
      userList: [],
      customerList: [],
      supplierList: [],
      materialList: [],
      warehouseList: [],
      weighbridgeList: [],
    });
  });

  it('others: rows of their departments (deptId narrows to one of theirs, never widens)', async () => {
    const m = await list(c.manager, all); // company + branch
    expect(m.warehouseList.map((w) => w.code)).toEqual(['CK01', 'CK02', 'CK03']);
    const branchOnly = await list(c.manager, { ...all, deptId: c.depts['华东分公司'] });
    expect(branchOnly.warehouseList.map((w) => w.code)).toEqual(['CK03']);
    expect(branchOnly.weighbridgeList.map((w) => w.code)).toEqual(['DB03']);
    expect(branchOnly.userList.map((u) => u.account)).toEqual(['manager']);
    const k = await list(c.clerk, all); // 过磅中心 holds no base rows
    expect(k.warehouseList).toEqual([]);
    expect(k.materialList).toEqual([]);
    expect(k.userList.map((u) => u.account)).toEqual(['clerk']);
    const widen = await list(c.clerk, { ...all, deptId: c.depts['绿循再生资源有限公司'] });
    expect(widen.warehouseList).toEqual([]);
  });

  it('leaves out disabled, deleted and foreign rows', async () => {
    const db = c.t.database.db;
    await db.update(material).set({ status: 0 }).where(eq(material.code, 'WL0016'));
    await db.update(warehouse).set({ isDeleted: 1 }).where(eq(warehouse.code, 'CK02'));
    await db.insert(warehouse).values({ tenantId: OTHER_TENANT, code: 'CK99', name: '外租户' });
    try {
      const d = await list(c.admin, { materialEnable: 1, warehouseEnable: 1 });
      expect(d.materialList.map((x) => x.code)).not.toContain('WL0016');
      expect(d.warehouseList.map((x) => x.code)).toEqual(['CK01', 'CK03']);
    } finally {
      await db.update(material).set({ status: 1 }).where(eq(material.code, 'WL0016'));
      await db.update(warehouse).set({ isDeleted: 0 }).where(eq(warehouse.code, 'CK02'));
    }
  });

  it('select-data/user filters by name or account and by department', async () => {
    const byName = await api(SELECT_DATA_PATHS.user, { query: { name: '王' } });
    expect(byName.body.data.map((u: { account: string }) => u.account)).toEqual(['manager']);
    const byAccount = await api(SELECT_DATA_PATHS.user, { query: { name: 'cle' } });
    expect(byAccount.body.data.map((u: { account: string }) => u.account)).toEqual(['clerk']);
    const byDept = await api(SELECT_DATA_PATHS.user, { query: { deptId: c.depts['过磅中心'] } });
    // the administrator is unfiltered by department (spec §6)
    expect(byDept.body.data.length).toBe(3);
    const clerk = await call(c.t, SELECT_DATA_PATHS.user, { token: c.clerk });
    expect(clerk.body.data.map((u: { account: string }) => u.account)).toEqual(['clerk']);
    const long = await api(SELECT_DATA_PATHS.user, { query: { name: 'x'.repeat(51) } });
    expect(long.status).toBe(400);
  });
});
