// @vitest-environment node
/** Authority: role grants → routes/buttons, data scope, API scope, role rules, tenant isolation. */
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GrantKeys, GrantTree, RoleNode } from '../../core/contract/blade-system/role.contract.ts';
import type { MenuNode } from '../../core/contract/blade-system.contract.ts';
import type { TreeNode } from '../../core/contract/common.ts';
import { dept, menu, role, tenant, user } from '../../server/db/schema/index.ts';
import type { AuthUser } from '../../server/platform/auth.ts';
import { resolveDataScope } from '../../server/platform/data-scope.ts';
import { boot, call, login, type TestApp } from './helpers.ts';

let t: TestApp;
let admin: string;
let clerk: string;
let manager: string;
let roleIds: Record<string, string>;
let depts: Record<string, string>;
const menuIds: Record<string, string> = {};

beforeAll(async () => {
  t = await boot({ captchaMode: false });
  admin = (await login(t, 'admin')).access_token;
  clerk = (await login(t, 'clerk')).access_token;
  manager = (await login(t, 'manager')).access_token;
  const db = t.database.db;
  const roles = await db.select().from(role);
  roleIds = Object.fromEntries(roles.map((r) => [r.roleAlias, r.id]));
  const ds = await db.select().from(dept);
  depts = Object.fromEntries(ds.map((d) => [d.deptName, d.id]));
  const codes = [
    'system_dept',
    'system_dept_add',
    'system_dept_edit',
    'system_dept_view',
    'system_dept_delete',
    'base_material',
    'supply_chain_weight_memo_add',
  ];
  const ms = await db.select({ id: menu.id, code: menu.code }).from(menu).where(inArray(menu.code, codes));
  for (const m of ms) menuIds[m.code] = m.id;
});
afterAll(async () => {
  await t?.close();
});

const flat = <T extends { children?: T[] }>(nodes: T[]): T[] => nodes.flatMap((n) => [n, ...flat(n.children ?? [])]);
const keysOf = async (id: string): Promise<GrantKeys> =>
  (await call(t, '/api/blade-system/menu/role-tree-keys', { token: admin, query: { roleIds: id } })).body.data;
const grant = (token: string, body: unknown) => call(t, '/api/blade-system/role/grant', { token, body });

async function authUser(account: string): Promise<AuthUser> {
  const [u] = await t.database.db.select().from(user).where(eq(user.account, account));
  const roles = await t.database.db
    .select()
    .from(role)
    .where(inArray(role.id, u.roleId.split(',')));
  return {
    userId: u.id,
    tenantId: u.tenantId,
    account,
    roles: roles.map((r) => r.roleAlias),
    roleIds: u.roleId.split(','),
    deptIds: u.deptId.split(','),
    sessionId: '1',
    clientId: 'saber',
    currentDeptId: u.deptId.split(',')[0],
  };
}

describe('role grant', () => {
  it('changes the clerk menu/routes and menu/buttons at once, and restores', async () => {
    const before = await keysOf(roleIds.user);
    expect(before.menu).toContain(menuIds.supply_chain_weight_memo_add);
    expect(before.menu).not.toContain(menuIds.system_dept);

    const next = [
      ...before.menu.filter((m) => m !== menuIds.supply_chain_weight_memo_add),
      menuIds.system_dept,
      menuIds.system_dept_add,
      menuIds.system_dept_view,
    ];
    const g = await grant(admin, { roleIds: [roleIds.user], menuIds: next, dataScopeIds: [], apiScopeIds: [] });
    expect(g.status).toBe(200);

    const routes = flat<MenuNode>((await call(t, '/api/blade-system/menu/routes', { token: clerk })).body.data);
    expect(routes.map((m) => m.path)).toContain('/system/dept');
    expect(routes.map((m) => m.path)).toContain('/system'); // ancestor added back
    const buttons = flat<MenuNode>((await call(t, '/api/blade-system/menu/buttons', { token: clerk })).body.data)
      .filter((m) => m.category === 2)
      .map((m) => m.code);
    expect(buttons).toContain('system_dept_add');
    expect(buttons).toContain('system_dept_view');
    expect(buttons).not.toContain('system_dept_delete');
    expect(buttons).not.toContain('supply_chain_weight_memo_add');
    expect((await keysOf(roleIds.user)).menu.sort()).toEqual([...next].sort());

    // restore (comma strings are accepted too)
    const r = await grant(admin, { roleIds: roleIds.user, menuIds: before.menu.join(',') });
    expect(r.status).toBe(200);
    const again = flat<MenuNode>((await call(t, '/api/blade-system/menu/buttons', { token: clerk })).body.data).map(
      (m) => m.code,
    );
    expect(again).toContain('supply_chain_weight_memo_add');
    expect(again).not.toContain('system_dept_add');
  });

  it('grant-tree has menus with buttons as children; scope trees hang rules under menus', async () => {
    const r = await call<{ data: GrantTree }>(t, '/api/blade-system/menu/grant-tree', { token: admin });
    expect(r.status).toBe(200);
    const all = flat<TreeNode>(r.body.data.menu);
    const dep = all.find((n) => n.id === menuIds.system_dept);
    expect(dep?.title).toBe('部门管理');
    expect(dep?.children?.map((c) => c.title)).toContain('删除');
    expect(r.body.data.dataScope).toEqual([]);
  });

  it('refuses bad grants: unknown role, other tenant role, unknown menu, clerk caller, empty roleIds', async () => {
    const db = t.database.db;
    await db.insert(tenant).values({ tenantId: '100001', tenantName: '另一家' });
    const [other] = await db
      .insert(role)
      .values({ tenantId: '100001', roleName: '外租户', roleAlias: 'user' })
      .returning({ id: role.id });
    const a = await grant(admin, { roleIds: [other.id], menuIds: [] });
    expect(a.status).toBe(400);
    expect(a.body.msg).toBe('角色不存在');
    const k = await call(t, '/api/blade-system/menu/role-tree-keys', { token: admin, query: { roleIds: other.id } });
    expect(k.status).toBe(400);
    const d = await call(t, '/api/blade-system/role/detail', { token: admin, query: { id: other.id } });
    expect(d.status).toBe(400);
    const m = await grant(admin, { roleIds: [roleIds.user], menuIds: ['999999999'] });
    expect(m.status).toBe(400);
    expect(m.body.msg).toBe('菜单不存在');
    const c = await grant(clerk, { roleIds: [roleIds.user], menuIds: [] });
    expect(c.status).toBe(403);
    expect(c.body.msg).toBe('没有权限');
    const e = await grant(admin, { roleIds: [], menuIds: [] });
    expect(e.status).toBe(400);
    expect(e.body.msg).toContain('请选择角色');
    const x = await grant(admin, { roleIds: ['abc'] });
    expect(x.status).toBe(400);
    expect(x.body.msg).toContain('角色编号格式不正确');
    // nothing changed for the clerk
    expect((await keysOf(roleIds.user)).menu.length).toBeGreaterThan(10);
  });
});

describe('roles', () => {
  it('list is a tree; manager (admin) does not see administrator, admin does', async () => {
    const a = await call<{ data: RoleNode[] }>(t, '/api/blade-system/role/list', { token: admin });
    expect(a.body.data.map((r) => r.roleAlias)).toEqual(['administrator', 'admin', 'user']);
    const m = await call<{ data: RoleNode[] }>(t, '/api/blade-system/role/list', { token: manager });
    expect(m.body.data.map((r) => r.roleAlias)).toEqual(['admin', 'user']);
    const tr = await call<{ data: TreeNode[] }>(t, '/api/blade-system/role/tree', { token: manager });
    expect(tr.body.data.map((r) => r.title)).toEqual(['管理员', '业务员']);
  });

  it('submit: child role, duplicate alias, administrator alias only for administrator, cycles', async () => {
    const add = await call(t, '/api/blade-system/role/submit', {
      token: manager,
      body: { roleName: '司磅员', roleAlias: 'weigher', parentId: roleIds.user, sort: 5 },
    });
    expect(add.status).toBe(200);
    const list = flat<RoleNode>((await call(t, '/api/blade-system/role/list', { token: admin })).body.data);
    const w = list.find((r) => r.roleAlias === 'weigher');
    expect(w?.parentId).toBe(roleIds.user);
    expect(w?.parentName).toBe('业务员');
    const dup = await call(t, '/api/blade-system/role/submit', {
      token: admin,
      body: { roleName: 'x', roleAlias: 'weigher' },
    });
    expect(dup.status).toBe(400);
    expect(dup.body.msg).toBe('角色别名已存在');
    const sup = await call(t, '/api/blade-system/role/submit', {
      token: manager,
      body: { roleName: '超管2', roleAlias: 'administrator' },
    });
    expect(sup.status).toBe(403);
    const cyc = await call(t, '/api/blade-system/role/submit', {
      token: admin,
      body: { id: roleIds.user, roleName: '业务员', roleAlias: 'user', parentId: w?.id },
    });
    expect(cyc.status).toBe(400);
    expect(cyc.body.msg).toBe('父节点不可选择自身的子节点!');
    const noName = await call(t, '/api/blade-system/role/submit', { token: admin, body: { roleAlias: 'y' } });
    expect(noName.status).toBe(400);
    expect(noName.body.msg).toBe('请输入角色名称');
    const clerkAdd = await call(t, '/api/blade-system/role/submit', {
      token: clerk,
      body: { roleName: 'z', roleAlias: 'z' },
    });
    expect(clerkAdd.status).toBe(403);
    // remove: parent with children refused; the child goes
    const rp = await call(t, '/api/blade-system/role/remove', {
      method: 'POST',
      token: admin,
      query: { ids: roleIds.user },
    });
    expect(rp.status).toBe(400);
    expect(rp.body.msg).toBe('请先删除子角色');
    const rc = await call(t, '/api/blade-system/role/remove', { method: 'POST', token: admin, query: { ids: w?.id } });
    expect(rc.status).toBe(200);
  });

  it('the manager cannot remove its own last admin role, nor administrator; cannot grant administrator', async () => {
    const r = await call(t, '/api/blade-system/role/remove', {
      method: 'POST',
      token: manager,
      query: { ids: roleIds.admin },
    });
    expect(r.status).toBe(400);
    expect(r.body.msg).toBe('不能删除自己仅有的管理员角色');
    const s = await call(t, '/api/blade-system/role/remove', {
      method: 'POST',
      token: manager,
      query: { ids: roleIds.administrator },
    });
    expect(s.status).toBe(403);
    const g = await grant(manager, { roleIds: [roleIds.administrator], menuIds: [] });
    expect(g.status).toBe(403);
    expect((await keysOf(roleIds.administrator)).menu.length).toBeGreaterThan(100);
  });
});

describe('data scope', () => {
  it('rule 本部门 on base_material granted to role user limits the clerk to its department', async () => {
    const clerkU = await authUser('clerk');
    expect(await resolveDataScope(t.database.db, clerkU, 'base_material')).toEqual({ kind: 'all' });

    const add = await call(t, '/api/blade-system/data-scope/submit', {
      token: admin,
      body: { menuId: menuIds.base_material, scopeName: '物料-本部门', scopeType: 3 },
    });
    expect(add.status).toBe(200);
    const list = await call(t, '/api/blade-system/data-scope/list', {
      token: admin,
      query: { menuId: menuIds.base_material },
    });
    expect(list.body.data.total).toBe(1);
    const rule = list.body.data.records[0];
    expect(rule.resourceCode).toBe('base_material');
    expect(rule.scopeTypeName).toBe('所在机构可见');

    // defined but not granted: still all
    expect(await resolveDataScope(t.database.db, clerkU, 'base_material')).toEqual({ kind: 'all' });
    const keys = await keysOf(roleIds.user);
    const g = await grant(admin, { roleIds: [roleIds.user], menuIds: keys.menu, dataScopeIds: [rule.id] });
    expect(g.status).toBe(200);
    expect((await keysOf(roleIds.user)).dataScope).toEqual([rule.id]);
    expect(await resolveDataScope(t.database.db, clerkU, 'base_material')).toEqual({
      kind: 'depts',
      deptIds: [depts['过磅中心']],
    });
    // other resources stay open; administrator always sees all
    expect(await resolveDataScope(t.database.db, clerkU, 'base_warehouse')).toEqual({ kind: 'all' });
    expect(await resolveDataScope(t.database.db, await authUser('admin'), 'base_material')).toEqual({ kind: 'all' });

    // the grant tree shows the rule under its menu
    const tree = (await call<{ data: GrantTree }>(t, '/api/blade-system/menu/grant-tree', { token: admin })).body.data;
    const node = flat(tree.dataScope).find((n) => n.id === rule.id);
    expect(node?.title).toBe('物料-本部门');
    expect(node?.parentId).toBe(menuIds.base_material);
  });

  it('types 2 (own), 4 (with children), 5 (custom) and the union', async () => {
    const db = t.database.db;
    const mk = async (scopeName: string, scopeType: number, scopeValue?: string[]) => {
      const r = await call(t, '/api/blade-system/data-scope/submit', {
        token: admin,
        body: { menuId: menuIds.system_dept, scopeName, scopeType, scopeValue },
      });
      expect(r.status).toBe(200);
      const [row] = (
        await call(t, '/api/blade-system/data-scope/list', {
          token: admin,
          query: { menuId: menuIds.system_dept, scopeName },
        })
      ).body.data.records;
      return row.id as string;
    };
    const own = await mk('本人', 2);
    const below = await mk('本部门及以下', 4);
    const custom = await mk('自定义', 5, [depts['财务部'], depts['仓储部']]);
    const m = await authUser('manager'); // depts: company + branch
    const keys = await keysOf(roleIds.admin);
    const setScopes = (ids: string[]) =>
      grant(admin, { roleIds: [roleIds.admin], menuIds: keys.menu, dataScopeIds: ids });

    await setScopes([own]);
    expect(await resolveDataScope(db, m, 'system_dept')).toEqual({ kind: 'own' });
    await setScopes([below]);
    const r4 = await resolveDataScope(db, m, 'system_dept');
    expect(r4.kind).toBe('depts');
    const all = await db.select({ id: dept.id }).from(dept).where(eq(dept.tenantId, '000000'));
    expect(r4.kind === 'depts' && [...r4.deptIds].sort()).toEqual(all.map((d) => d.id).sort());
    await setScopes([custom]);
    expect(await resolveDataScope(db, m, 'system_dept')).toEqual({
      kind: 'depts',
      deptIds: [depts['财务部'], depts['仓储部']].sort(),
    });
    await setScopes([own, custom]);
    const u = await resolveDataScope(db, m, 'system_dept');
    expect(u.kind === 'depts' && [...u.deptIds].sort()).toEqual(
      [depts['财务部'], depts['仓储部'], ...m.deptIds].sort(),
    );
    // a bad custom dept and a missing menu are refused
    const bad = await call(t, '/api/blade-system/data-scope/submit', {
      token: admin,
      body: { menuId: menuIds.system_dept, scopeName: 'x', scopeType: 5, scopeValue: ['123456789'] },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe('可见机构不存在');
    const none = await call(t, '/api/blade-system/data-scope/submit', {
      token: admin,
      body: { menuId: menuIds.system_dept, scopeName: 'x', scopeType: 5 },
    });
    expect(none.status).toBe(400);
    expect(none.body.msg).toBe('自定义权限请选择可见机构');
    // removing a rule drops its grants
    await call(t, '/api/blade-system/data-scope/remove', {
      method: 'POST',
      token: admin,
      query: { ids: `${own},${custom}` },
    });
    expect(await resolveDataScope(db, m, 'system_dept')).toEqual({ kind: 'all' });
    await setScopes([]);
  });
});

describe('api scope', () => {
  it('a rule on /api/blade-system/dept/** not granted to user → clerk 403; granted → 200', async () => {
    const path = '/api/blade-system/dept/tree';
    expect((await call(t, path, { token: clerk })).status).toBe(200);
    const add = await call(t, '/api/blade-system/api-scope/submit', {
      token: admin,
      body: {
        menuId: menuIds.system_dept,
        scopeName: '机构接口',
        scopePath: '/api/blade-system/dept/**',
        scopeType: 2,
      },
    });
    expect(add.status).toBe(200);
    const r = await call(t, path, { token: clerk });
    expect(r.status).toBe(403);
    expect(r.body.msg).toBe('没有权限');
    // unmatched paths stay open, administrator bypasses
    expect((await call(t, '/api/blade-system/menu/routes', { token: clerk })).status).toBe(200);
    expect((await call(t, path, { token: admin })).status).toBe(200);

    const [rule] = (
      await call(t, '/api/blade-system/api-scope/list', { token: admin, query: { menuId: menuIds.system_dept } })
    ).body.data.records;
    const keys = await keysOf(roleIds.user);
    const g = await grant(admin, {
      roleIds: [roleIds.user],
      menuIds: keys.menu,
      dataScopeIds: keys.dataScope,
      apiScopeIds: [rule.id],
    });
    expect(g.body.msg).toBe('操作成功');
    expect((await call(t, path, { token: clerk })).status).toBe(200);
    expect((await keysOf(roleIds.user)).apiScope).toEqual([rule.id]);

    // revoke again → 403; delete the rule → open
    await grant(admin, { roleIds: [roleIds.user], menuIds: keys.menu, dataScopeIds: keys.dataScope, apiScopeIds: [] });
    expect((await call(t, path, { token: clerk })).status).toBe(403);
    const bad = await call(t, '/api/blade-system/api-scope/submit', {
      token: admin,
      body: { menuId: menuIds.system_dept, scopeName: 'x', scopePath: 'dept/**' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toContain('权限路径须以 /api/ 开头');
    await call(t, '/api/blade-system/api-scope/remove', { method: 'POST', token: admin, query: { ids: rule.id } });
    expect((await call(t, path, { token: clerk })).status).toBe(200);
  });

  it('scope rows of another tenant are invisible', async () => {
    const r = await call(t, '/api/blade-system/api-scope/detail', { token: admin, query: { id: '1' } });
    expect(r.status).toBe(400);
    const c = await call(t, '/api/blade-system/data-scope/list', { token: clerk });
    expect(c.status).toBe(403);
    const db = t.database.db;
    const other = await db
      .select()
      .from(role)
      .where(and(eq(role.tenantId, '100001')));
    expect(other.length).toBe(1);
  });
});
