import { Empty } from '@douyinfe/semi-ui';
import type { PendingSource } from '../../core/contract/izs-visual/fields.ts';
import './report.css';

/** A report whose source module has not landed: the page says what it will show and where the data comes from. */
export function PendingReport({ title, source }: { title: string; source?: PendingSource }) {
  return (
    <div className="ly-report" data-testid="report-pending-page">
      <Empty
        title={title}
        description={<span data-testid="report-pending">{source?.note ?? '加载中…'}</span>}
        style={{ marginTop: 80 }}
      />
    </div>
  );
}
