import { ResourceListPage } from '../../features/crud/resource-list-page.tsx';
import { warehouseView } from './warehouse.resource.ts';

/** 仓库管理 (/base/warehouse): the code links to the warehouse detail page with its patrol records. */
export default function WarehouseScreen() {
  return <ResourceListPage def={warehouseView} detailPath={(row) => `/base/warehouse-detail/${row.id}`} />;
}
