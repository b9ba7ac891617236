import { useReportLogisticsQuery } from '../../core/api/izs-report.api.ts';
import { PendingReport } from './pending-report.tsx';

/** /statement-analysis/logistics-statement — until the logistics module lands, the page says so. */
export default function LogisticsStatement() {
  return <PendingReport title="物流报表" source={useReportLogisticsQuery().data?.source} />;
}
