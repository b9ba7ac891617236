/**
 * 报表分析 (spec §2.7, issue 15): purchase, sale and stock statements, the finance statement from the books, the
 * national-standard (GB) solid-waste statistics, the company pledge (company-pledge.contract.ts, from supply-chain
 * finance) and the logistics report (logistics.ts, from izs-logistical).
 *
 * Constraints:
 * - purchase = reviewed 采购入库 − 采购退货 lines, sale = reviewed 销售出库 − 销售退货 lines, dated (orderDate) in
 *   the period; voided and unreviewed documents never count; sale cost as booked at review;
 * - stock statement: opening / closing from the movements (as 综合报表), one row per group;
 * - every figure is a decimal string; totals are the sum of the rows (the test reconciles them with the documents
 *   and the books).
 */
import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { fixedOut } from '../fields.ts';
import { dateStr, ref } from '../izs-base/fields.ts';
import { day, id, kg, month, pct, REPORT, yuan } from '../izs-visual/fields.ts';
import { arapFigure } from '../izs-visual/money.ts';
import { companyPledgeAnswer, companyPledgeQuery } from './company-pledge.contract.ts';

export const GROUP_BYS = ['material', 'party', 'warehouse', 'dept', 'day', 'month', 'gb'] as const;
export type GroupBy = (typeof GROUP_BYS)[number];
export const GROUP_BY_NAMES: Record<GroupBy, string> = {
  material: '物料',
  party: '往来单位',
  warehouse: '仓库',
  dept: '部门',
  day: '日',
  month: '月',
  gb: '国标类别',
};

const daysBetween = (a: string, b: string) =>
  (Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000;

export const reportQuery = z
  .object({
    beginDate: dateStr('开始日期').refine((v) => v !== '', { message: '请选择开始日期' }),
    endDate: dateStr('结束日期').refine((v) => v !== '', { message: '请选择结束日期' }),
    groupBy: z.enum(GROUP_BYS, { message: '统计维度不正确' }).default('material'),
    deptId: ref('部门'),
    partyId: ref('往来单位'),
    materialId: ref('物料'),
    warehouseId: ref('仓库'),
  })
  .refine((v) => v.beginDate <= v.endDate, { message: '结束日期不能早于开始日期' })
  .refine((v) => daysBetween(v.beginDate, v.endDate) <= 366, { message: '统计区间不能超过一年' });
export type ReportQuery = z.output<typeof reportQuery>;

export const tradeRow = z.object({
  key: z.string(),
  label: z.string(),
  qtyKg: kg,
  /** 价税合计 of the lines (the stored gross_amount, issue 21) */
  amount: yuan,
  /** 不含税金额 of the lines (the stored net_amount); 毛利 = 不含税金额 − 成本 */
  netAmount: yuan,
  cost: yuan,
  grossProfit: yuan,
  margin: pct,
  docs: z.number().int(),
});
export type TradeRow = z.infer<typeof tradeRow>;
export const tradeAnswer = z.object({ rows: z.array(tradeRow), total: tradeRow });
export type TradeAnswer = z.infer<typeof tradeAnswer>;

export const stockRow = z.object({
  key: z.string(),
  label: z.string(),
  openingKg: kg,
  openingAmount: yuan,
  inKg: kg,
  inAmount: yuan,
  outKg: kg,
  outAmount: yuan,
  closingKg: kg,
  closingAmount: yuan,
});
export type StockRow = z.infer<typeof stockRow>;
export const stockAnswer = z.object({ rows: z.array(stockRow), total: stockRow });
export type StockAnswer = z.infer<typeof stockAnswer>;

export const documentsQuery = z
  .object({
    kind: z.enum(['purchase', 'sale', 'stock'], { message: '报表类型不正确' }),
    beginDate: dateStr('开始日期').refine((v) => v !== '', { message: '请选择开始日期' }),
    endDate: dateStr('结束日期').refine((v) => v !== '', { message: '请选择结束日期' }),
    groupBy: z.enum(GROUP_BYS, { message: '统计维度不正确' }).default('material'),
    key: z.string().max(40).default(''),
    deptId: ref('部门'),
    partyId: ref('往来单位'),
    materialId: ref('物料'),
    warehouseId: ref('仓库'),
  })
  .refine((v) => v.beginDate <= v.endDate, { message: '结束日期不能早于开始日期' });
export const documentsAnswer = z.array(
  z.object({
    orderId: id,
    orderNo: z.string(),
    docType: z.string(),
    orderDate: day,
    partyName: z.string(),
    materialName: z.string(),
    warehouseName: z.string(),
    qtyKg: kg,
    amount: yuan,
  }),
);
export type DocumentsAnswer = z.infer<typeof documentsAnswer>;

export const financeQuery = z.object({
  year: z.string().regex(/^\d{4}$/, { message: '年度格式应为yyyy' }),
  accountSetId: ref('账套'),
});
export const financeStatementAnswer = z.object({
  books: z.array(z.object({ accountSetId: id, name: z.string(), deptName: z.string() })),
  months: z.array(
    z.object({
      period: month,
      revenue: yuan,
      cost: yuan,
      expenses: yuan,
      profit: yuan,
      cash: yuan,
      bank: yuan,
      outputVat: yuan,
      inputVat: yuan,
    }),
  ),
  /** open receivables / payables as of the server's today, with aging (izs-finance-ar) */
  receivables: arapFigure,
  payables: arapFigure,
});
export type FinanceStatementAnswer = z.infer<typeof financeStatementAnswer>;

export const gbQuery = z.object({
  year: z.string().regex(/^\d{4}$/, { message: '年度格式应为yyyy' }),
  deptId: ref('部门'),
});
export const gbAnswer = z.object({
  categories: z.array(z.object({ key: z.string(), name: z.string(), standard: z.string() })),
  /** One row per category and month with any volume. */
  cells: z.array(z.object({ category: z.string(), month, inKg: kg, outKg: kg, inAmount: yuan, outAmount: yuan })),
  materials: z.array(
    z.object({
      materialId: id,
      code: z.string(),
      name: z.string(),
      categoryPath: z.string(),
      category: z.string(),
      inKg: kg,
      outKg: kg,
      stockKg: kg,
    }),
  ),
});
export type GbAnswer = z.infer<typeof gbAnswer>;

/**
 * 物流报表 (issue 13, from izs-logistical): transport orders delivered (送达 time) in the period, grouped by car,
 * driver or carrier — trips, delivered tonnage, freight, on time (delivered by the planned time) and the alarms
 * raised in the period (per car: every alarm of the car; per driver / carrier: the alarms raised during their
 * orders, from 发车 to 送达).
 */
export const LOGISTICS_GROUP_BYS = ['car', 'driver', 'carrier'] as const;
export type LogisticsGroupBy = (typeof LOGISTICS_GROUP_BYS)[number];
export const LOGISTICS_GROUP_NAMES: Record<LogisticsGroupBy, string> = {
  car: '车辆',
  driver: '司机',
  carrier: '承运商',
};
export const logisticsQuery = z
  .object({
    beginDate: dateStr('开始日期').refine((v) => v !== '', { message: '请选择开始日期' }),
    endDate: dateStr('结束日期').refine((v) => v !== '', { message: '请选择结束日期' }),
    groupBy: z.enum(LOGISTICS_GROUP_BYS, { message: '统计维度不正确' }).default('car'),
  })
  .refine((v) => v.beginDate <= v.endDate, { message: '结束日期不能早于开始日期' })
  .refine((v) => daysBetween(v.beginDate, v.endDate) <= 366, { message: '统计区间不能超过一年' });
export type LogisticsQuery = z.output<typeof logisticsQuery>;
const tonnes = fixedOut(3);
export const logisticsRow = z.object({
  key: z.string(),
  label: z.string(),
  trips: z.number().int(),
  tonnageT: tonnes,
  freight: yuan,
  onTime: z.number().int(),
  judged: z.number().int(),
  onTimeRate: pct,
  alarms: z.number().int(),
});
export type LogisticsRow = z.infer<typeof logisticsRow>;
export const logisticsAnswer = z.object({ rows: z.array(logisticsRow), total: logisticsRow });
export type LogisticsAnswer = z.infer<typeof logisticsAnswer>;

const view = (path: string) => ({ code: `statement_analysis_${path.replace(/-/g, '_')}`, action: 'view' as const });

export const todayAnswer = z.object({ today: day, monthStart: day, year: z.string() });
export type TodayAnswer = z.infer<typeof todayAnswer>;

export const REPORT_ENDPOINTS = {
  today: endpoint({
    method: 'GET',
    path: `${REPORT}/today`,
    summary: '服务器的今天（TZ），报表的默认期间',
    answer: todayAnswer,
  }),
  purchase: endpoint({
    method: 'GET',
    path: `${REPORT}/purchase`,
    summary: '采购报表',
    query: reportQuery,
    answer: tradeAnswer,
    permission: view('purchase-statement'),
    provides: ['Report'],
  }),
  sale: endpoint({
    method: 'GET',
    path: `${REPORT}/sale`,
    summary: '销售报表',
    query: reportQuery,
    answer: tradeAnswer,
    permission: view('sale-statement'),
    provides: ['Report'],
  }),
  stock: endpoint({
    method: 'GET',
    path: `${REPORT}/stock`,
    summary: '库存报表（收发存）',
    query: reportQuery,
    answer: stockAnswer,
    permission: view('stock-statement'),
    provides: ['Report'],
  }),
  documents: endpoint({
    method: 'GET',
    path: `${REPORT}/documents`,
    summary: '报表穿透：单据明细（权限：所穿透报表的查看）',
    query: documentsQuery,
    answer: documentsAnswer,
    provides: ['Report'],
  }),
  finance: endpoint({
    method: 'GET',
    path: `${REPORT}/finance`,
    summary: '财务报表（按月）',
    query: financeQuery,
    answer: financeStatementAnswer,
    permission: view('finance-statement'),
    provides: ['Report'],
  }),
  gb: endpoint({
    method: 'GET',
    path: `${REPORT}/gb`,
    summary: '固废总览 / 物料固废统计（国标类别×月；权限：任一报表的查看）',
    query: gbQuery,
    answer: gbAnswer,
    provides: ['Report'],
  }),
  logistics: endpoint({
    method: 'GET',
    path: `${REPORT}/logistics`,
    summary: '物流报表（按车辆、司机、承运商：趟数、运量、运费、准时率、报警）',
    query: logisticsQuery,
    answer: logisticsAnswer,
    permission: view('logistics-statement'),
    provides: ['Report'],
  }),
  pledge: endpoint({
    method: 'GET',
    path: `${REPORT}/company-pledge`,
    summary: '企业质押（仓库 × 物料 × 资金方：质押数量与价值、融资余额、应计利息；供应链金融）',
    query: companyPledgeQuery,
    answer: companyPledgeAnswer,
    permission: view('company-pledge'),
    provides: ['Report'],
  }),
};
