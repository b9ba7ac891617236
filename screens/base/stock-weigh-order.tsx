import { stockWeighOrderResource } from '../../core/contract/izs-base/stock-weigh-order.contract.ts';
import { ResourceListPage } from '../../features/crud/resource-list-page.tsx';

/** 库存磅单 (/base/stock-weigh-order): stock weighings; the server computes net weight and the order number. */
export default function StockWeighOrderScreen() {
  return <ResourceListPage def={stockWeighOrderResource} />;
}
