/**
 * Screen layout (issue 23, features/crud/resource-layout.ts): table cells, search options, form boxes and detail cards
 * of `siteResource`, `shipResource`, `portResource`, `voyageResource`, whose wire is
 * core/contract/izs-logistical/sites.contract.ts.
 */
import {
  portResource,
  SITE_KINDS,
  shipResource,
  siteResource,
  voyageResource,
} from '../../core/contract/izs-logistical/sites.contract.ts';
import { withLayout } from '../../features/crud/resource-layout.ts';

export const siteView = withLayout(siteResource, {
  columns: { fence: { hideInTable: true }, remark: { hideInTable: true } },
  search: { kind: { options: { options: SITE_KINDS } } },
  form: {
    lon: { min: -180, max: 180 },
    lat: { min: -90, max: 90 },
    address: { span: 2 },
    fence: { span: 2 },
    remark: { span: 2 },
  },
});

export const shipView = withLayout(shipResource, {
  form: { deadweightT: { min: 0 }, remark: { span: 2 } },
});

export const portView = withLayout(portResource, {
  form: { lon: { min: -180, max: 180 }, lat: { min: -90, max: 90 }, remark: { span: 2 } },
});

export const voyageView = withLayout(voyageResource, {
  form: { loadT: { min: 0 }, remark: { span: 2 } },
});
