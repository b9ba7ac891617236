import { TradeReport } from './trade-report.tsx';

/** /statement-analysis/stock-statement */
export default function Screen() {
  return <TradeReport kind="stock" />;
}
