import { useState } from 'react';
import { ResourceListPage } from '../../features/crud/resource-list-page.tsx';
import { LogDetail } from '../../features/logs/log-detail.tsx';
import { trackApiLogView } from './track-api-log.resource.ts';

/**
 * 接口跟踪日志 (/system/track-api-log): the failed (≥ 400) and slow (≥ 1 s) API calls of the tenant, newest first;
 * 查看 opens the API log's detail drawer (redacted request parameters).
 */
export default function TrackApiLogScreen() {
  const [id, setId] = useState<string | null>(null);
  return (
    <>
      <ResourceListPage def={trackApiLogView} readOnly onView={(row) => setId(String(row.id))} />
      <LogDetail def={trackApiLogView} id={id} onClose={() => setId(null)} />
    </>
  );
}
