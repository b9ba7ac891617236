/**
 * Stock queries (DESIGN §5 Stock): balances per (warehouse, material), their movements, stock as of a date,
 * material cost, send-receive statistics, documents waiting for review.
 *
 * Constraints:
 * - a balance is the izs_stock row; Σ of its movements (qtyIn − qtyOut, amountIn − amountOut) equals it;
 * - movements are dated by the review (or void) that wrote them, so "as of a date" is the sum of the movements
 *   up to the end of that day (no back-dated reposting);
 * - voids are negative entries on the side they reverse: a void of an in-stock is −qtyIn/−amountIn, so period
 *   statistics show the net receipts;
 * - rows follow the data scope of the stock menus (department of the warehouse).
 */
import { z } from 'zod';
import { idSchema, pageQuerySchema } from '../common.ts';
import { endpoint } from '../endpoint.ts';
import { fixedOut, money, pageOf, weight } from '../fields.ts';
import { stockMovementRow } from '../generated/stock.ts';
import { num } from '../input.ts';
import { dateStr, ref } from './fields.ts';

const P = '/api/izs-stock';

export const INVENTORY_PATHS = {
  /** GET page (current, size, warehouseId?, materialId?, materialName?, hideZero?) → R<Page<InventoryRow>>. */
  page: `${P}/inventory/page`,
  /** GET (id) → R<InventoryRow> (库存详情). */
  detail: `${P}/inventory/detail`,
  /** GET page (stockId | warehouseId+materialId, beginDate?, endDate?) → R<Page<StockMovementRow>>. */
  movements: `${P}/inventory/movements`,
  /** GET (date, warehouseId?, materialId?, hideZero?) → R<InventoryHistoryRow[]> (历史库存). */
  history: `${P}/inventory/history`,
  /** GET (warehouseId?) → R<MaterialCostRow[]> (物料成本: per material over the warehouses in scope). */
  materialCost: `${P}/inventory/material-cost`,
  /** GET (beginDate, endDate, warehouseId?, materialId?) → R<SendReceiveRow[]> (收发存统计). */
  sendReceive: `${P}/inventory/send-receive`,
  /** GET page (current, size, kind?) → R<Page<NotCheckRow>> (待审核单据: submitted documents of every kind). */
  notCheck: `${P}/not-check/page`,
} as const;

export const inventoryQuery = z.object({
  warehouseId: ref('仓库'),
  materialId: ref('物料'),
  materialName: z.string().trim().max(64).optional(),
  /** 1: leave out rows with qty 0 and amount 0. */
  hideZero: num().int().min(0).max(1).optional(),
});

export const movementQuery = z.object({
  stockId: ref('库存'),
  warehouseId: ref('仓库'),
  materialId: ref('物料'),
  orderNo: z.string().trim().max(32).optional(),
  beginDate: dateStr('开始日期'),
  endDate: dateStr('结束日期'),
});

export const historyQuery = z.object({
  date: dateStr('日期').refine((v) => v !== '', { message: '请选择日期' }),
  warehouseId: ref('仓库'),
  materialId: ref('物料'),
  hideZero: num().int().min(0).max(1).optional(),
});

export const sendReceiveQuery = z
  .object({
    beginDate: dateStr('开始日期').refine((v) => v !== '', { message: '请选择开始日期' }),
    endDate: dateStr('结束日期').refine((v) => v !== '', { message: '请选择结束日期' }),
    warehouseId: ref('仓库'),
    materialId: ref('物料'),
  })
  .refine((v) => v.beginDate <= v.endDate, { message: '结束日期不能早于开始日期' });

export const notCheckQuery = z.object({
  /** stock document type (in_stock…), purchase_order, sale_order or drop_shipping. */
  kind: z.string().trim().max(24).optional(),
  orderNo: z.string().trim().max(32).optional(),
});

/** Decimal strings as the server formats them: kg with 3 places, yuan with 2, unit cost with 6. */
export const kg3 = weight;
export const yuan2 = money;
export const cost6 = fixedOut(6);
const name = z.string().nullable();

/** A BladeX page (`data` of R) of `item`. */
export { pageOf };

export const inventoryRowSchema = z.object({
  id: z.string(),
  warehouseId: z.string(),
  warehouseName: name,
  materialId: z.string(),
  materialCode: name,
  materialName: name,
  deptId: name,
  deptName: name,
  /** kg, 3 decimals */
  qty: kg3,
  /** yuan, 2 decimals */
  amount: yuan2,
  /** amount ÷ qty, 6 decimals ('0.000000' when qty ≤ 0) */
  unitCost: cost6,
  updateTime: z.string(),
});
export type InventoryRow = z.infer<typeof inventoryRowSchema>;

export const stockMovementRowSchema = stockMovementRow
  .pick({
    id: true,
    stockId: true,
    warehouseId: true,
    materialId: true,
    orderId: true,
    orderNo: true,
    docType: true,
    isVoid: true,
    qtyIn: true,
    qtyOut: true,
    amountIn: true,
    amountOut: true,
    unitCost: true,
    variance: true,
    balanceQty: true,
    balanceAmount: true,
    createTime: true,
  })
  .extend({ warehouseName: name, materialName: name, kind: z.enum(['receipt', 'issue', 'reverse']) });
export type StockMovementRow = z.infer<typeof stockMovementRowSchema>;

export const inventoryHistoryRowSchema = z.object({
  warehouseId: z.string(),
  warehouseName: name,
  materialId: z.string(),
  materialCode: name,
  materialName: name,
  qty: kg3,
  amount: yuan2,
  unitCost: cost6,
});
export type InventoryHistoryRow = z.infer<typeof inventoryHistoryRowSchema>;

export const materialCostRowSchema = z.object({
  materialId: z.string(),
  materialCode: name,
  materialName: name,
  qty: kg3,
  amount: yuan2,
  unitCost: cost6,
  warehouses: z.number().int(),
});
export type MaterialCostRow = z.infer<typeof materialCostRowSchema>;

export const sendReceiveRowSchema = z.object({
  warehouseId: z.string(),
  warehouseName: name,
  materialId: z.string(),
  materialCode: name,
  materialName: name,
  openingQty: kg3,
  openingAmount: yuan2,
  inQty: kg3,
  inAmount: yuan2,
  outQty: kg3,
  outAmount: yuan2,
  closingQty: kg3,
  closingAmount: yuan2,
});
export type SendReceiveRow = z.infer<typeof sendReceiveRowSchema>;

export const notCheckRowSchema = z.object({
  id: z.string(),
  kind: z.string(),
  kindName: z.string(),
  orderNo: z.string(),
  partyName: name,
  totalQty: kg3,
  totalAmount: yuan2,
  deptId: name,
  deptName: name,
  submitTime: z.string(),
  createTime: z.string(),
  /** API base path of the document's resource (its detail / review endpoints hang below it). */
  path: z.string(),
});
export type NotCheckRow = z.infer<typeof notCheckRowSchema>;

/** The menu codes of the stock queries (their view button guards the query, their data scope its rows). */
export const INVENTORY_CODES = {
  list: 'supply_chain_stock_inventory_list',
  history: 'supply_chain_stock_inventory_history',
  cost: 'supply_chain_stock_stock_material_cost',
  sendReceive: 'supply_chain_stock_send_receive_statistics',
  notCheck: 'supply_chain_purchase_not_check',
} as const;

/** Every stock query changes with a reviewed or voided document (tag `StockQuery`). */
const STOCK = ['StockQuery'] as const;

/** 库存查询 (handlers in server/modules/izs-stock/inventory-*.ts and not-check.ts). */
export const INVENTORY = {
  page: endpoint({
    method: 'GET',
    path: INVENTORY_PATHS.page,
    summary: '库存列表（仓库 + 物料的结存）',
    query: inventoryQuery.extend(pageQuerySchema.shape),
    answer: pageOf(inventoryRowSchema),
    permission: { code: INVENTORY_CODES.list, action: 'view' },
    provides: STOCK,
  }),
  detail: endpoint({
    method: 'GET',
    path: INVENTORY_PATHS.detail,
    summary: '库存详情',
    query: z.object({ id: idSchema }),
    answer: inventoryRowSchema,
    permission: { code: INVENTORY_CODES.list, action: 'view' },
    provides: STOCK,
  }),
  movements: endpoint({
    method: 'GET',
    path: INVENTORY_PATHS.movements,
    summary: '库存流水',
    query: movementQuery.extend({ current: pageQuerySchema.shape.current, size: pageQuerySchema.shape.size }),
    answer: pageOf(stockMovementRowSchema),
    permission: { code: INVENTORY_CODES.list, action: 'view' },
    provides: STOCK,
  }),
  history: endpoint({
    method: 'GET',
    path: INVENTORY_PATHS.history,
    summary: '历史库存（某日结束时）',
    query: historyQuery,
    answer: z.array(inventoryHistoryRowSchema),
    permission: { code: INVENTORY_CODES.history, action: 'view' },
    provides: STOCK,
  }),
  materialCost: endpoint({
    method: 'GET',
    path: INVENTORY_PATHS.materialCost,
    summary: '物料成本',
    query: z.object({ warehouseId: inventoryQuery.shape.warehouseId }),
    answer: z.array(materialCostRowSchema),
    permission: { code: INVENTORY_CODES.cost, action: 'view' },
    provides: STOCK,
  }),
  sendReceive: endpoint({
    method: 'GET',
    path: INVENTORY_PATHS.sendReceive,
    summary: '收发存统计',
    query: sendReceiveQuery,
    answer: z.array(sendReceiveRowSchema),
    permission: { code: INVENTORY_CODES.sendReceive, action: 'view' },
    provides: STOCK,
  }),
  notCheck: endpoint({
    method: 'GET',
    path: INVENTORY_PATHS.notCheck,
    summary: '待审核单据',
    query: notCheckQuery.extend({ current: pageQuerySchema.shape.current, size: pageQuerySchema.shape.size }),
    answer: pageOf(notCheckRowSchema),
    permission: { code: INVENTORY_CODES.notCheck, action: 'view' },
    provides: STOCK,
  }),
};
