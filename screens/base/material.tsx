import { materialResource } from '../../core/contract/izs-base/material.contract.ts';
import { ResourceListPage } from '../../features/crud/resource-list-page.tsx';

/** 物料管理 (/base/material): the generic list page; the code links to /base/material-detail/{code}. */
export default function MaterialScreen() {
  return (
    <ResourceListPage
      def={materialResource}
      detailPath={(row) => `/base/material-detail/${encodeURIComponent(String(row.code))}`}
    />
  );
}
