import { TradeReport } from './trade-report.tsx';

/** /statement-analysis/purchase-statement */
export default function Screen() {
  return <TradeReport kind="purchase" />;
}
