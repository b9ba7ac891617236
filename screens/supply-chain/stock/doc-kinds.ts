import { STOCK_DOC_TYPES } from '../../../core/contract/izs-stock/stock-order.contract.ts';
import type { ResourceDef } from '../../../core/contract/resource.ts';
import { dropShippingView } from '../../../features/layouts/drop-shipping.resource.ts';
import { STOCK_DOC_VIEWS } from '../../../features/layouts/stock-order.resource.ts';
import { purchaseOrderView, saleOrderView } from '../trade-order.resource.ts';

/** Every document resource with a life cycle (not-check answers `path` = the resource to review it with). */
const DOC_RESOURCES: ResourceDef[] = [
  ...Object.values(STOCK_DOC_VIEWS),
  purchaseOrderView,
  saleOrderView,
  dropShippingView,
] as unknown as ResourceDef[];

/** Kinds of the not-check filter. */
export const DOC_KINDS = [
  ...STOCK_DOC_TYPES,
  { label: '采购订单', value: 'purchase_order' },
  { label: '销售订单', value: 'sale_order' },
  { label: '直发单', value: 'drop_shipping' },
];

/** The resource of an API path (`/api/izs-stock/in-stock`); unknown paths fall back to the in-stock resource. */
export function docResourceOf(path: string): ResourceDef {
  return DOC_RESOURCES.find((d) => d.path === path) ?? DOC_RESOURCES[0];
}
