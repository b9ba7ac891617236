/**
 * 供应链金融 (spec §2.8, issue 12; money-contracts-finance.md §5): 资金方 (fund providers with credit lines, rates,
 * used and available), 融资合同 (库存质押 of a material quantity in a warehouse, receivable financing, prepayment
 * financing: principal, annual rate, start, term; interest accrued day by day on the outstanding principal,
 * ACT/360; repayments; pledged goods released in proportion to repayment) and 金单 (issue against a payable, split
 * and transfer, discount before maturity, settle at maturity; every holder and split traced).
 * Pledged stock is locked: the stock review refuses a document leaving less than the pledged quantity.
 */
import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { num } from '../input.ts';
import { day, dayOut, dec, id, idOut, moneyOut, pctOut, qtyOut, SCF } from './fields.ts';
import { SCF_PERMISSIONS } from './scf-resources.contract.ts';

export const financeCreateBody = z.object({
  providerId: id('资金方'),
  kind: z.enum(['pledge', 'receivable', 'prepayment'], { error: '请选择融资类型' }),
  principal: dec('融资金额', 2).refine((v) => Number(v) > 0, { message: '融资金额必须大于0' }),
  annualRate: dec('年利率(%)', 4, '36'),
  startDate: day('起息日'),
  termDays: num({ error: '期限必须是整数' })
    .int('期限必须是整数')
    .min(1, '期限至少1天')
    .max(3650, '期限不能超过3650天'),
  warehouseId: id('仓库').optional(),
  materialId: id('物料').optional(),
  pledgedQty: dec('质押数量(kg)', 3).optional(),
  tradingContractId: id('贸易合同').optional(),
  remark: z.string().trim().max(255, '备注不能超过255个字符').default(''),
});
export type FinanceCreateBody = z.input<typeof financeCreateBody>;

export const financeDetail = z.object({
  id: idOut,
  contractNo: z.string(),
  providerName: z.string(),
  kind: z.string(),
  principal: moneyOut,
  annualRate: pctOut,
  dayCount: z.literal('ACT/360'),
  startDate: dayOut,
  termDays: z.number().int(),
  maturityDate: dayOut,
  warehouseName: z.string(),
  materialName: z.string(),
  pledgedQty: qtyOut,
  releasedQty: qtyOut,
  lockedQty: qtyOut,
  outstanding: moneyOut,
  repaidPrincipal: moneyOut,
  paidInterest: moneyOut,
  /** interest accrued and not yet paid, up to `asOf` (exclusive) */
  accruedInterest: moneyOut,
  asOf: dayOut,
  state: z.string(),
  repayments: z.array(
    z.object({ id: idOut, repayDate: dayOut, principal: moneyOut, interest: moneyOut, releasedQty: qtyOut }),
  ),
  /** the last days of the day-by-day accrual (balance, interest of the day to 6 places) */
  accrual: z.array(z.object({ date: dayOut, balance: moneyOut, interest: z.string() })),
});
export type FinanceDetail = z.infer<typeof financeDetail>;

const certOut = z.object({
  id: idOut,
  certNo: z.string(),
  parentId: idOut.nullable(),
  issuerName: z.string(),
  holderName: z.string(),
  face: moneyOut,
  issueDate: dayOut,
  maturityDate: dayOut,
  status: z.string(),
  payableRef: z.string(),
  discountDate: dayOut,
  discountRate: z.string(),
  discountInterest: moneyOut.nullable(),
  settleDate: dayOut,
});
export const certFamily = z.object({
  root: certOut,
  /** every certificate of the family, parents before children */
  certs: z.array(certOut),
  events: z.array(
    z.object({
      certNo: z.string(),
      action: z.string(),
      fromParty: z.string(),
      toParty: z.string(),
      amount: moneyOut,
      note: z.string(),
      userName: z.string(),
      time: z.string(),
    }),
  ),
});
export type CertFamily = z.infer<typeof certFamily>;

const certId = z.object({ id: id('金单') });
const C = SCF_PERMISSIONS.cert;
const F = SCF_PERMISSIONS.contract;

export const SCF_API = {
  providerUsage: endpoint({
    method: 'GET',
    path: `${SCF}/fund-provider/usage`,
    summary: '资金方额度使用（授信、已用、可用）',
    answer: z.array(
      z.object({
        id: idOut,
        name: z.string(),
        creditLine: moneyOut,
        used: moneyOut,
        available: moneyOut,
        contracts: z.number().int(),
      }),
    ),
    permission: { code: SCF_PERMISSIONS.provider, action: 'view' },
    provides: ['Scf'],
  }),
  financeCreate: endpoint({
    method: 'POST',
    path: `${SCF}/finance-contract/create`,
    summary: '新增融资合同（库存质押校验库存）',
    body: financeCreateBody,
    answer: z.object({ id: idOut, contractNo: z.string() }),
    permission: { code: F, action: 'add' },
    invalidates: ['Scf', 'Resource'],
  }),
  financeDetail: endpoint({
    method: 'GET',
    path: `${SCF}/finance-contract/full`,
    summary: '融资合同详情（逐日计息 ACT/360、还款、解押）',
    query: z.object({ id: id('融资合同'), asOf: day('计息截止日').optional() }),
    answer: financeDetail,
    permission: { code: F, action: 'view' },
    provides: ['Scf'],
  }),
  repay: endpoint({
    method: 'POST',
    path: `${SCF}/finance-contract/repay`,
    summary: '还款（付清应计利息，按还款比例解押）',
    body: z.object({
      id: id('融资合同'),
      repayDate: day('还款日'),
      principal: dec('还款本金', 2).refine((v) => Number(v) > 0, { message: '还款本金必须大于0' }),
    }),
    answer: z.object({ interest: moneyOut, releasedQty: qtyOut, outstanding: moneyOut, state: z.string() }),
    permission: { code: F, action: 'edit' },
    invalidates: ['Scf', 'Resource'],
  }),
  certIssue: endpoint({
    method: 'POST',
    path: `${SCF}/gold-cert/issue`,
    summary: '开立金单（对应一笔应付）',
    body: z.object({
      issuerName: z
        .string({ error: '请输入开单企业' })
        .trim()
        .min(1, '请输入开单企业')
        .max(100, '开单企业不能超过100个字符'),
      holderPartyId: id('持有人').optional(),
      face: dec('金额', 2).refine((v) => Number(v) > 0, { message: '金额必须大于0' }),
      issueDate: day('开单日'),
      maturityDate: day('到期日'),
      payableRef: z.string().trim().max(100, '对应应付不能超过100个字符').default(''),
    }),
    answer: z.object({ id: idOut, certNo: z.string() }),
    permission: { code: C, action: 'add' },
    invalidates: ['Scf', 'Resource'],
  }),
  certSplit: endpoint({
    method: 'POST',
    path: `${SCF}/gold-cert/split`,
    summary: '拆分并转让金单（各份合计等于原金单）',
    body: z.object({
      id: id('金单'),
      parts: z
        .array(
          z.object({
            amount: z.union([z.string(), z.number()]).transform((v) => String(v)),
            holderPartyId: id('接收方').optional(),
          }),
          {
            error: '请填写拆分金额',
          },
        )
        .min(2, '拆分至少需要两份')
        .max(50, '拆分不能超过50份'),
    }),
    answer: z.array(z.object({ id: idOut, certNo: z.string(), face: moneyOut })),
    permission: { code: C, action: 'edit' },
    invalidates: ['Scf', 'Resource'],
  }),
  certTransfer: endpoint({
    method: 'POST',
    path: `${SCF}/gold-cert/transfer`,
    summary: '转让金单',
    body: z.object({ id: id('金单'), holderPartyId: id('接收方') }),
    answer: z.object({ id: idOut, holderName: z.string() }),
    permission: { code: C, action: 'edit' },
    invalidates: ['Scf', 'Resource'],
  }),
  certDiscount: endpoint({
    method: 'POST',
    path: `${SCF}/gold-cert/discount`,
    summary: '金单融资贴现（到期前）',
    body: z.object({
      id: id('金单'),
      providerId: id('资金方'),
      discountDate: day('贴现日'),
      annualRate: dec('贴现年利率(%)', 4, '36'),
    }),
    answer: z.object({ days: z.number().int(), interest: moneyOut, net: moneyOut }),
    permission: { code: C, action: 'edit' },
    invalidates: ['Scf', 'Resource'],
  }),
  certSettle: endpoint({
    method: 'POST',
    path: `${SCF}/gold-cert/settle`,
    summary: '金单到期兑付（登记出票方的收款单并核销其应收单；转让给供应商的金单同时登记付款单）',
    body: z.object({ id: id('金单'), settleDate: day('兑付日') }),
    answer: z.object({
      id: idOut,
      status: z.string(),
      /** 收款单 from the issuer */
      collectionNo: z.string(),
      /** 付款单 to the supplier holding it, when one does */
      paymentNo: z.string().nullable(),
    }),
    permission: { code: C, action: 'edit' },
    invalidates: ['Scf', 'Resource'],
  }),
  certFamily: endpoint({
    method: 'GET',
    path: `${SCF}/gold-cert/family`,
    summary: '金单详情（拆分树与流转记录）',
    query: certId,
    answer: certFamily,
    permission: { code: C, action: 'view' },
    provides: ['Scf'],
  }),
};
