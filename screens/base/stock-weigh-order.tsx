import { ResourceListPage } from '../../features/crud/resource-list-page.tsx';
import { stockWeighOrderView } from './stock-weigh-order.resource.ts';

/** 库存磅单 (/base/stock-weigh-order): stock weighings; the server computes net weight and the order number. */
export default function StockWeighOrderScreen() {
  return <ResourceListPage def={stockWeighOrderView} />;
}
