import { supplierResource } from '../../../core/contract/izs-stock/party.contract.ts';
import { ResourceListPage } from '../../../features/crud/resource-list-page.tsx';

/** 供应商 (/supply-chain/purchase/supplier): the name opens the supplier detail. */
export default function SupplierScreen() {
  return (
    <ResourceListPage def={supplierResource} detailPath={(row) => `/supply-chain/purchase/supplier-detail/${row.id}`} />
  );
}
