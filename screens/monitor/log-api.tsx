import { useState } from 'react';
import { apiLogResource } from '../../core/contract/blade-log/api-log.contract.ts';
import { ResourceListPage } from '../../features/crud/resource-list-page.tsx';
import { LogDetail } from '../../features/logs/log-detail.tsx';

/** 接口日志 (/monitor/log/api): every API call, newest first; 查看 shows the redacted request parameters. */
export default function ApiLogScreen() {
  const [id, setId] = useState<string | null>(null);
  return (
    <>
      <ResourceListPage def={apiLogResource} readOnly onView={(row) => setId(String(row.id))} />
      <LogDetail def={apiLogResource} id={id} onClose={() => setId(null)} />
    </>
  );
}
