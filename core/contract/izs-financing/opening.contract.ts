/**
 * 期初余额 of the current account set (period_rules §6): balances as of the first day of the start period, on leaf
 * accounts (per 辅助核算 item where the account has dimensions); for a mid-year start also 本年累计借方 / 贷方 and,
 * for 损益类 accounts, the 本年累计实际发生额 used by the income statement.
 *
 * Endpoints (under /api/izs-financing/opening):
 *   GET  list   → OpeningRow[] (every account in code order; parents are the sums of their leaves)
 *   POST save   { items: OpeningInput[] } → OpeningCheck. Each item replaces the stored figures of its (account,
 *               auxiliary items); an all-zero item removes them. Refused once the start period is closed
 *               (反结账 back to the start period first). Only leaves; 损益类 accounts take no 期初余额.
 *   GET  check  → OpeningCheck (试算平衡: Σ借 = Σ贷 over level-1, Σ本年累计借 = Σ本年累计贷 for a mid-year start,
 *               损益类 openings zero, 资产 + 成本 = 负债 + 所有者权益)
 * Permission: finance_setting_initabala (view / edit).
 */
import { z } from 'zod';
import { accountCode, auxItems, FIN, linesOf, signedAmount } from './fields.ts';

export const OPENING_BASE = `${FIN}/opening`;
export const OPENING_PATHS = {
  list: `${OPENING_BASE}/list`,
  save: `${OPENING_BASE}/save`,
  check: `${OPENING_BASE}/check`,
} as const;

export interface OpeningFigures {
  /** in the account's own direction (贷方科目: credit positive), 2 decimals */
  balance: string;
  ytdDebit: string;
  ytdCredit: string;
  /** 损益类: 本年累计实际发生额 in the account's direction */
  ytdPl: string;
  /** 年初余额 derived: 借方科目 期初 − 累计借 + 累计贷, 贷方科目 期初 + 累计借 − 累计贷 */
  yearOpening: string;
  quantity: string | null;
}

export interface OpeningItem extends OpeningFigures {
  auxKey: string;
  aux: Record<string, string>;
  /** "客户：华东钢厂" … */
  auxNames: string[];
}

export interface OpeningRow extends OpeningFigures {
  code: string;
  name: string;
  fullName: string;
  level: number;
  category: string;
  direction: 'debit' | 'credit';
  leaf: boolean;
  auxDims: string[];
  quantityAccounting: number;
  unit: string;
  /** per auxiliary item (leaves with dimensions) */
  items: OpeningItem[];
}

export interface OpeningCheck {
  balanced: boolean;
  problems: string[];
  /** level-1 sums with each balance on its side */
  totals: { debit: string; credit: string; ytdDebit: string; ytdCredit: string };
  midYear: boolean;
  startPeriod: string;
}

export const openingInput = z.object({
  accountCode: accountCode('科目'),
  aux: auxItems,
  balance: signedAmount('期初余额'),
  ytdDebit: signedAmount('本年累计借方'),
  ytdCredit: signedAmount('本年累计贷方'),
  ytdPl: signedAmount('本年累计损益实际发生额'),
  quantity: signedAmount('期初数量', 4),
});
export type OpeningInput = z.input<typeof openingInput>;

export const openingSaveBody = z.object({ items: linesOf(openingInput, '期初余额', 5000) });
