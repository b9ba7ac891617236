/**
 * 供应商合同, 项目订单 (clearance / demolition projects for a client, with their sites), 现场订单 (orders placed
 * against a project's site) — resource-engine CRUD (issue 12). Numbers (GH…, XM…, XC…) are drawn by the server.
 */
import { z } from 'zod';
import { ENGINE_HIDDEN, joinedName } from '../fields.ts';
import {
  easyCrudDemoRow,
  projectRow,
  projectSiteRow,
  siteOrderRow,
  supplierContractRow,
} from '../generated/contracts.ts';
import { dayRangeMessage, isCalendarDay, num } from '../input.ts';
import { DEPT_TREE, opt, phone, ref, refReq, req } from '../izs-base/fields.ts';
import { CUSTOMER_SELECT, MATERIAL_SELECT, SUPPLIER_SELECT } from '../izs-stock/fields.ts';
import { defineResource } from '../resource.ts';
import { dec, optDay, SELL } from './fields.ts';

const money = (label: string) => dec(label, 2).default('0');
const tonnes = (label: string) => dec(label, 3, '9999999').default('0');

export const supplierContractEntity = supplierContractRow.omit(ENGINE_HIDDEN).extend({
  deptName: joinedName,
  partyName: joinedName,
});
export const supplierContractForm = z.object({
  partyId: refReq('供应商'),
  title: req('合同名称', 100),
  signDate: optDay('签订日期'),
  validFrom: optDay('生效日期'),
  validTo: optDay('到期日期'),
  amount: money('框架金额'),
  attachments: opt('附件', 2000),
  remark: opt('备注', 255),
});
export const supplierContractResource = defineResource({
  name: 'supplier-contract',
  title: '供应商合同',
  service: 'izs-sell',
  path: `${SELL}/supplier-contract`,
  permission: 'contract_supplier_contract',
  schemas: {
    entity: supplierContractEntity,
    form: supplierContractForm,
    query: z.object({ contractNo: z.string().optional(), partyId: z.string().optional() }),
  },
  scope: 'dept',
  labelField: 'contractNo',
  sortable: ['contractNo', 'signDate', 'createTime'],
  defaultSort: { field: 'createTime', desc: true },
  columns: [
    { field: 'contractNo', label: '合同编号', kind: 'code', width: 160 },
    { field: 'title', label: '合同名称', kind: 'text', width: 200 },
    { field: 'partyId', label: '供应商', kind: 'select', labelField: 'partyName', width: 180 },
    { field: 'signDate', label: '签订日期', kind: 'date' },
    { field: 'validFrom', label: '生效日期', kind: 'date' },
    { field: 'validTo', label: '到期日期', kind: 'date' },
    { field: 'amount', label: '框架金额', kind: 'money', decimals: 2 },
    { field: 'attachments', label: '附件', kind: 'file' },
    { field: 'deptId', label: '所属机构', kind: 'tree', labelField: 'deptName', options: DEPT_TREE },
    { field: 'remark', label: '备注', kind: 'text' },
    { field: 'createTime', label: '创建时间', kind: 'datetime', width: 170 },
  ],
  search: [
    { field: 'contractNo', label: '合同编号', kind: 'text' },
    { field: 'partyId', label: '供应商', kind: 'select' },
  ],
  form: [
    { field: 'partyId', label: '供应商', kind: 'select', required: true, options: SUPPLIER_SELECT },
    { field: 'title', label: '合同名称', kind: 'text', required: true },
    { field: 'signDate', label: '签订日期', kind: 'date' },
    { field: 'amount', label: '框架金额', kind: 'money', decimals: 2 },
    { field: 'validFrom', label: '生效日期', kind: 'date' },
    { field: 'validTo', label: '到期日期', kind: 'date' },
    { field: 'attachments', label: '附件', kind: 'file' },
    { field: 'remark', label: '备注', kind: 'textarea' },
  ],
});

export const PROJECT_KINDS = [
  { label: '清运项目', value: 'clearance' },
  { label: '拆除项目', value: 'demolition' },
];
export const projectEntity = projectRow.omit(ENGINE_HIDDEN).extend({
  deptName: joinedName,
  partyName: joinedName,
  siteCount: z.number().nullable().optional(),
});
export const projectForm = z.object({
  name: req('项目名称', 100),
  kind: z.enum(['clearance', 'demolition'], { error: '请选择项目类型' }),
  partyId: refReq('委托客户'),
  address: opt('项目地址', 200),
  startDate: optDay('开工日期'),
  endDate: optDay('完工日期'),
  amount: money('合同金额'),
  remark: opt('备注', 255),
});
export const projectResource = defineResource({
  name: 'project',
  title: '项目订单',
  service: 'izs-sell',
  path: `${SELL}/project`,
  permission: 'contract_project',
  schemas: {
    entity: projectEntity,
    form: projectForm,
    query: z.object({ name: z.string().optional(), kind: z.string().optional(), partyId: z.string().optional() }),
  },
  scope: 'dept',
  labelField: 'name',
  sortable: ['projectNo', 'startDate', 'createTime'],
  defaultSort: { field: 'createTime', desc: true },
  columns: [
    { field: 'projectNo', label: '项目编号', kind: 'code', width: 160 },
    { field: 'name', label: '项目名称', kind: 'text', width: 200 },
    { field: 'kind', label: '类型', kind: 'select', options: { options: PROJECT_KINDS }, width: 90 },
    { field: 'partyId', label: '委托客户', kind: 'select', labelField: 'partyName', width: 180 },
    { field: 'address', label: '项目地址', kind: 'text', width: 200 },
    { field: 'startDate', label: '开工日期', kind: 'date' },
    { field: 'endDate', label: '完工日期', kind: 'date' },
    { field: 'amount', label: '合同金额', kind: 'money', decimals: 2 },
    { field: 'siteCount', label: '现场数', kind: 'number', width: 80 },
    { field: 'remark', label: '备注', kind: 'text' },
    { field: 'createTime', label: '创建时间', kind: 'datetime', width: 170 },
  ],
  search: [
    { field: 'name', label: '项目名称', kind: 'text' },
    { field: 'kind', label: '类型', kind: 'select' },
    { field: 'partyId', label: '委托客户', kind: 'select' },
  ],
  form: [
    { field: 'name', label: '项目名称', kind: 'text', required: true },
    { field: 'kind', label: '类型', kind: 'select', required: true, options: { options: PROJECT_KINDS } },
    { field: 'partyId', label: '委托客户', kind: 'select', required: true, options: CUSTOMER_SELECT },
    { field: 'amount', label: '合同金额', kind: 'money', decimals: 2 },
    { field: 'startDate', label: '开工日期', kind: 'date' },
    { field: 'endDate', label: '完工日期', kind: 'date' },
    { field: 'address', label: '项目地址', kind: 'text' },
    { field: 'remark', label: '备注', kind: 'textarea' },
  ],
});

export const PROJECT_SELECT = { endpoint: `${SELL}/project/select-list`, labelKey: 'name', valueKey: 'id' };
export const SITE_SELECT = { endpoint: `${SELL}/project-site/select-list`, labelKey: 'name', valueKey: 'id' };

export const projectSiteEntity = projectSiteRow.omit(ENGINE_HIDDEN).extend({
  deptName: joinedName,
  projectName: joinedName,
});
export const projectSiteForm = z.object({
  projectId: refReq('项目'),
  name: req('现场名称', 100),
  address: opt('现场地址', 200),
  contact: opt('现场联系人', 32),
  phone: phone(),
  estimatedQty: tonnes('预计数量(吨)'),
});
export const projectSiteResource = defineResource({
  name: 'project-site',
  title: '项目现场',
  service: 'izs-sell',
  path: `${SELL}/project-site`,
  permission: 'contract_project',
  schemas: {
    entity: projectSiteEntity,
    form: projectSiteForm,
    query: z.object({ projectId: z.string().optional(), name: z.string().optional() }),
  },
  scope: 'dept',
  labelField: 'name',
  sortable: ['name', 'createTime'],
  defaultSort: { field: 'createTime', desc: false },
  columns: [
    { field: 'projectId', label: '项目', kind: 'select', labelField: 'projectName', width: 180 },
    { field: 'name', label: '现场名称', kind: 'text', width: 160 },
    { field: 'address', label: '现场地址', kind: 'text', width: 220 },
    { field: 'contact', label: '联系人', kind: 'text' },
    { field: 'phone', label: '联系电话', kind: 'text' },
    { field: 'estimatedQty', label: '预计数量(吨)', kind: 'qty', decimals: 3 },
  ],
  search: [{ field: 'projectId', label: '项目', kind: 'select' }],
  form: [
    { field: 'projectId', label: '项目', kind: 'select', required: true, options: PROJECT_SELECT },
    { field: 'name', label: '现场名称', kind: 'text', required: true },
    { field: 'contact', label: '现场联系人', kind: 'text' },
    { field: 'phone', label: '联系电话', kind: 'text' },
    { field: 'estimatedQty', label: '预计数量(吨)', kind: 'qty', decimals: 3 },
    { field: 'address', label: '现场地址', kind: 'text' },
  ],
});

export const SITE_ORDER_STATES = [
  { label: '进行中', value: 'open' },
  { label: '已完成', value: 'done' },
  { label: '已取消', value: 'cancelled' },
];
export const siteOrderEntity = siteOrderRow.omit(ENGINE_HIDDEN).extend({
  deptName: joinedName,
  projectName: joinedName,
  siteName: joinedName,
  materialName: joinedName,
});
export const siteOrderForm = z.object({
  projectId: refReq('项目'),
  siteId: refReq('现场'),
  materialId: ref('物料'),
  qty: tonnes('数量(吨)'),
  unitPrice: money('单价(元/吨)'),
  orderDate: optDay('下单日期'),
  orderState: z.enum(['open', 'done', 'cancelled'], { error: '请选择状态' }).default('open'),
  remark: opt('备注', 255),
});
export const siteOrderResource = defineResource({
  name: 'site-order',
  title: '现场订单',
  service: 'izs-sell',
  path: `${SELL}/site-order`,
  permission: 'contract_site_order',
  schemas: {
    entity: siteOrderEntity,
    form: siteOrderForm,
    query: z.object({
      orderNo: z.string().optional(),
      projectId: z.string().optional(),
      siteId: z.string().optional(),
      orderState: z.string().optional(),
    }),
  },
  scope: 'dept',
  labelField: 'orderNo',
  sortable: ['orderNo', 'orderDate', 'createTime'],
  defaultSort: { field: 'createTime', desc: true },
  columns: [
    { field: 'orderNo', label: '订单编号', kind: 'code', width: 160 },
    { field: 'projectId', label: '项目', kind: 'select', labelField: 'projectName', width: 180 },
    { field: 'siteId', label: '现场', kind: 'select', labelField: 'siteName', width: 140 },
    { field: 'materialId', label: '物料', kind: 'select', labelField: 'materialName', width: 120 },
    { field: 'qty', label: '数量(吨)', kind: 'qty', decimals: 3 },
    { field: 'unitPrice', label: '单价(元/吨)', kind: 'money', decimals: 2 },
    { field: 'orderDate', label: '下单日期', kind: 'date' },
    { field: 'orderState', label: '状态', kind: 'select', options: { options: SITE_ORDER_STATES }, width: 90 },
    { field: 'remark', label: '备注', kind: 'text' },
    { field: 'createTime', label: '创建时间', kind: 'datetime', width: 170 },
  ],
  search: [
    { field: 'orderNo', label: '订单编号', kind: 'text' },
    { field: 'projectId', label: '项目', kind: 'select' },
    { field: 'orderState', label: '状态', kind: 'select' },
  ],
  form: [
    { field: 'projectId', label: '项目', kind: 'select', required: true, options: PROJECT_SELECT },
    { field: 'siteId', label: '现场', kind: 'select', required: true, options: SITE_SELECT },
    { field: 'materialId', label: '物料', kind: 'select', options: MATERIAL_SELECT },
    { field: 'qty', label: '数量(吨)', kind: 'qty', decimals: 3 },
    { field: 'unitPrice', label: '单价(元/吨)', kind: 'money', decimals: 2 },
    { field: 'orderDate', label: '下单日期', kind: 'date' },
    { field: 'orderState', label: '状态', kind: 'select', options: { options: SITE_ORDER_STATES } },
    { field: 'remark', label: '备注', kind: 'textarea' },
  ],
});

/** 测试页 (/ledger/easy-crud): the resource engine with one field of every kind. */
export const EASY_COLORS = [
  { label: '红', value: 'red' },
  { label: '绿', value: 'green' },
  { label: '蓝', value: 'blue' },
];
export const easyCrudEntity = easyCrudDemoRow.omit(ENGINE_HIDDEN).extend({
  deptName: joinedName,
});
export const easyCrudForm = z.object({
  code: req('编码', 32),
  name: req('名称', 100),
  note: opt('说明', 2000),
  sortNo: num({ error: '排序必须是整数' }).int('排序必须是整数').min(0, '排序不能小于0').default(0),
  amount: money('金额'),
  weight: dec('重量(kg)', 3).default('0'),
  qty: tonnes('数量(吨)'),
  rate: dec('比例(%)', 2, '100').default('0'),
  day: optDay('日期'),
  happenedAt: z
    .string()
    .trim()
    .refine((v) => v === '' || /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(v), {
      message: '时间格式应为yyyy-MM-dd HH:mm:ss',
    })
    .refine((v) => v === '' || !/^\d{4}-\d{2}-\d{2}/.test(v) || isCalendarDay(v.slice(0, 10)), {
      message: dayRangeMessage('时间'),
    })
    .default(''),
  color: z.enum(['red', 'green', 'blue'], { error: '请选择颜色' }).default('red'),
  regionCode: opt('地区', 12),
  flag: num().int().min(0, '标记格式不正确').max(1, '标记格式不正确').default(0),
  status: num().int().min(0, '状态格式不正确').max(1, '状态格式不正确').default(1),
  images: opt('图片', 2000),
  files: opt('附件', 2000),
});
export const easyCrudResource = defineResource({
  name: 'easy-crud',
  title: '测试数据',
  service: 'izs-sell',
  path: `${SELL}/easy-crud`,
  permission: 'ledger_easy_crud',
  schemas: {
    entity: easyCrudEntity,
    form: easyCrudForm,
    query: z.object({
      name: z.string().optional(),
      color: z.string().optional(),
      status: num().optional(),
    }),
  },
  scope: 'dept',
  importable: true,
  sortable: ['code', 'sortNo', 'amount', 'createTime'],
  defaultSort: { field: 'sortNo' },
  unique: [{ fields: ['code'], message: '编码已存在' }],
  columns: [
    { field: 'code', label: '编码(code)', kind: 'code', width: 110 },
    { field: 'name', label: '名称(text)', kind: 'text', width: 140 },
    { field: 'sortNo', label: '排序(number)', kind: 'number', width: 100 },
    { field: 'amount', label: '金额(money)', kind: 'money', decimals: 2 },
    { field: 'weight', label: '重量(weight)', kind: 'weight', decimals: 3 },
    { field: 'qty', label: '数量(qty)', kind: 'qty', decimals: 3 },
    { field: 'rate', label: '比例(rate)', kind: 'rate', decimals: 2 },
    { field: 'day', label: '日期(date)', kind: 'date' },
    { field: 'happenedAt', label: '时间(datetime)', kind: 'datetime', width: 170 },
    { field: 'color', label: '颜色(select)', kind: 'select', options: { options: EASY_COLORS } },
    { field: 'regionCode', label: '地区(region)', kind: 'region', width: 160 },
    { field: 'flag', label: '标记(bool)', kind: 'bool' },
    { field: 'status', label: '状态(status)', kind: 'status' },
    { field: 'deptId', label: '机构(tree)', kind: 'tree', labelField: 'deptName', options: DEPT_TREE },
    { field: 'images', label: '图片(image)', kind: 'image' },
    { field: 'files', label: '附件(file)', kind: 'file' },
    { field: 'note', label: '说明(textarea)', kind: 'textarea' },
  ],
  search: [
    { field: 'name', label: '名称', kind: 'text' },
    { field: 'color', label: '颜色', kind: 'select' },
    { field: 'status', label: '状态', kind: 'status' },
  ],
  form: [
    { field: 'code', label: '编码', kind: 'code', required: true, editDisabled: true },
    { field: 'name', label: '名称', kind: 'text', required: true },
    { field: 'sortNo', label: '排序', kind: 'number' },
    { field: 'amount', label: '金额', kind: 'money', decimals: 2 },
    { field: 'weight', label: '重量(kg)', kind: 'weight', decimals: 3 },
    { field: 'qty', label: '数量(吨)', kind: 'qty', decimals: 3 },
    { field: 'rate', label: '比例(%)', kind: 'rate', decimals: 2 },
    { field: 'day', label: '日期', kind: 'date' },
    { field: 'happenedAt', label: '时间', kind: 'datetime' },
    { field: 'color', label: '颜色', kind: 'select', options: { options: EASY_COLORS } },
    { field: 'regionCode', label: '地区', kind: 'region' },
    { field: 'flag', label: '标记', kind: 'bool' },
    { field: 'status', label: '状态', kind: 'status' },
    { field: 'images', label: '图片', kind: 'image' },
    { field: 'files', label: '附件', kind: 'file' },
    { field: 'note', label: '说明', kind: 'textarea' },
  ],
});
