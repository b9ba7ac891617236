/**
 * Figures whose source module is not on this server yet. Each names the module that will fill it; when that
 * module lands, the handler reads it instead of answering this (the contract's `pendingSource` becomes a union).
 */
import type { PendingSource } from '../../../core/contract/izs-visual/fields.ts';

const pending = (source: string, note: string): PendingSource => ({ available: false, source, note });

export const PENDING = {
  receivables: pending('receivables', '应收账款及账龄将在应收应付模块上线后显示'),
  payables: pending('payables', '应付账款及账龄将在应收应付模块上线后显示'),
  invoices: pending('invoices', '待开发票将在发票模块上线后显示'),
  reverseInvoices: pending('reverse-invoices', '反向开票将在发票模块上线后显示'),
  logistics: pending('logistics', '物流数据将在物流模块上线后提供，届时本报表按运单、车辆、线路统计运量与运费'),
  pledge: pending(
    'supply-chain-finance',
    '质押数据将在供应链金融模块上线后提供，届时本报表按企业和资金方统计质押库存与融资额',
  ),
} as const;
