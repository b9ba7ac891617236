import { ResourceListPage } from '../../features/crud/resource-list-page.tsx';
import { supplierView } from '../../features/layouts/related-party.resource.ts';

/** 供应商管理 (/business/supplier): suppliers (add / edit / delete under the supplier buttons); the name opens the detail. */
export default function BusinessSupplierScreen() {
  return (
    <ResourceListPage def={supplierView} detailPath={(row) => `/supply-chain/purchase/supplier-detail/${row.id}`} />
  );
}
