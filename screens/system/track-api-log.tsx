import { useState } from 'react';
import { trackApiLogResource } from '../../core/contract/blade-system/track-api-log.contract.ts';
import { ResourceListPage } from '../../features/crud/resource-list-page.tsx';
import { LogDetail } from '../../features/logs/log-detail.tsx';

/**
 * 接口跟踪日志 (/system/track-api-log): the failed (≥ 400) and slow (≥ 1 s) API calls of the tenant, newest first;
 * 查看 opens the API log's detail drawer (redacted request parameters).
 */
export default function TrackApiLogScreen() {
  const [id, setId] = useState<string | null>(null);
  return (
    <>
      <ResourceListPage def={trackApiLogResource} readOnly onView={(row) => setId(String(row.id))} />
      <LogDetail def={trackApiLogResource} id={id} onClose={() => setId(null)} />
    </>
  );
}
