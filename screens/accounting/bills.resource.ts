/**
 * Screen layout (issue 23, features/crud/resource-layout.ts): table cells, search options, form boxes and detail cards
 * of `billResource`, whose wire is core/contract/izs-financing/bills.contract.ts.
 */
import {
  BILL_DIRECTIONS,
  BILL_KINDS,
  BILL_STATES,
  billResource,
} from '../../core/contract/izs-financing/bills.contract.ts';
import { withLayout } from '../../features/crud/resource-layout.ts';

export const billListView = withLayout(billResource, {
  columns: {
    amount: { sortable: true },
    issueDate: { sortable: true, hideInTable: true },
    dueDate: { sortable: true },
    acceptor: { hideInTable: true },
    voucherNo: { hideInTable: true },
  },
  search: {
    direction: { options: { options: BILL_DIRECTIONS } },
    state: { options: { options: BILL_STATES } },
    billKind: { options: { options: BILL_KINDS } },
  },
  form: { amount: { min: 0 } },
});
