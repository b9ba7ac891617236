import { useState } from 'react';
import { MATERIAL_CATEGORY_TREE } from '../../core/contract/izs-base/material-category.contract.ts';
import { ResourceListPage } from '../../features/crud/resource-list-page.tsx';
import { ResourceTreePanel } from '../../features/crud/resource-tree-panel.tsx';
import { materialView } from '../../features/layouts/material.resource.ts';
import { materialCategoryView } from './material-category.resource.ts';

/**
 * 物料管理 (/base/material): the category tree (add / edit / delete categories; a picked category filters the list
 * with its whole subtree) beside the material list; the code links to /base/material-detail/{code}.
 */
export default function MaterialScreen() {
  const [categoryId, setCategoryId] = useState<string>();
  return (
    <div className="ly-split">
      <ResourceTreePanel
        def={materialCategoryView}
        tree={MATERIAL_CATEGORY_TREE}
        value={categoryId}
        onChange={setCategoryId}
        allLabel="全部物料"
      />
      <ResourceListPage
        def={materialView}
        baseParams={categoryId ? { categoryId } : undefined}
        detailPath={(row) => `/base/material-detail/${encodeURIComponent(String(row.code))}`}
      />
    </div>
  );
}
