import { PRODUCT_TITLE } from '../contract/wire.ts';
import { flattenMenu, MENU_TREE, type MenuSeed, PUBLIC_ROUTES } from './menu-tree.ts';

/** Route meta of spec §2.1. */
export interface RouteMeta {
  roles?: string[];
  noCache?: boolean;
  menuHidden?: boolean;
  affix?: boolean;
  pageType?: 'accounting';
  tagCloseConfirm?: boolean;
  activeMenu?: string;
  /** No login needed (spec §2.2). */
  public?: boolean;
  /** Full-screen route of another entry (opened with window.open). */
  newWindow?: boolean;
  /** Shell route shown without the layout (login, lock, errors rendered bare). */
  bare?: boolean;
}

/**
 * Key into the entry's lazy screen map: a shell screen, or (for menu pages) the route path itself, so adding a
 * screen is one line in the entry's map (`'/base/material': lazy(…)`); a path without an entry falls back to
 * 'coming-soon' in the router.
 */
export type ScreenKey = ShellScreenKey | PageScreenKey;
/** A menu route's own path used as its screen key. */
export type PageScreenKey = `/${string}`;
export type ShellScreenKey =
  | 'login'
  | 'dashboard'
  | 'user-info'
  | 'lock'
  | 'redirect'
  | 'error-401'
  | 'error-403'
  | 'error-404'
  | 'error-500'
  | 'coming-soon'
  | 'public-redirect'
  | 'external';

export interface RouteRecord {
  /** Pattern: `:param` segments and a trailing `*`. */
  path: string;
  title: string;
  screen: ScreenKey;
  meta: RouteMeta;
  /** Static redirect (e.g. /user → /user/info). */
  redirect?: string;
  /** Parent pattern (a public parent makes its children public, spec §2.1 rule 3). */
  parent?: string;
}

function fromSeed(seed: MenuSeed): RouteRecord {
  return {
    path: seed.path,
    title: seed.name,
    screen: seed.path === '/dashboard' ? 'dashboard' : seed.newWindow ? 'external' : (seed.path as PageScreenKey),
    meta: {
      roles: seed.roles,
      noCache: seed.noCache,
      menuHidden: seed.hidden,
      affix: seed.affix,
      pageType: seed.pageType,
      tagCloseConfirm: seed.tagCloseConfirm,
      activeMenu: seed.activeMenu,
      newWindow: seed.newWindow || seed.path.startsWith('/visual/') || undefined,
      public: seed.isPublic,
    },
  };
}

/** Shell routes of spec §2.3 (plus /login, /lock and the public routes of §2.2). */
export const SHELL_ROUTES: RouteRecord[] = [
  { path: '/login', title: '登录', screen: 'login', meta: { public: true, bare: true } },
  { path: '/lock', title: '锁屏', screen: 'lock', meta: { bare: true, noCache: true } },
  { path: '/redirect/*', title: '刷新', screen: 'redirect', meta: { menuHidden: true, noCache: true } },
  { path: '/user', title: '个人信息', screen: 'user-info', redirect: '/user/info', meta: { menuHidden: true } },
  { path: '/user/info', title: '个人信息', screen: 'user-info', meta: { menuHidden: true, noCache: true } },
  { path: '/401', title: '401', screen: 'error-401', meta: { menuHidden: true, noCache: true } },
  { path: '/403', title: '403', screen: 'error-403', meta: { menuHidden: true, noCache: true } },
  { path: '/404', title: '404', screen: 'error-404', meta: { menuHidden: true, noCache: true } },
  { path: '/500', title: '500', screen: 'error-500', meta: { menuHidden: true, noCache: true } },
];

const PUBLIC_TITLES: Record<string, string> = {
  '/exchange-redirect': '交易平台跳转',
  '/auth-redirect': '授权跳转',
  '/setting-print': '打印设置',
  '/print-template/weight-memo': '磅单打印',
  '/print/statements/index': '报表打印',
  '/blockchain-info/:orderType/:orderNo': '区块链溯源',
};

/** Public routes the admin entry itself renders (the server hands it every path outside print/trace/visual). */
const ADMIN_PUBLIC = new Set(['/exchange-redirect', '/auth-redirect']);

/**
 * Public routes of spec §2.2 other than /login: /exchange-redirect and /auth-redirect are admin screens; the others
 * are served by the print/trace entries (a full page load hands them over).
 */
export const PUBLIC_EXTRA_ROUTES: RouteRecord[] = PUBLIC_ROUTES.filter((p) => p !== '/login').map((p) => ({
  path: p,
  title: PUBLIC_TITLES[p] ?? p,
  screen: ADMIN_PUBLIC.has(p) ? 'public-redirect' : 'external',
  meta: { public: true, bare: true },
}));

/** The whole route table as data: every page of MENU_TREE (leaves) plus the shell and public routes. */
export function buildRouteTable(tree: MenuSeed[] = MENU_TREE): RouteRecord[] {
  const pages = flattenMenu(tree)
    .filter((m) => !m.children?.length)
    .map(fromSeed);
  return [...SHELL_ROUTES, ...PUBLIC_EXTRA_ROUTES, ...pages];
}

export const ROUTES: RouteRecord[] = buildRouteTable();

/** Spec §2.1 rule 1: route title followed by the product title. */
export function pageTitle(route: Pick<RouteRecord, 'title'> | null | undefined): string {
  return route?.title ? `${route.title} - ${PRODUCT_TITLE}` : PRODUCT_TITLE;
}

const patternCache = new Map<string, RegExp>();
function compile(pattern: string): RegExp {
  let re = patternCache.get(pattern);
  if (!re) {
    const body = pattern
      .split('/')
      .map((seg) => (seg === '*' ? '.*' : seg.startsWith(':') ? '[^/]+' : seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join('/');
    re = new RegExp(`^${body}/?$`);
    patternCache.set(pattern, re);
  }
  return re;
}

export function matchPattern(pattern: string, path: string): boolean {
  return compile(pattern).test(path);
}

/** Specificity: static segments beat params, params beat `*`. */
function score(pattern: string): number {
  return pattern
    .split('/')
    .filter(Boolean)
    .reduce((s, seg) => s + (seg === '*' ? 0 : seg.startsWith(':') ? 1 : 3), 0);
}

/** The most specific route whose pattern matches `path` (query excluded), or null. */
export function matchRoute(path: string, routes: RouteRecord[] = ROUTES): RouteRecord | null {
  let best: RouteRecord | null = null;
  for (const r of routes) {
    if (matchPattern(r.path, path) && (!best || score(r.path) > score(best.path))) best = r;
  }
  return best;
}

/** Rule 3: the route itself, or one of its parents (by explicit parent or by path prefix), is public. */
export function isPublicRoute(route: RouteRecord | null, path: string, routes: RouteRecord[] = ROUTES): boolean {
  if (route?.meta.public) return true;
  let parent = route?.parent;
  while (parent) {
    const p = routes.find((r) => r.path === parent);
    if (p?.meta.public) return true;
    parent = p?.parent;
  }
  // matched parents by path prefix (a public catalogue makes its sub-pages public)
  const segs = path.split('/').filter(Boolean);
  for (let i = segs.length - 1; i > 0; i--) {
    const prefix = `/${segs.slice(0, i).join('/')}`;
    const r = routes.find((x) => x.path === prefix);
    if (r?.meta.public) return true;
  }
  return false;
}
