/**
 * Screen layout (issue 23, features/crud/resource-layout.ts): table cells, search options, form boxes and detail cards
 * of `assetTypeResource`, whose wire is core/contract/izs-financing/fixed-asset-type.contract.ts.
 */
import { assetTypeResource } from '../../core/contract/izs-financing/fixed-asset-type.contract.ts';
import { withLayout } from '../../features/crud/resource-layout.ts';

export const assetTypeView = withLayout(assetTypeResource, {
  columns: { code: { sortable: true } },
  form: {
    lifeMonths: { min: 1 },
    minLifeMonths: { min: 0 },
    residualRate: { placeholder: '如 0.05' },
    assetAccount: { placeholder: '如 1601' },
    accumAccount: { placeholder: '如 1602' },
    expenseAccount: { placeholder: '如 560208' },
    taxCategory: { span: 2 },
    sort: { min: 0 },
    remark: { span: 2 },
  },
});
