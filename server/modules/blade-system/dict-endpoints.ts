/**
 * The dictionaries' hand-written endpoints (core/contract/blade-system/dict-endpoints.contract.ts): option sources
 * `dictionary` / `dictionary-tree` (enabled items of a code), the form's parent `tree`, BladeX's `parent-list`
 * (paged roots) and `child-list` (the items of one row). One registration per dictionary (system / business).
 */
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { DictTreeItem } from '../../../core/contract/blade-system/dict.contract.ts';
import {
  DICT_BIZ_ENDPOINTS,
  DICT_ENDPOINTS,
  dictRowSchema,
} from '../../../core/contract/blade-system/dict-endpoints.contract.ts';
import type { TreeNode } from '../../../core/contract/common.ts';
import type { Db } from '../../db/client.ts';
import type { AuthUser } from '../../platform/auth.ts';
import type { Row } from '../../platform/crud/index.ts';
import type { endpoints } from '../../platform/endpoint.ts';
import { page } from '../../platform/r.ts';
import { buildForest, markHasChildren, toTreeNode } from '../../platform/tree.ts';
import type { DictCtx } from './dict.ts';

export function registerDictEndpoints(r: ReturnType<typeof endpoints>, db: Db, { t, live, res, system }: DictCtx) {
  const E = system ? DICT_ENDPOINTS : DICT_BIZ_ENDPOINTS;

  const items = async (u: AuthUser, code: string) =>
    db
      .select({
        id: t.id,
        parentId: t.parentId,
        code: t.code,
        dictKey: t.dictKey,
        dictValue: t.dictValue,
        sort: t.sort,
        remark: t.remark,
      })
      .from(t)
      .where(and(live(u), eq(t.code, code), ne(t.parentId, '0'), eq(t.status, 1)))
      .orderBy(asc(t.sort), asc(t.id));

  r.handle(E.dictionary, ({ user, query }) => items(user, query.code));

  r.handle(E.dictionaryTree, async ({ user, query }) =>
    buildForest(
      (await items(user, query.code)).map(
        (x): DictTreeItem => ({ ...x, title: x.dictValue, key: x.dictKey, value: x.dictKey }),
      ),
    ),
  );

  r.handle(E.tree, async ({ user, query }) => {
    const rows = await db
      .select({ id: t.id, parentId: t.parentId, title: t.dictValue })
      .from(t)
      .where(and(live(user), query.code ? eq(t.code, query.code) : undefined))
      .orderBy(asc(t.sort), asc(t.id));
    return markHasChildren(buildForest<TreeNode>(rows.map((x) => toTreeNode(x.id, x.parentId, x.title))));
  });

  r.handle(E.parentList, async ({ user, query, req }) => {
    const where = and(eq(t.parentId, '0'), ...(await res.conditions(req, user, query as Row)));
    const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(t).where(where);
    const rows = (await db
      .select(res.selection())
      .from(t)
      .where(where)
      .orderBy(asc(t.sort), asc(t.id))
      .limit(query.size)
      .offset((query.current - 1) * query.size)) as Row[];
    return page(
      rows.map((x) => dictRowSchema.parse(res.entity(x, user))),
      n,
      query.current,
      query.size,
    );
  });

  r.handle(E.childList, async ({ user, query }) => {
    const rows = (await db
      .select(res.selection())
      .from(t)
      .where(and(live(user), eq(t.parentId, query.parentId)))
      .orderBy(asc(t.sort), asc(t.id))) as Row[];
    return rows.map((x) => dictRowSchema.parse(res.entity(x, user)));
  });
}
