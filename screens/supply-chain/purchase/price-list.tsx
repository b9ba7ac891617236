import { purchasePriceResource } from '../../../core/contract/izs-stock/price-list.contract.ts';
import { ResourceListPage } from '../../../features/crud/resource-list-page.tsx';

/** 采购价格表 (/supply-chain/purchase/price-list): by material, supplier and validity dates. */
export default function PurchasePriceScreen() {
  return <ResourceListPage def={purchasePriceResource} />;
}
