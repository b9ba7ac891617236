// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boot, call, login, type TestApp, TOKEN_PATH, tokenRequest } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await boot({ captchaMode: false });
});
afterAll(async () => {
  await t?.close();
});

const refresh = (token: string) =>
  call(t, TOKEN_PATH, {
    method: 'POST',
    query: { grant_type: 'refresh_token', refresh_token: token, tenant: '000000' },
  });

describe('CAPTCHA_MODE=off', () => {
  it('login-config says so and the password grant needs no captcha', async () => {
    const cfg = await call(t, '/api/blade-auth/oauth/login-config');
    expect(cfg.body.data.captchaMode).toBe(false);
    const r = await tokenRequest(t, 'admin', 'admin', { captcha: false, grantType: 'password' });
    expect(r.status).toBe(200);
    expect(r.body.account).toBe('admin');
  });
});

describe('lockout', () => {
  it('refuses the 6th attempt after 5 failures, even with the right password', async () => {
    for (let i = 0; i < 5; i++) {
      const r = await tokenRequest(t, 'manager', `wrong-${i}`);
      expect(r.body.error_description).toBe('用户名或密码不正确');
    }
    const sixth = await tokenRequest(t, 'manager', '123456');
    expect(sixth.status).toBe(400);
    expect(sixth.body).toEqual({ error_code: 400, error_description: '登录失败次数过多，请15分钟后再试' });
    // other accounts are not affected
    expect((await tokenRequest(t, 'clerk', '123456')).status).toBe(200);
  });

  it('a success clears the failure count', async () => {
    for (let i = 0; i < 4; i++) await tokenRequest(t, 'clerk', `bad-${i}`);
    expect((await tokenRequest(t, 'clerk', '123456')).status).toBe(200);
    for (let i = 0; i < 4; i++) await tokenRequest(t, 'clerk', `bad-${i}`);
    expect((await tokenRequest(t, 'clerk', '123456')).status).toBe(200);
  });
});

describe('refresh tokens', () => {
  it('rotate on every use; reuse revokes the whole family', async () => {
    const first = await login(t, 'admin');
    const r1 = await refresh(first.refresh_token);
    expect(r1.status).toBe(200);
    expect(r1.body.refresh_token).not.toBe(first.refresh_token);
    expect(r1.body.access_token).not.toBe(first.access_token);
    expect(r1.body.account).toBe('admin');
    const r2 = await refresh(r1.body.refresh_token);
    expect(r2.status).toBe(200);
    expect((await call(t, '/api/blade-system/user/info', { token: r2.body.access_token })).status).toBe(200);

    // the first refresh token was already used: reuse → 401 and the family is revoked
    const reuse = await refresh(first.refresh_token);
    expect(reuse.status).toBe(401);
    expect(reuse.body.error_code).toBe(401);
    expect(reuse.body.error_description).toMatch(/刷新令牌/);
    expect((await call(t, '/api/blade-system/user/info', { token: r2.body.access_token })).status).toBe(401);
    expect((await call(t, '/api/blade-system/user/info', { token: first.access_token })).status).toBe(401);
    expect((await refresh(r2.body.refresh_token)).status).toBe(401);

    // another sign-in (another family) is unaffected
    const other = await login(t, 'admin');
    expect((await call(t, '/api/blade-system/user/info', { token: other.access_token })).status).toBe(200);
  });

  it('an unknown refresh token is refused', async () => {
    const r = await refresh('not-a-token');
    expect(r.status).toBe(401);
    expect(r.body).toHaveProperty('error_description');
  });
});
