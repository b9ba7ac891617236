import { useState } from 'react';
import { operationLogResource } from '../../core/contract/blade-log/operation-log.contract.ts';
import { ResourceListPage } from '../../features/crud/resource-list-page.tsx';
import { LogDetail } from '../../features/logs/log-detail.tsx';

/** 操作日志 (/monitor/operation): every change the server made; 查看 lists each field old → new. */
export default function OperationLogScreen() {
  const [id, setId] = useState<string | null>(null);
  return (
    <>
      <ResourceListPage def={operationLogResource} readOnly onView={(row) => setId(String(row.id))} />
      <LogDetail def={operationLogResource} id={id} onClose={() => setId(null)} changes />
    </>
  );
}
