import { ResourceListPage } from '../../features/crud/resource-list-page.tsx';
import { supplierContractView } from './projects.resource.ts';

/** 供应商合同 (/contract/supplier-contract): framework agreements with suppliers. */
export default function SupplierContractScreen() {
  return <ResourceListPage def={supplierContractView} detailPath={(row) => `/contract/details/${row.contractNo}`} />;
}
