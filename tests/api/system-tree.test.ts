// @vitest-environment node
/**
 * 菜单管理 and 机构/部门管理 as tree resources: list trees with filters, add child / edit / remove, removal refused
 * with children (and for departments with users or employees), button permissions, tenants, platform-only menus.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dept } from '../../server/db/schema/index.ts';
import { boot, call, login, type TestApp } from './helpers.ts';
import { OTHER_TENANT, otherTenantAdmin } from './system-helpers.ts';

let t: TestApp;
let admin: string;
let manager: string;
let clerk: string;
beforeAll(async () => {
  t = await boot({ captchaMode: false });
  admin = (await login(t, 'admin')).access_token;
  manager = (await login(t, 'manager')).access_token;
  clerk = (await login(t, 'clerk')).access_token;
});
afterAll(async () => {
  await t?.close();
});

interface Node {
  id: string;
  parentId: string;
  name?: string;
  deptName?: string;
  code?: string;
  category?: number;
  deptCategory?: number;
  path?: string;
  children?: Node[];
}
const flat = (nodes: Node[]): Node[] => nodes.flatMap((n) => [n, ...flat(n.children ?? [])]);

describe('menus', () => {
  const M = '/api/blade-system/menu';
  let catalogue: string;
  let page: string;

  it('list answers the whole tree with the buttons as children, and filters', async () => {
    const all = await call(t, `${M}/list`, { token: admin });
    expect(all.status).toBe(200);
    const system = all.body.data.find((n: Node) => n.code === 'system');
    const post = system.children.find((n: Node) => n.code === 'system_post');
    expect(post).toMatchObject({ name: '岗位管理', path: '/system/post', category: 1 });
    expect(post.children.map((b: Node) => [b.code, b.category])).toContainEqual(['system_post_add', 2]);
    const byName = await call(t, `${M}/list`, { token: admin, query: { name: '岗位' } });
    expect(byName.body.data.map((n: Node) => n.code)).toEqual(['system_post']);
    const byCode = await call(t, `${M}/list`, { token: admin, query: { code: 'system_post_' } });
    expect(flat(byCode.body.data).every((n) => n.code?.startsWith('system_post_'))).toBe(true);
    expect(byCode.body.data.length).toBeGreaterThan(3);
  });

  it('the manager adds a catalogue, a page under it and a button; the page is in his routes', async () => {
    const a = await call(t, `${M}/submit`, {
      token: manager,
      body: { parentId: '0', name: '质检管理', code: 'quality', path: '/quality', source: 'check', sort: 90 },
    });
    expect(a.status).toBe(200);
    const tree = await call(t, `${M}/list`, { token: manager, query: { code: 'quality' } });
    catalogue = tree.body.data[0].id;
    const p = await call(t, `${M}/submit`, {
      token: manager,
      body: { parentId: catalogue, name: '质检单', code: 'quality_sheet', path: '/quality/sheet', sort: 1 },
    });
    expect(p.status).toBe(200);
    page = (await call(t, `${M}/list`, { token: manager, query: { code: 'quality_sheet' } })).body.data[0].id;
    const b = await call(t, `${M}/submit`, {
      token: manager,
      body: { parentId: page, name: '新增', code: 'quality_sheet_add', alias: 'add', category: 2, action: 1 },
    });
    expect(b.status).toBe(200);
    const routes = await call(t, '/api/blade-system/menu/routes', { token: manager });
    const q = routes.body.data.find((n: Node) => n.path === '/quality');
    expect(q.children.map((n: Node) => n.path)).toEqual(['/quality/sheet']);
    const buttons = await call(t, '/api/blade-system/menu/buttons', { token: manager });
    expect(flat(buttons.body.data).map((n) => n.code)).toContain('quality_sheet_add');
    const list = await call(t, `${M}/list`, { token: admin, query: { code: 'quality' } });
    expect(flat(list.body.data).map((n) => n.code)).toEqual(['quality', 'quality_sheet', 'quality_sheet_add']);
  });

  it('edits a menu and reads its detail', async () => {
    const u = await call(t, `${M}/submit`, {
      token: manager,
      body: { id: page, parentId: catalogue, name: '质检单据', code: 'quality_sheet', path: '/quality/sheet', sort: 2 },
    });
    expect(u.status).toBe(200);
    const d = await call(t, `${M}/detail`, { token: manager, query: { id: page } });
    expect(d.body.data).toMatchObject({ name: '质检单据', sort: 2, parentName: '质检管理', categoryName: '菜单' });
  });

  it('refuses bad input, a duplicate code, a missing parent', async () => {
    const noCode = await call(t, `${M}/submit`, { token: manager, body: { name: '无编号' } });
    expect(noCode.status).toBe(400);
    expect(noCode.body.msg).toBe('请输入菜单编号');
    const badCategory = await call(t, `${M}/submit`, { token: manager, body: { name: 'x', code: 'x9', category: 5 } });
    expect(badCategory.body.msg).toBe('菜单类型只能是菜单或按钮');
    const dup = await call(t, `${M}/submit`, { token: manager, body: { name: '重复', code: 'system_post' } });
    expect(dup.body.msg).toBe('菜单编号已存在');
    const orphan = await call(t, `${M}/submit`, {
      token: manager,
      body: { parentId: '999999999', name: 'x', code: 'x_orphan' },
    });
    expect(orphan.body.msg).toBe('上级菜单不存在');
  });

  it('the clerk (no system_menu buttons) and another tenant are refused with 403', async () => {
    expect((await call(t, `${M}/list`, { token: clerk })).status).toBe(403);
    const add = await call(t, `${M}/submit`, { token: clerk, body: { name: 'x', code: 'x_clerk' } });
    expect(add.status).toBe(403);
    const other = await otherTenantAdmin(t);
    const ext = await call(t, `${M}/submit`, { token: other, body: { name: '外', code: 'x_other' } });
    expect(ext.status).toBe(403);
    expect(ext.body.msg).toBe('系统级数据只能由平台租户维护');
    const rm = await call(t, `${M}/remove`, { token: other, method: 'POST', query: { ids: page } });
    expect(rm.status).toBe(403);
  });

  it('removal is refused while children remain; bottom-up it works', async () => {
    const withKids = await call(t, `${M}/remove`, { token: manager, method: 'POST', query: { ids: catalogue } });
    expect(withKids.status).toBe(400);
    expect(withKids.body.msg).toBe('请先删除子菜单');
    const btn = (await call(t, `${M}/list`, { token: manager, query: { code: 'quality_sheet_add' } })).body.data[0].id;
    const rm = await call(t, `${M}/remove`, {
      token: manager,
      method: 'POST',
      query: { ids: `${catalogue},${page},${btn}` },
    });
    expect(rm.status).toBe(200);
    const routes = await call(t, '/api/blade-system/menu/routes', { token: manager });
    expect(routes.body.data.some((n: Node) => n.path === '/quality')).toBe(false);
  });
});

describe('departments', () => {
  const D = '/api/blade-system/dept';
  let company: Node;
  let qc: string;

  it('list answers the organisation tree; filters by name and by category', async () => {
    const all = await call(t, `${D}/list`, { token: admin });
    expect(all.status).toBe(200);
    company = all.body.data.find((n: Node) => n.deptName === '绿循再生资源有限公司');
    expect(company.children?.map((n) => n.deptName)).toEqual(['采购部', '销售部', '过磅中心', '财务部']);
    const byName = await call(t, `${D}/list`, { token: admin, query: { deptName: '过磅' } });
    expect(flat(byName.body.data).map((n) => n.deptName)).toEqual(['过磅中心', '过磅站']);
    const companies = await call(t, `${D}/list`, { token: admin, query: { deptCategory: 1 } });
    expect(companies.body.data.map((n: Node) => n.deptName)).toEqual(['绿循再生资源有限公司', '华东分公司']);
    expect(companies.body.data.every((n: Node) => !n.children)).toBe(true);
  });

  it('adds a child department, edits it and reads its detail', async () => {
    const a = await call(t, `${D}/submit`, {
      token: manager,
      body: { parentId: company.id, deptName: '质检部', deptCategory: 2, sort: 9 },
    });
    expect(a.status).toBe(200);
    qc = (await call(t, `${D}/list`, { token: manager, query: { deptName: '质检部' } })).body.data[0].id;
    const u = await call(t, `${D}/submit`, {
      token: manager,
      body: { id: qc, parentId: company.id, deptName: '质检部', fullName: '绿循质检部', deptCategory: 2, sort: 5 },
    });
    expect(u.status).toBe(200);
    const d = await call(t, `${D}/detail`, { token: manager, query: { id: qc } });
    expect(d.body.data).toMatchObject({ fullName: '绿循质检部', sort: 5, parentName: '绿循再生资源有限公司' });
    expect(d.body.data.ancestors).toBe(`0,${company.id}`);
  });

  it('refuses bad input naming the field', async () => {
    const noName = await call(t, `${D}/submit`, { token: manager, body: { parentId: company.id } });
    expect(noName.status).toBe(400);
    expect(noName.body.msg).toBe('请输入机构名称');
    const badCat = await call(t, `${D}/submit`, { token: manager, body: { deptName: 'x', deptCategory: 7 } });
    expect(badCat.body.msg).toBe('机构类型不正确');
  });

  it('removal is refused with child departments, with users and with employees', async () => {
    const kids = await call(t, `${D}/remove`, { token: manager, method: 'POST', query: { ids: company.id } });
    expect(kids.status).toBe(400);
    expect(kids.body.msg).toBe('请先删除子机构');
    const weigh = company.children?.find((n) => n.deptName === '过磅中心') as Node;
    const users = await call(t, `${D}/remove`, { token: manager, method: 'POST', query: { ids: weigh.id } });
    expect(users.status).toBe(400);
    expect(users.body.msg).toBe('机构下还有用户(clerk)，不能删除');
    // (the administrator may place an employee in any department; others only in their own)
    const emp = await call(t, '/api/blade-system/staff/submit', {
      token: admin,
      body: { jobNumber: 'QC01', name: '质检员', deptId: qc },
    });
    expect(emp.status).toBe(200);
    const staffed = await call(t, `${D}/remove`, { token: manager, method: 'POST', query: { ids: qc } });
    expect(staffed.body.msg).toBe('机构下还有员工(质检员)，不能删除');
    await call(t, '/api/blade-system/staff/remove', {
      token: manager,
      method: 'POST',
      query: { ids: emp.body.data.id },
    });
    const rm = await call(t, `${D}/remove`, { token: manager, method: 'POST', query: { ids: qc } });
    expect(rm.status).toBe(200);
    const after = await call(t, `${D}/list`, { token: manager, query: { deptName: '质检部' } });
    expect(after.body.data).toEqual([]);
  });

  it('the clerk (no department buttons) is refused; another tenant’s department is unknown', async () => {
    expect((await call(t, `${D}/list`, { token: clerk })).status).toBe(403);
    const add = await call(t, `${D}/submit`, { token: clerk, body: { deptName: 'x' } });
    expect(add.status).toBe(403);
    const [other] = await t.database.db
      .insert(dept)
      .values({ tenantId: OTHER_TENANT, deptName: '别家部门', deptCategory: 2 })
      .returning({ id: dept.id });
    const rm = await call(t, `${D}/remove`, { token: manager, method: 'POST', query: { ids: other.id } });
    expect(rm.status).toBe(400);
    expect(rm.body.msg).toBe('机构不存在');
    const child = await call(t, `${D}/submit`, { token: manager, body: { parentId: other.id, deptName: '挂靠' } });
    expect(child.body.msg).toBe('上级机构不存在!');
    const list = await call(t, `${D}/list`, { token: manager, query: { deptName: '别家' } });
    expect(list.body.data).toEqual([]);
  });
});
