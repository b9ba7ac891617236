import { materialResource } from '../../core/contract/izs-base/material.contract.ts';
import { ResourceListPage } from '../../features/crud/resource-list-page.tsx';

/** 物料 (/business/material): the material master as the business desk reads it (read only; kept under 基础数据). */
export default function BusinessMaterialScreen() {
  return (
    <ResourceListPage
      def={materialResource}
      readOnly
      detailPath={(row) => `/base/material-detail/${encodeURIComponent(String(row.code))}`}
    />
  );
}
