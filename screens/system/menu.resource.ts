/**
 * Screen layout (issue 23, features/crud/resource-layout.ts): table cells, search options, form boxes and detail cards
 * of `menuResource`, whose wire is core/contract/blade-system/menu.contract.ts.
 */
import { menuResource } from '../../core/contract/blade-system/menu.contract.ts';
import { withLayout } from '../../features/crud/resource-layout.ts';

export const menuView = withLayout(menuResource, {
  form: {
    parentId: { placeholder: '顶级' },
    path: { placeholder: '/system/user 或 https://…' },
    source: { placeholder: '图标名，如 setting' },
    alias: { placeholder: '菜单填 menu，按钮填 add/edit…' },
    sort: { min: 0 },
    remark: { span: 2 },
  },
});
