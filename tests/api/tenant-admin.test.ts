// @vitest-environment node
/**
 * 租户管理 (issue 22): tenant 000000's administrator creates a tenant through BladeX's tenant routes; the new tenant
 * gets its top department, admin role (every menu), post `ceo` and user `admin`, and can sign in at once. Nobody
 * else — not the platform's own `admin`-role manager, not another tenant's admin — may list, change or remove tenants.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../server/db/client.ts';
import { dept, dictBiz, menu, param, post, role, roleMenu, user } from '../../server/db/schema/index.ts';
import { boot, call, login, type TestApp, tokenRequest } from './helpers.ts';

let t: TestApp;
let admin: string;
let manager: string;
const P = '/api/blade-system/tenant';

beforeAll(async () => {
  t = await boot({ captchaMode: false });
  admin = (await login(t, 'admin')).access_token;
  manager = (await login(t, 'manager')).access_token;
}, 600_000);
afterAll(async () => {
  await t?.close();
});

describe('tenant routes', () => {
  let made: { id: string; tenantId: string };

  it('submit creates a tenant with a generated 6-digit id, its department, admin role, post and admin user', async () => {
    const r = await call(t, `${P}/submit`, {
      token: admin,
      body: { tenantName: '东方再生金属有限公司', linkman: '赵经理', contactNumber: '13900000000' },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    made = r.body.data;
    expect(made.tenantId).toMatch(/^\d{6}$/);
    expect(made.tenantId).not.toBe('000000');
    const db = t.database.db;
    const T = made.tenantId;
    const [d] = await db.select().from(dept).where(eq(dept.tenantId, T));
    expect(d).toMatchObject({ deptName: '东方再生金属有限公司', parentId: '0', deptCategory: 1 });
    const [ro] = await db.select().from(role).where(eq(role.tenantId, T));
    expect(ro).toMatchObject({ roleAlias: 'admin', roleName: '管理员' });
    const [po] = await db.select().from(post).where(eq(post.tenantId, T));
    expect(po).toMatchObject({ postCode: 'ceo', postName: '总经理' });
    const [u] = await db.select().from(user).where(eq(user.tenantId, T));
    expect(u).toMatchObject({ account: 'admin', roleId: ro.id, deptId: d.id, postId: po.id });
    // the grants the seed gives a tenant's admin: every live menu and button
    const [menus] = await rows<{ n: number }>(db, sql`select count(*)::int as n from blade_menu where is_deleted = 0`);
    const granted = await db.select({ m: roleMenu.menuId }).from(roleMenu).where(eq(roleMenu.roleId, ro.id));
    expect(granted.length).toBe(menus.n);
    expect(menus.n).toBeGreaterThan(100);
    // its own business dictionaries and parameters
    expect((await db.select().from(dictBiz).where(eq(dictBiz.tenantId, T))).length).toBeGreaterThan(5);
    expect((await db.select().from(param).where(eq(param.tenantId, T))).length).toBeGreaterThan(1);
    void menu;
  });

  it('the new tenant admin signs in with admin/admin and sees only its own tenant in select', async () => {
    const r = await tokenRequest(t, 'admin', 'admin', { tenantId: made.tenantId });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const tok = r.body.access_token;
    const routes = await call(t, '/api/blade-system/menu/routes', { token: tok });
    expect(routes.status).toBe(200);
    expect(JSON.stringify(routes.body.data)).toContain('/system/user');
    const sel = await call(t, `${P}/select`, { token: tok });
    expect(sel.status).toBe(200);
    expect(sel.body.data.map((x: { tenantId: string }) => x.tenantId)).toEqual([made.tenantId]);
    // and may not manage tenants
    for (const [path, method, body] of [
      [`${P}/page`, 'GET', undefined],
      [`${P}/list`, 'GET', undefined],
      [`${P}/detail?id=${made.id}`, 'GET', undefined],
      [`${P}/submit`, 'POST', { tenantName: '越权租户' }],
      [`${P}/remove?ids=${made.id}`, 'POST', undefined],
    ] as const) {
      const x = await call(t, path, { token: tok, method, body });
      expect(x.status, `${method} ${path}`).toBe(403);
      expect(x.body.msg).toBe('租户只能由平台租户的超级管理员管理');
    }
  });

  it('the platform administrator lists, reads, edits and selects tenants; a manager (admin role) may not', async () => {
    const page = await call(t, `${P}/page`, { token: admin, query: { tenantName: '东方' } });
    expect(page.status).toBe(200);
    expect(page.body.data.records.map((x: { tenantId: string }) => x.tenantId)).toEqual([made.tenantId]);
    const byId = await call(t, `${P}/page`, { token: admin, query: { tenantId: made.tenantId } });
    expect(byId.body.data.total).toBe(1);
    const all = await call(t, `${P}/list`, { token: admin });
    expect(all.body.data.map((x: { tenantId: string }) => x.tenantId)).toEqual(['000000', made.tenantId]);
    const det = await call(t, `${P}/detail`, { token: admin, query: { id: made.id } });
    expect(det.body.data).toMatchObject({ tenantName: '东方再生金属有限公司', linkman: '赵经理' });
    const upd = await call(t, `${P}/submit`, {
      token: admin,
      body: { id: made.id, tenantName: '东方再生金属集团', tenantId: '999999' },
    });
    expect(upd.status, JSON.stringify(upd.body)).toBe(200);
    expect(upd.body.data).toMatchObject({ tenantName: '东方再生金属集团', tenantId: made.tenantId });
    const sel = await call(t, `${P}/select`, { token: admin });
    expect(sel.body.data.length).toBe(2);
    for (const [path, method] of [
      [`${P}/page`, 'GET'],
      [`${P}/submit`, 'POST'],
    ] as const) {
      const x = await call(t, path, {
        token: manager,
        method,
        body: method === 'POST' ? { tenantName: 'x' } : undefined,
      });
      expect(x.status, path).toBe(403);
    }
  });

  it('a chosen tenantId is kept, a taken one refused; bad input answers a Chinese 400 naming the field', async () => {
    const r = await call(t, `${P}/submit`, {
      token: admin,
      body: { tenantId: '300003', tenantName: '指定编号公司', adminPassword: 'secret1' },
    });
    expect(r.body.data.tenantId).toBe('300003');
    expect((await tokenRequest(t, 'admin', 'secret1', { tenantId: '300003' })).status).toBe(200);
    const dup = await call(t, `${P}/submit`, { token: admin, body: { tenantId: '300003', tenantName: '重复' } });
    expect(dup.status).toBe(400);
    expect(dup.body.msg).toBe('租户编号已存在');
    const bad = await call(t, `${P}/submit`, { token: admin, body: { tenantId: '12ab', tenantName: '坏编号' } });
    expect(bad.body.msg).toBe('租户编号必须是6位数字');
    const noName = await call(t, `${P}/submit`, { token: admin, body: {} });
    expect(noName.body.msg).toBe('请输入租户名称');
    const [n] = await rows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from blade_tenant where tenant_name in ('重复', '坏编号')`,
    );
    expect(n.n).toBe(0);
  });

  it('remove is logical, the removed tenant can no longer sign in, and the platform tenant stays', async () => {
    const r = await call(t, `${P}/remove`, { token: admin, method: 'POST', query: { ids: made.id } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const login2 = await tokenRequest(t, 'admin', 'admin', { tenantId: made.tenantId });
    expect(login2.status).not.toBe(200);
    const platform = await call(t, `${P}/list`, { token: admin, query: { tenantId: '000000' } });
    const id0 = platform.body.data[0].id;
    const keep = await call(t, `${P}/remove`, { token: admin, method: 'POST', query: { ids: id0 } });
    expect(keep.status).toBe(400);
    expect(keep.body.msg).toBe('平台租户不能删除');
    const off = await call(t, `${P}/submit`, { token: admin, body: { id: id0, status: 0 } });
    expect(off.body.msg).toBe('平台租户不能停用');
    const [u] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(user)
      .where(and(eq(user.tenantId, '000000'), eq(user.account, 'admin')));
    expect(u.n).toBe(1);
  });
});
