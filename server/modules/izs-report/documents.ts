/**
 * GET /api/izs-report/documents — drill-down of a statement row: the reviewed document lines (purchase, sale) or
 * the stock movements (stock) behind it, newest first (at most 500).
 */
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import { REPORT_ENDPOINTS } from '../../../core/contract/izs-report/report.contract.ts';
import type { Db } from '../../db/client.ts';
import { stockMovement, stockOrder, stockOrderLine } from '../../db/schema/index.ts';
import type { AuthUser } from '../../platform/auth.ts';
import type { endpoints, Handler } from '../../platform/endpoint.ts';
import { scopeOf } from '../../platform/scope.ts';
import {
  D,
  dayStart,
  kg3,
  materialNames,
  partyNames,
  requireAnyView,
  warehouseNames,
  yuan2,
} from '../izs-visual/common.ts';
import { stockMovesWhere, tradeLinesWhere } from './documents-repository.ts';
import { stockFilters, stockKey, TRADE_TYPES, tradeFilters, tradeKey } from './keys.ts';
import { keyCondition } from './trade.ts';

export function registerDocuments(r: ReturnType<typeof endpoints>, db: Db, tz: string): void {
  r.handle(REPORT_ENDPOINTS.documents, documents(db, tz));
}

type Query = Parameters<Handler<typeof REPORT_ENDPOINTS.documents>>[0]['query'];

function documents(db: Db, tz: string): Handler<typeof REPORT_ENDPOINTS.documents> {
  return async ({ query: q, user }) => {
    await requireAnyView(db, user, [`statement_analysis_${q.kind}_statement`]);
    if (q.kind === 'stock') return stockDocuments(db, tz, q, user);
    return tradeDocuments(db, q, q.kind, user);
  };
}

/** The stock movements behind a 库存报表 row. */
async function stockDocuments(db: Db, tz: string, q: Query, user: AuthUser) {
  const end = sql`((${q.endDate}::date + 1)::timestamp at time zone ${tz})`;
  const moves = await stockMovesWhere(
    db,
    tz,
    and(
      await scopeOf(db, user, stockMovement, 'statement_analysis_stock_statement'),
      sql`${stockMovement.createTime} >= ${dayStart(q.beginDate, tz)}`,
      lt(stockMovement.createTime, end as never),
      ...stockFilters(q),
      await keyCondition(db, user.tenantId, q, stockKey(q.groupBy), stockMovement.materialId),
    ),
  );
  const [m, w] = await Promise.all([
    materialNames(
      db,
      user.tenantId,
      moves.map((x) => x.materialId),
    ),
    warehouseNames(
      db,
      user.tenantId,
      moves.map((x) => x.warehouseId),
    ),
  ]);
  return moves.map((x) => ({
    orderId: x.orderId,
    orderNo: x.orderNo,
    docType: x.docType,
    orderDate: x.day,
    partyName: '',
    materialName: m.get(x.materialId) ?? '',
    warehouseName: w.get(x.warehouseId) ?? '',
    qtyKg: kg3(D(x.qtyIn).minus(x.qtyOut)),
    amount: yuan2(D(x.amountIn).minus(x.amountOut)),
  }));
}

/** The reviewed document lines behind a 采购 / 销售报表 row (returns negative). */
async function tradeDocuments(db: Db, q: Query, kind: 'purchase' | 'sale', user: AuthUser) {
  const code = kind === 'purchase' ? 'statement_analysis_purchase_statement' : 'statement_analysis_sale_statement';
  const lines = await tradeLinesWhere(
    db,
    and(
      await scopeOf(db, user, stockOrder, code),
      eq(stockOrder.state, 'reviewed'),
      inArray(stockOrder.docType, [...TRADE_TYPES[kind]]),
      sql`${stockOrder.orderDate} between ${q.beginDate} and ${q.endDate}`,
      ...tradeFilters(q),
      await keyCondition(db, user.tenantId, q, tradeKey(q.groupBy), stockOrderLine.materialId),
    ),
  );
  const [m, p, w] = await Promise.all([
    materialNames(
      db,
      user.tenantId,
      lines.map((x) => x.materialId),
    ),
    partyNames(
      db,
      user.tenantId,
      lines.map((x) => x.partyId),
    ),
    warehouseNames(
      db,
      user.tenantId,
      lines.map((x) => x.warehouseId),
    ),
  ]);
  return lines.map((x) => {
    const sign = x.docType.endsWith('_return') ? -1 : 1;
    return {
      orderId: x.orderId,
      orderNo: x.orderNo,
      docType: x.docType,
      orderDate: x.orderDate,
      partyName: (x.partyId && p.get(x.partyId)) || '',
      materialName: m.get(x.materialId) ?? '',
      warehouseName: w.get(x.warehouseId) ?? '',
      qtyKg: kg3(D(x.qty).times(sign)),
      amount: yuan2(D(x.amount).times(sign)),
    };
  });
}
