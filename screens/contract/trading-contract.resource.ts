/**
 * Screen layout (issue 23, features/crud/resource-layout.ts): table cells, search options, form boxes and detail cards
 * of `tradingContractResource`, whose wire is core/contract/izs-contract/trading-contract.contract.ts.
 */
import { CONTRACT_STATES, SIDES } from '../../core/contract/izs-contract/fields.ts';
import { tradingContractResource } from '../../core/contract/izs-contract/trading-contract.contract.ts';
import { PARTY_SELECT } from '../../core/contract/izs-stock/fields.ts';
import { withLayout } from '../../features/crud/resource-layout.ts';

export const tradingContractView = withLayout(tradingContractResource, {
  columns: {
    contractNo: { sortable: true },
    signDate: { sortable: true },
    totalAmount: { sortable: true },
    deptId: { hideInTable: true },
    createTime: { sortable: true },
  },
  search: {
    side: { options: { options: [...SIDES] } },
    partyId: { options: PARTY_SELECT },
    state: { options: { options: CONTRACT_STATES } },
  },
});
