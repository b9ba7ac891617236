import type { MenuNode } from '../contract/blade-system.contract.ts';
import { HOME_PATH } from './guard.ts';
import { HIDDEN_SIDEBAR_PATHS, MENU_TREE } from './menu-tree.ts';
import { matchRoute, ROUTES, type RouteRecord } from './routes.ts';

/** A sidebar entry. */
export interface MenuItem {
  id: string;
  /** Concrete path to open (server path). */
  path: string;
  title: string;
  icon?: string;
  /** Route pattern it matched (leaves only). */
  routePath?: string;
  /** Full-screen entry: opens in a new window. */
  newWindow?: boolean;
  children?: MenuItem[];
}

export interface BuiltMenu {
  /** Sidebar tree (home first). */
  menu: MenuItem[];
  /** Ordinary in-shell pages (flat). */
  routes: MenuItem[];
  /** Full-screen routes (isOpen 2 or /visual/), kept apart from ordinary ones (spec §2.10). */
  fullScreen: MenuItem[];
}

const ICONS: Record<string, string> = Object.fromEntries(
  MENU_TREE.filter((m) => m.icon).map((m) => [m.path, m.icon as string]),
);

function isFullScreen(node: MenuNode): boolean {
  return node.isOpen === 2 || node.path.startsWith('/visual/');
}

/**
 * Spec §2.10 menu building, pure:
 * - each server entry is matched by path to a known route (param patterns match concrete paths);
 *   the server name overrides the route title; unmatched leaves are left out;
 * - hidden entries (isHidden 1, route meta menuHidden) and paths in `hiddenList` are left out with their children;
 * - children nest under their parent; parents left with no children are removed;
 * - full-screen entries stay in the sidebar (flagged newWindow) and are listed apart in `fullScreen`;
 * - roles (optional) drop leaves whose route needs a role the user lacks;
 * - the home entry is always first, titled 首页.
 */
export function buildMenu(
  serverMenu: MenuNode[],
  routes: RouteRecord[] = ROUTES,
  hiddenList: string[] = HIDDEN_SIDEBAR_PATHS,
  roles?: string[],
): BuiltMenu {
  const flatRoutes: MenuItem[] = [];
  const fullScreen: MenuItem[] = [];
  const hidden = new Set(hiddenList);

  const walk = (nodes: MenuNode[]): MenuItem[] => {
    const out: MenuItem[] = [];
    for (const node of [...nodes].sort((a, b) => (a.sort ?? 0) - (b.sort ?? 0))) {
      if (node.isHidden === 1 || hidden.has(node.path)) continue;
      const menuChildren = (node.children ?? []).filter((c) => c.category !== 2);
      if (menuChildren.length) {
        const children = walk(menuChildren);
        if (children.length)
          out.push({ id: node.id, path: node.path, title: node.name, icon: ICONS[node.path], children });
        continue;
      }
      const route = matchRoute(node.path, routes);
      if (!route || route.meta.menuHidden) continue;
      if (roles && route.meta.roles?.length && !route.meta.roles.some((r) => roles.includes(r))) continue;
      const item: MenuItem = {
        id: node.id,
        path: node.path,
        title: node.name || route.title,
        icon: ICONS[node.path],
        routePath: route.path,
      };
      if (isFullScreen(node) || route.meta.newWindow) {
        item.newWindow = true;
        fullScreen.push(item);
      } else if (node.path !== HOME_PATH) {
        flatRoutes.push(item);
      }
      out.push(item);
    }
    return out;
  };

  const tree = walk(serverMenu).filter((m) => m.path !== HOME_PATH);
  const home: MenuItem = { id: 'home', path: HOME_PATH, title: '首页', icon: 'home', routePath: HOME_PATH };
  return { menu: [home, ...tree], routes: [home, ...flatRoutes], fullScreen };
}

/** Leaves of a built menu with their ancestors' titles (header search, breadcrumb). */
export interface MenuLeaf {
  item: MenuItem;
  titles: string[];
  parents: MenuItem[];
}
export function menuLeaves(menu: MenuItem[], parents: MenuItem[] = []): MenuLeaf[] {
  return menu.flatMap((m) =>
    m.children?.length
      ? menuLeaves(m.children, [...parents, m])
      : [{ item: m, titles: [...parents.map((p) => p.title), m.title], parents }],
  );
}
