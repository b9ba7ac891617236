import { ResourceListPage } from '../../features/crud/resource-list-page.tsx';
import { androidVersionView } from './android-version.resource.ts';

/** 安卓版本 (/system/android-version): APK release records of the Android weighing app. */
export default function AndroidVersionScreen() {
  return <ResourceListPage def={androidVersionView} />;
}
