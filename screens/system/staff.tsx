import { staffResource } from '../../core/contract/blade-system/staff.contract.ts';
import { ResourceListPage } from '../../features/crud/resource-list-page.tsx';

/** 员工管理 (/system/staff): the generic list page of the staff resource (department-scoped). */
export default function StaffScreen() {
  return <ResourceListPage def={staffResource} />;
}
