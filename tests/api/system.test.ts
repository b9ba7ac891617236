// @vitest-environment node

import Decimal from 'decimal.js';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MenuNode } from '../../core/contract/blade-system.contract.ts';
import type { TreeNode } from '../../core/contract/common.ts';
import { flattenMenu } from '../../core/router/menu-tree.ts';
import { dept, material, operationLog, relatedParty, tenant, weighbridge } from '../../server/db/schema/index.ts';
import { md5hex } from '../../server/platform/password.ts';
import { boot, call, login, type TestApp, testConfig, tokenRequest } from './helpers.ts';

let t: TestApp;
let admin: string;
let clerk: string;
let clerkDeptId: string;
let manager: string;
beforeAll(async () => {
  t = await boot({ captchaMode: false });
  admin = (await login(t, 'admin')).access_token;
  const c = await login(t, 'clerk');
  clerk = c.access_token;
  clerkDeptId = c.dept_id;
  manager = (await login(t, 'manager')).access_token;
});
afterAll(async () => {
  await t?.close();
});

const flat = (nodes: MenuNode[]): MenuNode[] => nodes.flatMap((n) => [n, ...flat(n.children ?? [])]);

describe('menus', () => {
  it('routes: administrator gets the whole tree, the clerk only the business part', async () => {
    const a = await call(t, '/api/blade-system/menu/routes', { token: admin });
    expect(a.status).toBe(200);
    const top = a.body.data.map((m: MenuNode) => m.path);
    expect(top).toContain('/system');
    expect(top).toContain('/visual');
    expect(top[0]).toBe('/dashboard');
    const all = flat(a.body.data);
    expect(all.every((m) => m.category === 1)).toBe(true);
    expect(all.find((m) => m.path === '/visual/home')?.isOpen).toBe(2);
    expect(all.find((m) => m.path === '/supply-chain/weight-memo-detail/:id')?.isHidden).toBe(1);
    expect(all.find((m) => m.path === '/supply-chain/loadometer/1')).toBeTruthy();

    const c = await call(t, '/api/blade-system/menu/routes', { token: clerk });
    const ctop = c.body.data.map((m: MenuNode) => m.path);
    expect(ctop).toEqual(['/dashboard', '/supply-chain', '/logistical', '/business', '/contract', '/ledger']);
    expect(flat(c.body.data).some((m) => m.path.startsWith('/system'))).toBe(false);
    expect(flat(c.body.data).length).toBeLessThan(all.length);
  });

  it('buttons: the clerk has add/view but no delete or edit', async () => {
    const c = await call(t, '/api/blade-system/menu/buttons', { token: clerk });
    const codes = flat(c.body.data)
      .filter((m) => m.category === 2)
      .map((m) => m.code);
    expect(codes).toContain('supply_chain_weight_memo_add');
    expect(codes).toContain('supply_chain_weight_memo_view');
    expect(codes.some((x) => x.endsWith('_delete'))).toBe(false);
    expect(codes.some((x) => x.endsWith('_edit'))).toBe(false);
    expect(codes.some((x) => x.startsWith('system_'))).toBe(false);
    const a = await call(t, '/api/blade-system/menu/buttons', { token: admin });
    const acodes = flat(a.body.data).map((m) => m.code);
    expect(acodes).toContain('system_user_delete');
    // menus carry their buttons as children
    const memo = a.body.data.find((m: MenuNode) => m.code === 'supply_chain_weight_memo');
    expect(memo.children.map((b: MenuNode) => b.alias)).toEqual([
      'add',
      'edit',
      'view',
      'delete',
      'refresh',
      'search',
      'export',
      'void',
    ]);
  });

  it('lazy-list, lazy-menu-list and tree', async () => {
    const top = await call(t, '/api/blade-system/menu/lazy-list', { token: admin, query: { parentId: 0 } });
    expect(top.body.data.length).toBe(17);
    expect(top.body.data[0].hasChildren).toBe(true); // 首页 has its refresh button
    const home = await call(t, '/api/blade-system/menu/lazy-menu-list', { token: admin, query: { parentId: 0 } });
    expect(home.body.data[0].hasChildren).toBe(false);
    const kids = await call(t, '/api/blade-system/menu/lazy-list', {
      token: admin,
      query: { parentId: top.body.data[0].id },
    });
    expect(kids.body.data.map((m: MenuNode) => m.code)).toEqual(['dashboard_refresh']);
    const tree = await call(t, '/api/blade-system/menu/tree', { token: admin });
    const n: TreeNode = tree.body.data[0];
    expect(n).toMatchObject({ title: '首页', key: n.id, value: n.id, parentId: '0' });
  });

  it('submit / detail / remove, duplicate code and child checks', async () => {
    const sys = (
      await call(t, '/api/blade-system/menu/lazy-menu-list', { token: admin, query: { parentId: 0 } })
    ).body.data.find((m: MenuNode) => m.path === '/system');
    const add = await call(t, '/api/blade-system/menu/submit', {
      token: admin,
      body: { parentId: sys.id, code: 'test_menu', name: '测试菜单', path: '/system/test', sort: 99, createUser: '1' },
    });
    expect(add.status).toBe(200);
    expect(add.body.success).toBe(true);
    const found = (
      await call(t, '/api/blade-system/menu/lazy-list', { token: admin, query: { parentId: sys.id } })
    ).body.data.find((m: MenuNode) => m.code === 'test_menu');
    expect(found).toBeTruthy();
    const detail = await call(t, '/api/blade-system/menu/detail', { token: admin, query: { id: found.id } });
    expect(detail.body.data).toMatchObject({ name: '测试菜单', parentName: '系统管理', categoryName: '菜单' });
    const topDetail = await call(t, '/api/blade-system/menu/detail', { token: admin, query: { id: sys.id } });
    expect(topDetail.body.data.parentName).toBe('顶级');

    const dup = await call(t, '/api/blade-system/menu/submit', {
      token: admin,
      body: { code: 'test_menu', name: '重复' },
    });
    expect(dup.status).toBe(400);
    expect(dup.body).toEqual({ code: 400, success: false, data: null, msg: '菜单编号已存在' });

    const upd = await call(t, '/api/blade-system/menu/submit', {
      token: admin,
      body: { id: found.id, parentId: sys.id, code: 'test_menu', name: '测试菜单2', path: '/system/test' },
    });
    expect(upd.status).toBe(200);
    const logs = await t.database.db
      .select()
      .from(operationLog)
      .where(eq(operationLog.requestUri, '/api/blade-system/menu/submit'));
    expect(logs.length).toBe(2);
    expect(logs.find((l) => l.modifyParams)?.modifyParams).toMatchObject({ name: ['测试菜单', '测试菜单2'] });

    const btn = await call(t, '/api/blade-system/menu/submit', {
      token: admin,
      body: { parentId: found.id, code: 'test_menu_add', name: '新增', category: 2, alias: 'add', action: 1 },
    });
    expect(btn.status).toBe(200);
    const withKids = await call(t, '/api/blade-system/menu/remove', {
      token: admin,
      method: 'POST',
      query: { ids: found.id },
    });
    expect(withKids.status).toBe(400);
    expect(withKids.body.msg).toBe('请先删除子菜单');
    const btnId = (await call(t, '/api/blade-system/menu/lazy-list', { token: admin, query: { parentId: found.id } }))
      .body.data[0].id;
    const rm = await call(t, '/api/blade-system/menu/remove', {
      token: admin,
      method: 'POST',
      query: { ids: `${found.id},${btnId}` },
    });
    expect(rm.status).toBe(200);
    expect((await call(t, '/api/blade-system/menu/detail', { token: admin, query: { id: found.id } })).status).toBe(
      400,
    );
  });

  it('menu writes need admin; bad ids are 400', async () => {
    const r = await call(t, '/api/blade-system/menu/submit', { token: clerk, body: { code: 'x', name: 'x' } });
    expect(r.status).toBe(403);
    expect(r.body).toEqual({ code: 403, success: false, data: null, msg: '没有权限' });
    const rm = await call(t, '/api/blade-system/menu/remove', { token: clerk, method: 'POST', query: { ids: '1' } });
    expect(rm.status).toBe(403);
    const missing = await call(t, '/api/blade-system/menu/remove', { token: admin, method: 'POST' });
    expect(missing.status).toBe(400);
    expect(missing.body.msg).toMatch(/ids/);
    const badId = await call(t, '/api/blade-system/menu/detail', { token: admin, query: { id: 'abc' } });
    expect(badId.status).toBe(400);
    expect(badId.body.msg).toBe('编号格式不正确');
    const unknown = await call(t, '/api/blade-system/menu/detail', { token: admin, query: { id: '123' } });
    expect(unknown.status).toBe(400);
    const huge = await call(t, '/api/blade-system/dept/detail', { token: admin, query: { id: '9999999999999999999' } });
    expect(huge.status).toBe(400);
    const noName = await call(t, '/api/blade-system/menu/submit', { token: admin, body: { code: 'x1' } });
    expect(noName.status).toBe(400);
    expect(noName.body.msg).toBe('请输入菜单名称');
  });
});

describe('departments', () => {
  it('tree has two companies with their departments', async () => {
    const r = await call(t, '/api/blade-system/dept/tree', { token: clerk });
    expect(r.status).toBe(200);
    expect(r.body.data.map((n: TreeNode) => n.title)).toEqual(['绿循再生资源有限公司', '华东分公司']);
    expect(r.body.data[0].children.map((n: TreeNode) => n.title)).toEqual(['采购部', '销售部', '过磅中心', '财务部']);
    expect(r.body.data[0].hasChildren).toBe(true);
  });

  it('lazy-list by parent and by name', async () => {
    const top = await call(t, '/api/blade-system/dept/lazy-list', { token: admin, query: { parentId: '0' } });
    expect(top.body.data).toHaveLength(2);
    expect(top.body.data[0]).toMatchObject({ deptName: '绿循再生资源有限公司', deptCategory: 1, hasChildren: true });
    const byName = await call(t, '/api/blade-system/dept/lazy-list', { token: admin, query: { deptName: '过磅' } });
    expect(byName.body.data.map((d: { deptName: string }) => d.deptName).sort()).toEqual(['过磅中心', '过磅站']);
  });

  it('submit computes ancestors, refuses self-parent, remove refuses live children', async () => {
    const company = (await call(t, '/api/blade-system/dept/lazy-list', { token: admin })).body.data[1];
    const add = await call(t, '/api/blade-system/dept/submit', {
      token: admin,
      body: { parentId: company.id, deptName: '测试组', deptCategory: 3, sort: 9 },
    });
    expect(add.status).toBe(200);
    const kids = await call(t, '/api/blade-system/dept/lazy-list', { token: admin, query: { parentId: company.id } });
    const created = kids.body.data.find((d: { deptName: string }) => d.deptName === '测试组');
    expect(created.ancestors).toBe(`0,${company.id}`);
    const detail = await call(t, '/api/blade-system/dept/detail', { token: admin, query: { id: created.id } });
    expect(detail.body.data.parentName).toBe('华东分公司');

    const self = await call(t, '/api/blade-system/dept/submit', {
      token: admin,
      body: { id: created.id, parentId: created.id, deptName: '测试组' },
    });
    expect(self.status).toBe(400);
    expect(self.body.msg).toBe('父节点不可选择自身!');
    const cycle = await call(t, '/api/blade-system/dept/submit', {
      token: admin,
      body: { id: company.id, parentId: created.id, deptName: '华东分公司' },
    });
    expect(cycle.status).toBe(400);

    const refused = await call(t, '/api/blade-system/dept/remove', {
      token: admin,
      method: 'POST',
      query: { ids: company.id },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toBe('请先删除子机构');
    const rm = await call(t, '/api/blade-system/dept/remove', {
      token: admin,
      method: 'POST',
      query: { ids: created.id },
    });
    expect(rm.status).toBe(200);
    const noName = await call(t, '/api/blade-system/dept/submit', { token: admin, body: { parentId: company.id } });
    expect(noName.status).toBe(400);
    expect(noName.body.msg).toBe('请输入机构名称');
    const clerkWrite = await call(t, '/api/blade-system/dept/submit', { token: clerk, body: { deptName: 'x' } });
    expect(clerkWrite.status).toBe(403);
  });

  it("another tenant's department is invisible", async () => {
    await t.database.db.insert(tenant).values({ tenantId: '222222', tenantName: '别家公司' });
    const [foreign] = await t.database.db
      .insert(dept)
      .values({ tenantId: '222222', deptName: '别家总部', deptCategory: 1 })
      .returning({ id: dept.id });
    const detail = await call(t, '/api/blade-system/dept/detail', { token: admin, query: { id: foreign.id } });
    expect(detail.status).toBe(400);
    expect(JSON.stringify(detail.body)).not.toContain('别家');
    const tree = await call(t, '/api/blade-system/dept/tree', { token: admin });
    expect(JSON.stringify(tree.body)).not.toContain('别家');
    const asParent = await call(t, '/api/blade-system/dept/submit', {
      token: admin,
      body: { parentId: foreign.id, deptName: '渗透' },
    });
    expect(asParent.status).toBe(400);
    const rm = await call(t, '/api/blade-system/dept/remove', {
      token: admin,
      method: 'POST',
      query: { ids: foreign.id },
    });
    expect(rm.status).toBe(400);
    const still = await t.database.db
      .select()
      .from(dept)
      .where(and(eq(dept.id, foreign.id), eq(dept.isDeleted, 0)));
    expect(still).toHaveLength(1);
    // Current-Dept-Id of a foreign department → 403, even for the administrator
    const cd = await call(t, '/api/blade-system/user/info', {
      token: admin,
      headers: { 'Current-Dept-Id': foreign.id },
    });
    expect(cd.status).toBe(403);
  });

  it('Current-Dept-Id must be one of the user’s departments', async () => {
    const ok = await call(t, '/api/blade-system/user/info', {
      token: clerk,
      headers: { 'Current-Dept-Id': clerkDeptId },
    });
    expect(ok.status).toBe(200);
    const company = (await call(t, '/api/blade-system/dept/lazy-list', { token: admin })).body.data[0];
    const other = await call(t, '/api/blade-system/user/info', {
      token: clerk,
      headers: { 'Current-Dept-Id': company.id },
    });
    expect(other.status).toBe(403);
    expect(other.body.msg).toBe('没有权限');
    // the administrator may pick any department of the tenant
    const adm = await call(t, '/api/blade-system/user/info', {
      token: admin,
      headers: { 'Current-Dept-Id': clerkDeptId },
    });
    expect(adm.status).toBe(200);
  });
});

describe('regions and paging', () => {
  it('lists the 34 provinces with hasChildren', async () => {
    const r = await call(t, '/api/blade-system/region/list', { token: clerk, query: { parentCode: '00', size: 1000 } });
    expect(r.status).toBe(200);
    expect(r.body.data.total).toBe(34);
    expect(r.body.data.records).toHaveLength(34);
    expect(r.body.data.records.every((x: { hasChildren: boolean }) => x.hasChildren)).toBe(true);
    expect(r.body.data.records[0]).toMatchObject({ code: '11', name: '北京市', parentCode: '00', regionLevel: 1 });
    expect(r.body.data).toMatchObject({ size: 1000, current: 1, pages: 1 });
  });

  it('children of 11 and paging', async () => {
    const r = await call(t, '/api/blade-system/region/list', { token: admin, query: { parentCode: '11' } });
    expect(r.body.data.records.map((x: { code: string }) => x.code)).toEqual(['1101']);
    const areas = await call(t, '/api/blade-system/region/list', {
      token: admin,
      query: { parentCode: '1101', size: 5, current: 2 },
    });
    expect(areas.body.data.total).toBe(16);
    expect(areas.body.data.pages).toBe(4);
    expect(areas.body.data.records).toHaveLength(5);
    expect(areas.body.data.records[0].ancestors).toBe('0,00,11,1101');
    expect(areas.body.data.records[0].hasChildren).toBe(false);
    const desc = await call(t, '/api/blade-system/region/list', { token: admin, query: { descs: 'code' } });
    expect(desc.body.data.records[0].code).toBe('82');
  });

  it('bad paging is 400 with a Chinese message', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ size: 'abc' }, '每页条数必须是数字'],
      [{ size: '5000' }, '每页条数不能超过1000'],
      [{ current: '0' }, '页码必须大于0'],
      [{ ascs: 'password' }, '不支持按该字段排序: password'],
    ];
    for (const [query, msg] of cases) {
      const r = await call(t, '/api/blade-system/region/list', { token: admin, query });
      expect(r.status).toBe(400);
      expect(r.body).toEqual({ code: 400, success: false, data: null, msg });
    }
    expect((await call(t, '/api/blade-system/region/list')).status).toBe(401);
  });
});

describe('errors', () => {
  it('malformed JSON is 400, unknown routes 404', async () => {
    const r = await call(t, '/api/blade-system/menu/submit', { token: admin, rawBody: '{"code": ' });
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ code: 400, success: false, data: null, msg: '请求体不是合法的JSON' });
    const nf = await call(t, '/api/blade-system/nothing-here', { token: admin });
    expect(nf.status).toBe(404);
    expect(nf.body).toEqual({ code: 404, success: false, data: null, msg: '404 没找到请求' });
  });
});

describe('current user', () => {
  it('info has names, never the password', async () => {
    const r = await call(t, '/api/blade-system/user/info', { token: clerk });
    expect(r.body.data).toMatchObject({
      account: 'clerk',
      realName: '李过磅',
      roleName: '业务员',
      deptName: '过磅中心',
    });
    expect(r.body.data).not.toHaveProperty('password');
    const a = await call(t, '/api/blade-system/user/info', { token: admin });
    expect(a.body.data.roleName).toBe('超级管理员,管理员');
  });

  it('update-info changes only the profile', async () => {
    const before = (await call(t, '/api/blade-system/user/info', { token: manager })).body.data;
    const r = await call(t, '/api/blade-system/user/update-info', {
      token: manager,
      body: { realName: '王总', phone: '13900000000', email: 'w@x.cn', roleId: '1', account: 'hijack', deptId: '1' },
    });
    expect(r.status).toBe(200);
    const after = (await call(t, '/api/blade-system/user/info', { token: manager })).body.data;
    expect(after).toMatchObject({ realName: '王总', phone: '13900000000', email: 'w@x.cn', account: 'manager' });
    expect(after.roleId).toBe(before.roleId);
    expect(after.deptId).toBe(before.deptId);
    const bad = await call(t, '/api/blade-system/user/update-info', {
      token: manager,
      body: { realName: 'x', phone: '12' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe('手机号码格式不正确');
  });

  it('update-password checks the old password and the confirmation', async () => {
    const wrongOld = await call(t, '/api/blade-system/user/update-password', {
      token: manager,
      method: 'POST',
      query: { oldPassword: md5hex('nope'), newPassword: md5hex('654321'), newPassword1: md5hex('654321') },
    });
    expect(wrongOld.status).toBe(400);
    expect(wrongOld.body.msg).toBe('原密码不正确!');
    const mismatch = await call(t, '/api/blade-system/user/update-password', {
      token: manager,
      body: { oldPassword: md5hex('123456'), newPassword: md5hex('654321'), newPassword1: md5hex('x') },
    });
    expect(mismatch.body.msg).toBe('请输入正确的确认密码!');
    const ok = await call(t, '/api/blade-system/user/update-password', {
      token: manager,
      body: { oldPassword: md5hex('123456'), newPassword: md5hex('654321'), newPassword1: md5hex('654321') },
    });
    expect(ok.status).toBe(200);
    expect((await tokenRequest(t, 'manager', '123456')).status).toBe(400);
    expect((await tokenRequest(t, 'manager', '654321')).status).toBe(200);
  });
});

describe('other services', () => {
  it('version select is public', async () => {
    const r = await call(t, '/api/izs-sell/version-info/select');
    expect(r.body).toEqual({ code: 200, success: true, data: { version: '1.2.0' }, msg: '操作成功' });
  });

  it('account-set check: 1 for admins, 0 for the clerk', async () => {
    expect(
      (await call(t, '/api/izs-financing/account-set/check', { token: admin, query: { deptId: clerkDeptId } })).body
        .data,
    ).toBe(1);
    expect((await call(t, '/api/izs-financing/account-set/check', { token: manager })).body.data).toBe(1);
    expect((await call(t, '/api/izs-financing/account-set/check', { token: clerk })).body.data).toBe(0);
  });

  it('dashboard summary is computed from the database', async () => {
    const r1 = await call(t, '/api/izs-toolbox/dashboard/summary', { token: admin });
    expect(r1.status).toBe(200);
    const d = r1.body.data;
    expect(d.counts).toMatchObject({ users: 3, roles: 3, menus: flattenMenu().length }); // every menu of the product tree
    expect(d.counts.depts).toBe(8);
    expect(d.counts.activeSessions).toBeGreaterThanOrEqual(3);
    expect(d.today.logins).toBeGreaterThanOrEqual(3);
    expect(d.today.operations).toBeGreaterThan(0);
    expect(d.today.weighCount).toBeGreaterThanOrEqual(0);
    expect(d.today.inNetKg).toMatch(/^\d+\.\d{3}$/);
    expect(d.today.outNetKg).toMatch(/^\d+\.\d{3}$/);
    expect(d.trend).toHaveLength(7);
    expect(d.trend[6].date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(d.trend[6].apiCalls).toBe(d.today.apiCalls);
    for (let i = 0; i < 3; i++) await call(t, '/api/blade-system/user/info', { token: admin });
    const r2 = await call(t, '/api/izs-toolbox/dashboard/summary', { token: admin });
    expect(r2.body.data.today.apiCalls).toBe(d.today.apiCalls + 4);
    // a day is the yard's day (server zone), both ends: rows at yesterday 00:00:00.000 and today's 00:00 minus 1 ms
    // are yesterday's, one at yesterday's 00:00 minus 1 ms is the day before's
    const zone = testConfig().tz;
    const at = (day: string, ms: number) =>
      sql`(${day}::date)::timestamp at time zone ${zone} + ${`${ms} milliseconds`}::interval`;
    const row = (when: ReturnType<typeof at>) =>
      sql`insert into blade_log_api (tenant_id, method, request_uri, status, time, create_time)
          values ('000000', 'GET', '/boundary', 200, 1, ${when})`;
    const [before, yesterday, today] = [d.trend[4], d.trend[5], d.trend[6]].map((x: { date: string }) => x.date);
    await t.database.db.execute(row(at(yesterday, 0)));
    await t.database.db.execute(row(at(today, -1)));
    await t.database.db.execute(row(at(yesterday, -1)));
    const r3 = (await call(t, '/api/izs-toolbox/dashboard/summary', { token: admin })).body.data;
    expect(r3.trend[5].apiCalls).toBe(d.trend[5].apiCalls + 2);
    expect(r3.trend[4].apiCalls).toBe(d.trend[4].apiCalls + 1);
    expect([r3.trend[4].date, r3.trend[6].date]).toEqual([before, today]);
  });

  it("dashboard 过磅车次 / 入库净重 / 出库净重 are today's completed weighings", async () => {
    const db = t.database.db;
    const [wb] = await db.select({ id: weighbridge.id }).from(weighbridge).where(eq(weighbridge.tenantId, '000000'));
    const [mat] = await db.select({ id: material.id }).from(material).where(eq(material.code, 'WL0001'));
    const [party] = await db
      .select({ id: relatedParty.id })
      .from(relatedParty)
      .where(eq(relatedParty.tenantId, '000000'));
    const before = (await call(t, '/api/izs-toolbox/dashboard/summary', { token: admin })).body.data.today;
    const W = '/api/izs-weighing/loadometer-order';
    const first = await call(t, `${W}/first-pass`, {
      token: admin,
      body: {
        orderType: 'purchase',
        weighbridgeId: wb.id,
        carNumber: '浙B99D01',
        weight: '31250',
        stable: true,
        partyId: party.id,
        materialId: mat.id,
        impurityRate: '0',
      },
    });
    expect(first.body.msg).toBe('操作成功');
    // a first pass alone is not a completed weighing
    const mid = (await call(t, '/api/izs-toolbox/dashboard/summary', { token: admin })).body.data.today;
    expect(mid.weighCount).toBe(before.weighCount);
    const done = await call(t, `${W}/second-pass`, {
      token: admin,
      body: { id: first.body.data.id, weight: '12000.5', stable: true, complete: 1 },
    });
    expect(done.body.data).toMatchObject({ weighState: 'completed', netWeight: '19249.500' });
    const after = (await call(t, '/api/izs-toolbox/dashboard/summary', { token: admin })).body.data.today;
    expect(after.weighCount).toBe(before.weighCount + 1);
    expect(after.inNetKg).toBe(new Decimal(before.inNetKg).plus('19249.5').toFixed(3));
    expect(after.outNetKg).toBe(before.outNetKg);
  });

  it('the weighing socket speaks STOMP (the broker and its tests: tests/api/stomp.test.ts)', async () => {
    const { default: WebSocket } = await import('ws');
    const ws = new WebSocket(
      `${t.base.replace('http', 'ws')}/api/izs-weighing/ws?blade-auth=${encodeURIComponent(`bearer ${admin}`)}`,
    );
    const first = await new Promise<string>((resolve, reject) => {
      ws.on('open', () => ws.send('CONNECT\naccept-version:1.2\n\n\0'));
      ws.on('message', (d) => resolve(d.toString()));
      ws.on('error', reject);
    });
    ws.close();
    expect(first).toMatch(/^CONNECTED\nversion:1.2\n/);
  });
});
