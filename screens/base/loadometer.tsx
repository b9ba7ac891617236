import { ResourceListPage } from '../../features/crud/resource-list-page.tsx';
import { weighbridgeView } from './weighbridge.resource.ts';

/** 地磅管理 (/base/loadometer, spec §7.6): weighbridges, their indicator connection and stable time. */
export default function LoadometerScreen() {
  return <ResourceListPage def={weighbridgeView} />;
}
