/**
 * izs-stock: purchase/sale orders, stock documents with their lines, stock balances and movements, drop shipping,
 * price lists and the daily order-number sequences. DESIGN §5 Documents and Stock.
 *
 * Constraints:
 * - quantities are kg (numeric 14,3), money numeric 16,2, unit cost numeric 18,6 — decimal strings end to end;
 * - documents: state draft → submitted → reviewed → voided; soft delete only while draft; a reviewed document is
 *   never deleted or edited, its void writes new (negative) movements;
 * - izs_stock holds one row per (tenant, warehouse, material) — the warehouse's department is the row's dept —
 *   and every change of it is a izs_stock_movement row written in the same transaction with the row locked;
 * - Σ movements (qtyIn − qtyOut, amountIn − amountOut) of a stock row = its balance (voids are negative
 *   entries on the side they reverse, so period statistics net them out).
 */
import { sql } from 'drizzle-orm';
import { index, integer, numeric, pgTable, primaryKey, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { bigintStr, idPk, resourceColumns, resourceIndex, tstz } from './common.ts';

const s = (name: string, length = 64) => varchar(name, { length }).notNull().default('');
const kg = (name: string) => numeric(name, { precision: 14, scale: 3, mode: 'string' });
const money = (name: string) => numeric(name, { precision: 16, scale: 2, mode: 'string' });
const price = (name: string) => numeric(name, { precision: 14, scale: 2, mode: 'string' });
const live = sql`is_deleted = 0`;

/** Daily order-number sequence per (tenant, kind): drawn by an upsert in the document's own transaction. */
export const orderSequence = pgTable(
  'izs_order_sequence',
  {
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    kind: varchar('kind', { length: 24 }).notNull(),
    /** yyyyMMdd in the server's time zone. */
    day: varchar('day', { length: 8 }).notNull(),
    last: integer('last').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.kind, t.day] })],
);

/** Life-cycle columns of a document (spec §3: reviewer, reviewTime, reviewRemark are stripped by the client). */
const lifecycle = () => ({
  /** draft | submitted | reviewed | voided */
  state: s('state', 16),
  submitUser: bigintStr('submit_user'),
  submitTime: tstz('submit_time'),
  reviewer: bigintStr('reviewer'),
  reviewTime: tstz('review_time'),
  reviewRemark: s('review_remark', 255),
  voidUser: bigintStr('void_user'),
  voidTime: tstz('void_time'),
  voidReason: s('void_reason', 255),
});

/** 采购订单 / 销售订单: contract-like orders (no stock effect). kind = purchase | sale. */
export const tradeOrder = pgTable(
  'izs_trade_order',
  {
    ...resourceColumns(),
    orderNo: s('order_no', 32),
    kind: s('kind', 16),
    partyId: bigintStr('party_id').notNull(),
    contractNo: s('contract_no', 64),
    orderDate: s('order_date', 10),
    deliveryDate: s('delivery_date', 10),
    totalQty: kg('total_qty').notNull().default('0'),
    totalAmount: money('total_amount').notNull().default('0'),
    ...lifecycle(),
    remark: s('remark', 255),
  },
  (t) => [
    resourceIndex('izs_trade_order', t),
    uniqueIndex('izs_trade_order_no_uq').on(t.tenantId, t.orderNo).where(live),
  ],
);

export const tradeOrderLine = pgTable(
  'izs_trade_order_line',
  {
    id: idPk(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    orderId: bigintStr('order_id').notNull(),
    lineNo: integer('line_no').notNull(),
    materialId: bigintStr('material_id').notNull(),
    qty: kg('qty').notNull(),
    unitPrice: price('unit_price').notNull().default('0'),
    amount: money('amount').notNull().default('0'),
    remark: s('remark', 255),
  },
  (t) => [index('izs_trade_order_line_order_idx').on(t.orderId)],
);

/**
 * Stock documents, one table for every kind (docType):
 * in_stock (采购入库), out_stock (销售出库), purchase_return (采购退货), sale_return (销售退货),
 * assembly (组装), disassembly (拆解分拣), conversion (转换). Lines say their direction (in / out).
 */
export const stockOrder = pgTable(
  'izs_stock_order',
  {
    ...resourceColumns(),
    orderNo: s('order_no', 32),
    docType: s('doc_type', 24),
    /** purchase | sale | transfer | other (where the goods come from / go to). */
    bizType: s('biz_type', 16),
    partyId: bigintStr('party_id'),
    warehouseId: bigintStr('warehouse_id'),
    orderDate: s('order_date', 10),
    carNumber: s('car_number', 16),
    /** The completed weighing this document was made from. */
    sourceWeighingId: bigintStr('source_weighing_id'),
    /** Purchase / sale order delivered against. */
    sourceOrderId: bigintStr('source_order_id'),
    /** Trading contract executed (issue 12). */
    contractId: bigintStr('contract_id'),
    /** Returns: the in-stock / out-stock returned from. */
    sourceDocId: bigintStr('source_doc_id'),
    /** assembly / disassembly: weight | ratio. */
    allocMethod: s('alloc_method', 8),
    totalQty: kg('total_qty').notNull().default('0'),
    totalAmount: money('total_amount').notNull().default('0'),
    /** Issue 21: Σ of the lines' 不含税金额 / 税额 / 价税合计 (core/stock/tax-basis.ts), stored at save. */
    netAmount: money('net_amount').notNull().default('0'),
    taxAmount: money('tax_amount').notNull().default('0'),
    grossAmount: money('gross_amount').notNull().default('0'),
    /** Cost booked at review (issues at average cost, receipts at their 不含税金额). */
    totalCost: money('total_cost'),
    ...lifecycle(),
    remark: s('remark', 255),
  },
  (t) => [
    resourceIndex('izs_stock_order', t),
    uniqueIndex('izs_stock_order_no_uq').on(t.tenantId, t.orderNo).where(live),
    // the documents of a kind and state over a range of days (dashboard trend, 台账, reports): a year of history costs
    // the days read, not the year
    index('izs_stock_order_type_date_idx').on(t.tenantId, t.docType, t.state, t.orderDate),
    index('izs_stock_order_weighing_idx').on(t.sourceWeighingId),
    // each kind's list (入库单, 出库单, returns …), newest first: ten rows and the kind's count from the index
    index('izs_stock_order_kind_page_idx').on(t.tenantId, t.docType, t.createTime, t.id).where(live),
  ],
);

export const stockOrderLine = pgTable(
  'izs_stock_order_line',
  {
    id: idPk(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    orderId: bigintStr('order_id').notNull(),
    lineNo: integer('line_no').notNull(),
    /** in | out */
    direction: s('direction', 4),
    materialId: bigintStr('material_id').notNull(),
    warehouseId: bigintStr('warehouse_id').notNull(),
    qty: kg('qty').notNull(),
    unitPrice: price('unit_price').notNull().default('0'),
    /** qty × unitPrice, half-up to the fen: 含税 when priceIncludesTax, else 不含税 */
    amount: money('amount').notNull().default('0'),
    /** Issue 21: VAT rate in percent (13, 9, 3, 1, 0) and whether unitPrice is 含税 (1) or 不含税 (0). */
    taxRate: numeric('tax_rate', { precision: 5, scale: 2, mode: 'string' }).notNull().default('0'),
    priceIncludesTax: integer('price_includes_tax').notNull().default(0),
    /** 不含税金额 / 税额 / 价税合计 of the line (core/stock/tax-basis.ts lineTaxFigures), stored at save. */
    netAmount: money('net_amount').notNull().default('0'),
    taxAmount: money('tax_amount').notNull().default('0'),
    grossAmount: money('gross_amount').notNull().default('0'),
    /** Cost amount booked at review (out: at average cost; in: the 不含税金额 or allocated cost). */
    costAmount: money('cost_amount'),
    /** assembly / disassembly by ratio: the entered ratio of this output. */
    ratio: numeric('ratio', { precision: 12, scale: 4, mode: 'string' }),
    /** Returns: the line returned from. */
    sourceLineId: bigintStr('source_line_id'),
    remark: s('remark', 255),
  },
  (t) => [index('izs_stock_order_line_order_idx').on(t.orderId)],
);

/** Stock balance per (tenant, warehouse, material); dept = the warehouse's department (data scope). */
export const stock = pgTable(
  'izs_stock',
  {
    id: idPk(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    deptId: bigintStr('dept_id'),
    warehouseId: bigintStr('warehouse_id').notNull(),
    materialId: bigintStr('material_id').notNull(),
    qty: kg('qty').notNull().default('0'),
    amount: money('amount').notNull().default('0'),
    createTime: tstz('create_time').notNull().defaultNow(),
    updateTime: tstz('update_time').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('izs_stock_uq').on(t.tenantId, t.warehouseId, t.materialId)],
);

/** Every change of a stock row. kind: receipt | issue | reverse; isVoid = 1 for the entries of a void. */
export const stockMovement = pgTable(
  'izs_stock_movement',
  {
    id: idPk(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    deptId: bigintStr('dept_id'),
    stockId: bigintStr('stock_id').notNull(),
    warehouseId: bigintStr('warehouse_id').notNull(),
    materialId: bigintStr('material_id').notNull(),
    orderId: bigintStr('order_id').notNull(),
    orderNo: s('order_no', 32),
    docType: s('doc_type', 24),
    lineId: bigintStr('line_id'),
    kind: s('kind', 8),
    isVoid: integer('is_void').notNull().default(0),
    qtyIn: kg('qty_in').notNull().default('0'),
    qtyOut: kg('qty_out').notNull().default('0'),
    amountIn: money('amount_in').notNull().default('0'),
    amountOut: money('amount_out').notNull().default('0'),
    unitCost: numeric('unit_cost', { precision: 18, scale: 6, mode: 'string' }).notNull().default('0'),
    variance: money('variance').notNull().default('0'),
    balanceQty: kg('balance_qty').notNull(),
    balanceAmount: money('balance_amount').notNull(),
    createUser: bigintStr('create_user'),
    createTime: tstz('create_time').notNull().defaultNow(),
  },
  (t) => [
    index('izs_stock_movement_stock_idx').on(t.stockId, t.createTime),
    index('izs_stock_movement_time_idx').on(t.tenantId, t.createTime),
    index('izs_stock_movement_order_idx').on(t.orderId),
  ],
);

/** 直发单: a purchase and a sale on one truck (supplier → customer), never in stock. */
export const dropShipping = pgTable(
  'izs_drop_shipping',
  {
    ...resourceColumns(),
    orderNo: s('order_no', 32),
    orderDate: s('order_date', 10),
    supplierId: bigintStr('supplier_id').notNull(),
    customerId: bigintStr('customer_id').notNull(),
    materialId: bigintStr('material_id').notNull(),
    carNumber: s('car_number', 16),
    priceUnit: s('price_unit', 32),
    purchaseQty: kg('purchase_qty').notNull(),
    purchasePrice: price('purchase_price').notNull().default('0'),
    purchaseAmount: money('purchase_amount').notNull().default('0'),
    saleQty: kg('sale_qty').notNull(),
    salePrice: price('sale_price').notNull().default('0'),
    saleAmount: money('sale_amount').notNull().default('0'),
    /** saleAmount − purchaseAmount. */
    grossProfit: money('gross_profit').notNull().default('0'),
    sourceWeighingId: bigintStr('source_weighing_id'),
    /** Evidence files (OSS paths, JSON array text). */
    evidenceFiles: text('evidence_files').notNull().default(''),
    ...lifecycle(),
    remark: s('remark', 255),
  },
  (t) => [
    resourceIndex('izs_drop_shipping', t),
    uniqueIndex('izs_drop_shipping_no_uq').on(t.tenantId, t.orderNo).where(live),
  ],
);

/** 直发凭证: documents and photos of a drop shipment (contracts, weigh tickets, receipts, photos). */
export const dropEvidence = pgTable(
  'izs_drop_evidence',
  {
    ...resourceColumns(),
    dropId: bigintStr('drop_id').notNull(),
    evidenceType: s('evidence_type', 16),
    title: s('title', 100),
    files: text('files').notNull().default(''),
    remark: s('remark', 255),
  },
  (t) => [resourceIndex('izs_drop_evidence', t), index('izs_drop_evidence_drop_idx').on(t.dropId)],
);

/** 采购价格表 / 销售价格: a price per material (and optionally per supplier/customer) valid over a date range. */
export const priceList = pgTable(
  'izs_price_list',
  {
    ...resourceColumns(),
    /** purchase | sale */
    priceType: s('price_type', 8),
    materialId: bigintStr('material_id').notNull(),
    /** null = every supplier / customer. */
    partyId: bigintStr('party_id'),
    price: price('price').notNull(),
    priceUnit: s('price_unit', 32),
    validFrom: s('valid_from', 10),
    validTo: s('valid_to', 10),
    remark: s('remark', 255),
  },
  (t) => [
    resourceIndex('izs_price_list', t),
    index('izs_price_list_lookup_idx').on(t.tenantId, t.priceType, t.materialId),
  ],
);
