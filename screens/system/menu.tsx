import { ResourceTreePage, type TreeRow } from '../../features/crud/resource-tree-page.tsx';
import { menuView } from './menu.resource.ts';

/** A page (leaf menu) gets buttons below it; a catalogue gets menus. */
const childDefaults = (row: TreeRow) => {
  const isPage = !row.children?.some((c) => c.category === 1) && !!row.path && row.path !== '/';
  return isPage
    ? { parentId: row.id, category: 2, alias: '', action: 1, code: `${row.code}_` }
    : { parentId: row.id, category: 1, alias: 'menu', code: `${row.code}_` };
};

/** 菜单管理 (/system/menu): the menu tree with buttons as children; the sidebar follows after a reload. */
export default function MenuScreen() {
  return (
    <ResourceTreePage
      def={menuView}
      expandDepth={1}
      childDefaults={childDefaults}
      canAddChild={(row) => row.category === 1}
    />
  );
}
