import { ResourceListPage } from '../../features/crud/resource-list-page.tsx';
import { easyCrudView } from './easy-crud.resource.ts';

/** 测试页 (/ledger/easy-crud): the resource engine's demonstration — one field of every kind. */
export default function EasyCrudScreen() {
  return <ResourceListPage def={easyCrudView} />;
}
