import { useState } from 'react';
import { ResourceListPage } from '../../features/crud/resource-list-page.tsx';
import { LogDetail } from '../../features/logs/log-detail.tsx';
import { modifyLogView } from './modify-log.resource.ts';

/** 修改日志 (/monitor/update): documents changed after the fact (modify-log); 查看 lists each field old → new. */
export default function ModifyLogScreen() {
  const [id, setId] = useState<string | null>(null);
  return (
    <>
      <ResourceListPage def={modifyLogView} readOnly onView={(row) => setId(String(row.id))} />
      <LogDetail def={modifyLogView} id={id} onClose={() => setId(null)} changes />
    </>
  );
}
