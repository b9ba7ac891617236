/**
 * Shared pieces of the izs-financing contracts (issue 5): the service prefix, the button-permission codes of the
 * accounting menus, and zod fields for periods, dates and signed amounts (decimal strings, never floats).
 */
import { z } from 'zod';
import { dayRangeMessage, isCalendarDay } from '../input.ts';

export { dateStr, flag, int, oneOf, opt, ref, refReq, req } from '../izs-base/fields.ts';
export { linesOf } from '../izs-stock/fields.ts';

/** Service prefix of every finance endpoint. */
export const FIN = '/api/izs-financing';

/**
 * Button-permission prefixes (menu codes of core/router/menu-tree.ts). `view` is granted by `<code>_view` or the
 * menu itself; the other actions by `<code>_<action>` (administrator bypasses).
 */
export const FIN_PERMISSIONS = {
  home: 'accounting_home',
  setOfBook: 'finance_setting_setofbook',
  /** 财务参数: the chart of accounts (科目) lives here */
  systemConfig: 'finance_setting_system_config',
  opening: 'finance_setting_initabala',
  dimension: 'finance_setting_dimension',
  voucherWord: 'finance_voucher_type',
  voucherEntry: 'accounting_edit_voucher',
  voucherList: 'finance_voucher_list',
  voucherCollect: 'finance_voucher_collect',
  posting: 'finance_voucher_posting',
  balance: 'finance_ledger_balance',
  subsidiary: 'finance_subject_detail',
  general: 'finance_ledger_list',
  balanceSheet: 'finance_balance_sheet',
  incomeStatement: 'finance_profit_list',
  carryForward: 'finance_carry_down',
  daybook: 'accounting_daybook_list',
} as const;

/** Menu codes that give access to the accounting pages at all (account check status ≠ 0). */
export const FINANCE_ACCESS_CODES: string[] = [FIN_PERMISSIONS.home, FIN_PERMISSIONS.setOfBook];

/** yyyy-MM (会计期间). */
export const period = (label = '会计期间') =>
  z
    .string({ error: `请选择${label}` })
    .trim()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, `${label}格式应为yyyy-MM`);

/** Required yyyy-MM-dd that is a real calendar day. */
export const dateReq = (label: string) =>
  z
    .string({ error: `请选择${label}` })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label}格式应为yyyy-MM-dd`)
    .refine(isCalendarDay, { message: dayRangeMessage(label) });

/** Signed decimal string with at most `places` decimals ('' and absent → undefined). */
export const signedAmount = (label: string, places = 2) =>
  z
    .union([z.string(), z.number()], { error: `${label}格式不正确` })
    .transform((v) => String(v).trim())
    .refine((v) => v === '' || new RegExp(`^-?\\d{1,14}(\\.\\d{1,${places}})?$`).test(v), {
      message: `${label}格式不正确，最多${places}位小数`,
    })
    .transform((v) => (v === '' ? undefined : v))
    .optional();

/** Account code under the 4-2-2 rule (4, 6, 8 or 10 digits). */
export const accountCode = (label = '科目编码') =>
  z
    .string({ error: `请选择${label}` })
    .trim()
    .regex(/^\d{4}(\d{2}){0,3}$/, `${label}格式不正确（4-2-2 编码）`);

/** 辅助核算 items of a line or an opening: dimension id → item id. */
export const auxItems = z
  .record(
    z.string(),
    z.union([z.string(), z.number()]).transform((v) => String(v).trim()),
    {
      error: '辅助核算格式不正确',
    },
  )
  .optional();

/** Body `{ ids: [...] }` (or `ids: "1,2"`) of the batch voucher actions. */
export const idsBody = z.object({
  ids: z
    .union([z.array(z.union([z.string(), z.number()])), z.string()], { error: '请选择凭证' })
    .transform((v) => (Array.isArray(v) ? v.map(String) : v.split(',')).map((s) => s.trim()).filter(Boolean))
    .refine((list) => list.length > 0, { message: '请选择凭证' })
    .refine((list) => list.every((x) => /^[1-9]\d{0,18}$/.test(x)), { message: '凭证编号格式不正确' }),
});

/** Money on the wire: fixed 2-decimal string. */
export type Money = string;
