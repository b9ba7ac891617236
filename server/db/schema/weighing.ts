/**
 * izs-weighing: weighing records (磅单, weight memos). DESIGN §5 Weighing.
 *
 * Constraints:
 * - two passes per truck; the heavier reading is gross, the lighter tare; weights in kg (numeric, 3 decimals);
 * - deduction = deductWeight + (gross − tare) × impurityRate %, net = gross − tare − deduction ≥ 0,
 *   amount = net in the price unit × unitPrice half-up to the fen — computed by the server (core/stock/weighing.ts);
 * - weighState: first (一次过磅) → completed (已完成) → voided (已作废); never deleted;
 * - a manual reading (no scale) is marked per pass (firstManual / secondManual) and needs its own permission.
 */
import { sql } from 'drizzle-orm';
import { index, integer, numeric, pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { bigintStr, resourceColumns, resourceIndex, tstz } from './common.ts';

const s = (name: string, length = 64) => varchar(name, { length }).notNull().default('');
const kg = (name: string) => numeric(name, { precision: 14, scale: 3, mode: 'string' });
const money = (name: string) => numeric(name, { precision: 16, scale: 2, mode: 'string' });
const live = sql`is_deleted = 0`;

export const weighingOrder = pgTable(
  'izs_weighing_order',
  {
    ...resourceColumns(),
    orderNo: s('order_no', 32),
    /** purchase | sale | transfer | other */
    orderType: s('order_type', 16),
    /** first | completed | voided */
    weighState: s('weigh_state', 16),
    carNumber: s('car_number', 16),
    driverName: s('driver_name', 32),
    partyId: bigintStr('party_id'),
    materialId: bigintStr('material_id'),
    warehouseId: bigintStr('warehouse_id'),
    weighbridgeId: bigintStr('weighbridge_id'),
    /** purchase order / sale order the truck delivers against (izs_trade_order). */
    sourceOrderId: bigintStr('source_order_id'),
    /** Trading contract executed (issue 12); passed to the in/out-stock the weighing makes. */
    contractId: bigintStr('contract_id'),
    priceUnit: s('price_unit', 32),
    firstWeight: kg('first_weight').notNull(),
    firstTime: tstz('first_time').notNull().defaultNow(),
    firstPhotos: text('first_photos').notNull().default(''),
    firstManual: integer('first_manual').notNull().default(0),
    firstOperator: bigintStr('first_operator'),
    secondWeight: kg('second_weight'),
    secondTime: tstz('second_time'),
    secondPhotos: text('second_photos').notNull().default(''),
    secondManual: integer('second_manual').notNull().default(0),
    secondOperator: bigintStr('second_operator'),
    grossWeight: kg('gross_weight'),
    tareWeight: kg('tare_weight'),
    deductWeight: kg('deduct_weight').notNull().default('0'),
    /** 扣杂率 in percent (1.5 = 1.5 %), like the material's default. */
    impurityRate: numeric('impurity_rate', { precision: 5, scale: 2, mode: 'string' }).notNull().default('0'),
    /** Total deduction = deductWeight + (gross − tare) × impurityRate %. */
    deductionWeight: kg('deduction_weight'),
    netWeight: kg('net_weight'),
    unitPrice: numeric('unit_price', { precision: 14, scale: 2, mode: 'string' }).notNull().default('0'),
    amount: money('amount'),
    completeTime: tstz('complete_time'),
    completeUser: bigintStr('complete_user'),
    /** The in-stock (purchase) or out-stock (sale) order made on completion. */
    stockOrderId: bigintStr('stock_order_id'),
    stockOrderNo: s('stock_order_no', 32),
    printCount: integer('print_count').notNull().default(0),
    lastPrintTime: tstz('last_print_time'),
    voidReason: s('void_reason', 255),
    voidTime: tstz('void_time'),
    voidUser: bigintStr('void_user'),
    remark: s('remark', 255),
  },
  (t) => [
    resourceIndex('izs_weighing_order', t),
    uniqueIndex('izs_weighing_order_no_uq').on(t.tenantId, t.orderNo).where(live),
    index('izs_weighing_order_car_idx').on(t.tenantId, t.carNumber),
    index('izs_weighing_order_first_time_idx').on(t.tenantId, t.firstTime),
  ],
);
