import { ResourceListPage } from '../../../features/crud/resource-list-page.tsx';
import { saleOrderView } from '../trade-order.resource.ts';

/**
 * 客户订单 (/supply-chain/sale/customer/order): the customers' orders as the sales desk follows them — the sale
 * orders, read only (they are entered and reviewed under 销售订单); 查看 shows the order with its lines.
 */
export default function CustomerOrderScreen() {
  return <ResourceListPage def={saleOrderView} readOnly />;
}
