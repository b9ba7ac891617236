/**
 * 首页 by role (issue 26): what each user works on, below the business figures of dashboard.contract.ts. Every block
 * is read in the caller's data scope of the list it links to and is null when the caller may not view that list, so
 * a yard manager, an accountant, a weighbridge clerk and an administrator each see their own home from one page:
 * - yard (场站负责人): today's reviewed trade by material, purchase price moves, stock by material with the days since
 *   its last receipt, open 异常过磅, cash and bank of the default book;
 * - finance (会计): the default book's current period and last closed one, the last 业财对账, this month's VAT in the
 *   books (销项 − 进项);
 * - station (司磅员): the weighings the caller captured today, the trucks waiting for their second pass;
 * - system (管理员): whether the system figures of /api/izs-toolbox/dashboard/summary are the caller's to see;
 * - links: the quick links the caller may open.
 */
import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { day, kg, month, VISUAL, yuan } from './fields.ts';

/** Unit price in yuan per tonne, 2 decimals; '' when nothing was bought. */
const perTonne = z.string().regex(/^(\d+\.\d{2})?$/);
/** Change in percent with 2 decimals and its sign; '' when there is nothing to compare with. */
const change = z.string().regex(/^([+-]?\d+\.\d{2})?$/);

export const workbenchAnswer = z.object({
  today: day,
  system: z.boolean(),
  links: z.array(z.object({ title: z.string(), path: z.string() })),
  trade: z
    .array(
      z.object({
        materialId: z.string(),
        name: z.string(),
        inKg: kg,
        inAmount: yuan,
        outKg: kg,
        outAmount: yuan,
      }),
    )
    .nullable(),
  prices: z
    .array(z.object({ materialId: z.string(), name: z.string(), today: perTonne, avg30: perTonne, change }))
    .nullable(),
  stock: z
    .array(
      z.object({
        materialId: z.string(),
        name: z.string(),
        qtyKg: kg,
        amount: yuan,
        /** days since the last receipt into stock (null: none recorded) */
        lastInDays: z.number().int().nullable(),
      }),
    )
    .nullable(),
  exceptionsOpen: z.number().int().nullable(),
  cashBank: z.object({ book: z.string(), cash: yuan, bank: yuan }).nullable(),
  finance: z
    .object({
      book: z.string(),
      currentPeriod: month,
      closedThrough: z.string(),
      outputVat: yuan,
      inputVat: yuan,
      vatDue: yuan,
    })
    .nullable(),
  reconcile: z
    .object({ book: z.string(), period: month, clean: z.boolean(), differences: z.number().int(), runTime: z.string() })
    .nullable(),
  station: z
    .object({
      mineToday: z.number().int(),
      mineNetKg: kg,
      waiting: z.array(z.object({ orderNo: z.string(), carNumber: z.string(), firstTime: z.string() })),
      waitingCount: z.number().int(),
    })
    .nullable(),
});
export type WorkbenchAnswer = z.infer<typeof workbenchAnswer>;

/** The lists behind each block (their view grant and data scope decide what the caller sees). */
export const WORKBENCH_LINKS = {
  trade: { path: '/statement-analysis/purchase-statement', code: 'statement_analysis_purchase_statement' },
  stock: { path: '/supply-chain/stock/inventory-list', code: 'supply_chain_stock_inventory_list' },
  exceptions: { path: '/supply-chain/weigh-exception', code: 'supply_chain_weigh_exception' },
  daybook: { path: '/accounting/daybook/list', code: 'accounting_daybook_list' },
  vouchers: { path: '/finance/voucher/list/0', code: 'finance_voucher_list' },
  reconcile: { path: '/finance/reconcile', code: 'finance_reconcile' },
  station: { path: '/supply-chain/loadometer/1', code: 'supply_chain_loadometer' },
  weighings: { path: '/supply-chain/weight-memo', code: 'supply_chain_weight_memo' },
  users: { path: '/system/user', code: 'system_user' },
} as const;

/** 快捷入口 in their order; each shown only to those who may open it. */
export const QUICK_LINKS = [
  { title: '过磅作业', path: '/supply-chain/loadometer/1', code: 'supply_chain_loadometer' },
  { title: '采购入库', path: '/supply-chain/purchase/in-stock', code: 'supply_chain_purchase_in_stock' },
  { title: '销售出库', path: '/supply-chain/sale/out-stock', code: 'supply_chain_sale_out_stock' },
  { title: '库存列表', path: '/supply-chain/stock/inventory-list', code: 'supply_chain_stock_inventory_list' },
  { title: '录入凭证', path: '/accounting/edit/voucher', code: 'accounting_edit_voucher' },
  { title: '业财对账', path: '/finance/reconcile', code: 'finance_reconcile' },
  { title: '用户管理', path: '/system/user', code: 'system_user' },
] as const;

export const WORKBENCH = {
  work: endpoint({
    method: 'GET',
    path: `${VISUAL}/dashboard/work`,
    summary:
      '首页工作台（按权限：今日分物料购销、采购价格变动、库存与库龄、异常过磅、资金、会计期间与对账、本月增值税、我的过磅）',
    answer: workbenchAnswer,
  }),
};
