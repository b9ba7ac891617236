/**
 * What is chained for each kind of order: the business fields (strings only — money and weights as the decimal
 * text the database holds, names as they read at that moment, times in the server's zone) and the two hooks the
 * business modules call inside their transaction (they also queue the open platform's webhook events):
 *
 *   traceTransition(tx, table, row, transition, userId)     izs-stock lifecycle (review / void of any document)
 *   traceWeighing(tx, row, event, userId)                   izs-weighing-order (completed / voided)
 */
import { sql } from 'drizzle-orm';
import type { AnyPgTable } from 'drizzle-orm/pg-core';
import type { Fields } from '../../../core/trace/chain-hash.ts';
import { TRACE_EVENTS, TRACE_ORDER_TYPES } from '../../../core/trace/fields.ts';
import { type Executor, rows } from '../../db/client.ts';
import { dropShipping, stockOrder, tradeOrder } from '../../db/schema/index.ts';
import { enqueueOpenEvent } from '../open-events.ts';
import { formatDateTime } from '../time.ts';
import { type TraceRecord, traceChain } from './chain.ts';
import { traceLinkOf } from './link.ts';

type Row = Record<string, unknown>;

const str = (v: unknown) => (v === null || v === undefined ? '' : v instanceof Date ? v.toISOString() : String(v));
/** The server's zone (server/config.ts reads the same variable). */
const zone = () => process.env.TZ || 'Asia/Shanghai';
const BIZ: Record<string, string> = { purchase: '采购', sale: '销售', transfer: '调拨', other: '其他' };

async function nameOf(ex: Executor, table: 'izs_related_party' | 'izs_material' | 'izs_warehouse', id: unknown) {
  if (!id) return '';
  const [r] = await rows<{ name: string }>(ex, sql`select name from ${sql.identifier(table)} where id = ${String(id)}`);
  return r?.name ?? '';
}

async function userName(ex: Executor, id: string) {
  const [r] = await rows<{ name: string }>(ex, sql`select real_name as name from blade_user where id = ${id}`);
  return r?.name ?? '';
}

/** Header fields every record carries. */
async function common(ex: Executor, orderType: string, orderNo: string, event: string, userId: string, tz: string) {
  return {
    orderNo,
    orderType: TRACE_ORDER_TYPES[orderType] ?? orderType,
    event: TRACE_EVENTS[event] ?? event,
    eventTime: formatDateTime(new Date(), tz),
    operator: await userName(ex, userId),
  };
}

async function stockDocFields(ex: Executor, row: Row): Promise<Fields> {
  const lines = await rows<{
    lineNo: number;
    direction: string;
    qty: string;
    unitPrice: string;
    amount: string;
    m: string;
  }>(
    ex,
    sql`select l.line_no as "lineNo", l.direction, l.qty, l.unit_price as "unitPrice", l.amount, m.name || '(' || m.code || ')' as m
          from izs_stock_order_line l join izs_material m on m.id = l.material_id
         where l.order_id = ${String(row.id)} order by l.line_no`,
  );
  const f: Fields = {
    bizType: BIZ[str(row.bizType)] ?? str(row.bizType),
    orderDate: str(row.orderDate),
    carNumber: str(row.carNumber),
    partyName: await nameOf(ex, 'izs_related_party', row.partyId),
    warehouseName: await nameOf(ex, 'izs_warehouse', row.warehouseId),
    totalQty: str(row.totalQty),
    totalAmount: str(row.totalAmount),
  };
  if (row.totalCost !== null && row.totalCost !== undefined) f.totalCost = str(row.totalCost);
  for (const l of lines) {
    const dir = l.direction === 'out' ? '出' : '入';
    f[`line${l.lineNo}`] = `${l.m} ${dir} ${l.qty} kg × ${l.unitPrice} = ${l.amount}`;
  }
  return f;
}

async function tradeOrderFields(ex: Executor, row: Row): Promise<Fields> {
  const lines = await rows<{ lineNo: number; qty: string; unitPrice: string; amount: string; m: string }>(
    ex,
    sql`select l.line_no as "lineNo", l.qty, l.unit_price as "unitPrice", l.amount, m.name || '(' || m.code || ')' as m
          from izs_trade_order_line l join izs_material m on m.id = l.material_id
         where l.order_id = ${String(row.id)} order by l.line_no`,
  );
  const f: Fields = {
    orderDate: str(row.orderDate),
    partyName: await nameOf(ex, 'izs_related_party', row.partyId),
    totalQty: str(row.totalQty),
    totalAmount: str(row.totalAmount),
  };
  for (const l of lines) f[`line${l.lineNo}`] = `${l.m} ${l.qty} kg × ${l.unitPrice} = ${l.amount}`;
  return f;
}

async function dropFields(ex: Executor, row: Row): Promise<Fields> {
  return {
    orderDate: str(row.orderDate),
    carNumber: str(row.carNumber),
    supplierName: await nameOf(ex, 'izs_related_party', row.supplierId),
    customerName: await nameOf(ex, 'izs_related_party', row.customerId),
    materialName: await nameOf(ex, 'izs_material', row.materialId),
    purchaseQty: str(row.purchaseQty),
    purchaseAmount: str(row.purchaseAmount),
    saleQty: str(row.saleQty),
    saleAmount: str(row.saleAmount),
  };
}

/** orderType of a lifecycle row (the `orderType` of its detail page's 上链信息), or null for tables not chained. */
export function traceTypeOf(table: AnyPgTable, row: Row): string | null {
  if (table === stockOrder) return str(row.docType) || null;
  if (table === tradeOrder) return row.kind === 'purchase' || row.kind === 'sale' ? `${row.kind}_order` : null;
  if (table === dropShipping) return 'drop_shipping';
  return null;
}

/** Chains a reviewed or voided document (izs-stock lifecycle), in the transition's transaction. */
export async function traceTransition(
  tx: Executor,
  table: AnyPgTable,
  row: Row,
  transition: string,
  userId: string,
): Promise<void> {
  const tz = zone();
  const event = transition === 'review' ? 'reviewed' : transition === 'void' ? 'voided' : null;
  const orderType = traceTypeOf(table, row);
  if (!event || !orderType || !row.orderNo) return;
  const orderNo = str(row.orderNo);
  const body =
    table === stockOrder
      ? await stockDocFields(tx, row)
      : table === tradeOrder
        ? await tradeOrderFields(tx, row)
        : await dropFields(tx, row);
  const fields: Fields = { ...(await common(tx, orderType, orderNo, event, userId, tz)), ...body };
  if (event === 'voided') fields.reason = str(row.voidReason);
  const tenantId = str(row.tenantId);
  await traceChain().append(tx, [{ tenantId, orderType, orderNo, event, fields }]);
  if (event === 'reviewed' && (orderType === 'in_stock' || orderType === 'out_stock')) {
    // webhook outbox of the open platform, same transaction
    await enqueueOpenEvent(tx, tenantId, `${orderType}.reviewed`, {
      orderType,
      orderNo,
      fields,
      // issue 21: the stored 不含税金额 / 税额 / 价税合计 beside the chained fields — outside `fields`, so what is
      // hashed into the chain record is unchanged (fields.totalAmount stays the entered amount)
      amounts: { netAmount: str(row.netAmount), taxAmount: str(row.taxAmount), grossAmount: str(row.grossAmount) },
      tracePath: await traceLinkOf(tx, { tenantId, orderType, orderNo }),
    });
  }
}

/** Chains a completed or voided weighing record, in its transaction. */
export async function traceWeighing(
  tx: Executor,
  row: Row,
  event: 'completed' | 'voided',
  userId: string,
): Promise<void> {
  const tz = zone();
  const orderNo = str(row.orderNo);
  const fields: Fields = {
    ...(await common(tx, 'weighing', orderNo, event, userId, tz)),
    bizType: BIZ[str(row.orderType)] ?? str(row.orderType),
    carNumber: str(row.carNumber),
    partyName: await nameOf(tx, 'izs_related_party', row.partyId),
    materialName: await nameOf(tx, 'izs_material', row.materialId),
    warehouseName: await nameOf(tx, 'izs_warehouse', row.warehouseId),
    firstTime: row.firstTime ? formatDateTime(new Date(str(row.firstTime)), tz) : '',
    secondTime: row.secondTime ? formatDateTime(new Date(str(row.secondTime)), tz) : '',
    grossWeight: str(row.grossWeight),
    tareWeight: str(row.tareWeight),
    deductionWeight: str(row.deductionWeight),
    netWeight: str(row.netWeight),
    unitPrice: str(row.unitPrice),
    amount: str(row.amount),
    stockOrderNo: str(row.stockOrderNo),
  };
  if (event === 'voided') fields.reason = str(row.voidReason);
  const tenantId = str(row.tenantId);
  const record: TraceRecord = { tenantId, orderType: 'weighing', orderNo, event, fields };
  await traceChain().append(tx, [record]);
  if (event === 'completed') {
    await enqueueOpenEvent(tx, tenantId, 'weighing.completed', {
      orderType: 'weighing',
      orderNo,
      fields,
      tracePath: await traceLinkOf(tx, { tenantId, orderType: 'weighing', orderNo }),
    });
  }
}
