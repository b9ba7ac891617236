import { saleOrderResource } from '../../../core/contract/izs-stock/trade-order.contract.ts';
import { ResourceListPage } from '../../../features/crud/resource-list-page.tsx';

/**
 * 客户订单 (/supply-chain/sale/customer/order): the customers' orders as the sales desk follows them — the sale
 * orders, read only (they are entered and reviewed under 销售订单); 查看 shows the order with its lines.
 */
export default function CustomerOrderScreen() {
  return <ResourceListPage def={saleOrderResource} readOnly />;
}
