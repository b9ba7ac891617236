/**
 * Screen layout (issue 23, features/crud/resource-layout.ts): table cells, search options, form boxes and detail cards
 * of `androidVersionResource`, whose wire is core/contract/blade-system/android-version.contract.ts.
 */
import { androidVersionResource } from '../../core/contract/blade-system/android-version.contract.ts';
import { withLayout } from '../../features/crud/resource-layout.ts';

export const androidVersionView = withLayout(androidVersionResource, {
  columns: { versionCode: { sortable: true }, createTime: { sortable: true } },
  form: { version: { placeholder: '如 1.2.0' }, versionCode: { min: 1 }, url: { span: 2 }, remark: { span: 2 } },
});
