import { DocumentListPage } from '../../../features/crud/document-list-page.tsx';
import { assemblyView } from '../../../features/layouts/stock-order.resource.ts';
import { PRODUCTION_LINES } from './doc-lines.tsx';

/** 组装单 (/supply-chain/stock/assembly-order): inputs issued at average, cost allocated to the outputs by weight or ratio (live preview). */
export default function AssemblyOrderScreen() {
  return <DocumentListPage def={assemblyView} lines={PRODUCTION_LINES} />;
}
