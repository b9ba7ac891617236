import { deptResource } from '../../core/contract/blade-system/dept.contract.ts';
import { ResourceTreePage } from '../../features/crud/resource-tree-page.tsx';

/** 部门管理 (/system/dept): departments and groups under the companies; companies are kept in 机构管理. */
export default function DeptScreen() {
  return (
    <ResourceTreePage
      def={deptResource}
      rootDefaults={{ deptCategory: 2 }}
      childDefaults={(row) => ({ parentId: row.id, deptCategory: row.deptCategory === 1 ? 2 : 3 })}
      lockedReason={(row) => (row.deptCategory === 1 ? '公司请在机构管理中维护' : undefined)}
    />
  );
}
