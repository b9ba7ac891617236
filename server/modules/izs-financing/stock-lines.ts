/**
 * The stock facts the stock-side finance pages share (business-reports.ts): the period's reviewed out-stock and
 * sales-return lines with their cost and whether a live cost-carry voucher covers their document, and the
 * inventory accounts of a chart.
 */
import { sql } from 'drizzle-orm';
import { type Decimal, lastDay, type Period } from '../../../core/accounting/index.ts';
import { moneyFixed, weightFixed } from '../../../core/format/amounts.ts';
import { type Executor, rows } from '../../db/client.ts';
import { docVoucher, material, stockOrder, stockOrderLine, voucher } from '../../db/schema/index.ts';
import type { Book } from './book.ts';
import { inBookCompany } from './book-scope.ts';

export const m2 = (v: Decimal) => moneyFixed(v);
export const q3 = (v: Decimal) => weightFixed(v);

export interface OutLine {
  orderId: string;
  docType: 'out_stock' | 'sale_return';
  orderNo: string;
  orderDate: string;
  materialId: string;
  materialCode: string;
  materialName: string;
  qty: string;
  /** 不含税金额 (the stored net, issue 21) */
  amount: string;
  cost: string;
  carried: boolean;
}

/** What 销售成本 nets: sales out, and sales returns coming back (their lines count negative). */
export const SALE_DOCS = ['out_stock', 'sale_return'] as const;

/**
 * Reviewed out-stock lines of the book's company (its department subtree) dated in the period, and the returned lines of the period's reviewed 销售退货 with qty,
 * amount and cost negated (the stock ledger took the goods back in at `cost_amount`, so the cost of sales falls by
 * it), each with whether a live cost-carry voucher covers its document.
 */
export async function outLines(ex: Executor, c: { book: Book; tenantId: string }, period: Period): Promise<OutLine[]> {
  const sign = sql`(case when o.doc_type = 'sale_return' then -1 else 1 end)`;
  return rows<OutLine>(
    ex,
    sql`select o.id::text as "orderId", o.doc_type as "docType", o.order_no as "orderNo", o.order_date as "orderDate",
          l.material_id::text as "materialId", coalesce(m.code, '') as "materialCode", coalesce(m.name, '') as "materialName",
          (${sign} * l.qty)::text as qty, (${sign} * l.net_amount)::text as amount,
          (${sign} * coalesce(l.cost_amount, 0))::text as cost,
          exists (select 1 from ${docVoucher} k join ${voucher} v on v.id = k.voucher_id
            where k.account_set_id = ${c.book.id} and k.order_id = o.id and k.purpose = 'cost'
              and v.is_deleted = 0 and v.reversed_by_id is null) as carried
        from ${stockOrder} o join ${stockOrderLine} l on l.order_id = o.id
        left join ${material} m on m.id = l.material_id
        where o.tenant_id = ${c.tenantId} and o.is_deleted = 0 and o.state = 'reviewed'
          and ${inBookCompany(c.book, sql`o.dept_id`)}
          and ((o.doc_type = 'out_stock' and l.direction = 'out') or (o.doc_type = 'sale_return' and l.direction = 'in'))
          and o.order_date >= ${`${period}-01`} and o.order_date <= ${lastDay(period)}
        order by o.order_date, o.order_no, l.line_no`,
  );
}

/** Inventory accounts of the chart (level 1, by name): the 存货 line's accounts. */
export const INVENTORY_NAMES = [
  '材料采购',
  '在途物资',
  '原材料',
  '材料成本差异',
  '库存商品',
  '发出商品',
  '商品进销差价',
  '委托加工物资',
  '周转材料',
  '存货跌价准备',
];
