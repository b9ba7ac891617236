/**
 * 车辆分组, 司机, 车辆 (spec §2.5: car-info-group, driver-list, car-list) — resource-engine definitions.
 * A car's 道路运输证 and insurance expiry answer `certWarning` (expired / expiring within 30 days) next to the dates;
 * its GPS device id is the JT/T 808 terminal phone number (or a phone app's device id) and `deviceToken` is the
 * terminal's 鉴权码 / the app's ingest token (never answered in lists).
 */
import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { ENGINE_HIDDEN, joinedName } from '../fields.ts';
import { lgCarRow, lgDriverRow } from '../generated/logistics.ts';
import { DEPT_TREE, dateStr, decimal, entityBase, int, opt, phone, ref, refReq, req } from '../izs-base/fields.ts';
import { defineResource } from '../resource.ts';
import { LG, LG_PERMISSIONS } from './fields.ts';

export const CAR_TYPES = [
  { label: '重型半挂牵引车', value: 'tractor' },
  { label: '重型自卸货车', value: 'dump' },
  { label: '重型仓栅式货车', value: 'stake' },
  { label: '中型厢式货车', value: 'van' },
  { label: '轻型货车', value: 'light' },
];
export const LICENCE_CLASSES = ['A1', 'A2', 'B1', 'B2', 'C1'].map((v) => ({ label: v, value: v }));
export const GROUP_OPTIONS = { endpoint: `${LG}/car-group/select-list`, labelKey: 'name', valueKey: 'id' } as const;
export const DRIVER_OPTIONS = { endpoint: `${LG}/driver/select-list`, labelKey: 'name', valueKey: 'id' } as const;
export const CAR_OPTIONS = { endpoint: `${LG}/car/select-list`, labelKey: 'plate', valueKey: 'id' } as const;

export const carGroupResource = defineResource({
  name: 'car-group',
  title: '车辆分组',
  service: 'izs-logistical',
  path: `${LG}/car-group`,
  permission: LG_PERMISSIONS.group,
  schemas: {
    entity: z.object({ ...entityBase, name: z.string(), remark: z.string(), carCount: z.number().optional() }),
    form: z.object({ name: req('分组名称', 64), remark: opt('备注', 255) }),
    query: z.object({ name: z.string().optional() }),
  },
  scope: 'dept',
  unique: [{ fields: ['name'], message: '分组名称已存在' }],
  columns: [
    { field: 'name', label: '分组名称', kind: 'text', width: 180 },
    { field: 'carCount', label: '车辆数', kind: 'number', width: 100 },
    { field: 'deptId', label: '所属机构', kind: 'tree', labelField: 'deptName', options: DEPT_TREE },
    { field: 'remark', label: '备注', kind: 'text' },
    { field: 'createTime', label: '创建时间', kind: 'datetime', width: 170 },
  ],
  search: [{ field: 'name', label: '分组名称', kind: 'text' }],
  form: [
    { field: 'name', label: '分组名称', kind: 'text', required: true },
    { field: 'remark', label: '备注', kind: 'textarea' },
  ],
});

export const driverEntity = lgDriverRow.omit(ENGINE_HIDDEN).extend({
  deptName: joinedName,
  /** '' | 'expired' | 'soon' (within 30 days) */
  licenceWarning: z.string().optional(),
  plates: z.string().optional(),
});

export const driverResource = defineResource({
  name: 'driver',
  title: '司机',
  service: 'izs-logistical',
  path: `${LG}/driver`,
  permission: LG_PERMISSIONS.driver,
  schemas: {
    entity: driverEntity,
    form: z.object({
      name: req('司机姓名', 32),
      phone: phone('手机号'),
      idCard: opt('身份证号', 18),
      licenceClass: req('准驾车型', 8, '请选择'),
      licenceExpiry: dateStr('驾驶证有效期'),
      carrierName: opt('所属承运商', 100),
      remark: opt('备注', 255),
    }),
    query: z.object({ name: z.string().optional(), phone: z.string().optional() }),
  },
  scope: 'dept',
  sortable: ['name', 'licenceExpiry', 'createTime'],
  defaultSort: { field: 'createTime', desc: true },
  columns: [
    { field: 'name', label: '司机姓名', kind: 'text', width: 110 },
    { field: 'phone', label: '手机号', kind: 'text', width: 130 },
    { field: 'licenceClass', label: '准驾车型', kind: 'text', width: 90 },
    { field: 'licenceExpiry', label: '驾驶证有效期', kind: 'date', width: 130 },
    { field: 'licenceWarning', label: '证件提醒', kind: 'text', width: 110 },
    { field: 'plates', label: '常用车辆', kind: 'text', width: 160 },
    { field: 'carrierName', label: '所属承运商', kind: 'text' },
    { field: 'idCard', label: '身份证号', kind: 'text' },
    { field: 'remark', label: '备注', kind: 'text' },
  ],
  search: [
    { field: 'name', label: '司机姓名', kind: 'text' },
    { field: 'phone', label: '手机号', kind: 'text' },
  ],
  form: [
    { field: 'name', label: '司机姓名', kind: 'text', required: true },
    { field: 'phone', label: '手机号', kind: 'text' },
    { field: 'licenceClass', label: '准驾车型', kind: 'select', required: true, options: { options: LICENCE_CLASSES } },
    { field: 'licenceExpiry', label: '驾驶证有效期', kind: 'date' },
    { field: 'idCard', label: '身份证号', kind: 'text' },
    { field: 'carrierName', label: '所属承运商', kind: 'text' },
    { field: 'remark', label: '备注', kind: 'textarea' },
  ],
});

/** The engine hides `deviceToken` (resources.ts). */
export const carEntity = lgCarRow.omit({ ...ENGINE_HIDDEN, deviceToken: true }).extend({
  deptName: joinedName,
  groupName: joinedName,
  driverName: joinedName,
  /** 证件提醒: e.g. '道路运输证已过期；保险30天内到期' ('' when fine) */
  certWarning: z.string().optional(),
});

export const carResource = defineResource({
  name: 'car',
  title: '车辆',
  service: 'izs-logistical',
  path: `${LG}/car`,
  permission: LG_PERMISSIONS.car,
  labelField: 'plate',
  schemas: {
    entity: carEntity,
    form: z.object({
      plate: req('车牌号', 16),
      carType: req('车辆类型', 16, '请选择'),
      axles: int('轴数', 2, 6, 2),
      loadT: decimal('核定载重(吨)', 3, '200').default('0'),
      groupId: ref('车辆分组'),
      driverId: ref('默认司机'),
      transportCertNo: opt('道路运输证号', 32),
      transportCertExpiry: dateStr('道路运输证有效期'),
      insuranceExpiry: dateStr('保险到期日'),
      gpsDeviceId: z
        .string()
        .trim()
        .refine((v) => v === '' || /^[0-9A-Za-z]{6,20}$/.test(v), { message: 'GPS设备号应为6-20位数字或字母' })
        .default(''),
      deviceToken: opt('设备鉴权码', 64),
      speedLimitKmh: int('限速(km/h)', 10, 150, 80),
      remark: opt('备注', 255),
    }),
    query: z.object({ plate: z.string().optional(), groupId: z.string().optional(), carType: z.string().optional() }),
  },
  scope: 'dept',
  sortable: ['plate', 'insuranceExpiry', 'transportCertExpiry', 'createTime'],
  defaultSort: { field: 'createTime', desc: true },
  unique: [
    { fields: ['plate'], message: '车牌号已存在' },
    { fields: ['gpsDeviceId'], message: 'GPS设备号已存在', index: 'lg_car_device_uq' },
  ],
  columns: [
    { field: 'plate', label: '车牌号', kind: 'code', width: 110 },
    { field: 'carType', label: '车辆类型', kind: 'select', options: { options: CAR_TYPES }, width: 130 },
    { field: 'axles', label: '轴数', kind: 'number', width: 70 },
    { field: 'loadT', label: '核定载重(吨)', kind: 'weight', decimals: 3, width: 120 },
    {
      field: 'groupId',
      label: '车辆分组',
      kind: 'select',
      labelField: 'groupName',
      options: GROUP_OPTIONS,
      width: 120,
    },
    {
      field: 'driverId',
      label: '默认司机',
      kind: 'select',
      labelField: 'driverName',
      options: DRIVER_OPTIONS,
      width: 100,
    },
    { field: 'transportCertExpiry', label: '道路运输证有效期', kind: 'date', width: 150 },
    { field: 'insuranceExpiry', label: '保险到期日', kind: 'date', width: 120 },
    { field: 'certWarning', label: '证件提醒', kind: 'text', width: 200 },
    { field: 'gpsDeviceId', label: 'GPS设备号', kind: 'code', width: 140 },
    { field: 'speedLimitKmh', label: '限速(km/h)', kind: 'number', width: 100 },
    { field: 'transportCertNo', label: '道路运输证号', kind: 'text' },
    { field: 'remark', label: '备注', kind: 'text' },
  ],
  search: [
    { field: 'plate', label: '车牌号', kind: 'text' },
    { field: 'carType', label: '车辆类型', kind: 'select' },
    { field: 'groupId', label: '车辆分组', kind: 'select' },
  ],
  form: [
    { field: 'plate', label: '车牌号', kind: 'code', required: true },
    { field: 'carType', label: '车辆类型', kind: 'select', required: true, options: { options: CAR_TYPES } },
    { field: 'axles', label: '轴数', kind: 'number' },
    { field: 'loadT', label: '核定载重(吨)', kind: 'weight', decimals: 3 },
    { field: 'groupId', label: '车辆分组', kind: 'select', options: GROUP_OPTIONS },
    { field: 'driverId', label: '默认司机', kind: 'select', options: DRIVER_OPTIONS },
    { field: 'transportCertNo', label: '道路运输证号', kind: 'text' },
    { field: 'transportCertExpiry', label: '道路运输证有效期', kind: 'date' },
    { field: 'insuranceExpiry', label: '保险到期日', kind: 'date' },
    { field: 'gpsDeviceId', label: 'GPS设备号', kind: 'code' },
    { field: 'deviceToken', label: '设备鉴权码', kind: 'password' },
    { field: 'speedLimitKmh', label: '限速(km/h)', kind: 'number' },
    { field: 'remark', label: '备注', kind: 'textarea' },
  ],
});

/**
 * A car's 设备鉴权码 for whoever manages the car (the car list's 鉴权码 button): it is never answered in lists or
 * details, is random per car (and per installation for the demo cars), and is what the terminal or phone app is
 * configured with. Reading it needs the car's edit button and is written to the operation log.
 */
export const LG_CAR = {
  deviceToken: endpoint({
    method: 'GET',
    path: `${LG}/car/device-token`,
    summary: '查看车辆的设备鉴权码',
    query: z.object({ id: refReq('车辆') }),
    answer: z.object({ plate: z.string(), gpsDeviceId: z.string(), deviceToken: z.string() }),
    permission: { code: LG_PERMISSIONS.car, action: 'edit' },
  }),
};
