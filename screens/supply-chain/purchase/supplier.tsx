import { ResourceListPage } from '../../../features/crud/resource-list-page.tsx';
import { supplierView } from '../../../features/layouts/related-party.resource.ts';

/** 供应商 (/supply-chain/purchase/supplier): the name opens the supplier detail. */
export default function SupplierScreen() {
  return (
    <ResourceListPage def={supplierView} detailPath={(row) => `/supply-chain/purchase/supplier-detail/${row.id}`} />
  );
}
