/**
 * Screen layout (issue 23, features/crud/resource-layout.ts): table cells, search options, form boxes and detail cards
 * of `camerasResource`, whose wire is core/contract/izs-sell/cameras.contract.ts.
 */
import { CAMERA_BRANDS, camerasResource, WEIGHBRIDGE_SELECT } from '../../core/contract/izs-sell/cameras.contract.ts';
import { withLayout } from '../../features/crud/resource-layout.ts';

export const camerasView = withLayout(camerasResource, {
  columns: {
    name: { sortable: true },
    ip: { sortable: true },
    snapshotUrl: { hideInTable: true },
    streamUrl: { hideInTable: true },
    deptId: { hideInTable: true },
    remark: { hideInTable: true },
    createTime: { sortable: true, hideInTable: true },
  },
  search: { weighbridgeId: { options: WEIGHBRIDGE_SELECT }, brand: { options: { options: CAMERA_BRANDS } } },
  form: {
    name: { placeholder: '1号磅车头' },
    ip: { placeholder: '192.168.1.64' },
    port: { min: 1, max: 65535 },
    channel: { min: 1, max: 64 },
    account: { placeholder: 'admin' },
    password: { placeholder: '留空则不修改' },
    snapshotUrl: { span: 2, placeholder: '留空按品牌默认地址' },
    streamUrl: { span: 2, placeholder: '留空按品牌默认 RTSP 地址' },
    remark: { span: 2 },
  },
});
