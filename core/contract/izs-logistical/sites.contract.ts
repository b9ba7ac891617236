/**
 * 公共客户 (public-customer): shared collection and receiving sites with coordinates and a geofence ring;
 * 船舶 (ship-list), 港口 and 航次 (ship-port-list). Resource-engine definitions.
 */
import { z } from 'zod';
import { ENGINE_HIDDEN, joinedName } from '../fields.ts';
import { lgSiteRow } from '../generated/logistics.ts';
import { dateStr, decimal, entityBase, oneOf, opt, phone, ref, refReq, req } from '../izs-base/fields.ts';
import { defineResource } from '../resource.ts';
import { fenceText, LG, LG_PERMISSIONS, lat, lon } from './fields.ts';

export const SITE_KINDS = [
  { label: '收货点', value: 'receive' },
  { label: '回收点', value: 'collect' },
  { label: '钢厂/冶炼厂', value: 'mill' },
  { label: '本公司料场', value: 'yard' },
];
export const SITE_OPTIONS = { endpoint: `${LG}/site/select-list`, labelKey: 'name', valueKey: 'id' } as const;
export const SHIP_OPTIONS = { endpoint: `${LG}/ship/select-list`, labelKey: 'name', valueKey: 'id' } as const;
export const PORT_OPTIONS = { endpoint: `${LG}/port/select-list`, labelKey: 'name', valueKey: 'id' } as const;

export const siteEntity = lgSiteRow.omit(ENGINE_HIDDEN).extend({ deptName: joinedName });
export type Site = z.infer<typeof siteEntity>;

export const siteResource = defineResource({
  name: 'site',
  title: '公共客户',
  service: 'izs-logistical',
  path: `${LG}/site`,
  permission: LG_PERMISSIONS.site,
  schemas: {
    entity: siteEntity,
    form: z.object({
      name: req('站点名称', 100),
      kind: oneOf('站点类型', ['receive', 'collect', 'mill', 'yard'], 'receive'),
      contact: opt('联系人', 32),
      phone: phone(),
      address: opt('地址', 255),
      lon: lon(),
      lat: lat(),
      fence: fenceText,
      remark: opt('备注', 255),
    }),
    query: z.object({ name: z.string().optional(), kind: z.string().optional() }),
  },
  scope: 'tenant',
  unique: [{ fields: ['name'], message: '站点名称已存在' }],
  columns: [
    { field: 'name', label: '站点名称', kind: 'text', width: 180 },
    { field: 'kind', label: '站点类型', kind: 'select', options: { options: SITE_KINDS }, width: 120 },
    { field: 'contact', label: '联系人', kind: 'text', width: 100 },
    { field: 'phone', label: '联系电话', kind: 'text', width: 130 },
    { field: 'address', label: '地址', kind: 'text' },
    { field: 'lon', label: '经度', kind: 'number', width: 110 },
    { field: 'lat', label: '纬度', kind: 'number', width: 110 },
    { field: 'fence', label: '电子围栏', kind: 'text' },
    { field: 'remark', label: '备注', kind: 'text' },
  ],
  search: [
    { field: 'name', label: '站点名称', kind: 'text' },
    { field: 'kind', label: '站点类型', kind: 'select' },
  ],
  form: [
    { field: 'name', label: '站点名称', kind: 'text', required: true },
    { field: 'kind', label: '站点类型', kind: 'select', required: true, options: { options: SITE_KINDS } },
    { field: 'contact', label: '联系人', kind: 'text' },
    { field: 'phone', label: '联系电话', kind: 'text' },
    { field: 'lon', label: '经度', kind: 'number', required: true },
    { field: 'lat', label: '纬度', kind: 'number', required: true },
    { field: 'address', label: '地址', kind: 'text' },
    { field: 'fence', label: '电子围栏(JSON；列表中点「围栏」在地图上绘制)', kind: 'textarea' },
    { field: 'remark', label: '备注', kind: 'textarea' },
  ],
});

export const shipResource = defineResource({
  name: 'ship',
  title: '船舶',
  service: 'izs-logistical',
  path: `${LG}/ship`,
  permission: LG_PERMISSIONS.ship,
  schemas: {
    entity: z.object({
      ...entityBase,
      name: z.string(),
      mmsi: z.string(),
      deadweightT: z.string(),
      owner: z.string(),
      remark: z.string(),
    }),
    form: z.object({
      name: req('船名', 64),
      mmsi: z
        .string({ error: '请输入MMSI' })
        .trim()
        .regex(/^\d{9}$/, 'MMSI应为9位数字'),
      deadweightT: decimal('载重吨', 3, '500000').default('0'),
      owner: opt('船东', 100),
      remark: opt('备注', 255),
    }),
    query: z.object({ name: z.string().optional(), mmsi: z.string().optional() }),
  },
  scope: 'tenant',
  unique: [{ fields: ['mmsi'], message: 'MMSI已存在' }],
  columns: [
    { field: 'name', label: '船名', kind: 'text', width: 160 },
    { field: 'mmsi', label: 'MMSI', kind: 'code', width: 120 },
    { field: 'deadweightT', label: '载重吨', kind: 'weight', decimals: 3, width: 130 },
    { field: 'owner', label: '船东', kind: 'text' },
    { field: 'remark', label: '备注', kind: 'text' },
  ],
  search: [
    { field: 'name', label: '船名', kind: 'text' },
    { field: 'mmsi', label: 'MMSI', kind: 'text' },
  ],
  form: [
    { field: 'name', label: '船名', kind: 'text', required: true },
    { field: 'mmsi', label: 'MMSI识别码', kind: 'code', required: true },
    { field: 'deadweightT', label: '载重吨', kind: 'weight', decimals: 3 },
    { field: 'owner', label: '船东', kind: 'text' },
    { field: 'remark', label: '备注', kind: 'textarea' },
  ],
});

export const portResource = defineResource({
  name: 'port',
  title: '港口',
  service: 'izs-logistical',
  path: `${LG}/port`,
  permission: LG_PERMISSIONS.port,
  schemas: {
    entity: z.object({
      ...entityBase,
      code: z.string(),
      name: z.string(),
      lon: z.number().nullable(),
      lat: z.number().nullable(),
      remark: z.string(),
    }),
    form: z.object({
      code: opt('港口代码', 16),
      name: req('港口名称', 64),
      lon: lon(),
      lat: lat(),
      remark: opt('备注', 255),
    }),
    query: z.object({ name: z.string().optional() }),
  },
  scope: 'tenant',
  unique: [{ fields: ['name'], message: '港口名称已存在' }],
  columns: [
    { field: 'code', label: '港口代码', kind: 'code', width: 110 },
    { field: 'name', label: '港口名称', kind: 'text', width: 160 },
    { field: 'lon', label: '经度', kind: 'number', width: 110 },
    { field: 'lat', label: '纬度', kind: 'number', width: 110 },
    { field: 'remark', label: '备注', kind: 'text' },
  ],
  search: [{ field: 'name', label: '港口名称', kind: 'text' }],
  form: [
    { field: 'name', label: '港口名称', kind: 'text', required: true },
    { field: 'code', label: '港口代码', kind: 'code' },
    { field: 'lon', label: '经度', kind: 'number', required: true },
    { field: 'lat', label: '纬度', kind: 'number', required: true },
    { field: 'remark', label: '备注', kind: 'textarea' },
  ],
});

export const voyageResource = defineResource({
  name: 'voyage',
  title: '航次',
  service: 'izs-logistical',
  path: `${LG}/voyage`,
  permission: LG_PERMISSIONS.port,
  labelField: 'voyageNo',
  schemas: {
    entity: z.object({
      ...entityBase,
      voyageNo: z.string(),
      shipId: z.string().nullable(),
      shipName: z.string().nullable().optional(),
      fromPortId: z.string().nullable(),
      fromPortName: z.string().nullable().optional(),
      toPortId: z.string().nullable(),
      toPortName: z.string().nullable().optional(),
      materialName: z.string(),
      loadT: z.string(),
      departDate: z.string().nullable(),
      arriveDate: z.string().nullable(),
      remark: z.string(),
    }),
    form: z.object({
      voyageNo: req('航次号', 32),
      shipId: refReq('船舶'),
      fromPortId: refReq('起运港'),
      toPortId: refReq('目的港'),
      materialName: req('货物', 64),
      loadT: decimal('装载量(吨)', 3, '500000'),
      departDate: dateStr('开航日期'),
      arriveDate: dateStr('抵港日期'),
      remark: opt('备注', 255),
    }),
    query: z.object({ voyageNo: z.string().optional(), shipId: ref('船舶') }),
  },
  scope: 'tenant',
  unique: [{ fields: ['voyageNo'], message: '航次号已存在' }],
  columns: [
    { field: 'voyageNo', label: '航次号', kind: 'code', width: 130 },
    { field: 'shipId', label: '船舶', kind: 'select', labelField: 'shipName', options: SHIP_OPTIONS, width: 130 },
    {
      field: 'fromPortId',
      label: '起运港',
      kind: 'select',
      labelField: 'fromPortName',
      options: PORT_OPTIONS,
      width: 110,
    },
    { field: 'toPortId', label: '目的港', kind: 'select', labelField: 'toPortName', options: PORT_OPTIONS, width: 110 },
    { field: 'materialName', label: '货物', kind: 'text', width: 120 },
    { field: 'loadT', label: '装载量(吨)', kind: 'weight', decimals: 3, width: 120 },
    { field: 'departDate', label: '开航日期', kind: 'date', width: 110 },
    { field: 'arriveDate', label: '抵港日期', kind: 'date', width: 110 },
    { field: 'remark', label: '备注', kind: 'text' },
  ],
  search: [{ field: 'voyageNo', label: '航次号', kind: 'text' }],
  form: [
    { field: 'voyageNo', label: '航次号', kind: 'code', required: true },
    { field: 'shipId', label: '船舶', kind: 'select', required: true, options: SHIP_OPTIONS },
    { field: 'fromPortId', label: '起运港', kind: 'select', required: true, options: PORT_OPTIONS },
    { field: 'toPortId', label: '目的港', kind: 'select', required: true, options: PORT_OPTIONS },
    { field: 'materialName', label: '货物', kind: 'text', required: true },
    { field: 'loadT', label: '装载量(吨)', kind: 'weight', decimals: 3, required: true },
    { field: 'departDate', label: '开航日期', kind: 'date' },
    { field: 'arriveDate', label: '抵港日期', kind: 'date' },
    { field: 'remark', label: '备注', kind: 'textarea' },
  ],
});
