/**
 * Screen layout (issue 23, features/crud/resource-layout.ts): table cells, search options, form boxes and detail cards
 * of `bankResource`, whose wire is core/contract/izs-base/bank.contract.ts.
 */
import { bankResource } from '../../core/contract/izs-base/bank.contract.ts';
import { withLayout } from '../../features/crud/resource-layout.ts';

export const bankView = withLayout(bankResource, {
  columns: { bankName: { sortable: true }, remark: { hideInTable: true }, createTime: { sortable: true } },
  form: { bankName: { placeholder: '中国工商银行宁波分行' }, remark: { span: 2 } },
});
