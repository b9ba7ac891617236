/** GET menu/routes, buttons, lazy-list, lazy-menu-list, list, tree, detail (spec §7.2, bladex-contract §4). */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { MENU } from '../../../../core/contract/blade-system/menu.contract.ts';
import type { TreeNode } from '../../../../core/contract/common.ts';
import type { Db } from '../../../db/client.ts';
import { menu } from '../../../db/schema/index.ts';
import type { endpoints } from '../../../platform/endpoint.ts';
import { buildForest, markHasChildren, toTreeNode } from '../../../platform/tree.ts';
import {
  ACTION_NAMES,
  CATEGORY_NAMES,
  grantedIds,
  lazy,
  live,
  loadMenu,
  type MenuRow,
  order,
  toMenuNode,
} from './shared.ts';

export function handleMenuReads(r: ReturnType<typeof endpoints>, db: Db): void {
  r.handle(MENU.routes, async ({ user: u }) => {
    const all = await db
      .select()
      .from(menu)
      .where(and(live, eq(menu.category, 1)))
      .orderBy(...order);
    const granted = await grantedIds(db, u);
    let visible = all;
    if (granted) {
      const byId = new Map(all.map((m) => [m.id, m]));
      const keep = new Set<string>();
      for (const m of all) {
        if (!granted.has(m.id)) continue;
        // add the ancestors back so that the tree stays connected
        let cur: MenuRow | undefined = m;
        while (cur && !keep.has(cur.id)) {
          keep.add(cur.id);
          cur = cur.parentId !== '0' ? byId.get(cur.parentId) : undefined;
        }
      }
      visible = all.filter((m) => keep.has(m.id));
    }
    return buildForest(visible.map(toMenuNode));
  });

  r.handle(MENU.buttons, async ({ user: u }) => {
    const granted = await grantedIds(db, u);
    const buttons = (
      await db
        .select()
        .from(menu)
        .where(and(live, eq(menu.category, 2)))
        .orderBy(...order)
    ).filter((b) => !granted || granted.has(b.id));
    const parentIds = [...new Set(buttons.map((b) => b.parentId))];
    const parents = parentIds.length
      ? await db
          .select()
          .from(menu)
          .where(and(live, inArray(menu.id, parentIds)))
          .orderBy(...order)
      : [];
    const nodes = [...parents, ...buttons.filter((b) => parents.some((p) => p.id === b.parentId))].map(toMenuNode);
    return buildForest(nodes);
  });

  r.handle(MENU.lazyList, ({ query }) => lazy(db, query, false));
  r.handle(MENU.lazyMenuList, ({ query }) => lazy(db, query, true));

  // 菜单管理 tree: menus and buttons, name/code/alias contain (orphans of a filter become roots)
  r.handle(MENU.list, async ({ query }) => {
    const q = query;
    const conds = [live];
    if (q.name) conds.push(sql`${menu.name} ilike ${`%${q.name}%`}`);
    if (q.code) conds.push(sql`${menu.code} ilike ${`%${q.code}%`}`);
    if (q.alias) conds.push(sql`${menu.alias} ilike ${`%${q.alias}%`}`);
    const rows = await db
      .select()
      .from(menu)
      .where(and(...conds))
      .orderBy(...order);
    return buildForest(rows.map(toMenuNode));
  });

  r.handle(MENU.tree, async () => {
    const rows = await db
      .select({ id: menu.id, parentId: menu.parentId, name: menu.name })
      .from(menu)
      .where(and(live, eq(menu.category, 1)))
      .orderBy(...order);
    return markHasChildren(buildForest<TreeNode>(rows.map((r) => toTreeNode(r.id, r.parentId, r.name))));
  });

  r.handle(MENU.detail, async ({ query }) => {
    const id = query.id;
    const m = await loadMenu(db, id);
    let parentName = '顶级';
    if (m.parentId !== '0') {
      const p = await db.select({ name: menu.name }).from(menu).where(eq(menu.id, m.parentId)).limit(1);
      parentName = p[0]?.name ?? '';
    }
    return {
      ...toMenuNode(m),
      parentName,
      categoryName: CATEGORY_NAMES[m.category] ?? '',
      actionName: ACTION_NAMES[m.action] ?? '',
      isOpenName: m.isOpen === 2 ? '是' : '否',
    };
  });
}
