/**
 * Screen layout (issue 23, features/crud/resource-layout.ts): table cells, search options, form boxes and detail cards
 * of `fundProviderResource`, `financeContractResource`, `goldCertResource`, whose wire is
 * core/contract/izs-contract/scf-resources.contract.ts.
 */
import {
  CERT_STATES,
  FINANCE_KINDS,
  FINANCE_STATES,
  financeContractResource,
  fundProviderResource,
  goldCertResource,
} from '../../core/contract/izs-contract/scf-resources.contract.ts';
import { withLayout } from '../../features/crud/resource-layout.ts';

export const fundProviderView = withLayout(fundProviderResource, {
  columns: { creditLine: { sortable: true }, remark: { hideInTable: true } },
  form: { remark: { span: 2 } },
});

export const financeContractView = withLayout(financeContractResource, {
  columns: {
    contractNo: { sortable: true },
    principal: { sortable: true },
    startDate: { sortable: true },
    warehouseId: { hideInTable: true },
    deptId: { hideInTable: true },
  },
  search: { kind: { options: { options: FINANCE_KINDS } }, state: { options: { options: FINANCE_STATES } } },
});

export const goldCertView = withLayout(goldCertResource, {
  columns: { certNo: { sortable: true }, face: { sortable: true }, maturityDate: { sortable: true } },
  search: { status: { options: { options: CERT_STATES } } },
});
