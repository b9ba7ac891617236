/**
 * Figures whose source module is not on this server yet. Each names the module that will fill it; when that
 * module lands, the handler reads it instead of answering this (the contract's `pendingSource` becomes a union).
 */
import type { PendingSource } from '../../../core/contract/izs-visual/fields.ts';

const pending = (source: string, note: string): PendingSource => ({ available: false, source, note });

export const PENDING = {
  logistics: pending('logistics', '物流数据将在物流模块上线后提供，届时本报表按运单、车辆、线路统计运量与运费'),
  pledge: pending(
    'supply-chain-finance',
    '质押数据将在供应链金融模块上线后提供，届时本报表按企业和资金方统计质押库存与融资额',
  ),
} as const;
