/** Field schemas shared by the contract, ledger and supply-chain finance contracts (issue 12). */
import { z } from 'zod';
import { money, weight } from '../fields.ts';
import { dayRangeMessage, isCalendarDay } from '../input.ts';

export const SELL = '/api/izs-sell';
export const SCF = '/api/izs-scf';

/** Money answered by the server: fixed 2 places. */
export const moneyOut = money;
/** Tonnes / kg answered by the server: fixed 3 places. */
export const qtyOut = weight;
/** Percent answered by the server (up to 4 places). */
export const pctOut = z.string().regex(/^-?\d+(\.\d{1,4})?$/);
export const idOut = z.string().regex(/^\d+$/);
export const dayOut = z.string().regex(/^(\d{4}-\d{2}-\d{2})?$/);

/** Input decimal ≥ 0 with at most `places` decimals, ≤ max. */
export const dec = (label: string, places: number, max = '99999999999') =>
  z
    .union([z.string(), z.number()], { error: `请输入${label}` })
    .transform((v) => String(v).trim())
    .refine((v) => new RegExp(`^\\d{1,14}(\\.\\d{1,${places}})?$`).test(v), {
      message: `${label}格式不正确，最多${places}位小数`,
    })
    .refine((v) => Number(v) <= Number(max), { message: `${label}不能大于${max}` });

export const day = (label: string) =>
  z
    .string({ error: `请选择${label}` })
    .trim()
    .refine((v) => /^\d{4}-\d{2}-\d{2}$/.test(v), { message: `${label}格式应为yyyy-MM-dd` })
    .refine((v) => !/^\d{4}-\d{2}-\d{2}$/.test(v) || isCalendarDay(v), { message: dayRangeMessage(label) });

export const optDay = (label: string) =>
  z
    .string({ error: `${label}格式不正确` })
    .trim()
    .refine((v) => v === '' || /^\d{4}-\d{2}-\d{2}$/.test(v), { message: `${label}格式应为yyyy-MM-dd` })
    .refine((v) => v === '' || !/^\d{4}-\d{2}-\d{2}$/.test(v) || isCalendarDay(v), { message: dayRangeMessage(label) })
    .default('');

export const id = (label: string) =>
  z
    .union([z.string(), z.number()], { error: `请选择${label}` })
    .transform((v) => String(v).trim())
    .refine((v) => /^[1-9]\d{0,18}$/.test(v), { message: `请选择${label}` });

export const SIDES = [
  { label: '采购（我方买入）', value: 'purchase' },
  { label: '销售（我方卖出）', value: 'sale' },
] as const;
export const CONTRACT_STATES = [
  { label: '草稿', value: 'draft' },
  { label: '审核中', value: 'pending' },
  { label: '执行中', value: 'executing' },
  { label: '已完成', value: 'completed' },
  { label: '已终止', value: 'terminated' },
];
export const PRICE_TYPES = [
  { label: '固定价', value: 'fixed' },
  { label: '点价', value: 'pricing' },
];
export const WEIGHT_BASES = [
  { label: '以供方磅为准', value: 'supplier' },
  { label: '以需方磅为准', value: 'buyer' },
  { label: '双方协商', value: 'agreed' },
];
export const TOLERANCE_OPTIONS = [
  { label: '卖方选择', value: 'seller' },
  { label: '买方选择', value: 'buyer' },
];
