import { conversionResource } from '../../../core/contract/izs-stock/stock-order.contract.ts';
import { DocumentListPage } from '../../../features/crud/document-list-page.tsx';
import { PRODUCTION_LINES } from './doc-lines.tsx';

/** 转换记录 (/supply-chain/stock/conver-record): one input converted into one output at its cost. */
export default function ConverRecordScreen() {
  return <DocumentListPage def={conversionResource} lines={PRODUCTION_LINES} />;
}
