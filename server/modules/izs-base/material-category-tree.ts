/** `GET material-category/tree` (base-queries.contract.ts BASE_QUERIES.categoryTree): the tenant's 物料分类 forest. */
import { asc } from 'drizzle-orm';
import { BASE_QUERIES } from '../../../core/contract/izs-base/base-queries.contract.ts';
import type { Db } from '../../db/client.ts';
import { materialCategory } from '../../db/schema/index.ts';
import type { endpoints } from '../../platform/endpoint.ts';
import { tenantOf } from '../../platform/scope.ts';
import { buildForest, markHasChildren, toTreeNode } from '../../platform/tree.ts';

export function handleCategoryTree(r: ReturnType<typeof endpoints>, db: Db): void {
  r.handle(BASE_QUERIES.categoryTree, async ({ user }) => {
    const rows = await db
      .select({ id: materialCategory.id, parentId: materialCategory.parentId, name: materialCategory.name })
      .from(materialCategory)
      .where(tenantOf(user, materialCategory))
      .orderBy(asc(materialCategory.sort), asc(materialCategory.id));
    return markHasChildren(buildForest(rows.map((x) => toTreeNode(x.id, x.parentId, x.name))));
  });
}
