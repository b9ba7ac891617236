import { type ReactNode, useEffect } from 'react';
import { useSearch } from 'wouter';
import { usePrinterConfig } from '../../core/printer/use-printer-config.ts';
import { matchRoute, type RouteRecord } from '../../core/router/routes.ts';
import { MOBILE_BREAKPOINT, settingsActions } from '../../core/settings/settings-slice.ts';
import { useAppDispatch, useAppSelector, useAppStore } from '../../core/store/hooks.ts';
import { tabsActions, type VisitedView } from '../../core/tabs/tabs-slice.ts';
import { Sidebar } from './sidebar.tsx';
import { TagsView } from './tags-view.tsx';
import { TopBar } from './top-bar.tsx';
import { findLeaf, useShellMenu } from './use-menu.ts';
import './shell.css';
import '../ui/motion.css';
// Chinese accessible names for Semi's widgets; loaded with the shell after sign-in (the login page stays light)
import '../ui/semi-zh.ts';

function isMobileWidth(): boolean {
  return document.body.getBoundingClientRect().width - 1 < MOBILE_BREAKPOINT;
}

/** bladex-contract §9.4 ResizeHandler: mobile under 992 px; the sidebar closes on mobile. */
function useResponsive() {
  const dispatch = useAppDispatch();
  const store = useAppStore();
  useEffect(() => {
    const apply = () => {
      const mobile = isMobileWidth();
      const { device } = store.getState().settings;
      if (mobile && device !== 'mobile') {
        dispatch(settingsActions.setDevice('mobile'));
        dispatch(settingsActions.closeSidebar());
      } else if (!mobile && device !== 'desktop') dispatch(settingsActions.setDevice('desktop'));
    };
    apply();
    window.addEventListener('resize', apply);
    return () => window.removeEventListener('resize', apply);
  }, [dispatch, store]);
}

function viewOf(route: RouteRecord, path: string, search: string, title: string): VisitedView {
  return {
    path,
    fullPath: search ? `${path}?${search}` : path,
    name: route.path,
    title,
    meta: { title, affix: route.meta.affix, noCache: route.meta.noCache, tagCloseConfirm: route.meta.tagCloseConfirm },
    query: Object.fromEntries(new URLSearchParams(search)),
  };
}

/** The admin shell (spec §2.11): sidebar, top bar, tab strip and the main area. */
export function Layout({ route, path, children }: { route: RouteRecord; path: string; children: ReactNode }) {
  const dispatch = useAppDispatch();
  const search = useSearch();
  const opened = useAppSelector((s) => s.settings.sidebarOpened);
  const device = useAppSelector((s) => s.settings.device);
  const { leaves } = useShellMenu();
  useResponsive();
  usePrinterConfig(); // session.printer (spec §3) for the signed-in department

  // affix views first (the home tab)
  useEffect(() => {
    const home = matchRoute('/dashboard');
    if (home) dispatch(tabsActions.addAffixViews([viewOf(home, '/dashboard', '', '首页')]));
  }, [dispatch]);

  // every visited page becomes a tab (the refresh helper does not)
  useEffect(() => {
    if (route.path === '/redirect/*' || route.screen.startsWith('error-')) return; // transient pages get no tab
    const title = route.meta.menuHidden ? route.title : (findLeaf(leaves, path, route)?.item.title ?? route.title);
    dispatch(tabsActions.addView(viewOf(route, path, search, path === '/dashboard' ? '首页' : title)));
  }, [dispatch, route, path, search, leaves]);

  // on mobile, a route change closes the sidebar
  useEffect(() => {
    if (device === 'mobile' && path) dispatch(settingsActions.closeSidebar());
  }, [path, device, dispatch]);

  const cls = ['ly-layout', opened ? 'sidebar-open' : 'sidebar-closed', device === 'mobile' ? 'is-mobile' : ''].join(
    ' ',
  );
  return (
    <div className={cls}>
      {device === 'mobile' && opened && (
        <div className="ly-backdrop" aria-hidden="true" onClick={() => dispatch(settingsActions.closeSidebar())} />
      )}
      <Sidebar route={route} path={path} />
      <div className="ly-main">
        <div className="ly-header">
          <TopBar route={route} path={path} />
          <TagsView activePath={path} />
        </div>
        <main className="ly-content">{children}</main>
      </div>
    </div>
  );
}
