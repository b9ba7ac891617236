import { LedgerPage } from './ledger-page.tsx';
import './ledger.css';

/** 采购台账 (/ledger/purchase). */
export default function PurchaseLedgerScreen() {
  return <LedgerPage side="purchase" />;
}
