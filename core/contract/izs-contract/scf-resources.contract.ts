/**
 * 供应链金融 lists (split from scf.contract.ts, which holds the commands): button codes, option lists and the engine
 * resources 资金方 (fund providers), 融资合同 (finance contracts) and 金单 (gold certificates), with the selects the
 * screens use.
 */
import { z } from 'zod';
import { ENGINE_HIDDEN, joinedName } from '../fields.ts';
import { financeContractRow, fundProviderRow, goldCertRow } from '../generated/contracts.ts';
import { num } from '../input.ts';
import { DEPT_TREE, opt, phone, req } from '../izs-base/fields.ts';
import { MATERIAL_SELECT, PARTY_SELECT, WAREHOUSE_SELECT } from '../izs-stock/fields.ts';
import { defineResource } from '../resource.ts';
import { dec, SCF } from './fields.ts';

export const SCF_PERMISSIONS = {
  provider: 'supply_chain_finance_escrowed',
  contract: 'supply_chain_finance_contract',
  cert: 'supply_chain_finance_order_list',
} as const;

export const PROVIDER_KINDS = [
  { label: '银行', value: 'bank' },
  { label: '保理公司', value: 'factoring' },
  { label: '其他', value: 'other' },
];
export const FINANCE_KINDS = [
  { label: '库存质押', value: 'pledge' },
  { label: '应收账款融资', value: 'receivable' },
  { label: '预付款融资', value: 'prepayment' },
];
export const FINANCE_STATES = [
  { label: '履行中', value: 'active' },
  { label: '已结清', value: 'closed' },
];
export const CERT_STATES = [
  { label: '持有中', value: 'holding' },
  { label: '已拆分', value: 'split' },
  { label: '已贴现', value: 'discounted' },
  { label: '已兑付', value: 'settled' },
];

export const fundProviderEntity = fundProviderRow.omit(ENGINE_HIDDEN).extend({
  deptName: joinedName,
  usedAmount: joinedName,
  availableAmount: joinedName,
});
export const fundProviderForm = z.object({
  name: req('资金方名称', 100),
  kind: z.enum(['bank', 'factoring', 'other'], { error: '请选择资金方类型' }),
  creditLine: dec('授信额度', 2),
  annualRate: dec('年利率(%)', 4, '36'),
  pledgeRatio: dec('质押率(%)', 2, '100').default('0'),
  contact: opt('联系人', 32),
  phone: phone(),
  status: num().int().min(0).max(1).default(1),
  remark: opt('备注', 255),
});
export const fundProviderResource = defineResource({
  name: 'fund-provider',
  title: '资金方',
  service: 'izs-scf',
  path: `${SCF}/fund-provider`,
  permission: SCF_PERMISSIONS.provider,
  schemas: { entity: fundProviderEntity, form: fundProviderForm, query: z.object({ name: z.string().optional() }) },
  scope: 'tenant',
  sortable: ['name', 'creditLine', 'createTime'],
  defaultSort: { field: 'createTime', desc: false },
  unique: [{ fields: ['name'], message: '资金方已存在' }],
  columns: [
    { field: 'name', label: '资金方', kind: 'text', width: 200 },
    { field: 'kind', label: '类型', kind: 'select', options: { options: PROVIDER_KINDS }, width: 90 },
    { field: 'creditLine', label: '授信额度', kind: 'money', decimals: 2 },
    { field: 'usedAmount', label: '已用额度', kind: 'money', decimals: 2 },
    { field: 'availableAmount', label: '可用额度', kind: 'money', decimals: 2 },
    { field: 'annualRate', label: '年利率(%)', kind: 'rate', decimals: 4 },
    { field: 'pledgeRatio', label: '质押率(%)', kind: 'rate', decimals: 2 },
    { field: 'contact', label: '联系人', kind: 'text' },
    { field: 'phone', label: '联系电话', kind: 'text' },
    { field: 'status', label: '状态', kind: 'status', width: 80 },
    { field: 'remark', label: '备注', kind: 'text' },
  ],
  search: [{ field: 'name', label: '资金方', kind: 'text' }],
  form: [
    { field: 'name', label: '资金方名称', kind: 'text', required: true },
    { field: 'kind', label: '类型', kind: 'select', required: true, options: { options: PROVIDER_KINDS } },
    { field: 'creditLine', label: '授信额度', kind: 'money', required: true, decimals: 2 },
    { field: 'annualRate', label: '年利率(%)', kind: 'rate', required: true, decimals: 4 },
    { field: 'pledgeRatio', label: '质押率(%)', kind: 'rate', decimals: 2 },
    { field: 'contact', label: '联系人', kind: 'text' },
    { field: 'phone', label: '联系电话', kind: 'text' },
    { field: 'status', label: '状态', kind: 'status' },
    { field: 'remark', label: '备注', kind: 'textarea' },
  ],
});
export const PROVIDER_SELECT = { endpoint: `${SCF}/fund-provider/select-list`, labelKey: 'name', valueKey: 'id' };

export const financeContractEntity = financeContractRow.omit(ENGINE_HIDDEN).extend({
  deptName: joinedName,
  providerName: joinedName,
  warehouseName: joinedName,
  materialName: joinedName,
});
export const financeContractResource = defineResource({
  name: 'finance-contract',
  title: '融资合同',
  service: 'izs-scf',
  path: `${SCF}/finance-contract`,
  permission: SCF_PERMISSIONS.contract,
  schemas: {
    entity: financeContractEntity,
    form: z.object({}),
    query: z.object({ contractNo: z.string().optional(), kind: z.string().optional(), state: z.string().optional() }),
  },
  scope: 'dept',
  labelField: 'contractNo',
  sortable: ['contractNo', 'startDate', 'principal', 'createTime'],
  defaultSort: { field: 'createTime', desc: true },
  columns: [
    { field: 'contractNo', label: '融资编号', kind: 'code', width: 160 },
    { field: 'providerId', label: '资金方', kind: 'select', labelField: 'providerName', width: 180 },
    { field: 'kind', label: '类型', kind: 'select', options: { options: FINANCE_KINDS }, width: 110 },
    { field: 'principal', label: '融资金额', kind: 'money', decimals: 2 },
    { field: 'annualRate', label: '年利率(%)', kind: 'rate', decimals: 4 },
    { field: 'startDate', label: '起息日', kind: 'date' },
    { field: 'termDays', label: '期限(天)', kind: 'number', width: 80 },
    { field: 'materialId', label: '质押物料', kind: 'select', labelField: 'materialName' },
    { field: 'pledgedQty', label: '质押数量(kg)', kind: 'weight', decimals: 3 },
    { field: 'releasedQty', label: '已解押(kg)', kind: 'weight', decimals: 3 },
    { field: 'repaidPrincipal', label: '已还本金', kind: 'money', decimals: 2 },
    { field: 'state', label: '状态', kind: 'select', options: { options: FINANCE_STATES }, width: 80 },
    { field: 'warehouseId', label: '仓库', kind: 'select', labelField: 'warehouseName' },
    { field: 'deptId', label: '所属机构', kind: 'tree', labelField: 'deptName', options: DEPT_TREE },
  ],
  search: [
    { field: 'contractNo', label: '融资编号', kind: 'text' },
    { field: 'kind', label: '类型', kind: 'select' },
    { field: 'state', label: '状态', kind: 'select' },
  ],
  form: [],
});

export const goldCertEntity = goldCertRow.omit(ENGINE_HIDDEN).extend({
  deptName: joinedName,
  holderName: joinedName,
});
export const goldCertResource = defineResource({
  name: 'gold-cert',
  title: '金单',
  service: 'izs-scf',
  path: `${SCF}/gold-cert`,
  permission: SCF_PERMISSIONS.cert,
  schemas: {
    entity: goldCertEntity,
    form: z.object({}),
    query: z.object({ certNo: z.string().optional(), status: z.string().optional(), rootOnly: z.string().optional() }),
  },
  scope: 'dept',
  labelField: 'certNo',
  sortable: ['certNo', 'face', 'maturityDate', 'createTime'],
  defaultSort: { field: 'createTime', desc: true },
  columns: [
    { field: 'certNo', label: '金单编号', kind: 'code', width: 190 },
    { field: 'issuerName', label: '开单企业', kind: 'text', width: 180 },
    { field: 'holderName', label: '持有人', kind: 'text', width: 180 },
    { field: 'face', label: '金额', kind: 'money', decimals: 2 },
    { field: 'issueDate', label: '开单日', kind: 'date' },
    { field: 'maturityDate', label: '到期日', kind: 'date' },
    { field: 'status', label: '状态', kind: 'select', options: { options: CERT_STATES }, width: 90 },
    { field: 'payableRef', label: '对应应付', kind: 'text', width: 160 },
    { field: 'discountInterest', label: '贴现利息', kind: 'money', decimals: 2 },
  ],
  search: [
    { field: 'certNo', label: '金单编号', kind: 'text' },
    { field: 'status', label: '状态', kind: 'select' },
  ],
  form: [],
});

export { MATERIAL_SELECT, PARTY_SELECT, WAREHOUSE_SELECT };
