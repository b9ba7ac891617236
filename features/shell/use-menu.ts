import { useMemo } from 'react';
import { type BuiltMenu, buildMenu, type MenuLeaf, menuLeaves } from '../../core/router/build-menu.ts';
import { matchPattern, matchRoute, ROUTES, type RouteRecord } from '../../core/router/routes.ts';
import { useAppSelector } from '../../core/store/hooks.ts';

export interface ShellMenu extends BuiltMenu {
  leaves: MenuLeaf[];
}

/** The sidebar menu built from the server menu (spec §2.10), memoised on the store's menu and roles. */
export function useShellMenu(): ShellMenu {
  const menu = useAppSelector((s) => s.session.menu);
  const roles = useAppSelector((s) => s.session.roles);
  return useMemo(() => {
    const built = buildMenu(menu, ROUTES, undefined, roles);
    return { ...built, leaves: menuLeaves(built.menu) };
  }, [menu, roles]);
}

/** The menu leaf for a location: by concrete path, then by the route's activeMenu, then by pattern. */
export function findLeaf(
  leaves: MenuLeaf[],
  path: string,
  route: RouteRecord | null = matchRoute(path),
): MenuLeaf | undefined {
  return (
    leaves.find((l) => l.item.path === path) ??
    (route?.meta.activeMenu ? leaves.find((l) => l.item.path === route.meta.activeMenu) : undefined) ??
    leaves.find((l) => l.item.routePath && matchPattern(l.item.routePath, path))
  );
}
