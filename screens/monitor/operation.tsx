import { useState } from 'react';
import { ResourceListPage } from '../../features/crud/resource-list-page.tsx';
import { LogDetail } from '../../features/logs/log-detail.tsx';
import { operationLogView } from './operation-log.resource.ts';

/** 操作日志 (/monitor/operation): every change the server made; 查看 lists each field old → new. */
export default function OperationLogScreen() {
  const [id, setId] = useState<string | null>(null);
  return (
    <>
      <ResourceListPage def={operationLogView} readOnly onView={(row) => setId(String(row.id))} />
      <LogDetail def={operationLogView} id={id} onClose={() => setId(null)} changes />
    </>
  );
}
