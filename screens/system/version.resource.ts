/**
 * Screen layout (issue 23, features/crud/resource-layout.ts): table cells, search options, form boxes and detail cards
 * of `versionResource`, whose wire is core/contract/blade-system/version.contract.ts.
 */
import { versionResource } from '../../core/contract/blade-system/version.contract.ts';
import { withLayout } from '../../features/crud/resource-layout.ts';

export const versionView = withLayout(versionResource, {
  columns: { createTime: { sortable: true } },
  form: { version: { placeholder: '如 1.2.1' }, remark: { span: 2 } },
});
