/**
 * Screen layout (issue 23, features/crud/resource-layout.ts): table cells and form boxes of `assetCardResource`, whose
 * wire is core/contract/izs-financing/fixed-asset-card.contract.ts. Shared by two screen areas, so here: 资产台账
 * (screens/asset) and the 固定资产 list and history (screens/finance).
 */
import { assetCardResource } from '../../core/contract/izs-financing/fixed-asset-card.contract.ts';
import { ASSET_STATES } from '../../core/contract/izs-financing/fixed-asset-fields.ts';
import { withLayout } from '../crud/resource-layout.ts';

export const assetCardView = withLayout(assetCardResource, {
  columns: {
    code: { sortable: true },
    useDept: { hideInTable: true },
    inServiceDate: { sortable: true },
    lifeMonths: { hideInTable: true },
    method: { hideInTable: true },
  },
  search: { state: { options: { options: ASSET_STATES } } },
  form: {
    cost: { min: 0 },
    residualRate: { placeholder: '默认取类别，如 0.05' },
    lifeMonths: { min: 1, placeholder: '默认取类别' },
    totalWorkload: { placeholder: '工作量法必填' },
    assetAccount: { placeholder: '默认取类别' },
    accumAccount: { placeholder: '默认取类别' },
    expenseAccount: { placeholder: '默认取类别' },
    openingAccumulated: { min: 0, placeholder: '账套启用前已提折旧' },
    remark: { span: 2 },
  },
});
