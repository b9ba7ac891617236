import { Nav } from '@douyinfe/semi-ui';
import type { NavItemProps, SubNavProps } from '@douyinfe/semi-ui/lib/es/navigation';
import { memo, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { APP_VERSION } from '../../core/contract/wire.ts';
import type { MenuItem } from '../../core/router/build-menu.ts';
import type { RouteRecord } from '../../core/router/routes.ts';
import { settingsActions } from '../../core/settings/settings-slice.ts';
import { useAppDispatch, useAppSelector } from '../../core/store/hooks.ts';
import { menuIcon } from './menu-icons.tsx';
import { keepNavAria } from './nav-aria.ts';
import { findLeaf, useShellMenu } from './use-menu.ts';

type NavEntry = NavItemProps | SubNavProps;

function toNavItems(items: MenuItem[], depth = 0): NavEntry[] {
  return items.map((m) =>
    m.children?.length
      ? {
          itemKey: `dir:${m.path}`,
          text: m.title,
          icon: depth === 0 ? menuIcon(m.icon) : undefined,
          items: toNavItems(m.children, depth + 1),
        }
      : { itemKey: m.path, text: m.title, icon: depth === 0 ? menuIcon(m.icon ?? 'list') : undefined },
  ) as NavEntry[];
}

/** Left sidebar (spec §2.11): brand + version, nested Semi Nav from buildMenu, collapsible. */
export const Sidebar = memo(function Sidebar({ route, path }: { route: RouteRecord; path: string }) {
  const [, navigate] = useLocation();
  const dispatch = useAppDispatch();
  const opened = useAppSelector((s) => s.settings.sidebarOpened);
  const device = useAppSelector((s) => s.settings.device);
  const version = useAppSelector((s) => s.settings.version);
  const { menu, leaves } = useShellMenu();
  const items = useMemo(() => toNavItems(menu), [menu]);
  const leaf = findLeaf(leaves, path, route);
  const selected = leaf?.item.path ?? path;
  const defaultOpen = useMemo(() => (leaf?.parents ?? []).map((p) => `dir:${p.path}`), [leaf]);
  const collapsed = device === 'desktop' && !opened;
  const [openKeys, setOpenKeys] = useState<string[]>(defaultOpen);
  // open the parents of the active entry when the location changes (keep the ones the user opened)
  useEffect(() => setOpenKeys((keys) => Array.from(new Set([...keys, ...defaultOpen]))), [defaultOpen]);
  // a well-formed ARIA menu for screen readers (nav-aria.ts)
  const aside = useRef<HTMLElement>(null);
  useEffect(() => (aside.current ? keepNavAria(aside.current) : undefined), []);

  const onSelect = ({ itemKey }: { itemKey?: string | number }) => {
    const key = String(itemKey);
    if (key.startsWith('dir:')) return;
    const item = leaves.find((l) => l.item.path === key)?.item;
    if (item?.newWindow) {
      window.open(key, '_blank'); // full-screen wall screens live in the visual entry
      return;
    }
    navigate(key);
    if (device === 'mobile') dispatch(settingsActions.closeSidebar());
  };

  return (
    <aside
      ref={aside}
      data-testid="sidebar"
      className={`ly-sidebar semi-always-dark${collapsed ? ' is-collapsed' : ''}${device === 'mobile' && !opened ? ' is-hidden' : ''}`}
    >
      <div className="ly-brand" title={`Loopyard v${version || APP_VERSION}`}>
        <span className="ly-brand-logo">L</span>
        {!collapsed && (
          <>
            <span className="ly-brand-name">Loopyard</span>
            <span className="ly-brand-version">v{version || APP_VERSION}</span>
          </>
        )}
      </div>
      <Nav
        className="ly-nav"
        items={items}
        selectedKeys={[selected]}
        openKeys={openKeys}
        onOpenChange={({ openKeys: keys }) => setOpenKeys((keys ?? []).map(String))}
        isCollapsed={collapsed}
        onSelect={onSelect}
        limitIndent={false}
        footer={{ collapseButton: false }}
      />
    </aside>
  );
});
