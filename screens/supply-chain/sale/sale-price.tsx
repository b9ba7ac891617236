import { ResourceListPage } from '../../../features/crud/resource-list-page.tsx';
import { salePriceView } from '../price-list.resource.ts';

/** 销售价格 (/supply-chain/sale/sale-price). */
export default function SalePriceScreen() {
  return <ResourceListPage def={salePriceView} />;
}
