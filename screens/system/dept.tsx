import { ResourceTreePage } from '../../features/crud/resource-tree-page.tsx';
import { deptView } from './dept.resource.ts';

/** 部门管理 (/system/dept): departments and groups under the companies; companies are kept in 机构管理. */
export default function DeptScreen() {
  return (
    <ResourceTreePage
      def={deptView}
      rootDefaults={{ deptCategory: 2 }}
      childDefaults={(row) => ({ parentId: row.id, deptCategory: row.deptCategory === 1 ? 2 : 3 })}
      lockedReason={(row) => (row.deptCategory === 1 ? '公司请在机构管理中维护' : undefined)}
    />
  );
}
