/**
 * Screen layout (issue 23, features/crud/resource-layout.ts): table cells, search options, form boxes and detail cards
 * of `staffResource`, whose wire is core/contract/blade-system/staff.contract.ts.
 */
import { POST_SELECT } from '../../core/contract/blade-system/post.contract.ts';
import { staffResource } from '../../core/contract/blade-system/staff.contract.ts';
import { DEPT_TREE } from '../../core/contract/izs-base/fields.ts';
import { withLayout } from '../../features/crud/resource-layout.ts';

export const staffView = withLayout(staffResource, {
  columns: {
    jobNumber: { sortable: true },
    name: { sortable: true },
    idNumber: { hideInTable: true },
    entryDate: { sortable: true },
    remark: { hideInTable: true },
    createTime: { sortable: true },
  },
  search: { postId: { options: POST_SELECT }, deptId: { options: DEPT_TREE } },
  form: { remark: { span: 2 } },
  detail: [
    { kind: 'grid', title: '基本信息', fields: ['jobNumber', 'name', 'sex', 'postId', 'deptId', 'phone'] },
    { kind: 'grid', title: '其他', fields: ['idNumber', 'entryDate', 'status', 'remark'] },
  ],
});
