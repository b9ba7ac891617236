/**
 * Screen layout (issue 23, features/crud/resource-layout.ts): table cells, search options, form boxes and detail cards
 * of `weighbridgeResource`, whose wire is core/contract/izs-base/weighbridge.contract.ts.
 */
import { A, WAREHOUSE_SELECT, weighbridgeResource } from '../../core/contract/izs-base/weighbridge.contract.ts';
import { DEFAULT_ANTI_CHEAT, SETTLED_MS } from '../../core/weighing/anti-cheat.ts';
import { DEFAULT_LINEARITY_DIVISIONS, MAX_CALIBRATION_POINTS } from '../../core/weighing/linearity.ts';
import { withLayout } from '../../features/crud/resource-layout.ts';

/** What the form says of each anti-cheat setting: the empty box's default and the help under it (issue 24). */
const SAYS = {
  minWeightKg: {
    emptyText: '默认：20个分度值',
    help: '低于此重量不能采集（秤台上无车或重量过低）。留空 = 20 个分度值（JJG 539 Ⅲ级秤最小秤量）',
  },
  tareTolerancePct: {
    emptyText: `默认：±${DEFAULT_ANTI_CHEAT.tareTolerancePct}%`,
    help: `皮重偏离档案（有效标准皮重，否则近3次平均皮重）超过 ±N% 记为异常过磅。留空 = ±${DEFAULT_ANTI_CHEAT.tareTolerancePct}%，0 = 不检查`,
  },
  reweighMinutes: {
    emptyText: `默认：${DEFAULT_ANTI_CHEAT.reweighMinutes}分钟`,
    help: `同一车牌完成过磅后 N 分钟内再次过磅记为异常过磅。留空 = ${DEFAULT_ANTI_CHEAT.reweighMinutes} 分钟，0 = 不检查`,
  },
  stepDivisions: {
    emptyText: `默认：${DEFAULT_ANTI_CHEAT.stepDivisions}个分度值`,
    help: `稳定读数之间跳变超过 N 个分度值且不经过中间值（遥控器作弊的迹象）记为异常过磅。留空 = ${DEFAULT_ANTI_CHEAT.stepDivisions}，0 = 不检查`,
  },
  settledMs: {
    emptyText: `默认：${SETTLED_MS}毫秒`,
    help: `读数保持在一个分度值内多久算静止：据此核对地磅报的“稳定”和判断稳定突变。留空 = ${SETTLED_MS} 毫秒`,
  },
  linearityTolKg: {
    emptyText: `默认：${DEFAULT_LINEARITY_DIVISIONS}个分度值`,
    help: `按检定点，读数所在区间示值误差超过 ±N kg，或近期同车复称皮重偏移（中位数）超过 ±N kg，记为异常过磅。留空 = ${DEFAULT_LINEARITY_DIVISIONS} 个分度值（JJG 539 使用中最大允许误差），0 = 不检查`,
  },
  calibrationPoints: {
    placeholder: '参考重量=读数（kg），每行一个，如\n10000=10000\n40000=40200',
    help: `最近一次检定/校秤的砝码（或已知质量的试验车）重量与地磅读数，最多${MAX_CALIBRATION_POINTS}个；为空则不做线性检查`,
  },
} as const;

/** The thresholds the form bounds (the table's CHECKs; the schema refuses the rest with the field's message). */
const BOUNDED = ['tareTolerancePct', 'reweighMinutes', 'stepDivisions', 'settledMs'] as const;
/** The thresholds kept in the table's detail, not its columns. */
const THRESHOLDS = ['minWeightKg', ...BOUNDED] as const;

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
    ...Object.fromEntries(THRESHOLDS.map((f) => [f, { emptyText: SAYS[f].emptyText, hideInTable: true }])),
    linearityTolKg: { emptyText: SAYS.linearityTolKg.emptyText, hideInTable: true },
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
      ...SAYS.minWeightKg,
      section: '防作弊设置',
    },
    ...Object.fromEntries(BOUNDED.map((f) => [f, { min: A[f].min, max: A[f].max, unit: A[f].unit, ...SAYS[f] }])),
    positionSensors: { help: '车道装有红外对射：采集须收到传感器状态且全部未遮挡（车辆完全上磅）' },
    checkPlate: { help: '摄像机识别的车牌与录入不一致记为异常过磅' },
    checkPhotos: { help: '照片少于本地磅启用的摄像机数记为异常过磅（摄像机能抓拍后再开启）' },
    checkMaxGross: { help: '重量超过车辆行驶证核定总质量记为异常过磅' },
    linearityTolKg: {
      min: 0,
      unit: A.linearityTolKg.unit,
      ...SAYS.linearityTolKg,
    },
    calibrationPoints: { span: 2, ...SAYS.calibrationPoints },
  },
});
