import { salePriceResource } from '../../../core/contract/izs-stock/price-list.contract.ts';
import { ResourceListPage } from '../../../features/crud/resource-list-page.tsx';

/** 销售价格 (/supply-chain/sale/sale-price). */
export default function SalePriceScreen() {
  return <ResourceListPage def={salePriceResource} />;
}
