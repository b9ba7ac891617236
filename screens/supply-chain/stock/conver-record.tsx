import { DocumentListPage } from '../../../features/crud/document-list-page.tsx';
import { conversionView } from '../../../features/layouts/stock-order.resource.ts';
import { PRODUCTION_LINES } from './doc-lines.tsx';

/** 转换记录 (/supply-chain/stock/conver-record): one input converted into one output at its cost. */
export default function ConverRecordScreen() {
  return <DocumentListPage def={conversionView} lines={PRODUCTION_LINES} />;
}
