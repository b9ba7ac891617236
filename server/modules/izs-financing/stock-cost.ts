/**
 * 存货成本: GET stock-cost/list (STOCK_REPORTS.stockCost): opening / in / out / closing per material from izs-stock's
 * movements of documents dated up to the period end — the stock of the book's own company (its department subtree),
 * never the whole tenant's — against the book's inventory accounts.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type Decimal, dec, findByName, lastDay, ZERO } from '../../../core/accounting/index.ts';
import type { StockCostAnswer, StockCostRow } from '../../../core/contract/izs-financing/business.contract.ts';
import { STOCK_REPORTS } from '../../../core/contract/izs-financing/stock-reports.contract.ts';
import { type Db, rows } from '../../db/client.ts';
import { material, stockMovement, stockOrder } from '../../db/schema/index.ts';
import { endpoints } from '../../platform/endpoint.ts';
import { bookOf, loadBookChart } from './book.ts';
import { inBookCompany } from './book-scope.ts';
import { checkRange, loadLedger } from './ledger-data.ts';
import { INVENTORY_NAMES, m2, q3 } from './stock-lines.ts';

export function registerStockCost(app: FastifyInstance, db: Db): void {
  const ep = endpoints(app, db);

  ep.handle(STOCK_REPORTS.stockCost, async ({ req, query: q }) => {
    const { book, user } = bookOf(req);
    checkRange(book, q.period, q.period);
    const from = `${q.period}-01`;
    const to = lastDay(q.period);
    const sums = await rows<{
      id: string;
      code: string;
      name: string;
      oq: string;
      oa: string;
      iq: string;
      ia: string;
      xq: string;
      xa: string;
    }>(
      db,
      sql`select mv.material_id::text as id, coalesce(m.code, '') as code, coalesce(m.name, '') as name,
            coalesce(sum(case when o.order_date < ${from} then mv.qty_in - mv.qty_out end), 0)::text as oq,
            coalesce(sum(case when o.order_date < ${from} then mv.amount_in - mv.amount_out end), 0)::text as oa,
            coalesce(sum(case when o.order_date >= ${from} then mv.qty_in end), 0)::text as iq,
            coalesce(sum(case when o.order_date >= ${from} then mv.amount_in end), 0)::text as ia,
            coalesce(sum(case when o.order_date >= ${from} then mv.qty_out end), 0)::text as xq,
            coalesce(sum(case when o.order_date >= ${from} then mv.amount_out end), 0)::text as xa
          from ${stockMovement} mv join ${stockOrder} o on o.id = mv.order_id
          left join ${material} m on m.id = mv.material_id
          where mv.tenant_id = ${user.tenantId} and o.order_date <= ${to}
            and ${inBookCompany(book, sql`coalesce(mv.dept_id, o.dept_id)`)}
          group by mv.material_id, m.code, m.name
          order by m.code`,
    );
    const rowsOut: StockCostRow[] = sums
      .map((s) => {
        const cq = dec(s.oq).plus(dec(s.iq)).minus(dec(s.xq));
        const ca = dec(s.oa).plus(dec(s.ia)).minus(dec(s.xa));
        return {
          materialId: s.id,
          materialCode: s.code,
          materialName: s.name,
          openingQty: q3(dec(s.oq)),
          openingAmount: m2(dec(s.oa)),
          inQty: q3(dec(s.iq)),
          inAmount: m2(dec(s.ia)),
          outQty: q3(dec(s.xq)),
          outAmount: m2(dec(s.xa)),
          closingQty: q3(cq),
          closingAmount: m2(ca),
        };
      })
      .filter((r) => [r.openingQty, r.openingAmount, r.inQty, r.outQty, r.closingAmount].some((v) => !dec(v).isZero()));
    const tot = (k: keyof StockCostRow, f: (v: Decimal) => string) =>
      f(rowsOut.reduce((s, r) => s.plus(dec(r[k])), ZERO));
    const bc = await loadBookChart(db, book);
    const ledger = await loadLedger(db, book, bc, { to: q.period });
    const accounts = INVENTORY_NAMES.map((n) => findByName(bc.chart, n))
      .filter((a): a is NonNullable<typeof a> => !!a)
      .map((a) => ({ code: a.code, name: a.name, balance: m2(ledger.value(a.code, 'closing', q.period)) }))
      .filter((a) => !dec(a.balance).isZero() || a.name === '库存商品');
    const accountTotal = accounts.reduce((s, a) => s.plus(dec(a.balance)), ZERO);
    const closing = rowsOut.reduce((s, r) => s.plus(dec(r.closingAmount)), ZERO);
    const out: StockCostAnswer = {
      period: q.period,
      rows: rowsOut,
      totals: {
        openingQty: tot('openingQty', q3),
        openingAmount: tot('openingAmount', m2),
        inQty: tot('inQty', q3),
        inAmount: tot('inAmount', m2),
        outQty: tot('outQty', q3),
        outAmount: tot('outAmount', m2),
        closingQty: tot('closingQty', q3),
        closingAmount: tot('closingAmount', m2),
      },
      accounts,
      accountTotal: m2(accountTotal),
      difference: m2(closing.minus(accountTotal)),
    };
    return out;
  });
}
