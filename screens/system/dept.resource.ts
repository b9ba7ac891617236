/**
 * Screen layout (issue 23, features/crud/resource-layout.ts): the form boxes of `departmentResource` (机构,
 * department.tsx) and `deptResource` (部门, dept.tsx), whose wire is core/contract/blade-system/dept.contract.ts.
 */
import { departmentResource, deptResource } from '../../core/contract/blade-system/dept.contract.ts';
import { type ResourceLayout, withLayout } from '../../features/crud/resource-layout.ts';

const layout: ResourceLayout<(typeof deptResource)['schemas']> = {
  form: { parentId: { placeholder: '顶级' }, sort: { min: 0 }, remark: { span: 2 } },
};

export const departmentView = withLayout(departmentResource, layout);
export const deptView = withLayout(deptResource, layout);
