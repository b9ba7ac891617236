/**
 * Stock-side finance pages of the current book: 销售成本 (out-stock cost per material), 结转销售成本 (preview and the
 * voucher 借 主营业务成本 贷 库存商品), 存货成本 (opening / in / out / closing per material against the inventory
 * accounts) and 流动资产报表. Stock figures are read from izs-stock's tables through the Drizzle schema.
 *
 * Decisions:
 * - stock documents are tenant-wide (a yard's documents live in the company's department while the books live in
 *   the 财务部); every book links each document at most once per purpose (izs_fin_doc_voucher);
 * - a period holds the documents dated in it (order_date), movements included: a void belongs to its document's
 *   date, so a voided document leaves its period as if it never happened (as the sales cost does);
 * - sales cost = Σ cost_amount of reviewed 销售出库 lines (moving average at review); 销售退货 are not netted here;
 * - the carry voucher covers the period's out-stocks not carried by a live voucher yet, so a later out-stock of the
 *   same period gets its own second voucher, and deleting / reversing a carry voucher frees its documents.
 */

import type { FastifyInstance } from 'fastify';
import { type Decimal, dec, ZERO } from '../../../core/accounting/index.ts';
import type { SellCostAnswer } from '../../../core/contract/izs-financing/business.contract.ts';
import { STOCK_REPORTS } from '../../../core/contract/izs-financing/stock-reports.contract.ts';
import type { CrudContext } from '../../platform/crud/index.ts';
import { endpoints } from '../../platform/endpoint.ts';
import { bookOf } from './book.ts';
import { registerCostCarry } from './cost-carry.ts';
import { registerCurrentAssets } from './current-assets.ts';
import { registerStockCost } from './stock-cost.ts';
import { m2, outLines, q3 } from './stock-lines.ts';

/** 销售成本 here; 结转销售成本 in cost-carry.ts, 存货成本 in stock-cost.ts, 流动资产 in current-assets.ts. */
export function registerBusinessReports(app: FastifyInstance, ctx: CrudContext): void {
  const { db } = ctx;
  const ep = endpoints(app, db);

  ep.handle(STOCK_REPORTS.sellCost, async ({ req, query: q }) => {
    const { book, user } = bookOf(req);
    const lines = await outLines(db, { book, tenantId: user.tenantId }, q.period);
    const by = new Map<
      string,
      { code: string; name: string; qty: Decimal; sales: Decimal; cost: Decimal; docs: Set<string> }
    >();
    for (const l of lines) {
      const x = by.get(l.materialId) ?? {
        code: l.materialCode,
        name: l.materialName,
        qty: ZERO,
        sales: ZERO,
        cost: ZERO,
        docs: new Set<string>(),
      };
      x.qty = x.qty.plus(dec(l.qty));
      x.sales = x.sales.plus(dec(l.amount));
      x.cost = x.cost.plus(dec(l.cost));
      x.docs.add(l.orderId);
      by.set(l.materialId, x);
    }
    const list = [...by.entries()].sort(([, a], [, b]) => (a.code < b.code ? -1 : 1));
    const sum = (f: (x: { qty: Decimal; sales: Decimal; cost: Decimal }) => Decimal) =>
      list.reduce((s, [, x]) => s.plus(f(x)), ZERO);
    const out: SellCostAnswer = {
      period: q.period,
      rows: list.map(([id, x]) => ({
        materialId: id,
        materialCode: x.code,
        materialName: x.name,
        qty: q3(x.qty),
        salesAmount: m2(x.sales),
        costAmount: m2(x.cost),
        grossProfit: m2(x.sales.minus(x.cost)),
        documents: x.docs.size,
      })),
      totals: {
        qty: q3(sum((x) => x.qty)),
        salesAmount: m2(sum((x) => x.sales)),
        costAmount: m2(sum((x) => x.cost)),
        grossProfit: m2(sum((x) => x.sales.minus(x.cost))),
        documents: new Set(lines.map((l) => l.orderId)).size,
      },
    };
    return out;
  });

  registerCostCarry(app, ctx);
  registerStockCost(app, db);
  registerCurrentAssets(app, db);
}
