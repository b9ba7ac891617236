/**
 * 票据管理's actions as descriptors (issue 10; the list / form stay on the resource engine `billResource`):
 *
 *   POST bill/action    贴现 / 背书转让 / 到期兑付 / 到期付款, each with its voucher
 *   POST bill/undo      takes back the last action while its voucher is unreviewed
 *   GET  bill/events    a bill's history (events, vouchers, the 收付款单 that made them)
 *   GET  bill/summary   held / outstanding totals and the bills due within DUE_SOON_DAYS days
 *
 * Every write invalidates 'Fin' and the engine's bill list; the reads provide both.
 */
import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { money } from '../fields.ts';
import { dayRangeMessage, isCalendarDay } from '../input.ts';
import {
  BILL_PATHS,
  BILL_PERMISSION,
  type BillEvent,
  type BillSummary,
  billActionBody,
  billIdBody,
  billResource,
} from './bills.contract.ts';

const TAGS = ['Fin', { type: 'Resource', id: billResource.name }] as const;

export const billEventSchema = z.object({
  id: z.string(),
  action: z.string(),
  eventDate: z.string(),
  fromState: z.string(),
  toState: z.string(),
  amount: money,
  interest: money,
  counterpartyName: z.string(),
  voucherId: z.string().nullable(),
  cashNo: z.string(),
  voucherNo: z.string().nullable(),
  voucherState: z.string().nullable(),
  createTime: z.string(),
}) satisfies z.ZodType<BillEvent>;

export const billSummarySchema = z.object({
  receivableHeld: money,
  receivableCount: z.number().int(),
  payableOutstanding: money,
  payableCount: z.number().int(),
  dueSoonCount: z.number().int(),
  dueSoonAmount: money,
}) satisfies z.ZodType<BillSummary>;

/** A bill after an action: what the screen needs to confirm it. */
export const billStateSchema = z.object({ id: z.string(), billNo: z.string(), state: z.string(), amount: money });

export const BILLS = {
  action: endpoint({
    method: 'POST',
    path: BILL_PATHS.action,
    summary: '票据操作（贴现、背书转让、到期兑付、到期付款），生成凭证',
    body: billActionBody,
    answer: billStateSchema,
    permission: { code: BILL_PERMISSION, action: 'edit' },
    invalidates: TAGS,
  }),
  undo: endpoint({
    method: 'POST',
    path: BILL_PATHS.undo,
    summary: '撤销票据的最后一次操作（删除其凭证）',
    body: billIdBody,
    answer: billStateSchema,
    permission: { code: BILL_PERMISSION, action: 'edit' },
    invalidates: TAGS,
  }),
  events: endpoint({
    method: 'GET',
    path: BILL_PATHS.events,
    summary: '票据记录',
    query: billIdBody,
    answer: z.array(billEventSchema),
    permission: { code: BILL_PERMISSION, action: 'view' },
    provides: TAGS,
  }),
  summary: endpoint({
    method: 'GET',
    path: BILL_PATHS.summary,
    summary: '票据汇总（持有、未到期、临期）',
    query: z.object({
      today: z
        .string()
        .trim()
        .regex(/^(\d{4}-\d{2}-\d{2})?$/, '日期格式应为yyyy-MM-dd')
        .refine((v) => v === '' || isCalendarDay(v), { message: dayRangeMessage('日期') })
        .optional(),
    }),
    answer: billSummarySchema,
    permission: { code: BILL_PERMISSION, action: 'view' },
    provides: TAGS,
  }),
};
