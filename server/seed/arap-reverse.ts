/**
 * Demo 反向开票 (issue 11): the reviewed in-stocks of the individual seller 个体回收户-王师傅 (GYS002, no taxpayer id)
 * get reverse invoices — the first one already issued — with the tax worked out by core/finance-ar reverse.ts.
 */
import Decimal from 'decimal.js';
import { and, asc, eq } from 'drizzle-orm';
import { reverseTax } from '../../core/finance-ar/index.ts';
import { moneyFixed } from '../../core/format/amounts.ts';
import type { Tx } from '../db/client.ts';
import { arReverseInvoice, relatedParty, stockOrder } from '../db/schema/index.ts';

export async function seedArapReverseDemo(tx: Tx, c: { tenantId: string; adminId: string; deptId: string | null }) {
  const [seller] = await tx
    .select({ id: relatedParty.id, name: relatedParty.name, contact: relatedParty.contact, phone: relatedParty.phone })
    .from(relatedParty)
    .where(and(eq(relatedParty.tenantId, c.tenantId), eq(relatedParty.code, 'GYS002')));
  if (!seller) return;
  const docs = await tx
    .select()
    .from(stockOrder)
    .where(
      and(
        eq(stockOrder.tenantId, c.tenantId),
        eq(stockOrder.partyId, seller.id),
        eq(stockOrder.docType, 'in_stock'),
        eq(stockOrder.state, 'reviewed'),
      ),
    )
    .orderBy(asc(stockOrder.orderDate), asc(stockOrder.id))
    .limit(3);
  const monthNet = new Map<string, Decimal>();
  for (const [i, d] of docs.entries()) {
    // what the seller is paid: the document's 价税合计 (a natural person's purchase carries no VAT, issue 21)
    if (new Decimal(d.grossAmount).lte(0)) continue;
    const month = d.orderDate.slice(0, 7);
    const tax = reverseTax(d.grossAmount, monthNet.get(month) ?? 0);
    monthNet.set(month, (monthNet.get(month) ?? new Decimal(0)).plus(tax.net));
    await tx.insert(arReverseInvoice).values({
      tenantId: c.tenantId,
      deptId: c.deptId,
      createUser: c.adminId,
      createDept: c.deptId,
      orderId: d.id,
      orderNo: d.orderNo,
      partyId: seller.id,
      sellerName: seller.contact || seller.name,
      idNumber: '330206197903152011',
      phone: seller.phone,
      bankCard: '6228480399112233445',
      month,
      amount: moneyFixed(d.grossAmount),
      netAmount: tax.net,
      taxRate: tax.rate,
      taxAmount: tax.tax,
      iitAmount: tax.iit,
      state: i === 0 ? 'issued' : 'pending',
      invoiceNo: i === 0 ? `2633200000${String(d.id).slice(-10).padStart(10, '0')}` : '',
      issueDate: i === 0 ? d.orderDate : '',
      evidence: { weighingNo: '', paymentNos: [], photos: [] },
      remark: '演示数据',
    });
  }
}
