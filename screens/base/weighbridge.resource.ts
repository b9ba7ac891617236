/**
 * Screen layout (issue 23, features/crud/resource-layout.ts): table cells, search options, form boxes and detail cards
 * of `weighbridgeResource`, whose wire is core/contract/izs-base/weighbridge.contract.ts.
 */
import { A, WAREHOUSE_SELECT, weighbridgeResource } from '../../core/contract/izs-base/weighbridge.contract.ts';
import { withLayout } from '../../features/crud/resource-layout.ts';

export const weighbridgeView = withLayout(weighbridgeResource, {
  columns: {
    code: { sortable: true },
    name: { sortable: true },
    maxCapacityKg: { sortable: true },
    ip: { hideInTable: true },
    port: { hideInTable: true },
    remark: { hideInTable: true },
    positionSensors: { hideInTable: true },
    checkPlate: { hideInTable: true },
    checkPhotos: { hideInTable: true },
    checkMaxGross: { hideInTable: true },
    linearityTolKg: { emptyText: A.linearityTolKg.emptyText, hideInTable: true },
    calibrationPoints: { hideInTable: true },
    createTime: { sortable: true, hideInTable: true },
  },
  search: { warehouseId: { options: WAREHOUSE_SELECT } },
  form: {
    maxCapacityKg: { min: 0 },
    divisionKg: { min: 0 },
    stableSeconds: { min: 1, max: 60 },
    serialPort: { placeholder: 'COM1' },
    port: { min: 0, max: 65535 },
    indicatorModel: { placeholder: '耀华 XK3190-A9' },
    remark: { span: 2 },
    minWeightKg: {
      min: 0,
      unit: A.minWeightKg.unit,
      emptyText: A.minWeightKg.emptyText,
      help: A.minWeightKg.help,
      section: '防作弊设置',
    },
    positionSensors: { help: '车道装有红外对射：采集须收到传感器状态且全部未遮挡（车辆完全上磅）' },
    checkPlate: { help: '摄像机识别的车牌与录入不一致记为异常过磅' },
    checkPhotos: { help: '照片少于本地磅启用的摄像机数记为异常过磅（摄像机能抓拍后再开启）' },
    checkMaxGross: { help: '重量超过车辆行驶证核定总质量记为异常过磅' },
    linearityTolKg: {
      min: 0,
      unit: A.linearityTolKg.unit,
      emptyText: A.linearityTolKg.emptyText,
      help: A.linearityTolKg.help,
    },
    calibrationPoints: { span: 2, placeholder: A.calibrationPoints.placeholder, help: A.calibrationPoints.help },
  },
});
