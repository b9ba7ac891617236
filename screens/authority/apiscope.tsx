import type { ScreenProps } from '../../features/shell/guarded-router.tsx';
import { ScopePage } from './scope-page.tsx';

/** /authority/apiscope (接口权限): API path + method rules per menu (bladex-contract §5.11). */
export default function ApiScopeScreen({ route }: ScreenProps) {
  return <ScopePage kind="api" title={route.title || '接口权限'} />;
}
