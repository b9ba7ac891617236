// @vitest-environment node
/**
 * Sign-in under abuse (issue 16): the lock counts atomically, per account and client address, never for unknown
 * names; a per-address throttle with growing tiers answers 429; the spec's messages stay.
 * Client addresses come from X-Forwarded-For (the test client is on loopback, a trusted proxy by default).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAttempt } from '../../server/db/schema/index.ts';
import { md5hex } from '../../server/platform/password.ts';
import { boot, call, type TestApp, TOKEN_PATH } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await boot({ captchaMode: false });
});
afterAll(async () => {
  await t?.close();
});

const signIn = (account: string, password: string, from: string) =>
  call(t, TOKEN_PATH, {
    method: 'POST',
    headers: { 'Tenant-Id': '000000', 'X-Forwarded-For': from },
    query: { tenantId: '000000', username: account, password: md5hex(password), grant_type: 'password' },
  });

describe('the account lock', () => {
  it('30 concurrent wrong passwords: exactly 5 reach the password check, the rest are refused', async () => {
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => signIn('manager', `wrong-${i}`, '10.1.0.1')),
    );
    const msgs = answers.map((a) => a.body.error_description);
    expect(msgs.filter((m) => m === '用户名或密码不正确')).toHaveLength(5);
    // locked (the account lock), or throttled once the address passed 20 failures in the minute
    const refused = msgs.filter(
      (m) => m === '登录失败次数过多，请15分钟后再试' || m === '登录尝试过于频繁，请1分钟后再试',
    );
    expect(refused).toHaveLength(25);
    expect(msgs).toContain('登录失败次数过多，请15分钟后再试');
    const rows = await t.database.db.select().from(loginAttempt).where(eq(loginAttempt.account, 'manager'));
    expect(rows.filter((r) => !r.success)).toHaveLength(5);
    // the owner signs in from another address
    const owner = await signIn('manager', '123456', '10.1.0.2');
    expect(owner.status).toBe(200);
    expect(owner.body.account).toBe('manager');
  });

  it('five failures from one address lock that address only, with the spec message', async () => {
    for (let i = 0; i < 5; i++) {
      const r = await signIn('clerk', `bad-${i}`, '10.2.0.1');
      expect(r.body).toEqual({ error_code: 400, error_description: '用户名或密码不正确' });
    }
    const locked = await signIn('clerk', '123456', '10.2.0.1');
    expect(locked.status).toBe(400);
    expect(locked.body).toEqual({ error_code: 400, error_description: '登录失败次数过多，请15分钟后再试' });
    expect((await signIn('clerk', '123456', '10.2.0.2')).status).toBe(200);
    // the owner's success elsewhere does not unlock the attacker's address
    expect((await signIn('clerk', '123456', '10.2.0.1')).body.error_description).toBe(
      '登录失败次数过多，请15分钟后再试',
    );
  });

  it('an unknown account writes nothing and locks nothing', async () => {
    for (let i = 0; i < 7; i++) {
      expect((await signIn('ghost', `x-${i}`, '10.4.0.1')).body.error_description).toBe('用户名或密码不正确');
    }
    const rows = await t.database.db.select().from(loginAttempt).where(eq(loginAttempt.account, 'ghost'));
    expect(rows).toHaveLength(0);
  });
});

describe('the per-address throttle', () => {
  it('past 20 failures in a minute an address waits (429), whatever the accounts; other addresses do not', async () => {
    for (let i = 0; i < 20; i++) {
      const r = await signIn(`nobody${i}`, 'x', '10.3.0.1');
      expect(r.status).toBe(400);
    }
    const refused = await signIn('admin', 'admin', '10.3.0.1');
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ error_code: 429, error_description: '登录尝试过于频繁，请1分钟后再试' });
    expect((await signIn('admin', 'admin', '10.3.0.2')).status).toBe(200);
  });

  it('successful sign-ins are not counted', async () => {
    for (let i = 0; i < 25; i++) expect((await signIn('admin', 'admin', '10.5.0.1')).status).toBe(200);
  });
});
