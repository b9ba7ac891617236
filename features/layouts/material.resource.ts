/**
 * Screen layout (issue 23, features/crud/resource-layout.ts): table cells, search options, form boxes and detail
 * cards of `materialResource`, whose wire is core/contract/izs-base/material.contract.ts. Shared by two screen areas,
 * so here: 物料管理 / 物料详情 (screens/base) and the business desk's read-only 物料 (screens/business).
 */
import { materialResource } from '../../core/contract/izs-base/material.contract.ts';
import { withLayout } from '../crud/resource-layout.ts';

export const materialView = withLayout(materialResource, {
  columns: {
    code: { sortable: true },
    name: { sortable: true },
    defaultPrice: { sortable: true },
    gbCode: { hideInTable: true },
    deptId: { hideInTable: true },
    remark: { hideInTable: true },
    createTime: { sortable: true },
  },
  search: { categoryId: { options: { tree: '/api/izs-base/material-category/tree' } } },
  form: { defaultPrice: { min: 0 }, deductRate: { min: 0, max: 100 }, remark: { span: 2 } },
  detail: [
    { kind: 'grid', title: '基本信息', fields: ['code', 'name', 'categoryId', 'spec', 'unit', 'status', 'remark'] },
    { kind: 'grid', title: '价格与扣杂', fields: ['defaultPrice', 'priceUnit', 'deductRate', 'gbCode', 'isHazardous'] },
  ],
});
