/**
 * Screen layout (issue 23, features/crud/resource-layout.ts): table cells, search options, form boxes and detail cards
 * of `voucherWordResource`, whose wire is core/contract/izs-financing/voucher-word.contract.ts.
 */
import { voucherWordResource } from '../../core/contract/izs-financing/voucher-word.contract.ts';
import { withLayout } from '../../features/crud/resource-layout.ts';

export const voucherWordView = withLayout(voucherWordResource, {
  columns: { word: { sortable: true }, sort: { sortable: true } },
  form: { codes: { placeholder: '如 1001,1002' }, sort: { min: 0 } },
});
