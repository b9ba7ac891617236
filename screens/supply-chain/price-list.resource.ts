/**
 * Screen layout (issue 23, features/crud/resource-layout.ts): table cells, search options and form boxes of
 * `purchasePriceResource` (采购价格, purchase/price-list.tsx) and `salePriceResource` (销售价格, sale/sale-price.tsx), whose
 * wire is core/contract/izs-stock/price-list.contract.ts.
 */

import { CUSTOMER_SELECT, MATERIAL_SELECT, SUPPLIER_SELECT } from '../../core/contract/izs-stock/fields.ts';
import { purchasePriceResource, salePriceResource } from '../../core/contract/izs-stock/price-list.contract.ts';
import { type ResourceLayout, withLayout } from '../../features/crud/resource-layout.ts';

type Schemas = (typeof purchasePriceResource)['schemas'];

const layout = (partySelect: typeof SUPPLIER_SELECT): ResourceLayout<Schemas> => ({
  columns: {
    price: { sortable: true },
    validFrom: { sortable: true },
    validTo: { sortable: true },
    deptId: { hideInTable: true },
    remark: { hideInTable: true },
    createTime: { sortable: true },
  },
  search: { materialId: { options: MATERIAL_SELECT }, partyId: { options: partySelect } },
  form: { partyId: { placeholder: '不选则适用全部' }, price: { min: 0 }, remark: { span: 2 } },
});

export const purchasePriceView = withLayout(purchasePriceResource, layout(SUPPLIER_SELECT));
export const salePriceView = withLayout(salePriceResource, layout(CUSTOMER_SELECT));
