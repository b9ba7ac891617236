import { describe, expect, it } from 'vitest';
import { claimsFromAccessToken, issuedAtMs } from './token-claims.ts';

const b64url = (o: unknown) =>
  btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(o))))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
const jwt = (payload: unknown) => `${b64url({ alg: 'HS256' })}.${b64url(payload)}.sig`;

describe('claimsFromAccessToken', () => {
  it('reads the BladeX claims, including Chinese names', () => {
    const c = claimsFromAccessToken(
      jwt({
        user_id: '1500000000000000007',
        tenant_id: '000000',
        account: 'admin',
        real_name: '管理员',
        role_name: 'administrator,admin',
        dept_id: '15,16',
      }),
    );
    expect(c).toMatchObject({
      user_id: '1500000000000000007',
      real_name: '管理员',
      role_name: 'administrator,admin',
      dept_id: '15,16',
      post_id: '',
    });
  });
  it.each([['not-a-jwt'], ['a.b.c'], [`x.${b64url({ sub: 1 })}.y`], ['']])('rejects %s', (t) => {
    expect(claimsFromAccessToken(t)).toBeNull();
  });
});

describe('issuedAtMs', () => {
  it('reads iat (seconds) as ms; none, a non-number or not a JWT is null', () => {
    expect(issuedAtMs(jwt({ user_id: '1', iat: 1_764_000_000 }))).toBe(1_764_000_000_000);
    expect(issuedAtMs(jwt({ user_id: '1' }))).toBeNull();
    expect(issuedAtMs(jwt({ user_id: '1', iat: '1764000000' }))).toBeNull();
    expect(issuedAtMs('not-a-token')).toBeNull();
  });
});
