import { Spin } from '@douyinfe/semi-ui';
import { type ComponentType, type LazyExoticComponent, Suspense, useEffect, useMemo, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { notifyError, notifyWarning } from '../../core/api/notify.ts';
import { type GuardDecision, guard } from '../../core/router/guard.ts';
import type { PageScreenKey, RouteRecord, ShellScreenKey } from '../../core/router/routes.ts';
import { loadSession, resetToken } from '../../core/session/session-actions.ts';
import { useAppDispatch, useAppSelector } from '../../core/store/hooks.ts';

/** Props every screen receives. */
export interface ScreenProps {
  route: RouteRecord;
  path: string;
  query: Record<string, string>;
}
export type Screen = LazyExoticComponent<ComponentType<ScreenProps>> | ComponentType<ScreenProps>;
/** The shell's screens by key. */
export type ShellScreenMap = Record<ShellScreenKey, Screen>;
/** Menu pages by route path (a page without an entry renders 'coming-soon'). */
export type PageMap = Partial<Record<PageScreenKey, Screen>>;

/** One screen that renders the page of `route.screen` from `pages`, or `fallback` for a path with no page. */
export function pageSwitch(pages: PageMap, fallback: Screen): ComponentType<ScreenProps> {
  return function Page(props: ScreenProps) {
    const Screen = pages[props.route.screen as PageScreenKey] ?? fallback;
    return <Screen {...props} />;
  };
}

function isPageKey(key: ShellScreenKey | PageScreenKey): key is PageScreenKey {
  return key.startsWith('/');
}

export function PageLoading() {
  return (
    // centred by itself: before the shell's stylesheet arrives (a first visit) the spinner must not sit in a corner
    <div
      className="ly-page-loading"
      style={{ display: 'flex', justifyContent: 'center', alignItems: 'center', minHeight: '60vh' }}
    >
      <Spin size="large" />
    </div>
  );
}

function parseQuery(search: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(search));
}

/**
 * Applies the spec §2.1 guard on every location change (DESIGN §6: the guard is a pure function; this wrapper
 * only acts on its decision) and renders the matched screen, inside `layout` unless the route is bare. Menu pages
 * render through `pages` (one lazy screen holding the page map, so the login page loads none of it).
 */
export function GuardedRouter({
  screens,
  pages,
  layout: Layout,
  preload,
}: {
  screens: ShellScreenMap;
  pages: Screen;
  layout: ComponentType<{ route: RouteRecord; path: string; children: React.ReactNode }>;
  /** called when the session's menus start loading: fetch the chunks the first page will need meanwhile */
  preload?: (path: string) => void;
}) {
  const [path, navigate] = useLocation();
  const search = useSearch();
  const dispatch = useAppDispatch();
  const hasToken = useAppSelector((s) => !!s.session.token);
  const routesLoaded = useAppSelector((s) => s.session.routesLoaded);
  const roles = useAppSelector((s) => s.session.roles);
  const checkAccountStatus = useAppSelector((s) => s.session.checkAccountStatus);
  const locked = useAppSelector((s) => s.session.locked);
  const [loadFailed, setLoadFailed] = useState(false);
  const [loading, setLoading] = useState(false);
  const query = useMemo(() => parseQuery(search), [search]);

  const decision: GuardDecision = useMemo(
    () =>
      guard(
        { hasToken, routesLoaded, routesLoadFailed: loadFailed, roles, checkAccountStatus, locked },
        { path, query },
      ),
    [hasToken, routesLoaded, loadFailed, roles, checkAccountStatus, locked, path, query],
  );

  useEffect(() => {
    document.title = decision.title; // rule 1
    if (decision.type === 'redirect') navigate(decision.to, { replace: true });
    else if (decision.type === 'message-redirect') {
      (decision.level === 'error' ? notifyError : notifyWarning)(decision.message);
      if (decision.clearToken) dispatch(resetToken());
      setLoadFailed(false);
      navigate(decision.to, { replace: true });
    } else if (decision.type === 'loadRoutes' && !loading) {
      setLoading(true);
      preload?.(path);
      void dispatch(loadSession()).then((ok) => {
        setLoading(false);
        if (!ok) setLoadFailed(true);
      });
    }
  }, [decision, dispatch, navigate, loading, preload, path]);

  if (decision.type !== 'proceed') return <PageLoading />;
  const { route } = decision;
  const Screen = isPageKey(route.screen) ? pages : screens[route.screen];
  const screen = (
    <Suspense fallback={<PageLoading />}>
      <Screen key={path} route={route} path={path} query={query} />
    </Suspense>
  );
  if (route.meta.bare) return screen;
  return (
    <Suspense fallback={<PageLoading />}>
      <Layout route={route} path={path}>
        {screen}
      </Layout>
    </Suspense>
  );
}
