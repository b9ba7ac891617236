/**
 * 贸易合同 (spec §2.8 contract, issue 12; money-contracts-finance.md §4). A buyer- or seller-side contract with a
 * counterparty: lines of material in tonnes with 溢短装 ± tolerance, fixed or 点价 price, delivery period and place,
 * payment terms, quality deductions and attachments. States: draft → pending → executing → completed | terminated
 * (who and when kept). Execution = Σ of the REVIEWED in-stock / out-stock documents linked by `contractId`
 * (weighings pass their contract to the document they make).
 *
 * Endpoints (under /api/izs-sell/trading-contract): engine reads `page | list | select-list | detail | export`,
 * `remove` (drafts only); descriptors below for the save with lines, the full detail with execution, the state
 * moves, the party's open contracts, signing (`redirect/cert` → the signing step; `sign`; `verify`) and the print
 * data. Permission: menu contract_trading_list (view / add / edit / delete).
 */
import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { ENGINE_HIDDEN, joinedName } from '../fields.ts';
import { tradingContractRow } from '../generated/contracts.ts';
import { num } from '../input.ts';
import { DEPT_TREE } from '../izs-base/fields.ts';
import { CUSTOMER_SELECT, linesOf } from '../izs-stock/fields.ts';
import { defineResource } from '../resource.ts';
import {
  CONTRACT_STATES,
  day,
  dayOut,
  dec,
  id,
  idOut,
  moneyOut,
  optDay,
  pctOut,
  qtyOut,
  SELL,
  SIDES,
} from './fields.ts';

export const TC_PATH = `${SELL}/trading-contract`;
export const TC_PERMISSION = 'contract_trading_list';

export const tradingContractEntity = tradingContractRow.omit(ENGINE_HIDDEN).extend({
  deptName: joinedName,
  partyName: joinedName,
  approveUserName: joinedName,
  signed: z.number().nullable().optional(),
});
export type TradingContract = z.infer<typeof tradingContractEntity>;

export const tradingContractQuery = z.object({
  contractNo: z.string().optional(),
  side: z.string().optional(),
  partyId: z.string().optional(),
  state: z.string().optional(),
});

export const tradingLineForm = z.object({
  materialId: id('物料'),
  qty: dec('数量(吨)', 3, '9999999').refine((v) => Number(v) > 0, { message: '数量(吨)必须大于0' }),
  priceType: z.enum(['fixed', 'pricing'], { error: '请选择计价方式' }).default('fixed'),
  unitPrice: dec('单价', 2, '99999999').default('0'),
  refName: z.string().trim().max(64, '点价基准不能超过64个字符').default(''),
  refDate: optDay('点价日期'),
  refPrice: dec('基准价', 2, '99999999').optional(),
  premium: z
    .union([z.string(), z.number()])
    .transform((v) => String(v).trim())
    .refine((v) => /^-?\d{1,10}(\.\d{1,2})?$/.test(v), { message: '升贴水格式不正确，最多2位小数' })
    .optional(),
  remark: z.string().trim().max(255, '备注不能超过255个字符').default(''),
});
export type TradingLineForm = z.input<typeof tradingLineForm>;

export const tradingContractForm = z.object({
  /** absent: a new draft */
  id: id('合同').optional(),
  title: z.string({ error: '请输入合同名称' }).trim().min(1, '请输入合同名称').max(100, '合同名称不能超过100个字符'),
  side: z.enum(['purchase', 'sale'], { error: '请选择合同方向' }),
  partyId: id('往来单位'),
  signDate: day('签订日期'),
  deliveryStart: day('交货开始日期'),
  deliveryEnd: day('交货截止日期'),
  deliveryPlace: z.string().trim().max(200, '交货地点不能超过200个字符').default(''),
  tolerancePct: dec('溢短装比例', 2, '30').default('0'),
  toleranceOption: z.enum(['seller', 'buyer'], { error: '请选择溢短装选择方' }).default('seller'),
  weightBasis: z.enum(['supplier', 'buyer', 'agreed'], { error: '请选择结算重量依据' }).default('buyer'),
  prepaymentPct: dec('预付比例', 2, '100').default('0'),
  balanceDays: num({ error: '尾款账期必须是整数' })
    .int('尾款账期必须是整数')
    .min(0, '尾款账期不能小于0')
    .max(365, '尾款账期不能大于365')
    .default(0),
  deductions: z.string().trim().max(2000, '质量扣款条款不能超过2000个字符').default(''),
  attachments: z.string().trim().max(2000, '附件过多').default(''),
  remark: z.string().trim().max(255, '备注不能超过255个字符').default(''),
  lines: linesOf(tradingLineForm, '合同明细', 50),
});
export type TradingContractForm = z.input<typeof tradingContractForm>;

export const tradingLineOut = z.object({
  id: idOut,
  lineNo: z.number().int(),
  materialId: idOut,
  materialName: z.string(),
  qty: qtyOut,
  priceType: z.enum(['fixed', 'pricing']),
  refName: z.string(),
  refDate: dayOut,
  refPrice: moneyOut.nullable(),
  premium: moneyOut.nullable(),
  unitPrice: moneyOut,
  amount: moneyOut,
  remark: z.string(),
});

export const lineExecutionOut = z.object({
  materialId: idOut,
  materialName: z.string(),
  contractQty: qtyOut,
  minQty: qtyOut,
  maxQty: qtyOut,
  executedQty: qtyOut,
  executedAmount: moneyOut,
  remainingQty: qtyOut,
  state: z.enum(['open', 'within', 'over']),
  percent: z.string(),
});

export const linkedDocOut = z.object({
  id: idOut,
  orderNo: z.string(),
  docType: z.string(),
  orderDate: z.string(),
  state: z.string(),
  /** kg */
  totalQty: qtyOut,
  totalAmount: moneyOut,
  sourceWeighingNo: z.string().nullable(),
});

export const signatureOut = z.object({
  id: idOut,
  provider: z.string(),
  signerName: z.string(),
  signedAt: z.string(),
  docHash: z.string(),
});

export const tradingContractFull = z.object({
  id: idOut,
  contractNo: z.string(),
  title: z.string(),
  side: z.enum(['purchase', 'sale']),
  partyId: idOut,
  partyName: z.string(),
  signDate: dayOut,
  deliveryStart: dayOut,
  deliveryEnd: dayOut,
  deliveryPlace: z.string(),
  tolerancePct: pctOut,
  toleranceOption: z.string(),
  weightBasis: z.string(),
  prepaymentPct: pctOut,
  balanceDays: z.number().int(),
  deductions: z.string(),
  attachments: z.string(),
  totalQty: qtyOut,
  totalAmount: moneyOut,
  state: z.enum(['draft', 'pending', 'executing', 'completed', 'terminated']),
  remark: z.string(),
  /** who and when of each step */
  steps: z.array(z.object({ step: z.string(), userName: z.string(), time: z.string(), note: z.string() })),
  lines: z.array(tradingLineOut),
  execution: z.object({
    lines: z.array(lineExecutionOut),
    executedQty: qtyOut,
    executedAmount: moneyOut,
    remainingQty: qtyOut,
    warnings: z.array(z.string()),
    /** Σ invoices linked to the reviewed documents of the contract */
    invoicedAmount: moneyOut,
    /** Σ settled on their 应收单 / 应付单 */
    paidAmount: moneyOut,
    /** executedAmount − paidAmount */
    openAmount: moneyOut,
  }),
  /** every linked document (any state); execution counts the reviewed ones */
  documents: z.array(linkedDocOut),
  openDocuments: z.number().int(),
  signatures: z.array(signatureOut),
});
export type TradingContractFull = z.infer<typeof tradingContractFull>;

export const openContractOut = z.object({
  id: idOut,
  contractNo: z.string(),
  title: z.string(),
  remainingQty: qtyOut,
  materialIds: z.array(idOut),
});

/** A party's particulars on the printed contract (from the party record; ours from 组织管理 and the default bank). */
export const partyParticulars = z.object({
  name: z.string(),
  address: z.string(),
  /** 纳税人识别号 / 统一社会信用代码 */
  taxpayerId: z.string(),
  bankName: z.string(),
  bankAccount: z.string(),
  /** 联系人 (ours: the legal representative) */
  contact: z.string(),
  phone: z.string(),
});
export type PartyParticulars = z.infer<typeof partyParticulars>;

export const printOut = z.object({
  contract: tradingContractFull.omit({ execution: true, documents: true, openDocuments: true, signatures: true }),
  companyName: z.string(),
  /** 甲方 (the buyer) and 乙方 (the seller), in full (issue 26: a contract anyone would sign) */
  buyer: partyParticulars,
  seller: partyParticulars,
  /** 人民币大写 of the total */
  totalCapital: z.string(),
  /** the printed text whose SHA-256 a signature keeps */
  printedText: z.string(),
  hash: z.string(),
});

const idQuery = z.object({ id: id('合同') });
const P = TC_PERMISSION;

export const TRADING = {
  save: endpoint({
    method: 'POST',
    path: `${TC_PATH}/save-with-lines`,
    summary: '保存贸易合同（草稿，含明细）',
    body: tradingContractForm,
    answer: z.object({ id: idOut, contractNo: z.string() }),
    permission: { code: P, action: 'add' },
    invalidates: ['Contract', 'Resource'],
  }),
  full: endpoint({
    method: 'GET',
    path: `${TC_PATH}/full`,
    summary: '贸易合同详情（明细、执行、单据、签署）',
    query: idQuery,
    answer: tradingContractFull,
    // the contract page is reached from 贸易合同 and from 合同列表 (/contract/detail)
    permission: { anyView: [P, 'contract_list'] },
    provides: ['Contract', 'Resource'],
  }),
  move: endpoint({
    method: 'POST',
    path: `${TC_PATH}/move`,
    summary: '合同状态变更（提交审核、审核通过、驳回、完成、终止）',
    body: z.object({
      id: id('合同'),
      action: z.enum(['submit', 'approve', 'reject', 'complete', 'terminate'], { error: '操作不正确' }),
      remark: z.string().trim().max(255, '说明不能超过255个字符').default(''),
    }),
    answer: z.object({ id: idOut, state: z.string() }),
    permission: { code: P, action: 'edit' },
    invalidates: ['Contract', 'Resource'],
  }),
  open: endpoint({
    method: 'GET',
    path: `${TC_PATH}/open`,
    summary: '往来单位执行中的合同（过磅、出入库选择合同）',
    query: z.object({ partyId: id('往来单位'), side: z.enum(['purchase', 'sale'], { error: '请选择合同方向' }) }),
    answer: z.array(openContractOut),
    provides: ['Contract', 'Resource'],
  }),
  redirectCert: endpoint({
    method: 'GET',
    path: `${TC_PATH}/redirect/cert`,
    summary: '跳转到合同签署步骤（电子签章服务）',
    query: idQuery,
    answer: z.object({ provider: z.string(), url: z.string() }),
    permission: { code: P, action: 'edit' },
  }),
  sign: endpoint({
    method: 'POST',
    path: `${TC_PATH}/sign`,
    summary: '签署合同（记录签署人、时间与打印合同的 SHA-256）',
    body: idQuery,
    answer: signatureOut,
    permission: { code: P, action: 'edit' },
    invalidates: ['Contract', 'Resource'],
  }),
  verify: endpoint({
    method: 'GET',
    path: `${TC_PATH}/verify`,
    summary: '核对签署后合同是否被修改',
    query: idQuery,
    answer: z.object({ signed: z.boolean(), currentHash: z.string(), signedHash: z.string(), changed: z.boolean() }),
    permission: { code: P, action: 'view' },
    provides: ['Contract', 'Resource'],
  }),
  print: endpoint({
    method: 'GET',
    path: `${TC_PATH}/print`,
    summary: '合同打印数据（大写金额）',
    query: idQuery,
    answer: printOut,
    permission: { code: P, action: 'view' },
    provides: ['Contract', 'Resource'],
  }),
};

export const tradingContractResource = defineResource({
  name: 'trading-contract',
  title: '贸易合同',
  service: 'izs-sell',
  path: TC_PATH,
  permission: P,
  schemas: {
    entity: tradingContractEntity,
    form: tradingContractForm.omit({ lines: true, id: true }),
    query: tradingContractQuery,
  },
  scope: 'dept',
  labelField: 'contractNo',
  sortable: ['contractNo', 'signDate', 'totalAmount', 'createTime'],
  defaultSort: { field: 'createTime', desc: true },
  columns: [
    { field: 'contractNo', label: '合同编号', kind: 'code', width: 160 },
    { field: 'title', label: '合同名称', kind: 'text', width: 200 },
    { field: 'side', label: '方向', kind: 'select', options: { options: [...SIDES] }, width: 130 },
    { field: 'partyId', label: '往来单位', kind: 'select', labelField: 'partyName', width: 180 },
    { field: 'signDate', label: '签订日期', kind: 'date', width: 110 },
    { field: 'deliveryEnd', label: '交货截止', kind: 'date', width: 110 },
    { field: 'totalQty', label: '数量(吨)', kind: 'qty', decimals: 3 },
    { field: 'totalAmount', label: '合同金额', kind: 'money', decimals: 2 },
    { field: 'tolerancePct', label: '溢短装(%)', kind: 'rate', decimals: 2, width: 90 },
    { field: 'state', label: '状态', kind: 'select', options: { options: CONTRACT_STATES }, width: 90 },
    { field: 'signed', label: '已签署', kind: 'bool', width: 80 },
    { field: 'deptId', label: '所属机构', kind: 'tree', labelField: 'deptName', options: DEPT_TREE },
    { field: 'createTime', label: '创建时间', kind: 'datetime', width: 170 },
  ],
  search: [
    { field: 'contractNo', label: '合同编号', kind: 'text' },
    { field: 'side', label: '方向', kind: 'select' },
    { field: 'partyId', label: '往来单位', kind: 'select' },
    { field: 'state', label: '状态', kind: 'select' },
  ],
  form: [
    { field: 'title', label: '合同名称', kind: 'text', required: true },
    { field: 'side', label: '方向', kind: 'select', required: true, options: { options: [...SIDES] } },
    { field: 'partyId', label: '往来单位', kind: 'select', required: true, options: CUSTOMER_SELECT },
    { field: 'signDate', label: '签订日期', kind: 'date', required: true },
  ],
});
