import { ResourceListPage } from '../../features/crud/resource-list-page.tsx';
import { materialView } from '../../features/layouts/material.resource.ts';

/** 物料 (/business/material): the material master as the business desk reads it (read only; kept under 基础数据). */
export default function BusinessMaterialScreen() {
  return (
    <ResourceListPage
      def={materialView}
      readOnly
      detailPath={(row) => `/base/material-detail/${encodeURIComponent(String(row.code))}`}
    />
  );
}
