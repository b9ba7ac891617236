/**
 * 企业质押 (报表分析, issue 12): what the company has pledged to fund providers, read from supply-chain finance —
 * one row per warehouse × material × fund provider over the active 库存质押 financing contracts: the quantity
 * still pledged (pledged − released, kg), its value at the stock's moving-average cost, the stock there now,
 * the financing outstanding (principal − repaid) and the interest accrued and unpaid to `asOf` (ACT/360, day by
 * day, core/scf/interest.ts). Totals are the sums of the rows.
 */
import { z } from 'zod';
import { dayRangeMessage, isCalendarDay } from '../input.ts';
import { day, id, kg, yuan } from '../izs-visual/fields.ts';

export const companyPledgeQuery = z.object({
  asOf: z
    .string()
    .trim()
    .refine((v) => v === '' || /^\d{4}-\d{2}-\d{2}$/.test(v), { message: '截至日期格式应为yyyy-MM-dd' })
    .refine((v) => v === '' || !/^\d{4}-\d{2}-\d{2}$/.test(v) || isCalendarDay(v), {
      message: dayRangeMessage('截至日期'),
    })
    .optional(),
});

export const companyPledgeRow = z.object({
  warehouseId: id,
  warehouseName: z.string(),
  materialId: id,
  materialName: z.string(),
  providerId: id,
  providerName: z.string(),
  /** the financing contracts of the row, 、-separated */
  contractNos: z.string(),
  contracts: z.number().int(),
  /** pledged − released, kg */
  pledgedKg: kg,
  /** stock of the warehouse × material now, kg */
  stockKg: kg,
  /** pledgedKg × the stock's average unit cost */
  pledgedValue: yuan,
  /** principal − repaid */
  outstanding: yuan,
  /** accrued to asOf and not yet paid */
  accruedInterest: yuan,
});
export type CompanyPledgeRow = z.infer<typeof companyPledgeRow>;

export const companyPledgeAnswer = z.object({
  asOf: day,
  dayCount: z.string(),
  rows: z.array(companyPledgeRow),
  totals: companyPledgeRow.pick({ pledgedKg: true, pledgedValue: true, outstanding: true, accruedInterest: true }),
});
export type CompanyPledgeAnswer = z.infer<typeof companyPledgeAnswer>;
