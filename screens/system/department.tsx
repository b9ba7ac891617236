import { ResourceTreePage } from '../../features/crud/resource-tree-page.tsx';
import { departmentView } from './dept.resource.ts';

/** 机构管理 (/system/department): the companies (机构类型 公司) of the tenant as a tree. */
export default function DepartmentScreen() {
  return (
    <ResourceTreePage
      def={departmentView}
      baseParams={{ deptCategory: 1 }}
      rootDefaults={{ deptCategory: 1 }}
      childDefaults={(row) => ({ parentId: row.id, deptCategory: 1 })}
    />
  );
}
