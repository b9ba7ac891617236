/**
 * The invoice rows (izs_ar_invoice, izs_ar_invoice_link) and the 票货款 figures of the stock documents: the match
 * list, a duplicate number, an invoice and its links written, a linked document locked with what is invoiced on it,
 * one invoice with its documents' numbers. Used by the invoice routes (invoices.ts).
 */
import { and, eq, sql } from 'drizzle-orm';
import { type Executor, rows, type Tx } from '../../db/client.ts';
import { arInvoice, arInvoiceLink, stockOrder } from '../../db/schema/index.ts';
import type { AuthUser } from '../../platform/auth.ts';
import { effectiveDept, tenantIs, tenantOnly } from '../../platform/scope.ts';

/** The numbers of the documents an invoice is linked to (、-joined). */
export const orderNosOf = sql<string>`coalesce((select string_agg(o.order_no, '、' order by o.order_no) from izs_ar_invoice_link l
  join izs_stock_order o on o.id = l.order_id where l.invoice_id = izs_ar_invoice.id), '')`;

/** The tenant's reviewed documents of `docType` with goods, invoiced and paid, newest first (at most 500). */
export async function matchRows(ex: Executor, tenantId: string, docType: string) {
  return rows<{
    order_id: string;
    order_no: string;
    order_date: string;
    party_name: string | null;
    goods: string;
    invoiced: string;
    paid: string;
  }>(
    ex,
    sql`select o.id::text as order_id, o.order_no, o.order_date, p.name as party_name, o.gross_amount::text as goods,
               coalesce((select sum(l.amount) from izs_ar_invoice_link l join izs_ar_invoice i on i.id = l.invoice_id
                          where l.order_id = o.id and i.is_deleted = 0), 0)::text as invoiced,
               coalesce((select sum(d.settled) from izs_ar_doc d where d.source_id = o.id and d.state = 'reviewed'), 0)::text as paid
          from izs_stock_order o left join izs_related_party p on p.id = o.party_id
         where o.tenant_id = ${tenantId} and o.is_deleted = 0 and o.doc_type = ${docType} and o.state = 'reviewed'
         order by o.order_date desc, o.order_no desc
         limit 500`,
  );
}

/** A live invoice of the tenant with the same direction, code and number (undefined when none). */
export async function duplicateInvoice(
  tx: Tx,
  tenantId: string,
  v: { direction: string; invoiceCode: string; invoiceNo: string },
) {
  const [dup] = await tx
    .select({ id: arInvoice.id })
    .from(arInvoice)
    .where(
      and(
        tenantOnly(tenantId, arInvoice),
        eq(arInvoice.direction, v.direction),
        eq(arInvoice.invoiceCode, v.invoiceCode),
        eq(arInvoice.invoiceNo, v.invoiceNo),
        eq(arInvoice.isDeleted, 0),
      ),
    );
  return dup;
}

export async function insertInvoice(
  tx: Tx,
  user: AuthUser,
  fields: Omit<typeof arInvoice.$inferInsert, 'tenantId' | 'deptId' | 'createUser' | 'createDept'>,
) {
  const [row] = await tx
    .insert(arInvoice)
    .values({
      ...fields,
      tenantId: user.tenantId,
      deptId: effectiveDept(user),
      createUser: user.userId,
      createDept: effectiveDept(user),
    })
    .returning();
  return row;
}

/** A document an invoice links to, locked FOR UPDATE (undefined when it is not the tenant's). */
export async function lockLinkedOrder(tx: Tx, tenantId: string, orderId: string) {
  const [o] = await tx
    .select({
      id: stockOrder.id,
      orderNo: stockOrder.orderNo,
      total: stockOrder.grossAmount,
      docType: stockOrder.docType,
      state: stockOrder.state,
    })
    .from(stockOrder)
    .where(and(eq(stockOrder.id, orderId), tenantIs(tenantId, stockOrder)))
    .for('update');
  return o;
}

/** What live invoices already cover of a document. */
export async function invoicedOn(tx: Tx, orderId: string) {
  const [done] = await rows<{ s: string }>(
    tx,
    sql`select coalesce(sum(l.amount), 0)::text as s from izs_ar_invoice_link l join izs_ar_invoice i on i.id = l.invoice_id
         where l.order_id = ${orderId} and i.is_deleted = 0`,
  );
  return done;
}

export async function insertLink(tx: Tx, tenantId: string, invoiceId: string, orderId: string, amount: string) {
  await tx.insert(arInvoiceLink).values({ tenantId, invoiceId, orderId, amount });
}

/** One invoice with its documents' numbers. */
export async function invoiceWithOrders(ex: Executor, id: string) {
  const [x] = await ex.select({ r: arInvoice, orderNos: orderNosOf }).from(arInvoice).where(eq(arInvoice.id, id));
  return x;
}
