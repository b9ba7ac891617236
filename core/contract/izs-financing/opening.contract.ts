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
import { endpoint } from '../endpoint.ts';
import { accountCode, auxItems, FIN, FIN_PERMISSIONS, linesOf, signedAmount } from './fields.ts';

export const OPENING_BASE = `${FIN}/opening`;
export const OPENING_PATHS = {
  list: `${OPENING_BASE}/list`,
  save: `${OPENING_BASE}/save`,
  check: `${OPENING_BASE}/check`,
} as const;

const money = z.string();
export const openingFiguresSchema = z.object({
  /** in the account's own direction (贷方科目: credit positive), 2 decimals */
  balance: money,
  ytdDebit: money,
  ytdCredit: money,
  /** 损益类: 本年累计实际发生额 in the account's direction */
  ytdPl: money,
  /** 年初余额 derived: 借方科目 期初 − 累计借 + 累计贷, 贷方科目 期初 + 累计借 − 累计贷 */
  yearOpening: money,
  quantity: z.string().nullable(),
});
export type OpeningFigures = z.infer<typeof openingFiguresSchema>;

export const openingItemSchema = openingFiguresSchema.extend({
  auxKey: z.string(),
  aux: z.record(z.string(), z.string()),
  /** "客户：华东钢厂" … */
  auxNames: z.array(z.string()),
});
export type OpeningItem = z.infer<typeof openingItemSchema>;

export const openingRowSchema = openingFiguresSchema.extend({
  code: z.string(),
  name: z.string(),
  fullName: z.string(),
  level: z.number().int(),
  category: z.string(),
  direction: z.enum(['debit', 'credit']),
  leaf: z.boolean(),
  auxDims: z.array(z.string()),
  quantityAccounting: z.number().int(),
  unit: z.string(),
  /** per auxiliary item (leaves with dimensions) */
  items: z.array(openingItemSchema),
});
export type OpeningRow = z.infer<typeof openingRowSchema>;

export const openingCheckSchema = z.object({
  balanced: z.boolean(),
  problems: z.array(z.string()),
  /** level-1 sums with each balance on its side */
  totals: z.object({ debit: money, credit: money, ytdDebit: money, ytdCredit: money }),
  midYear: z.boolean(),
  startPeriod: z.string(),
});
export type OpeningCheck = z.infer<typeof openingCheckSchema>;

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

const P = FIN_PERMISSIONS.opening;

/** 期初余额 (openings.ts). Openings feed every ledger and report ('Fin'). */
export const OPENINGS = {
  list: endpoint({
    method: 'GET',
    path: OPENING_PATHS.list,
    summary: '期初余额（全部科目）',
    answer: z.array(openingRowSchema),
    permission: { code: P, action: 'view' },
    provides: ['FinOpening'],
  }),
  check: endpoint({
    method: 'GET',
    path: OPENING_PATHS.check,
    summary: '期初试算平衡',
    answer: openingCheckSchema,
    permission: { code: P, action: 'view' },
    provides: ['FinOpening'],
  }),
  save: endpoint({
    method: 'POST',
    path: OPENING_PATHS.save,
    summary: '保存期初余额',
    body: openingSaveBody,
    answer: openingCheckSchema,
    permission: { code: P, action: 'edit' },
    invalidates: ['FinOpening', 'FinAccount', 'Fin'],
  }),
};
