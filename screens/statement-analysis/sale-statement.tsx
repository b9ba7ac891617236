import { TradeReport } from './trade-report.tsx';

/** /statement-analysis/sale-statement */
export default function Screen() {
  return <TradeReport kind="sale" />;
}
