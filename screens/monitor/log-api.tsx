import { useState } from 'react';
import { ResourceListPage } from '../../features/crud/resource-list-page.tsx';
import { LogDetail } from '../../features/logs/log-detail.tsx';
import { apiLogView } from './api-log.resource.ts';

/** 接口日志 (/monitor/log/api): every API call, newest first; 查看 shows the redacted request parameters. */
export default function ApiLogScreen() {
  const [id, setId] = useState<string | null>(null);
  return (
    <>
      <ResourceListPage def={apiLogView} readOnly onView={(row) => setId(String(row.id))} />
      <LogDetail def={apiLogView} id={id} onClose={() => setId(null)} />
    </>
  );
}
