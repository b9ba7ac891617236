// @vitest-environment node
/** User administration: page filters, submit rules, reset password, enable/disable, unlock, tenant isolation. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../../core/contract/blade-system/user.contract.ts';
import { dept, post, role, tenant, user } from '../../server/db/schema/index.ts';
import { md5hex } from '../../server/platform/password.ts';
import { boot, call, login, type TestApp, tokenRequest } from './helpers.ts';

let t: TestApp;
let admin: string;
let manager: string;
let clerk: string;
let roleIds: Record<string, string>;
let depts: Record<string, string>;
let postId: string;

beforeAll(async () => {
  t = await boot({ captchaMode: false });
  admin = (await login(t, 'admin')).access_token;
  manager = (await login(t, 'manager')).access_token;
  clerk = (await login(t, 'clerk')).access_token;
  const db = t.database.db;
  roleIds = Object.fromEntries((await db.select().from(role)).map((r) => [r.roleAlias, r.id]));
  depts = Object.fromEntries((await db.select().from(dept)).map((d) => [d.deptName, d.id]));
  postId = (await db.select().from(post))[0].id;
});
afterAll(async () => {
  await t?.close();
});

const post_ = (path: string, token: string, r: { body?: unknown; query?: Record<string, string> } = {}) =>
  call(t, `/api/blade-system/user/${path}`, { method: 'POST', token, ...r });
const page = async (query: Record<string, string> = {}) =>
  (
    await call<{ data: { records: UserRow[]; total: number } }>(t, '/api/blade-system/user/page', {
      token: admin,
      query,
    })
  ).body.data;
const idOf = async (account: string) =>
  (await t.database.db.select().from(user).where(eq(user.account, account)))[0].id;

describe('user page and detail', () => {
  it('lists the tenant users with names and no password; filters by account, realName, status, dept subtree', async () => {
    const all = await page();
    expect(all.total).toBe(3);
    const c = all.records.find((r) => r.account === 'clerk');
    expect(c?.roleName).toBe('业务员');
    expect(c?.deptName).toBe('过磅中心');
    expect(c?.postName).toBe('司磅员');
    expect(c?.sexName).toBe('女');
    expect(c?.locked).toBe(false);
    expect(JSON.stringify(all)).not.toMatch(/password|argon2/);
    expect((await page({ account: 'cle' })).records.map((r) => r.account)).toEqual(['clerk']);
    expect((await page({ realName: '王' })).records.map((r) => r.account)).toEqual(['manager']);
    // company (绿循) contains 过磅中心: clerk (child dept), admin and manager (company itself)
    const byCompany = (await page({ deptId: depts['绿循再生资源有限公司'] })).records.map((r) => r.account).sort();
    expect(byCompany).toEqual(['admin', 'clerk', 'manager']);
    const byBranch = (await page({ deptId: depts['华东分公司'] })).records.map((r) => r.account);
    expect(byBranch).toEqual(['manager']);
    expect((await page({ deptId: depts['过磅中心'] })).records.map((r) => r.account)).toEqual(['clerk']);
    const bad = await call(t, '/api/blade-system/user/page', { token: admin, query: { deptId: 'x' } });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe('机构编号格式不正确');
    const sort = await call(t, '/api/blade-system/user/page', { token: admin, query: { ascs: 'password' } });
    expect(sort.status).toBe(400);
    const denied = await call(t, '/api/blade-system/user/page', { token: clerk });
    expect(denied.status).toBe(403);
  });

  it('detail of another tenant user answers like an unknown id', async () => {
    const db = t.database.db;
    await db.insert(tenant).values({ tenantId: '200002', tenantName: '别家' });
    const [o] = await db
      .insert(user)
      .values({ tenantId: '200002', account: 'other', password: 'x', realName: '外人' })
      .returning({ id: user.id });
    const [or] = await db
      .insert(role)
      .values({ tenantId: '200002', roleName: '外', roleAlias: 'user' })
      .returning({ id: role.id });
    const d = await call(t, '/api/blade-system/user/detail', { token: admin, query: { id: o.id } });
    expect(d.status).toBe(400);
    expect(d.body.msg).toBe('用户不存在');
    for (const p of ['reset-password', 'unlock']) {
      const r = await post_(p, admin, { query: { userIds: o.id } });
      expect(r.status).toBe(400);
    }
    const g = await post_('grant', admin, { query: { userIds: await idOf('clerk'), roleIds: or.id } });
    expect(g.status).toBe(400);
    expect(g.body.msg).toBe('所属角色不存在');
    const s = await post_('submit', admin, {
      body: { account: 'x1', password: md5hex('x'), realName: 'x', roleId: or.id, deptId: depts['采购部'] },
    });
    expect(s.status).toBe(400);
    expect(s.body.msg).toBe('所属角色不存在');
  });
});

describe('user submit', () => {
  const base = () => ({
    account: 'weigher1',
    password: md5hex('pw-1234'),
    realName: '张司磅',
    roleId: roleIds.user,
    deptId: [depts['过磅站']],
    postId: postId,
    phone: '13900000000',
    sex: 1,
  });

  it('adds a user who can sign in; duplicate account and bad fields are 400', async () => {
    const r = await post_('submit', admin, { body: base() });
    expect(r.status).toBe(200);
    const tok = await tokenRequest(t, 'weigher1', 'pw-1234');
    expect(tok.status).toBe(200);
    expect(tok.body.role_name).toBe('user');
    const dup = await post_('submit', admin, { body: { ...base(), realName: '另一个' } });
    expect(dup.status).toBe(400);
    expect(dup.body.msg).toBe('当前账号已被使用!');
    const noPw = await post_('submit', admin, { body: { ...base(), account: 'w2', password: '' } });
    expect(noPw.status).toBe(400);
    expect(noPw.body.msg).toBe('密码: 请输入密码');
    const noRole = await post_('submit', admin, { body: { ...base(), account: 'w3', roleId: '' } });
    expect(noRole.status).toBe(400);
    expect(noRole.body.msg).toBe('请选择所属角色');
    const badDept = await post_('submit', admin, { body: { ...base(), account: 'w4', deptId: '123456789' } });
    expect(badDept.status).toBe(400);
    expect(badDept.body.msg).toBe('所属机构不存在');
    const badPhone = await post_('submit', admin, { body: { ...base(), account: 'w5', phone: '12' } });
    expect(badPhone.status).toBe(400);
    expect(badPhone.body.msg).toBe('手机号码格式不正确');
    const sup = await post_('submit', manager, { body: { ...base(), account: 'w6', roleId: roleIds.administrator } });
    expect(sup.status).toBe(403);
    expect((await page()).total).toBe(4);
  });

  it('updates keep the password; the account may stay the same; admin cannot drop its own admin role', async () => {
    const id = await idOf('weigher1');
    const u = await post_('update', admin, { body: { ...base(), id, password: undefined, realName: '张司磅2' } });
    expect(u.status).toBe(200);
    const d = await call(t, '/api/blade-system/user/detail', { token: admin, query: { id } });
    expect(d.body.data.realName).toBe('张司磅2');
    expect((await tokenRequest(t, 'weigher1', 'pw-1234')).status).toBe(200);
    const mid = await idOf('manager');
    const self = await post_('submit', manager, {
      body: { id: mid, account: 'manager', realName: '王经理', roleId: roleIds.user, deptId: depts['华东分公司'] },
    });
    expect(self.status).toBe(400);
    expect(self.body.msg).toBe('不能取消自己的管理员角色');
    const touchAdmin = await post_('reset-password', manager, { query: { userIds: await idOf('admin') } });
    expect(touchAdmin.status).toBe(403);
  });
});

describe('password, status, lock, grant, remove', () => {
  it('reset-password then sign in with 123456', async () => {
    const id = await idOf('weigher1');
    const r = await post_('reset-password', admin, { query: { userIds: id } });
    expect(r.status).toBe(200);
    expect(r.body.msg).toBe('重置成功，新密码为 123456');
    expect((await tokenRequest(t, 'weigher1', 'pw-1234')).status).toBe(400);
    expect((await tokenRequest(t, 'weigher1', '123456')).status).toBe(200);
  });

  it('a disabled user is refused at sign-in and its sessions end; enabling restores', async () => {
    const id = await idOf('weigher1');
    const tok = (await tokenRequest(t, 'weigher1', '123456')).body.access_token;
    expect((await call(t, '/api/blade-system/menu/routes', { token: tok })).status).toBe(200);
    const off = await post_('update-status', admin, { query: { userIds: id, status: '0' } });
    expect(off.status).toBe(200);
    expect(off.body.msg).toBe('停用成功');
    expect((await call(t, '/api/blade-system/menu/routes', { token: tok })).status).toBe(401);
    const refused = await tokenRequest(t, 'weigher1', '123456');
    expect(refused.status).toBe(400);
    expect(refused.body.error_description).toBe('账号已停用');
    expect((await page({ status: '0' })).records.map((r) => r.account)).toEqual(['weigher1']);
    const bad = await post_('update-status', admin, { query: { userIds: id, status: '7' } });
    expect(bad.status).toBe(400);
    const selfOff = await post_('update-status', admin, { query: { userIds: await idOf('admin'), status: '0' } });
    expect(selfOff.status).toBe(400);
    expect(selfOff.body.msg).toBe('不能停用自己的账号');
    expect((await post_('update-status', admin, { query: { userIds: id, status: '1' } })).status).toBe(200);
    expect((await tokenRequest(t, 'weigher1', '123456')).status).toBe(200);
  });

  it('unlock clears the failure lock', async () => {
    for (let i = 0; i < 5; i++) await tokenRequest(t, 'weigher1', 'wrong');
    const locked = await tokenRequest(t, 'weigher1', '123456');
    expect(locked.status).toBe(400);
    expect(locked.body.error_description).toContain('登录失败次数过多');
    expect((await page({ account: 'weigher1' })).records[0].locked).toBe(true);
    const r = await post_('unlock', admin, { query: { userIds: await idOf('weigher1') } });
    expect(r.status).toBe(200);
    expect((await page({ account: 'weigher1' })).records[0].locked).toBe(false);
    expect((await tokenRequest(t, 'weigher1', '123456')).status).toBe(200);
  });

  it('grant sets roles; remove soft-deletes and the account is free again', async () => {
    const id = await idOf('weigher1');
    const g = await post_('grant', admin, { query: { userIds: id, roleIds: `${roleIds.user},${roleIds.admin}` } });
    expect(g.status).toBe(200);
    const d = await call(t, '/api/blade-system/user/detail', { token: admin, query: { id } });
    expect(d.body.data.roleName).toBe('业务员,管理员');
    const selfRm = await post_('remove', admin, { query: { ids: await idOf('admin') } });
    expect(selfRm.status).toBe(400);
    const rm = await post_('remove', admin, { query: { ids: id } });
    expect(rm.status).toBe(200);
    expect((await tokenRequest(t, 'weigher1', '123456')).status).toBe(400);
    expect((await page()).total).toBe(3);
    const again = await post_('submit', admin, {
      body: {
        ...{ account: 'weigher1', password: md5hex('a'), realName: 'a' },
        roleId: roleIds.user,
        deptId: depts['过磅站'],
      },
    });
    expect(again.status).toBe(200);
    const posts = await call(t, '/api/blade-system/user/post-options', { token: admin });
    expect(posts.body.data.map((p: { postName: string }) => p.postName)).toEqual(['总经理', '司磅员']);
  });
});
