import { afterEach, describe, expect, it } from 'vitest';
import { STORAGE_KEY } from './persist.ts';
import { createAppStore, hydrate } from './store.ts';

const b64url = (o: unknown) =>
  btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(o))))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
const token = `${b64url({ alg: 'HS256' })}.${b64url({ user_id: '9', tenant_id: '000000', account: 'admin', real_name: '管理员', role_name: 'administrator,admin', dept_id: '2', iat: 1_764_000_000 })}.sig`;

afterEach(() => {
  document.cookie = 'loopyard-access-token=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
  localStorage.clear();
});

describe('hydrate', () => {
  it('without a token cookie ignores stored session state', () => {
    localStorage.setItem(STORAGE_KEY, JSON.stringify({ session: { roles: ['admin'] } }));
    expect(hydrate().session?.roles).toEqual([]);
  });

  it('with the cookie but no stored state, takes roles and dept from the token claims', () => {
    document.cookie = `loopyard-access-token=${token}; path=/`;
    const s = hydrate().session!;
    expect(s.roles).toEqual(['administrator', 'admin']);
    expect(s.userInfo?.real_name).toBe('管理员');
    expect(s.defaultDeptId).toBe('1'); // spec §4: dept_id '2' becomes '1'
    // the token's age counts from its issue, not from 1970 (which refreshed it at the timer's first tick)
    expect(s.tokenTime).toBe(1_764_000_000_000);
  });

  it('flushes state to localStorage on pagehide, before the persist delay', () => {
    const store = createAppStore();
    store.dispatch({ type: 'session/setLocked', payload: true });
    expect(localStorage.getItem(STORAGE_KEY)).toBeNull();
    window.dispatchEvent(new Event('pagehide'));
    expect(JSON.parse(localStorage.getItem(STORAGE_KEY)!).session.locked).toBe(true);
  });
});
