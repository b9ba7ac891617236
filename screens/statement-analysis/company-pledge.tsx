import { useReportPledgeQuery } from '../../core/api/izs-report.api.ts';
import { PendingReport } from './pending-report.tsx';

/** /statement-analysis/company-pledge — reads supply-chain finance once that module lands; until then says so. */
export default function CompanyPledge() {
  return <PendingReport title="企业质押" source={useReportPledgeQuery().data?.source} />;
}
