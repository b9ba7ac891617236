// @vitest-environment node
/**
 * 数据权限 / 接口权限 end to end through the HTTP API: a rule created, edited (type, departments, method,
 * status) and removed through /api/blade-system/data-scope|api-scope changes at once what the clerk sees in the
 * material list and which material calls it may make — no direct resolver calls.
 */
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GrantKeys } from '../../core/contract/blade-system/role.contract.ts';
import type { ApiScopeRow, DataScopeRow } from '../../core/contract/blade-system/scope.contract.ts';
import { dept, menu, role } from '../../server/db/schema/index.ts';
import { boot, call, login, type TestApp } from './helpers.ts';

let t: TestApp;
let admin: string;
let clerk: string;
let userRole: string;
let baseKeys: GrantKeys;
let materialMenu: string;
let depts: Record<string, string>;
const ids: Record<string, string> = {};

const grant = (scopes: { dataScopeIds?: string[]; apiScopeIds?: string[] }) =>
  call(t, '/api/blade-system/role/grant', {
    token: admin,
    body: { roleIds: [userRole], menuIds: baseKeys.menu, dataScopeIds: [], apiScopeIds: [], ...scopes },
  });
/** Codes of the materials the clerk's list shows (only this test's SC- rows). */
const clerkSees = async () => {
  const r = await call(t, '/api/izs-base/material/page', { token: clerk, query: { code: 'SC-', size: 100 } });
  expect(r.status).toBe(200);
  return (r.body.data.records as { code: string }[]).map((m) => m.code).sort();
};

beforeAll(async () => {
  t = await boot({ captchaMode: false });
  admin = (await login(t, 'admin')).access_token;
  clerk = (await login(t, 'clerk')).access_token;
  const db = t.database.db;
  const [r] = await db.select().from(role).where(eq(role.roleAlias, 'user'));
  userRole = r.id;
  const codes = [
    'base',
    'base_material',
    'base_material_view',
    'base_material_add',
    'base_material_edit',
    'base_material_delete',
  ];
  const ms = await db.select({ id: menu.id, code: menu.code }).from(menu).where(inArray(menu.code, codes));
  materialMenu = ms.find((m) => m.code === 'base_material')?.id as string;
  const keys: GrantKeys = (
    await call(t, '/api/blade-system/menu/role-tree-keys', { token: admin, query: { roleIds: userRole } })
  ).body.data;
  baseKeys = { ...keys, menu: [...keys.menu, ...ms.map((m) => m.id)] };
  expect((await grant({})).status).toBe(200);
  const ds = await db.select().from(dept).where(eq(dept.tenantId, '000000'));
  depts = Object.fromEntries(ds.map((d) => [d.deptName, d.id]));
  // materials in three departments (administrator may place rows in any department of its tenant)
  for (const [code, deptName] of [
    ['SC-W', '过磅中心'],
    ['SC-F', '财务部'],
    ['SC-C', '绿循再生资源有限公司'],
  ]) {
    const a = await call(t, '/api/izs-base/material/submit', {
      token: admin,
      body: { code, name: `数据权限${code}`, deptId: depts[deptName] },
    });
    expect(a.status).toBe(200);
    expect(a.body.data.deptId).toBe(depts[deptName]);
    ids[code] = a.body.data.id;
  }
});
afterAll(async () => {
  await t?.close();
});

describe('data scope rules edited through the API change what the clerk sees', () => {
  let rule: DataScopeRow;
  const edit = (body: Record<string, unknown>) =>
    call(t, '/api/blade-system/data-scope/submit', {
      token: admin,
      body: { id: rule.id, menuId: materialMenu, scopeName: rule.scopeName, ...body },
    });

  it('no rule: everything of the tenant', async () => {
    expect(await clerkSees()).toEqual(['SC-C', 'SC-F', 'SC-W']);
  });

  it('所在机构可见 granted: only the clerk’s department; other rows cannot be read or changed', async () => {
    const add = await call(t, '/api/blade-system/data-scope/submit', {
      token: admin,
      body: { menuId: materialMenu, scopeName: '物料-本机构', scopeType: 3 },
    });
    expect(add.status).toBe(200);
    [rule] = (
      await call(t, '/api/blade-system/data-scope/list', { token: admin, query: { menuId: materialMenu } })
    ).body.data.records;
    expect(await clerkSees()).toEqual(['SC-C', 'SC-F', 'SC-W']); // defined, not yet granted
    expect((await grant({ dataScopeIds: [rule.id] })).status).toBe(200);
    expect(await clerkSees()).toEqual(['SC-W']);
    const d = await call(t, '/api/izs-base/material/detail', { token: clerk, query: { id: ids['SC-F'] } });
    expect(d.status).toBe(400);
    expect(d.body.msg).toBe('物料不存在');
    const u = await call(t, '/api/izs-base/material/submit', {
      token: clerk,
      body: { id: ids['SC-F'], name: '越权修改' },
    });
    expect(u.status).toBe(400);
    const rm = await call(t, '/api/izs-base/material/remove', {
      method: 'POST',
      token: clerk,
      query: { ids: `${ids['SC-W']},${ids['SC-F']}` },
    });
    expect(rm.status).toBe(400);
    expect(rm.body.msg).toBe('物料不存在');
    expect(await clerkSees()).toEqual(['SC-W']); // nothing half-removed
    const again = await call(t, '/api/izs-base/material/detail', { token: admin, query: { id: ids['SC-F'] } });
    expect(again.body.data.name).toBe('数据权限SC-F');
  });

  it('edited to 自定义 (财务部): the clerk now sees only that department', async () => {
    const r = await edit({ scopeType: 5, scopeValue: [depts['财务部']] });
    expect(r.status).toBe(200);
    expect(await clerkSees()).toEqual(['SC-F']);
    const detail = await call(t, '/api/blade-system/data-scope/detail', { token: admin, query: { id: rule.id } });
    expect(detail.body.data).toMatchObject({ scopeType: 5, scopeTypeName: '自定义', scopeValue: depts['财务部'] });
  });

  it('edited to 本人可见: only rows the clerk created', async () => {
    expect((await edit({ scopeType: 2 })).status).toBe(200);
    expect(await clerkSees()).toEqual([]);
    const mine = await call(t, '/api/izs-base/material/submit', {
      token: clerk,
      body: { code: 'SC-K', name: '业务员自建' },
    });
    expect(mine.status).toBe(200);
    ids['SC-K'] = mine.body.data.id;
    expect(await clerkSees()).toEqual(['SC-K']);
  });

  it('edited to 所在机构及子级可见 from the company for the manager-less clerk: its department only', async () => {
    expect((await edit({ scopeType: 4 })).status).toBe(200);
    expect(await clerkSees()).toEqual(['SC-K', 'SC-W']); // 过磅中心 has no children
  });

  it('disabled (status 0), then 全部可见, then removed: all rows again', async () => {
    expect((await edit({ scopeType: 3, status: 0 })).status).toBe(200);
    expect(await clerkSees()).toEqual(['SC-C', 'SC-F', 'SC-K', 'SC-W']);
    expect((await edit({ scopeType: 3, status: 1 })).status).toBe(200);
    expect(await clerkSees()).toEqual(['SC-K', 'SC-W']);
    expect((await edit({ scopeType: 1 })).status).toBe(200);
    expect(await clerkSees()).toEqual(['SC-C', 'SC-F', 'SC-K', 'SC-W']);
    expect((await edit({ scopeType: 3 })).status).toBe(200);
    const rm = await call(t, '/api/blade-system/data-scope/remove', {
      method: 'POST',
      token: admin,
      query: { ids: rule.id },
    });
    expect(rm.status).toBe(200);
    expect(await clerkSees()).toEqual(['SC-C', 'SC-F', 'SC-K', 'SC-W']);
    const keys: GrantKeys = (
      await call(t, '/api/blade-system/menu/role-tree-keys', { token: admin, query: { roleIds: userRole } })
    ).body.data;
    expect(keys.dataScope).toEqual([]); // the removed rule's grant went with it
  });

  it('the clerk removes a row it may see (scope resolved outside the write transaction)', async () => {
    const extra = await call(t, '/api/izs-base/material/submit', {
      token: clerk,
      body: { code: 'SC-X', name: '待删' },
    });
    const rm = await call(t, '/api/izs-base/material/remove', {
      method: 'POST',
      token: clerk,
      query: { ids: extra.body.data.id },
    });
    expect(rm.status).toBe(200);
    expect(await clerkSees()).toEqual(['SC-C', 'SC-F', 'SC-K', 'SC-W']);
  });
});

describe('api scope rules edited through the API change what the clerk may call', () => {
  let rule: ApiScopeRow;
  const pageCall = () => call(t, '/api/izs-base/material/page', { token: clerk, query: { code: 'SC-' } });
  const postCall = () =>
    call(t, '/api/izs-base/material/submit', { token: clerk, body: { id: ids['SC-K'], name: '业务员自建' } });
  const edit = (body: Record<string, unknown>) =>
    call(t, '/api/blade-system/api-scope/submit', {
      token: admin,
      body: {
        id: rule.id,
        menuId: materialMenu,
        scopeName: '物料写接口',
        scopePath: '/api/izs-base/material/**',
        ...body,
      },
    });

  it('a POST-only rule not granted: reading stays open, writing is refused', async () => {
    const add = await call(t, '/api/blade-system/api-scope/submit', {
      token: admin,
      body: {
        menuId: materialMenu,
        scopeName: '物料写接口',
        scopePath: '/api/izs-base/material/**',
        scopeMethod: 'POST',
      },
    });
    expect(add.status).toBe(200);
    [rule] = (
      await call(t, '/api/blade-system/api-scope/list', { token: admin, query: { menuId: materialMenu } })
    ).body.data.records;
    expect(rule).toMatchObject({ scopeMethod: 'POST', scopeTypeName: '业务接口', resourceCode: 'base_material' });
    expect((await pageCall()).status).toBe(200);
    const w = await postCall();
    expect(w.status).toBe(403);
    expect(w.body.msg).toBe('没有权限');
    expect((await call(t, '/api/izs-base/material/page', { token: admin })).status).toBe(200); // administrator
  });

  it('edited to GET: reading is refused, writing open again', async () => {
    expect((await edit({ scopeMethod: 'GET' })).status).toBe(200);
    expect((await pageCall()).status).toBe(403);
    expect((await postCall()).status).toBe(200);
  });

  it('edited to ALL and granted: both open; revoked: both refused; removed: open', async () => {
    expect((await edit({ scopeMethod: 'ALL' })).status).toBe(200);
    expect((await pageCall()).status).toBe(403);
    expect((await postCall()).status).toBe(403);
    expect((await grant({ apiScopeIds: [rule.id] })).status).toBe(200);
    expect((await pageCall()).status).toBe(200);
    expect((await postCall()).status).toBe(200);
    expect((await grant({})).status).toBe(200);
    expect((await pageCall()).status).toBe(403);
    const rm = await call(t, '/api/blade-system/api-scope/remove', {
      method: 'POST',
      token: admin,
      query: { ids: rule.id },
    });
    expect(rm.status).toBe(200);
    expect((await pageCall()).status).toBe(200);
  });

  it('a bad method or a rule of another tenant is refused', async () => {
    const bad = await call(t, '/api/blade-system/api-scope/submit', {
      token: admin,
      body: { menuId: materialMenu, scopeName: 'x', scopePath: '/api/x/**', scopeMethod: 'PATCH' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe('请求方式只能是 ALL、GET、POST、PUT 或 DELETE');
    const clerkList = await call(t, '/api/blade-system/api-scope/list', { token: clerk });
    expect(clerkList.status).toBe(403);
  });
});
