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

// zod-free (home-links.ts): the home page reads them on the first load after sign-in
export { QUICK_LINKS, WORKBENCH_LINKS } from './home-links.ts';

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

export const WORKBENCH = {
  work: endpoint({
    method: 'GET',
    path: `${VISUAL}/dashboard/work`,
    summary:
      '首页工作台（按权限：今日分物料购销、采购价格变动、库存与库龄、异常过磅、资金、会计期间与对账、本月增值税、我的过磅）',
    answer: workbenchAnswer,
  }),
};
