/**
 * Screen layout (issue 23, features/crud/resource-layout.ts): table cells, search options and form boxes of
 * `dropEvidenceResource`, whose wire is core/contract/izs-stock/drop-shipping.contract.ts.
 */
import {
  DROP_SHIPPING_SELECT,
  dropEvidenceResource,
  EVIDENCE_TYPES,
} from '../../../core/contract/izs-stock/drop-shipping.contract.ts';
import { withLayout } from '../../../features/crud/resource-layout.ts';

export const dropEvidenceView = withLayout(dropEvidenceResource, {
  columns: { createTime: { sortable: true } },
  search: { dropId: { options: DROP_SHIPPING_SELECT }, evidenceType: { options: { options: EVIDENCE_TYPES } } },
  form: { files: { span: 2, multiple: true }, remark: { span: 2 } },
});
