import { ResourceListPage } from '../../features/crud/resource-list-page.tsx';
import { staffView } from './staff.resource.ts';

/** 员工管理 (/system/staff): the generic list page of the staff resource (department-scoped). */
export default function StaffScreen() {
  return <ResourceListPage def={staffView} />;
}
