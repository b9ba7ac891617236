/**
 * Screen layout (issue 23, features/crud/resource-layout.ts): table cells, search options, form boxes and detail cards
 * of `materialQuoteResource`, whose wire is core/contract/blade-system/material-quotes-order.contract.ts.
 */
import {
  MATERIAL_SELECT,
  materialQuoteResource,
  QUOTE_TYPES,
} from '../../core/contract/blade-system/material-quotes-order.contract.ts';
import { withLayout } from '../../features/crud/resource-layout.ts';

export const materialQuoteView = withLayout(materialQuoteResource, {
  columns: {
    code: { sortable: true },
    price: { sortable: true },
    effectiveStart: { sortable: true },
    remark: { hideInTable: true },
    createTime: { sortable: true },
  },
  search: { quoteType: { options: { options: QUOTE_TYPES } }, materialId: { options: MATERIAL_SELECT } },
  form: { code: { placeholder: '留空自动生成' }, price: { min: 0 }, remark: { span: 2 } },
});
