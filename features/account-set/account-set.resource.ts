/**
 * Screen layout (issue 23, features/crud/resource-layout.ts): table cells and form boxes of `accountSetResource`,
 * whose wire is core/contract/izs-financing/account-set.contract.ts. Here rather than beside 账套管理
 * (screens/finance/setofbook.tsx) because the account-set dialog of this feature lays out the same form.
 */
import { accountSetResource } from '../../core/contract/izs-financing/account-set.contract.ts';
import { withLayout } from '../crud/resource-layout.ts';

export const accountSetView = withLayout(accountSetResource, {
  columns: {
    name: { sortable: true },
    enableDate: { sortable: true },
    industryInvolved: { hideInTable: true },
    createTime: { sortable: true, hideInTable: true },
  },
  form: { voucherWords: { addOnly: true }, remark: { span: 2 } },
});
