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
  hideZero: z.coerce.number().int().min(0).max(1).optional(),
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
  hideZero: z.coerce.number().int().min(0).max(1).optional(),
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

export interface InventoryRow {
  id: string;
  warehouseId: string;
  warehouseName: string | null;
  materialId: string;
  materialCode: string | null;
  materialName: string | null;
  deptId: string | null;
  deptName: string | null;
  /** kg, 3 decimals */
  qty: string;
  /** yuan, 2 decimals */
  amount: string;
  /** amount ÷ qty, 6 decimals ('0.000000' when qty ≤ 0) */
  unitCost: string;
  updateTime: string;
}

export interface StockMovementRow {
  id: string;
  stockId: string;
  warehouseId: string;
  warehouseName: string | null;
  materialId: string;
  materialName: string | null;
  orderId: string;
  orderNo: string;
  docType: string;
  kind: 'receipt' | 'issue' | 'reverse';
  isVoid: number;
  qtyIn: string;
  qtyOut: string;
  amountIn: string;
  amountOut: string;
  unitCost: string;
  variance: string;
  balanceQty: string;
  balanceAmount: string;
  createTime: string;
}

export interface InventoryHistoryRow {
  warehouseId: string;
  warehouseName: string | null;
  materialId: string;
  materialCode: string | null;
  materialName: string | null;
  qty: string;
  amount: string;
  unitCost: string;
}

export interface MaterialCostRow {
  materialId: string;
  materialCode: string | null;
  materialName: string | null;
  qty: string;
  amount: string;
  unitCost: string;
  warehouses: number;
}

export interface SendReceiveRow {
  warehouseId: string;
  warehouseName: string | null;
  materialId: string;
  materialCode: string | null;
  materialName: string | null;
  openingQty: string;
  openingAmount: string;
  inQty: string;
  inAmount: string;
  outQty: string;
  outAmount: string;
  closingQty: string;
  closingAmount: string;
}

export interface NotCheckRow {
  id: string;
  kind: string;
  kindName: string;
  orderNo: string;
  partyName: string | null;
  totalQty: string;
  totalAmount: string;
  deptId: string | null;
  deptName: string | null;
  submitTime: string;
  createTime: string;
  /** API base path of the document's resource (its detail / review endpoints hang below it). */
  path: string;
}
