/**
 * The wall screens (spec §2.9, issue 15): one read per screen, all figures computed in the database from the
 * tenant's rows in the caller's data scope; business days in the server's TZ (`today` is in every answer so the
 * screen never trusts the browser clock).
 *
 * Constraints:
 * - weighings count when completed (weighState completed, by completeTime's day in TZ); purchase = 入库 (in),
 *   sale = 出库 (out); net weights kg, amounts yuan;
 * - stock is izs_stock now; purchases / sales of documents are the lines of reviewed documents (returns net);
 * - the books: balances and profit from voucher lines (saved, reviewed and posted; deleted ones left out); profit
 *   = Σ(credit − debit) of 损益 accounts without the 结转损益 lines;
 */
import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { num } from '../input.ts';
import { day, id, kg, pct, VISUAL, yuan } from './fields.ts';
import { financeAnswer, taxAnswer } from './money.ts';
import { siteCoords, sitesBody } from './sites.ts';

const view = (code: string) => ({ code, action: 'view' as const });
/** The screens whose view also lets a screen read its department's config. */
export const VISUAL_VIEW_CODES = [
  'visual_home',
  'visual_data_board',
  'visual_operation_data',
  'visual_finance_data',
  'visual_tax',
  'visual_quote_data',
  'visual_loadometer_order_list',
  'visual_config',
] as const;

const tonnage = z.object({ weighCount: z.number().int(), inNetKg: kg, outNetKg: kg, inAmount: yuan, outAmount: yuan });

export const weighingTick = z.object({
  id,
  orderNo: z.string(),
  orderType: z.string(),
  carNumber: z.string(),
  materialName: z.string(),
  partyName: z.string(),
  weighbridgeName: z.string(),
  netKg: kg,
  amount: yuan,
  completeTime: z.string(),
});
export type WeighingTick = z.infer<typeof weighingTick>;

export const homeAnswer = z.object({
  today: day,
  todayFigures: tonnage,
  monthFigures: tonnage,
  materials: z.array(
    z.object({
      materialId: id,
      materialName: z.string(),
      todayInKg: kg,
      todayOutKg: kg,
      monthInKg: kg,
      monthOutKg: kg,
    }),
  ),
  sites: z.array(
    z.object({
      warehouseId: id,
      name: z.string(),
      regionCode: z.string(),
      province: z.string(),
      address: z.string(),
      stockKg: kg,
      /** map coordinates (WGS-84) set in 大屏配置; null = not set (the map places the site at its province) */
      lon: z.number().nullable(),
      lat: z.number().nullable(),
    }),
  ),
  ticker: z.array(weighingTick),
});
export type HomeAnswer = z.infer<typeof homeAnswer>;

export const boardAnswer = z.object({
  today: day,
  /** The departments whose STOMP channel carries the live weights of these bridges. */
  deptIds: z.array(id),
  bridges: z.array(
    z.object({
      id,
      code: z.string(),
      name: z.string(),
      deptId: z.string(),
      warehouseName: z.string(),
      maxCapacityKg: kg,
      todayCount: z.number().int(),
      todayNetKg: kg,
      /** Trucks weighed once on this bridge (waiting for their second pass), oldest first. */
      queue: z.array(
        z.object({ id, orderNo: z.string(), carNumber: z.string(), firstWeightKg: kg, firstTime: z.string() }),
      ),
      last: weighingTick.nullable(),
    }),
  ),
});
export type BoardAnswer = z.infer<typeof boardAnswer>;

const orderTypeParam = z.enum(['0', '1', '2'], { message: '磅单类型应为 0（全部）、1（采购）或 2（销售）' });
export const orderListParams = z.object({
  orderType: orderTypeParam,
  id: z.string().regex(/^[1-9]\d{0,18}$/, { message: '地磅编号格式不正确' }),
});
export const orderListAnswer = z.object({
  today: day,
  weighbridgeName: z.string(),
  totals: tonnage,
  orders: z.array(weighingTick.extend({ weighState: z.string(), firstTime: z.string(), firstWeightKg: kg })),
});
export type OrderListAnswer = z.infer<typeof orderListAnswer>;

export const orderDetailParams = orderListParams.extend({
  orderId: z.string().regex(/^[1-9]\d{0,18}$/, { message: '磅单编号格式不正确' }),
});
export const orderDetailAnswer = z.object({
  id,
  orderNo: z.string(),
  orderType: z.string(),
  weighState: z.string(),
  carNumber: z.string(),
  driverName: z.string(),
  partyName: z.string(),
  materialName: z.string(),
  warehouseName: z.string(),
  weighbridgeName: z.string(),
  passes: z.array(
    z.object({ label: z.string(), weightKg: kg, time: z.string(), manual: z.boolean(), photos: z.array(z.string()) }),
  ),
  grossKg: kg,
  tareKg: kg,
  deductionKg: kg,
  netKg: kg,
  unitPrice: yuan,
  amount: yuan,
  stockOrderNo: z.string(),
});
export type OrderDetailAnswer = z.infer<typeof orderDetailAnswer>;

export const operationQuery = z.object({
  days: num({ message: '天数格式不正确' })
    .int()
    .min(7, { message: '天数不能少于7' })
    .max(90, { message: '天数不能超过90' })
    .default(30),
});
const trade = z.object({
  purchaseKg: kg,
  purchaseAmount: yuan,
  saleKg: kg,
  saleAmount: yuan,
  saleCost: yuan,
  grossProfit: yuan,
  margin: pct,
});
export const operationAnswer = z.object({
  today: day,
  beginDate: day,
  totals: trade.extend({ stockKg: kg, stockAmount: yuan }),
  daily: z.array(trade.extend({ date: day })),
  materials: z.array(trade.extend({ materialId: id, materialName: z.string(), stockKg: kg })),
  warehouses: z.array(
    z.object({
      warehouseId: id,
      name: z.string(),
      capacityKg: kg,
      stockKg: kg,
      stockAmount: yuan,
      materials: z.array(z.object({ materialName: z.string(), stockKg: kg })),
    }),
  ),
  suppliers: z.array(z.object({ partyId: id, partyName: z.string(), kg, amount: yuan })),
  customers: z.array(z.object({ partyId: id, partyName: z.string(), kg, amount: yuan })),
});
export type OperationAnswer = z.infer<typeof operationAnswer>;

export const taxParams = z.object({ id: z.string().regex(/^\d{1,19}$/, { message: '账套编号格式不正确' }) });
/** 财务数据大屏: `book` narrows the figures to one book the caller may see; without it they are the sum of all */
export const financeQuery = z.object({
  book: z
    .string()
    .regex(/^\d{1,19}$/, { message: '账套编号格式不正确' })
    .optional(),
});
export { type FinanceAnswer, financeAnswer, type TaxAnswer, taxAnswer } from './money.ts';

export const quoteAnswer = z.object({
  today: day,
  materials: z.array(
    z.object({
      materialId: id,
      materialName: z.string(),
      quoteType: z.string(),
      priceUnit: z.string(),
      price: yuan,
      yesterday: yuan.nullable(),
      lastWeek: yuan.nullable(),
      changeDay: yuan.nullable(),
      changeWeek: yuan.nullable(),
      series: z.array(z.object({ date: day, price: yuan })),
    }),
  ),
});
export type QuoteAnswer = z.infer<typeof quoteAnswer>;

export const SCREEN_KEYS = [
  'home',
  'data-board',
  'operation-data',
  'finance-data',
  'tax',
  'quote-data',
  'loadometer-order-list',
] as const;
export const visualConfig = z.object({
  screens: z.array(z.enum(SCREEN_KEYS, { message: '大屏名称不正确' })).min(1, { message: '请至少选择一个大屏' }),
  rotateSeconds: num({ message: '轮播间隔格式不正确' })
    .int()
    .min(0, { message: '轮播间隔不能小于0' })
    .max(3600, { message: '轮播间隔不能超过3600秒' }),
  refreshSeconds: num({ message: '刷新间隔格式不正确' })
    .int()
    .min(10, { message: '刷新间隔不能少于10秒' })
    .max(3600, { message: '刷新间隔不能超过3600秒' }),
  warehouseIds: z.array(z.string().regex(/^[1-9]\d{0,18}$/, { message: '仓库编号格式不正确' })).max(100),
  weighbridgeIds: z.array(z.string().regex(/^[1-9]\d{0,18}$/, { message: '地磅编号格式不正确' })).max(100),
  theme: z.enum(['blue', 'green', 'dark'], { message: '主题应为 blue、green 或 dark' }),
});
export type VisualConfig = z.infer<typeof visualConfig>;
export const DEFAULT_VISUAL_CONFIG: VisualConfig = {
  screens: ['home', 'data-board', 'operation-data'],
  rotateSeconds: 0,
  refreshSeconds: 60,
  warehouseIds: [],
  weighbridgeIds: [],
  theme: 'blue',
};
export const configQuery = z.object({
  deptId: z
    .string()
    .regex(/^[1-9]\d{0,18}$/, { message: '部门编号格式不正确' })
    .optional(),
});
export const configAnswer = z.object({
  deptId: z.string(),
  config: visualConfig,
  options: z.object({
    depts: z.array(z.object({ id, name: z.string() })),
    warehouses: z.array(z.object({ id, name: z.string(), regionCode: z.string() }).extend(siteCoords.shape)),
    weighbridges: z.array(z.object({ id, name: z.string() })),
  }),
});
export type ConfigAnswer = z.infer<typeof configAnswer>;

export const VISUAL_ENDPOINTS = {
  home: endpoint({
    method: 'GET',
    path: `${VISUAL}/home`,
    summary: '主数据大屏',
    answer: homeAnswer,
    permission: view('visual_home'),
  }),
  board: endpoint({
    method: 'GET',
    path: `${VISUAL}/data-board`,
    summary: '地磅数据看板',
    answer: boardAnswer,
    permission: view('visual_data_board'),
  }),
  orderList: endpoint({
    method: 'GET',
    path: `${VISUAL}/loadometer/:orderType/:id/orders`,
    summary: '地磅今日磅单',
    params: orderListParams,
    answer: orderListAnswer,
    permission: view('visual_loadometer_order_list'),
  }),
  orderDetail: endpoint({
    method: 'GET',
    path: `${VISUAL}/loadometer/:orderType/:id/orders/:orderId`,
    summary: '磅单详情（照片、过磅记录）',
    params: orderDetailParams,
    answer: orderDetailAnswer,
    permission: view('visual_loadometer_order_list'),
  }),
  operation: endpoint({
    method: 'GET',
    path: `${VISUAL}/operation`,
    summary: '运营数据中心',
    query: operationQuery,
    answer: operationAnswer,
    permission: view('visual_operation_data'),
  }),
  finance: endpoint({
    method: 'GET',
    path: `${VISUAL}/finance`,
    summary: '财务数据大屏（book = 只看一个账套；不传 = 可见的全部账套合计）',
    query: financeQuery,
    answer: financeAnswer,
    permission: view('visual_finance_data'),
  }),
  tax: endpoint({
    method: 'GET',
    path: `${VISUAL}/tax/:id`,
    summary: '税务数据大屏（0 = 全部账套）',
    params: taxParams,
    answer: taxAnswer,
    permission: view('visual_tax'),
  }),
  quotes: endpoint({
    method: 'GET',
    path: `${VISUAL}/quotes`,
    summary: '行情大屏',
    answer: quoteAnswer,
    permission: view('visual_quote_data'),
  }),
  config: endpoint({
    method: 'GET',
    path: `${VISUAL}/config`,
    summary: '大屏配置（部门；权限：任一大屏的查看）',
    query: configQuery,
    answer: configAnswer,
  }),
  saveConfig: endpoint({
    method: 'POST',
    path: `${VISUAL}/config`,
    summary: '保存大屏配置',
    body: visualConfig.extend({ deptId: z.string().regex(/^[1-9]\d{0,18}$/, { message: '部门编号格式不正确' }) }),
    answer: configAnswer,
    permission: view('visual_config'),
  }),
  saveSites: endpoint({
    method: 'POST',
    path: `${VISUAL}/sites`,
    summary: '保存站点（仓库）地图坐标',
    body: sitesBody,
    answer: z.object({ saved: z.number().int() }),
    permission: view('visual_config'),
  }),
};
