import { isPublicRoute, matchRoute, pageTitle, ROUTES, type RouteRecord } from './routes.ts';

/** What the guard needs to know (a projection of the store). */
export interface GuardState {
  hasToken: boolean;
  routesLoaded: boolean;
  /** Loading the permission routes failed in this attempt. */
  routesLoadFailed?: boolean;
  roles: string[];
  /** Spec §4: 0 no permission, 1 no account set, other/null normal. */
  checkAccountStatus: number | null;
  /** Screen locked (Saber permission.js: with a token, a locked screen only shows /lock). */
  locked?: boolean;
}

export interface GuardTarget {
  path: string;
  /** Parsed query of the target. */
  query?: Record<string, string>;
}

export type GuardDecision =
  | { type: 'proceed'; title: string; route: RouteRecord }
  | { type: 'redirect'; to: string; title: string }
  | { type: 'loadRoutes'; title: string }
  | {
      type: 'message-redirect';
      message: string;
      level: 'error' | 'warning';
      to: string;
      title: string;
      clearToken?: boolean;
    };

export const HOME_PATH = '/dashboard';
export const ACCOUNTING_HOME = '/accounting/home';
export const MESSAGES = {
  loadFailed: '您没有登录或者登录过期，请重新登录！',
  // spec §2.1 rule 7 / §8 'no permission to access this page', 'please create an account set' (screens are in Chinese)
  accountingForbidden: '没有权限访问该页面',
  createAccountSet: '请先创建账套',
} as const;

/** /login?redirect=<path>, or plain /login for accounting pages (spec §2.1 rules 4–5, §4). */
export function loginPathFor(path: string, routes: RouteRecord[] = ROUTES): string {
  const route = matchRoute(path, routes);
  if (route?.meta.pageType === 'accounting' || path === '/login' || path.startsWith('/login?')) return '/login';
  return `/login?redirect=${encodeURIComponent(path)}`;
}

/**
 * Spec §2.1 navigation rules as one pure function. Role limits (rule 8) send a user without a listed role
 * to /403 (vue-element-admin hides such routes; a direct URL gets the "forbidden" page, not 401).
 */
export function guard(state: GuardState, target: GuardTarget, routes: RouteRecord[] = ROUTES): GuardDecision {
  const path = target.path || '/';
  const route = matchRoute(path, routes);
  const title = pageTitle(route); // rule 1

  // rule 6 (part): / redirects to the home page
  if (path === '/') return { type: 'redirect', to: HOME_PATH, title: pageTitle(matchRoute(HOME_PATH, routes)) };

  // rule 2: a redirect query that points to a public page is followed
  const redirect = target.query?.redirect;
  if (redirect) {
    const redirectPath = redirect.split('?')[0];
    const r = matchRoute(redirectPath, routes);
    if (r && redirectPath !== path && r.path !== '/login' && isPublicRoute(r, redirectPath, routes)) {
      return { type: 'redirect', to: redirect, title: pageTitle(r) };
    }
  }

  // rule 4 (part): with a token, /login goes to /
  if (state.hasToken && route?.path === '/login') return { type: 'redirect', to: '/', title };

  // rule 3: public routes (or routes under a public parent)
  if (isPublicRoute(route, path, routes)) {
    if (route?.redirect) return { type: 'redirect', to: route.redirect, title };
    return route ? { type: 'proceed', title, route } : { type: 'redirect', to: '/404', title };
  }

  // rule 5: no token → login (with a redirect query unless accounting)
  if (!state.hasToken) return { type: 'redirect', to: loginPathFor(path, routes), title };

  // rule 4: load the permission routes first; on failure clear the token and go to login
  if (!state.routesLoaded) {
    if (state.routesLoadFailed) {
      return {
        type: 'message-redirect',
        message: MESSAGES.loadFailed,
        level: 'error',
        to: loginPathFor(path, routes),
        title,
        clearToken: true,
      };
    }
    return { type: 'loadRoutes', title };
  }

  // lock screen (Saber §8.5): while locked, every page goes to /lock
  if (state.locked && path !== '/lock') return { type: 'redirect', to: '/lock', title };

  // rule 6: unmatched → /404
  if (!route) return { type: 'redirect', to: '/404', title };
  if (route.redirect) return { type: 'redirect', to: route.redirect, title };

  // rule 8: role-restricted routes
  if (route.meta.roles?.length && !route.meta.roles.some((r) => state.roles.includes(r))) {
    return { type: 'redirect', to: '/403', title };
  }

  // rule 7: accounting pages and the account-check status
  if (route.meta.pageType === 'accounting') {
    if (state.checkAccountStatus === 0) {
      return {
        type: 'message-redirect',
        message: MESSAGES.accountingForbidden,
        level: 'warning',
        to: HOME_PATH,
        title,
      };
    }
    if (state.checkAccountStatus === 1 && route.path !== ACCOUNTING_HOME) {
      return {
        type: 'message-redirect',
        message: MESSAGES.createAccountSet,
        level: 'warning',
        to: ACCOUNTING_HOME,
        title,
      };
    }
  }

  return { type: 'proceed', title, route };
}
