import { describe, expect, it } from 'vitest';
import { PRODUCT_TITLE } from '../contract/common.ts';
import { type GuardState, guard, loginPathFor, MESSAGES } from './guard.ts';
import { buildRouteTable, type RouteRecord } from './routes.ts';

const admin: GuardState = {
  hasToken: true,
  routesLoaded: true,
  roles: ['administrator', 'admin'],
  checkAccountStatus: 2,
};
const anon: GuardState = { hasToken: false, routesLoaded: false, roles: [], checkAccountStatus: null };

describe('guard — spec §2.1', () => {
  it('rule 1: the title is the route title followed by the product title', () => {
    const d = guard(admin, { path: '/system/user' });
    expect(d).toMatchObject({ type: 'proceed', title: `用户管理 - ${PRODUCT_TITLE}` });
  });

  it('rule 2: a redirect query pointing at a public page is followed', () => {
    const d = guard(anon, { path: '/login', query: { redirect: '/print-template/weight-memo?id=3' } });
    expect(d).toMatchObject({ type: 'redirect', to: '/print-template/weight-memo?id=3' });
  });

  it('rule 2: a redirect query pointing at a private page is not followed', () => {
    expect(guard(anon, { path: '/login', query: { redirect: '/system/user' } }).type).toBe('proceed');
  });

  it('rule 3: public routes are open without a token', () => {
    expect(guard(anon, { path: '/login' }).type).toBe('proceed');
    expect(guard(anon, { path: '/blockchain-info/1/PO2024' }).type).toBe('proceed');
  });

  it('rule 3: a route whose matched parent is public is open', () => {
    const routes: RouteRecord[] = [
      ...buildRouteTable(),
      { path: '/share', title: '分享', screen: 'coming-soon', meta: { public: true } },
      { path: '/share/report', title: '分享报表', screen: 'coming-soon', meta: {}, parent: '/share' },
    ];
    expect(guard(anon, { path: '/share/report' }, routes)).toMatchObject({ type: 'proceed' });
  });

  it('rule 4: with a token, /login sends the user to /', () => {
    expect(guard(admin, { path: '/login' })).toMatchObject({ type: 'redirect', to: '/' });
  });

  it('rule 4: routes loaded → proceed', () => {
    expect(guard(admin, { path: '/base/material' })).toMatchObject({
      type: 'proceed',
      route: { path: '/base/material' },
    });
  });

  it('rule 4: routes not loaded → load them and retry', () => {
    expect(guard({ ...admin, routesLoaded: false }, { path: '/base/material' }).type).toBe('loadRoutes');
  });

  it('rule 4: load failure → clear the token, message, /login with redirect', () => {
    const d = guard({ ...admin, routesLoaded: false, routesLoadFailed: true }, { path: '/base/material' });
    expect(d).toEqual(
      expect.objectContaining({
        type: 'message-redirect',
        message: '您没有登录或者登录过期，请重新登录！',
        to: '/login?redirect=%2Fbase%2Fmaterial',
        clearToken: true,
      }),
    );
    expect(MESSAGES.loadFailed).toBe('您没有登录或者登录过期，请重新登录！');
  });

  it('rule 4: load failure on an accounting page → plain /login', () => {
    const d = guard({ ...admin, routesLoaded: false, routesLoadFailed: true }, { path: '/accounting/daybook/list' });
    expect(d).toMatchObject({ type: 'message-redirect', to: '/login', clearToken: true });
  });

  it('rule 5: no token → /login with the target path as redirect', () => {
    expect(guard(anon, { path: '/system/user', query: { a: '1' } })).toMatchObject({
      type: 'redirect',
      to: '/login?redirect=%2Fsystem%2Fuser',
    });
  });

  it('rule 5: no token on an accounting page → plain /login', () => {
    expect(guard(anon, { path: '/finance/voucher/type' })).toMatchObject({ type: 'redirect', to: '/login' });
    expect(loginPathFor('/accounting/home')).toBe('/login');
  });

  it('rule 6: an unmatched route goes to /404', () => {
    expect(guard(admin, { path: '/no/such/page' })).toMatchObject({ type: 'redirect', to: '/404' });
  });

  it('rule 6: / redirects to /dashboard', () => {
    expect(guard(admin, { path: '/' })).toMatchObject({ type: 'redirect', to: '/dashboard' });
  });

  it('rule 6: /dashboard is the home page (affix, not cached)', () => {
    const d = guard(admin, { path: '/dashboard' });
    expect(d).toMatchObject({ type: 'proceed', route: { meta: { affix: true, noCache: true } } });
  });

  it('rule 7: account-check status 0 blocks accounting pages and goes home', () => {
    const d = guard({ ...admin, checkAccountStatus: 0 }, { path: '/accounting/home' });
    expect(d).toMatchObject({
      type: 'message-redirect',
      message: '没有权限访问该页面',
      to: '/dashboard',
    });
  });

  it('rule 7: status 1 blocks everything but the accounting home', () => {
    const s = { ...admin, checkAccountStatus: 1 };
    expect(guard(s, { path: '/accounting/daybook/list' })).toMatchObject({
      type: 'message-redirect',
      message: '请先创建账套',
      to: '/accounting/home',
    });
    expect(guard(s, { path: '/accounting/home' }).type).toBe('proceed');
    expect(guard(s, { path: '/system/user' }).type).toBe('proceed'); // non-accounting pages unaffected
  });

  it('rule 8: a user without a listed role goes to /403', () => {
    const clerk: GuardState = { ...admin, roles: ['user'] };
    expect(guard(clerk, { path: '/open/api' })).toMatchObject({ type: 'redirect', to: '/403' });
    expect(guard(clerk, { path: '/system/user' }).type).toBe('proceed');
  });

  it('param routes match concrete paths', () => {
    expect(guard(admin, { path: '/supply-chain/loadometer/12' })).toMatchObject({
      type: 'proceed',
      route: { path: '/supply-chain/loadometer/:id', title: '过磅作业' },
    });
  });

  it('a locked screen sends every page to /lock', () => {
    expect(guard({ ...admin, locked: true }, { path: '/system/user' })).toMatchObject({
      type: 'redirect',
      to: '/lock',
    });
    expect(guard({ ...admin, locked: true }, { path: '/lock' }).type).toBe('proceed');
  });

  it('/user redirects to /user/info', () => {
    expect(guard(admin, { path: '/user' })).toMatchObject({ type: 'redirect', to: '/user/info' });
  });
});
