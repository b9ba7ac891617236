import type { ScreenProps } from '../../features/shell/guarded-router.tsx';
import { ScopePage } from './scope-page.tsx';

/** /authority/datascope (数据权限): data-scope rules per menu (bladex-contract §5.10). */
export default function DataScopeScreen({ route }: ScreenProps) {
  return <ScopePage kind="data" title={route.title || '数据权限'} />;
}
