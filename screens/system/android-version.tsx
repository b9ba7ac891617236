import { androidVersionResource } from '../../core/contract/blade-system/android-version.contract.ts';
import { ResourceListPage } from '../../features/crud/resource-list-page.tsx';

/** 安卓版本 (/system/android-version): APK release records of the Android weighing app. */
export default function AndroidVersionScreen() {
  return <ResourceListPage def={androidVersionResource} />;
}
