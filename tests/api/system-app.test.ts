// @vitest-environment node
/**
 * 应用管理 (OAuth clients) and the token endpoint reading them: secrets hashed and shown once, grant types and
 * token lifetimes from the client row, unknown / disabled / removed clients refused with BladeX's error object.
 */
import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authSession, client } from '../../server/db/schema/index.ts';
import { md5hex } from '../../server/platform/password.ts';
import { boot, call, login, type TestApp, TOKEN_PATH } from './helpers.ts';
import { otherTenantAdmin } from './system-helpers.ts';

let t: TestApp;
let admin: string;
let clerk: string;
beforeAll(async () => {
  t = await boot({ captchaMode: false });
  admin = (await login(t, 'admin')).access_token;
  clerk = (await login(t, 'clerk')).access_token;
});
afterAll(async () => {
  await t?.close();
});

const A = '/api/blade-system/client';
const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;

/** Password (or other) grant for admin/admin with the given client credentials. */
const token = (auth: string, grant = 'password', extra: Record<string, string> = {}) =>
  call(t, TOKEN_PATH, {
    method: 'POST',
    headers: { Authorization: auth, 'Tenant-Id': '000000' },
    query: {
      tenantId: '000000',
      username: 'admin',
      password: md5hex('admin'),
      grant_type: grant,
      scope: 'all',
      ...extra,
    },
  });

describe('apps (OAuth clients)', () => {
  let id: string;
  let secret: string;

  it('lists the seeded saber client without its secret; the secret is stored hashed', async () => {
    const r = await call(t, `${A}/page`, { token: admin });
    expect(r.status).toBe(200);
    const saber = r.body.data.records.find((c: { clientId: string }) => c.clientId === 'saber');
    expect(saber).toMatchObject({
      authorizedGrantTypes: 'password,captcha,refresh_token',
      accessTokenValidity: 3600,
      refreshTokenValidity: 604800,
    });
    expect(saber).not.toHaveProperty('clientSecret');
    const [row] = await t.database.db.select().from(client).where(eq(client.clientId, 'saber'));
    expect(row.clientSecret).toMatch(/^sha256\$[0-9a-f]{64}$/);
  });

  it('the saber client keeps the current behaviour: 3600 s tokens', async () => {
    const r = await token(basic('saber', 'saber_secret'));
    expect(r.status).toBe(200);
    expect(r.body.expires_in).toBe(3600);
  });

  it('creates a client: the generated secret is answered once, never again', async () => {
    const r = await call(t, `${A}/submit`, {
      token: admin,
      body: {
        clientId: 'weigh-app',
        authorizedGrantTypes: ['password', 'refresh_token'],
        accessTokenValidity: 120,
        refreshTokenValidity: 240,
        webServerRedirectUri: 'https://weigh.example.com/callback',
      },
    });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({
      clientId: 'weigh-app',
      scope: 'all',
      authorizedGrantTypes: 'password,refresh_token',
      accessTokenValidity: 120,
      refreshTokenValidity: 240,
      status: 1,
    });
    secret = r.body.data.clientSecret;
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    id = r.body.data.id;
    const d = await call(t, `${A}/detail`, { token: admin, query: { id } });
    expect(d.body.data.clientId).toBe('weigh-app');
    expect(d.body.data).not.toHaveProperty('clientSecret');
    const page = await call(t, `${A}/page`, { token: admin, query: { clientId: 'weigh' } });
    expect(page.body.data.records.map((c: { id: string }) => c.id)).toEqual([id]);
    expect(JSON.stringify(page.body)).not.toContain(secret);
  });

  it('tokens of the new client live as long as its row says (access 120 s, refresh 240 s)', async () => {
    const r = await token(basic('weigh-app', secret));
    expect(r.status).toBe(200);
    expect(r.body.expires_in).toBe(120);
    const claims = decodeJwt(r.body.access_token);
    expect(Number(claims.exp) - Number(claims.iat)).toBe(120);
    expect(claims.client_id).toBe('weigh-app');
    const [s] = await t.database.db.select().from(authSession).where(eq(authSession.clientId, 'weigh-app'));
    expect(Math.round((s.refreshExpiresAt.getTime() - s.createTime.getTime()) / 1000)).toBe(240);
    const refreshed = await call(t, TOKEN_PATH, {
      method: 'POST',
      headers: { Authorization: basic('weigh-app', secret) },
      query: { grant_type: 'refresh_token', refresh_token: r.body.refresh_token, tenant: '000000' },
    });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.expires_in).toBe(120);
  });

  it('a grant type the client does not allow is refused with the BladeX error object', async () => {
    const r = await token(basic('weigh-app', secret), 'captcha');
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ error_code: 400, error_description: '不支持的授权类型' });
  });

  it('an unknown client, a wrong secret, a disabled client are refused (401)', async () => {
    const unknown = await token(basic('nobody', 'whatever-secret'));
    expect(unknown.status).toBe(401);
    expect(unknown.body).toEqual({ error_code: 401, error_description: '客户端认证失败' });
    const wrong = await token(basic('weigh-app', 'saber_secret'));
    expect(wrong.status).toBe(401);
    expect(wrong.body.error_code).toBe(401);
    const off = await call(t, `${A}/submit`, { token: admin, body: { id, status: 0 } });
    expect(off.status).toBe(200);
    expect((await token(basic('weigh-app', secret))).status).toBe(401);
    await call(t, `${A}/submit`, { token: admin, body: { id, status: 1 } });
    expect((await token(basic('weigh-app', secret))).status).toBe(200);
  });

  it('an update changes the lifetime of new tokens and never the secret', async () => {
    const u = await call(t, `${A}/submit`, {
      token: admin,
      body: { id, accessTokenValidity: 300, refreshTokenValidity: 600, clientSecret: 'sneaky-new-secret' },
    });
    expect(u.status).toBe(200);
    expect(u.body.data).not.toHaveProperty('clientSecret');
    const r = await token(basic('weigh-app', secret));
    expect(r.body.expires_in).toBe(300);
    expect((await token(basic('weigh-app', 'sneaky-new-secret'))).status).toBe(401);
  });

  it('reset-secret answers a new secret once; the old one stops working', async () => {
    const r = await call(t, `${A}/reset-secret`, { token: admin, method: 'POST', query: { id } });
    expect(r.status).toBe(200);
    expect(r.body.data.clientId).toBe('weigh-app');
    const fresh = r.body.data.clientSecret as string;
    expect(fresh).not.toBe(secret);
    expect((await token(basic('weigh-app', secret))).status).toBe(401);
    expect((await token(basic('weigh-app', fresh))).status).toBe(200);
    secret = fresh;
  });

  it('a client-chosen secret is accepted when adding', async () => {
    const r = await call(t, `${A}/save`, {
      token: admin,
      body: { clientId: 'pos', clientSecret: 'pos-secret-123', authorizedGrantTypes: 'password' },
    });
    expect(r.status).toBe(200);
    expect(r.body.data.clientSecret).toBe('pos-secret-123');
    expect((await token(basic('pos', 'pos-secret-123'))).body.expires_in).toBe(3600);
  });

  it('refuses bad input naming the field and a duplicate client id', async () => {
    const bad = async (body: Record<string, unknown>) =>
      (
        await call(t, `${A}/submit`, {
          token: admin,
          body: { clientId: 'x-app', authorizedGrantTypes: 'password', ...body },
        })
      ).body.msg;
    expect(await bad({ clientId: '' })).toBe('请输入客户端编号');
    expect(await bad({ clientId: '客户端' })).toBe('客户端编号只能含字母、数字、_ 和 -');
    expect(await bad({ authorizedGrantTypes: 'password,foo' })).toBe(
      '授权类型只能是 password、captcha、refresh_token、authorization_code、client_credentials、implicit',
    );
    expect(await bad({ authorizedGrantTypes: [] })).toBe('请选择授权类型');
    expect(await bad({ accessTokenValidity: 10 })).toBe('令牌有效期不能小于60秒');
    expect(await bad({ accessTokenValidity: 'abc' })).toBe('令牌有效期必须是整数秒');
    expect(await bad({ accessTokenValidity: 3600, refreshTokenValidity: 600 })).toBe(
      '刷新令牌有效期不能小于令牌有效期',
    );
    expect(await bad({ webServerRedirectUri: 'ftp://x' })).toBe('回调地址必须以 http:// 或 https:// 开头');
    expect(await bad({ clientSecret: 'short' })).toBe('客户端密钥长度应为8到128个字符');
    expect(await bad({ clientId: 'saber' })).toBe('客户端编号已存在');
  });

  it('the saber client can be neither disabled nor removed', async () => {
    const saber = (await call(t, `${A}/page`, { token: admin, query: { clientId: 'saber' } })).body.data.records[0];
    const off = await call(t, `${A}/submit`, { token: admin, body: { id: saber.id, status: 0 } });
    expect(off.status).toBe(400);
    expect(off.body.msg).toBe('默认客户端不能停用');
    const rm = await call(t, `${A}/remove`, { token: admin, method: 'POST', query: { ids: saber.id } });
    expect(rm.status).toBe(400);
    expect(rm.body.msg).toBe('默认客户端不能删除');
    expect((await token(basic('saber', 'saber_secret'))).status).toBe(200);
  });

  it('the clerk (no system_app buttons) is refused with 403', async () => {
    expect((await call(t, `${A}/page`, { token: clerk })).status).toBe(403);
    const add = await call(t, `${A}/submit`, {
      token: clerk,
      body: { clientId: 'c-app', authorizedGrantTypes: 'password' },
    });
    expect(add.status).toBe(403);
    expect((await call(t, `${A}/reset-secret`, { token: clerk, method: 'POST', query: { id } })).status).toBe(403);
  });

  it('another tenant cannot see or change the platform clients', async () => {
    const other = await otherTenantAdmin(t);
    const page = await call(t, `${A}/page`, { token: other });
    expect(page.status).toBe(200);
    expect(page.body.data.total).toBe(0);
    const d = await call(t, `${A}/detail`, { token: other, query: { id } });
    expect(d.status).toBe(403);
    const u = await call(t, `${A}/submit`, { token: other, body: { id, accessTokenValidity: 99999 } });
    // the engine's read rule hides platform clients from other tenants: their ids answer like unknown ids
    expect(u.status).toBe(400);
    expect(u.body.msg).toMatch(/不存在$/);
    const add = await call(t, `${A}/submit`, {
      token: other,
      body: { clientId: 'ext', authorizedGrantTypes: 'password' },
    });
    expect(add.status).toBe(403);
    const rm = await call(t, `${A}/remove`, { token: other, method: 'POST', query: { ids: id } });
    expect(rm.status).toBe(403);
    const reset = await call(t, `${A}/reset-secret`, { token: other, method: 'POST', query: { id } });
    expect(reset.status).toBe(403);
  });

  it('a removed client can no longer sign in', async () => {
    const rm = await call(t, `${A}/remove`, { token: admin, method: 'POST', query: { ids: id } });
    expect(rm.status).toBe(200);
    const r = await token(basic('weigh-app', secret));
    expect(r.status).toBe(401);
    expect(r.body.error_description).toBe('客户端认证失败');
    // the id is free again
    const again = await call(t, `${A}/submit`, {
      token: admin,
      body: { clientId: 'weigh-app', authorizedGrantTypes: 'password' },
    });
    expect(again.status).toBe(200);
  });
});
