import { supplierResource } from '../../core/contract/izs-stock/party.contract.ts';
import { ResourceListPage } from '../../features/crud/resource-list-page.tsx';

/** 供应商管理 (/business/supplier): suppliers (add / edit / delete under the supplier buttons); the name opens the detail. */
export default function BusinessSupplierScreen() {
  return (
    <ResourceListPage def={supplierResource} detailPath={(row) => `/supply-chain/purchase/supplier-detail/${row.id}`} />
  );
}
