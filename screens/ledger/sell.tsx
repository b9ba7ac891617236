import { LedgerPage } from './ledger-page.tsx';
import './ledger.css';

/** 销售台账 (/ledger/sell). */
export default function SellLedgerScreen() {
  return <LedgerPage side="sale" />;
}
