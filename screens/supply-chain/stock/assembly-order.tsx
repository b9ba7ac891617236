import { assemblyResource } from '../../../core/contract/izs-stock/stock-order.contract.ts';
import { DocumentListPage } from '../../../features/crud/document-list-page.tsx';
import { PRODUCTION_LINES } from './doc-lines.tsx';

/** 组装单 (/supply-chain/stock/assembly-order): inputs issued at average, cost allocated to the outputs by weight or ratio (live preview). */
export default function AssemblyOrderScreen() {
  return <DocumentListPage def={assemblyResource} lines={PRODUCTION_LINES} />;
}
