import { supplierContractResource } from '../../core/contract/izs-contract/projects.contract.ts';
import { ResourceListPage } from '../../features/crud/resource-list-page.tsx';

/** 供应商合同 (/contract/supplier-contract): framework agreements with suppliers. */
export default function SupplierContractScreen() {
  return (
    <ResourceListPage def={supplierContractResource} detailPath={(row) => `/contract/details/${row.contractNo}`} />
  );
}
