import { orgManageResource } from '../../core/contract/izs-base/org-manage.contract.ts';
import { ResourceListPage } from '../../features/crud/resource-list-page.tsx';

/** 组织管理 (/base/orgManage): legal profiles used on invoices, contracts and weigh tickets. */
export default function OrgManageScreen() {
  return <ResourceListPage def={orgManageResource} />;
}
