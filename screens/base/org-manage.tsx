import { ResourceListPage } from '../../features/crud/resource-list-page.tsx';
import { orgManageView } from './org-manage.resource.ts';

/** 组织管理 (/base/orgManage): legal profiles used on invoices, contracts and weigh tickets. */
export default function OrgManageScreen() {
  return <ResourceListPage def={orgManageView} />;
}
