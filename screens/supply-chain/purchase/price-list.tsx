import { ResourceListPage } from '../../../features/crud/resource-list-page.tsx';
import { purchasePriceView } from '../price-list.resource.ts';

/** 采购价格表 (/supply-chain/purchase/price-list): by material, supplier and validity dates. */
export default function PurchasePriceScreen() {
  return <ResourceListPage def={purchasePriceView} />;
}
