// @vitest-environment node
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { captcha } from '../../server/db/schema/index.ts';
import { SESSION_CHECK_MS, signAccessToken } from '../../server/platform/auth.ts';
import { md5hex } from '../../server/platform/password.ts';
import {
  BASIC,
  boot,
  call,
  login,
  solvedCaptcha,
  TEST_JWT_SECRET,
  type TestApp,
  TOKEN_PATH,
  tokenRequest,
} from './helpers.ts';

let t: TestApp;

/** Runs `f` with this process's Date at `ms` (timers stay real): what reads the clock sees that time. */
async function withClockAt(ms: number, f: () => Promise<void>) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(ms);
  try {
    await f();
  } finally {
    vi.useRealTimers();
  }
}
beforeAll(async () => {
  t = await boot({ captchaMode: true });
});
afterAll(async () => {
  await t?.close();
});

describe('token (captcha mode on)', () => {
  it('login-config reports captcha mode and is public', async () => {
    const r = await call(t, '/api/blade-auth/oauth/login-config');
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      code: 200,
      success: true,
      msg: '操作成功',
      data: {
        captchaMode: true,
        tenantMode: true,
        defaultTenantId: '000000',
        productTitle: 'Loopyard 再生资源管理平台',
        version: '1.2.0',
      },
    });
  });

  it('captcha answers a bare {key, image} with an SVG data URL', async () => {
    const r = await call(t, '/api/blade-auth/oauth/captcha');
    expect(r.status).toBe(200);
    expect(Object.keys(r.body).sort()).toEqual(['image', 'key']);
    expect(r.body.image).toMatch(/^data:image\/svg\+xml;base64,/);
    const svg = Buffer.from(r.body.image.split(',')[1], 'base64').toString('utf8');
    expect(svg).toContain('width="120"');
    expect(svg).toContain('height="40"');
    const rows = await t.database.db.select().from(captcha).where(eq(captcha.key, r.body.key));
    expect(rows[0].answer).toMatch(/^[A-Za-z0-9]{4,5}$/);
  });

  it('issues a bare snake_case token object', async () => {
    const r = await tokenRequest(t, 'admin', 'admin');
    expect(r.status).toBe(200);
    const b = r.body;
    expect(b.token_type).toBe('bearer');
    expect(b.expires_in).toBe(3600);
    expect(b.tenant_id).toBe('000000');
    expect(b.account).toBe('admin');
    expect(b.real_name).toBe('管理员');
    expect(b.role_name).toBe('administrator,admin');
    expect(b.user_id).toMatch(/^\d{19}$/);
    expect(b.access_token.split('.')).toHaveLength(3);
    expect(b.refresh_token.length).toBeGreaterThan(30);
    expect(b).not.toHaveProperty('code');
    expect(JSON.stringify(b)).not.toContain('argon2');
  });

  it('accepts the captcha code case-insensitively', async () => {
    const c = await solvedCaptcha(t);
    const r = await tokenRequest(t, 'clerk', '123456', { captcha: { key: c.key, code: c.code.toUpperCase() } });
    expect(r.status).toBe(200);
    expect(r.body.role_name).toBe('user');
  });

  it('refuses a wrong password with 400 and a Chinese description', async () => {
    const r = await tokenRequest(t, 'manager', 'wrong-password');
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ error_code: 400, error_description: '用户名或密码不正确' });
  });

  it('requires a captcha, refuses a wrong one, and consumes it on first use', async () => {
    const none = await tokenRequest(t, 'admin', 'admin', { captcha: false, grantType: 'password' });
    expect(none.status).toBe(400);
    expect(none.body.error_description).toBe('验证码不正确');

    const c = await solvedCaptcha(t);
    const wrong = await tokenRequest(t, 'admin', 'admin', { captcha: { key: c.key, code: 'zzzzz' } });
    expect(wrong.body.error_description).toBe('验证码不正确');
    // consumed by the wrong try: the right answer no longer works
    const again = await tokenRequest(t, 'admin', 'admin', { captcha: c });
    expect(again.status).toBe(400);
    expect(again.body.error_description).toBe('验证码不正确');

    const ok = await solvedCaptcha(t);
    expect((await tokenRequest(t, 'admin', 'admin', { captcha: ok })).status).toBe(200);
    expect((await tokenRequest(t, 'admin', 'admin', { captcha: ok })).body.error_description).toBe('验证码不正确');
  });

  it('refuses an expired captcha', async () => {
    const c = await solvedCaptcha(t);
    await t.database.db
      .update(captcha)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(captcha.key, c.key));
    const r = await tokenRequest(t, 'admin', 'admin', { captcha: c });
    expect(r.body).toEqual({ error_code: 400, error_description: '验证码已过期' });
  });

  it('checks the client credentials (401) and the grant type', async () => {
    const bad = await call(t, TOKEN_PATH, {
      method: 'POST',
      headers: { Authorization: `Basic ${Buffer.from('saber:nope').toString('base64')}` },
      query: { grant_type: 'password', username: 'admin', password: md5hex('admin'), tenantId: '000000' },
    });
    expect(bad.status).toBe(401);
    expect(bad.body).toEqual({ error_code: 401, error_description: '客户端认证失败' });
    const missing = await call(t, TOKEN_PATH, {
      method: 'POST',
      headers: { Authorization: '' },
      query: { grant_type: 'password' },
    });
    expect(missing.status).toBe(401);
    const grant = await call(t, TOKEN_PATH, { method: 'POST', query: { grant_type: 'client_credentials' } });
    expect(grant.status).toBe(400);
    expect(grant.body.error_description).toBe('不支持的授权类型');
    expect(BASIC).toContain('Basic ');
  });

  it('refuses an unknown tenant', async () => {
    const r = await tokenRequest(t, 'admin', 'admin', { tenantId: '999999' });
    expect(r.body).toEqual({ error_code: 400, error_description: '租户不存在' });
  });
});

describe('access token', () => {
  it('missing, garbled or wrongly signed tokens are 401', async () => {
    const none = await call(t, '/api/blade-system/menu/routes');
    expect(none.status).toBe(401);
    expect(none.body).toEqual({ code: 401, success: false, data: null, msg: '请求未授权' });
    expect((await call(t, '/api/blade-system/menu/routes', { token: 'garbage' })).status).toBe(401);
    const tok = (await login(t)).access_token;
    const [h, p] = tok.split('.');
    expect((await call(t, '/api/blade-system/menu/routes', { token: `${h}.${p}.AAAA` })).status).toBe(401);
    expect(
      (await call(t, '/api/blade-system/menu/routes', { headers: { 'Blade-Auth': `Bearer ${tok}` } })).status,
    ).toBe(200);
    expect((await call(t, '/api/blade-system/menu/routes', { query: { 'blade-auth': `bearer ${tok}` } })).status).toBe(
      200,
    );
    expect((await call(t, '/api/blade-system/menu/routes', { headers: { 'Blade-Auth': tok } })).status).toBe(401);
  });

  it('a session revoked outside this process (another server on the same PostgreSQL) is refused within SESSION_CHECK_MS', async () => {
    const tk = await login(t, 'manager');
    const sid = JSON.parse(Buffer.from(tk.access_token.split('.')[1], 'base64url').toString()).sid as string;
    expect((await call(t, '/api/blade-system/user/info', { token: tk.access_token })).status).toBe(200);
    // written straight to the database: this process's revocation paths are not told
    await t.database.db.execute(sql`update blade_auth_session set revoked_at = now() where id = ${sid}`);
    // the process's clock moved past SESSION_CHECK_MS instead of waiting it out (the live-session cache reads Date)
    await withClockAt(Date.now() + SESSION_CHECK_MS + 50, async () => {
      expect((await call(t, '/api/blade-system/user/info', { token: tk.access_token })).status).toBe(401);
    });
  });

  it('a token that verified once is refused when it expires (the verified-token cache keeps it only until exp)', async () => {
    const tk = await login(t, 'manager');
    const claims = JSON.parse(Buffer.from(tk.access_token.split('.')[1], 'base64url').toString());
    const { exp: _exp, iat: _iat, nbf: _nbf, iss: _iss, ...rest } = claims;
    // 5 s: a 1 s token expired before its first call on a loaded machine (PostgreSQL pass beside the browser tests)
    const short = await signAccessToken(new TextEncoder().encode(TEST_JWT_SECRET), rest, 5);
    expect((await call(t, '/api/blade-system/user/info', { token: short })).status).toBe(200);
    const exp = JSON.parse(Buffer.from(short.split('.')[1], 'base64url').toString()).exp as number;
    // the clock moved past exp instead of waiting for it (the verified-token cache and jose both read Date)
    await withClockAt(exp * 1000 + 150, async () => {
      expect((await call(t, '/api/blade-system/user/info', { token: short })).status).toBe(401);
    });
  });

  it('logout revokes the session at once', async () => {
    const tk = await login(t, 'manager');
    expect((await call(t, '/api/blade-system/user/info', { token: tk.access_token })).status).toBe(200);
    const out = await call(t, '/api/blade-auth/oauth/logout', { token: tk.access_token });
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ code: 200, success: true, data: null, msg: '操作成功' });
    const after = await call(t, '/api/blade-system/user/info', { token: tk.access_token });
    expect(after.status).toBe(401);
    // the refresh token of that family is dead too
    const r = await call(t, TOKEN_PATH, {
      method: 'POST',
      query: { grant_type: 'refresh_token', refresh_token: tk.refresh_token, tenant: '000000' },
    });
    expect(r.status).toBe(401);
  });

  it('the weighing socket path refuses an unauthenticated upgrade', async () => {
    const r = await call(t, '/api/izs-weighing/ws');
    expect(r.status).toBe(401);
  });
});
