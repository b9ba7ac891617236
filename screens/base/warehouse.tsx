import { warehouseResource } from '../../core/contract/izs-base/warehouse.contract.ts';
import { ResourceListPage } from '../../features/crud/resource-list-page.tsx';

/** 仓库管理 (/base/warehouse): the code links to the warehouse detail page with its patrol records. */
export default function WarehouseScreen() {
  return <ResourceListPage def={warehouseResource} detailPath={(row) => `/base/warehouse-detail/${row.id}`} />;
}
