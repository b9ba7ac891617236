/**
 * Screen layout (issue 23, features/crud/resource-layout.ts): table cells, search options, form boxes and detail cards
 * of `postResource`, whose wire is core/contract/blade-system/post.contract.ts.
 */
import { POST_CATEGORY, postResource } from '../../core/contract/blade-system/post.contract.ts';
import { withLayout } from '../../features/crud/resource-layout.ts';

export const postView = withLayout(postResource, {
  columns: { postCode: { sortable: true }, sort: { sortable: true }, createTime: { sortable: true } },
  search: { category: { options: POST_CATEGORY } },
  form: { sort: { min: 0 }, remark: { span: 2 } },
});
