/**
 * 地磅 (weighbridge / truck scale, spec §7.6): capacity and division in kg (3 decimals), the indicator's
 * connection (serial port + baud rate, or TCP ip:port), and the stable time a reading must hold before capture.
 */
import { z } from 'zod';
import { num } from '../input.ts';
import { defineResource } from '../resource.ts';
import { DEPT_TREE, decimal, entityBase, flag, int, oneOf, opt, ref, req } from './fields.ts';

export const CONN_TYPES = [
  { label: '串口', value: 'serial' },
  { label: '网络(TCP)', value: 'tcp' },
];
export const BAUD_RATES = [1200, 2400, 4800, 9600, 19200, 38400, 57600, 115200].map((b) => ({
  label: String(b),
  value: b,
}));

export const weighbridgeEntity = z.object({
  ...entityBase,
  code: z.string(),
  name: z.string(),
  warehouseId: z.string().nullable(),
  warehouseName: z.string().nullable().optional(),
  maxCapacityKg: z.string(),
  divisionKg: z.string(),
  connType: z.string(),
  serialPort: z.string(),
  baudRate: z.number(),
  ip: z.string(),
  port: z.number(),
  indicatorModel: z.string(),
  stableSeconds: z.number(),
  remark: z.string(),
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

const WAREHOUSE_SELECT = { endpoint: '/api/izs-base/warehouse/select-list', labelKey: 'name', valueKey: 'id' };

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
    { field: 'code', label: '地磅编码', kind: 'code', width: 110, sortable: true },
    { field: 'name', label: '地磅名称', kind: 'text', width: 140, sortable: true },
    { field: 'warehouseId', label: '所属仓库', kind: 'select', labelField: 'warehouseName', options: WAREHOUSE_SELECT },
    { field: 'maxCapacityKg', label: '最大称量(kg)', kind: 'weight', decimals: 3, sortable: true },
    { field: 'divisionKg', label: '分度值(kg)', kind: 'weight', decimals: 3 },
    { field: 'connType', label: '连接方式', kind: 'select', options: { options: CONN_TYPES }, width: 100 },
    { field: 'serialPort', label: '串口号', kind: 'code', width: 90 },
    { field: 'baudRate', label: '波特率', kind: 'number', width: 90 },
    { field: 'ip', label: 'IP地址', kind: 'code', hideInTable: true },
    { field: 'port', label: '端口', kind: 'number', hideInTable: true },
    { field: 'indicatorModel', label: '仪表型号', kind: 'text' },
    { field: 'stableSeconds', label: '稳定时间(秒)', kind: 'number', width: 110 },
    { field: 'deptId', label: '所属机构', kind: 'tree', labelField: 'deptName', options: DEPT_TREE },
    { field: 'status', label: '状态', kind: 'status', width: 80 },
    { field: 'remark', label: '备注', kind: 'text', hideInTable: true },
    { field: 'createTime', label: '创建时间', kind: 'datetime', sortable: true, width: 170, hideInTable: true },
  ],
  search: [
    { field: 'name', label: '地磅名称', kind: 'text' },
    { field: 'code', label: '地磅编码', kind: 'text' },
    { field: 'warehouseId', label: '所属仓库', kind: 'select', options: WAREHOUSE_SELECT },
    { field: 'status', label: '状态', kind: 'status' },
  ],
  form: [
    { field: 'code', label: '地磅编码', kind: 'code', required: true, editDisabled: true },
    { field: 'name', label: '地磅名称', kind: 'text', required: true },
    { field: 'warehouseId', label: '所属仓库', kind: 'select', options: WAREHOUSE_SELECT },
    { field: 'maxCapacityKg', label: '最大称量(kg)', kind: 'weight', decimals: 3, required: true, min: 0 },
    { field: 'divisionKg', label: '分度值(kg)', kind: 'weight', decimals: 3, min: 0 },
    { field: 'stableSeconds', label: '稳定时间(秒)', kind: 'number', min: 1, max: 60 },
    { field: 'connType', label: '连接方式', kind: 'select', required: true, options: { options: CONN_TYPES } },
    { field: 'serialPort', label: '串口号', kind: 'code', placeholder: 'COM1' },
    { field: 'baudRate', label: '波特率', kind: 'select', options: { options: BAUD_RATES } },
    { field: 'ip', label: 'IP地址', kind: 'code' },
    { field: 'port', label: '端口', kind: 'number', min: 0, max: 65535 },
    { field: 'indicatorModel', label: '仪表型号', kind: 'text', placeholder: '耀华 XK3190-A9' },
    { field: 'status', label: '状态', kind: 'status' },
    { field: 'remark', label: '备注', kind: 'textarea', span: 2 },
  ],
});
