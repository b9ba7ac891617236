/**
 * 地磅 (weighbridge / truck scale, spec §7.6): capacity and division in kg (3 decimals), the indicator's
 * connection (serial port + baud rate, or TCP ip:port), and the stable time a reading must hold before capture.
 * Its anti-cheat settings (issue 24, core/weighing/anti-cheat.ts): the thresholds, each empty = the global default
 * (null in izs_weighbridge; ranges = the table's CHECKs), and the checks switched on or off; its linearity profile
 * (core/weighing/linearity.ts): the 检定点 of its last calibration as text (`reference=reading` a line, kg; kept in
 * izs_weighbridge_calibration, replaced on save when the box is sent) and the profile's tolerance.
 */
import { z } from 'zod';
import { parseCalibration } from '../../weighing/linearity.ts';
import { ENGINE_HIDDEN, joinedName } from '../fields.ts';
import { weighbridgeRow } from '../generated/base.ts';
import { num } from '../input.ts';
import { defineResource } from '../resource.ts';
import { DEPT_TREE, decimal, flag, int, oneOf, opt, ref, req } from './fields.ts';

export const CONN_TYPES = [
  { label: '串口', value: 'serial' },
  { label: '网络(TCP)', value: 'tcp' },
];
export const BAUD_RATES = [1200, 2400, 4800, 9600, 19200, 38400, 57600, 115200].map((b) => ({
  label: String(b),
  value: b,
}));

export const weighbridgeEntity = weighbridgeRow.omit(ENGINE_HIDDEN).extend({
  deptName: joinedName,
  warehouseName: joinedName,
  /** The calibration points, `reference=reading` (kg) a line by reference; '' = none. */
  calibrationPoints: z.string(),
});

/** An optional threshold: empty (null / absent) = the global default; otherwise an integer in the table's range. */
const optInt = (label: string, min: number, max: number) =>
  num({ error: `${label}必须是整数` })
    .int(`${label}必须是整数`)
    .min(min, `${label}不能小于${min}`)
    .max(max, `${label}不能大于${max}`)
    .nullable()
    .optional();

/**
 * The anti-cheat thresholds and checks of a weighbridge: label and unit (in messages and column titles) and range
 * (izs_weighbridge's CHECKs, which the form's schema enforces). What the form says about each (the empty box's
 * default, the help under it) is the screen's: screens/base/weighbridge.resource.ts.
 */
export const ANTI_CHEAT_FIELDS = {
  minWeightKg: { label: '最小称量', unit: 'kg' },
  tareTolerancePct: { label: '皮重允差', unit: '%', min: 0, max: 100 },
  reweighMinutes: { label: '重复过磅间隔', unit: '分钟', min: 0, max: 1440 },
  stepDivisions: { label: '稳定突变阈值', unit: '个分度值', min: 0, max: 1000 },
  settledMs: { label: '静止判定时长', unit: '毫秒', min: 200, max: 10000 },
  linearityTolKg: { label: '线性允差', unit: 'kg' },
  calibrationPoints: { label: '检定点' },
} as const;
export const A = ANTI_CHEAT_FIELDS;

/** 检定点 as typed: any text the linearity profile can read (parseCalibration), the message naming the point. */
const calibrationField = z
  .string({ error: '检定点格式不正确' })
  .max(2000, '检定点不能超过2000个字符')
  .superRefine((v, ctx) => {
    const r = parseCalibration(v, A.calibrationPoints.label);
    if (!r.ok) ctx.addIssue({ code: 'custom', message: r.msg });
  });

export const weighbridgeForm = z
  .object({
    code: req('地磅编码', 32),
    name: req('地磅名称', 64),
    warehouseId: ref('所属仓库'),
    maxCapacityKg: decimal('最大称量(kg)', 3, '999999'),
    divisionKg: decimal('分度值(kg)', 3, '1000').default('20'),
    connType: oneOf('连接方式', ['serial', 'tcp'], 'serial'),
    serialPort: opt('串口号', 32),
    baudRate: int('波特率', 1200, 115200, 9600),
    ip: z
      .string()
      .trim()
      .refine((v) => v === '' || /^(\d{1,3}\.){3}\d{1,3}$/.test(v), { message: 'IP地址格式不正确' })
      .default(''),
    port: int('端口', 0, 65535, 0),
    indicatorModel: opt('仪表型号', 64),
    stableSeconds: int('稳定时间(秒)', 1, 60, 3),
    status: flag('状态', 1),
    remark: opt('备注', 255),
    minWeightKg: decimal(`${A.minWeightKg.label}(kg)`, 3, '999999').nullable().optional(),
    tareTolerancePct: decimal(`${A.tareTolerancePct.label}(%)`, 2, '100').nullable().optional(),
    reweighMinutes: optInt(`${A.reweighMinutes.label}(分钟)`, A.reweighMinutes.min, A.reweighMinutes.max),
    stepDivisions: optInt(`${A.stepDivisions.label}(分度值)`, A.stepDivisions.min, A.stepDivisions.max),
    settledMs: optInt(`${A.settledMs.label}(毫秒)`, A.settledMs.min, A.settledMs.max),
    positionSensors: flag('定位传感器', 0),
    checkPlate: flag('核对车牌识别', 1),
    checkPhotos: flag('核对抓拍照片', 0),
    checkMaxGross: flag('核对核定总质量', 1),
    linearityTolKg: decimal(`${A.linearityTolKg.label}(kg)`, 3, '9999999').nullable().optional(),
    calibrationPoints: calibrationField.nullable().optional(),
  })
  .refine((v) => v.connType !== 'serial' || v.serialPort !== '', { message: '请输入串口号', path: ['serialPort'] })
  .refine((v) => v.connType !== 'tcp' || v.ip !== '', { message: '请输入IP地址', path: ['ip'] });

export const weighbridgeQuery = z.object({
  code: z.string().optional(),
  name: z.string().optional(),
  warehouseId: z.string().optional(),
  deptId: z.string().optional(),
  status: num().int().optional(),
});

export const WAREHOUSE_SELECT = { endpoint: '/api/izs-base/warehouse/select-list', labelKey: 'name', valueKey: 'id' };

export const weighbridgeResource = defineResource({
  name: 'weighbridge',
  title: '地磅',
  service: 'izs-base',
  path: '/api/izs-base/weighbridge',
  permission: 'base_loadometer',
  schemas: { entity: weighbridgeEntity, form: weighbridgeForm, query: weighbridgeQuery },
  scope: 'dept',
  sortable: ['code', 'name', 'maxCapacityKg', 'createTime'],
  defaultSort: { field: 'createTime', desc: true },
  unique: [{ fields: ['code'], message: '地磅编码已存在' }],
  columns: [
    { field: 'code', label: '地磅编码', kind: 'code', width: 110 },
    { field: 'name', label: '地磅名称', kind: 'text', width: 140 },
    { field: 'warehouseId', label: '所属仓库', kind: 'select', labelField: 'warehouseName', options: WAREHOUSE_SELECT },
    { field: 'maxCapacityKg', label: '最大称量(kg)', kind: 'weight', decimals: 3 },
    { field: 'divisionKg', label: '分度值(kg)', kind: 'weight', decimals: 3 },
    { field: 'connType', label: '连接方式', kind: 'select', options: { options: CONN_TYPES }, width: 100 },
    { field: 'serialPort', label: '串口号', kind: 'code', width: 90 },
    { field: 'baudRate', label: '波特率', kind: 'number', width: 90 },
    { field: 'ip', label: 'IP地址', kind: 'code' },
    { field: 'port', label: '端口', kind: 'number' },
    { field: 'indicatorModel', label: '仪表型号', kind: 'text' },
    { field: 'stableSeconds', label: '稳定时间(秒)', kind: 'number', width: 110 },
    { field: 'deptId', label: '所属机构', kind: 'tree', labelField: 'deptName', options: DEPT_TREE },
    { field: 'status', label: '状态', kind: 'status', width: 80 },
    { field: 'remark', label: '备注', kind: 'text' },
    ...(['minWeightKg', 'tareTolerancePct', 'reweighMinutes', 'stepDivisions', 'settledMs'] as const).map((f) => ({
      field: f,
      label: `${A[f].label}(${A[f].unit})`,
      kind:
        f === 'minWeightKg' ? ('weight' as const) : f === 'tareTolerancePct' ? ('rate' as const) : ('number' as const),
    })),
    { field: 'positionSensors', label: '定位传感器', kind: 'bool' },
    { field: 'checkPlate', label: '核对车牌识别', kind: 'bool' },
    { field: 'checkPhotos', label: '核对抓拍照片', kind: 'bool' },
    { field: 'checkMaxGross', label: '核对核定总质量', kind: 'bool' },
    { field: 'linearityTolKg', label: `${A.linearityTolKg.label}(kg)`, kind: 'weight' },
    { field: 'calibrationPoints', label: A.calibrationPoints.label, kind: 'text' },
    { field: 'createTime', label: '创建时间', kind: 'datetime', width: 170 },
  ],
  search: [
    { field: 'name', label: '地磅名称', kind: 'text' },
    { field: 'code', label: '地磅编码', kind: 'text' },
    { field: 'warehouseId', label: '所属仓库', kind: 'select' },
    { field: 'status', label: '状态', kind: 'status' },
  ],
  form: [
    { field: 'code', label: '地磅编码', kind: 'code', required: true, editDisabled: true },
    { field: 'name', label: '地磅名称', kind: 'text', required: true },
    { field: 'warehouseId', label: '所属仓库', kind: 'select', options: WAREHOUSE_SELECT },
    { field: 'maxCapacityKg', label: '最大称量(kg)', kind: 'weight', decimals: 3, required: true },
    { field: 'divisionKg', label: '分度值(kg)', kind: 'weight', decimals: 3 },
    { field: 'stableSeconds', label: '稳定时间(秒)', kind: 'number' },
    { field: 'connType', label: '连接方式', kind: 'select', required: true, options: { options: CONN_TYPES } },
    { field: 'serialPort', label: '串口号', kind: 'code' },
    { field: 'baudRate', label: '波特率', kind: 'select', options: { options: BAUD_RATES } },
    { field: 'ip', label: 'IP地址', kind: 'code' },
    { field: 'port', label: '端口', kind: 'number' },
    { field: 'indicatorModel', label: '仪表型号', kind: 'text' },
    { field: 'status', label: '状态', kind: 'status' },
    { field: 'remark', label: '备注', kind: 'textarea' },
    // 防作弊 (issue 24): empty = the global default, said in the box and under it
    { field: 'minWeightKg', label: A.minWeightKg.label, kind: 'weight', decimals: 3 },
    ...(['tareTolerancePct', 'reweighMinutes', 'stepDivisions', 'settledMs'] as const).map((f) => ({
      field: f,
      label: A[f].label,
      kind: f === 'tareTolerancePct' ? ('rate' as const) : ('number' as const),
      ...(f === 'tareTolerancePct' ? { decimals: 2 } : {}),
    })),
    { field: 'positionSensors', label: '定位传感器', kind: 'bool' },
    { field: 'checkPlate', label: '核对车牌识别', kind: 'bool' },
    { field: 'checkPhotos', label: '核对抓拍照片', kind: 'bool' },
    { field: 'checkMaxGross', label: '核对核定总质量', kind: 'bool' },
    { field: 'linearityTolKg', label: A.linearityTolKg.label, kind: 'weight', decimals: 3 },
    { field: 'calibrationPoints', label: A.calibrationPoints.label, kind: 'textarea' },
  ],
});
