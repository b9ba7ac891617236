import { DocumentListPage } from '../../../features/crud/document-list-page.tsx';
import { disassemblyView } from '../../../features/layouts/stock-order.resource.ts';
import { PRODUCTION_LINES } from './doc-lines.tsx';

/** 拆解分拣单 (/supply-chain/stock/disassembly-order): one input, graded outputs, allocation by weight or ratio with a live preview. */
export default function DisassemblyOrderScreen() {
  return <DocumentListPage def={disassemblyView} lines={PRODUCTION_LINES} />;
}
