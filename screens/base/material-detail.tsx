import { ResourceDetailPage } from '../../features/crud/resource-detail-page.tsx';
import { materialView } from '../../features/layouts/material.resource.ts';
import type { ScreenProps } from '../../features/shell/guarded-router.tsx';

/** 物料详情 (/base/material-detail/{code}): addressed by the material code. */
export default function MaterialDetailScreen({ path }: ScreenProps) {
  const code = decodeURIComponent(path.split('/').pop() ?? '');
  return (
    <ResourceDetailPage
      def={materialView}
      lookup={{ field: 'code', value: code }}
      title={(row) => `物料详情：${row.name}（${row.code}）`}
    />
  );
}
