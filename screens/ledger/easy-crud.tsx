import { easyCrudResource } from '../../core/contract/izs-contract/projects.contract.ts';
import { ResourceListPage } from '../../features/crud/resource-list-page.tsx';

/** 测试页 (/ledger/easy-crud): the resource engine's demonstration — one field of every kind. */
export default function EasyCrudScreen() {
  return <ResourceListPage def={easyCrudResource} />;
}
