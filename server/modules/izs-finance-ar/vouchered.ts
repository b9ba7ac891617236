/**
 * A money record (收款单 / 付款单 / 退款单 / 对冲) whose voucher stands in a book is not voided: the books would keep
 * an entry for money that never moved. The accountant deletes or reverses the voucher first, as the stock documents
 * behave (单据已生成凭证，不能作废). Read from the finance tables directly (modules do not import each other); no race
 * with a generation: both lock the record's row.
 */
import { sql } from 'drizzle-orm';
import { type Executor, rows, type Tx } from '../../db/client.ts';
import { badRequest } from '../../platform/r.ts';

/** The live vouchers (not deleted, not reversed) linked to a record: a money record's ('money') or a document's ('doc'). */
async function liveVouchers(ex: Executor, tenantId: string, orderId: string, purpose: 'money' | 'doc') {
  return rows<{ voucherId: string; word: string; no: number; period: string; book: string }>(
    ex,
    sql`select v.id::text as "voucherId", v.word, v.no, v.period, s.name as book
          from izs_fin_doc_voucher l
          join izs_fin_voucher v on v.id = l.voucher_id
          join izs_fin_account_set s on s.id = l.account_set_id
         where l.order_id = ${orderId} and l.tenant_id = ${tenantId} and l.purpose = ${purpose}
           and v.is_deleted = 0 and v.reversed_by_id is null
         order by v.period, v.no`,
  );
}

const listOf = (found: { word: string; no: number; period: string; book: string }[]) =>
  found.map((v) => `${v.book} ${v.period} ${v.word}-${v.no}`).join('、');

export async function refuseWhileVouchered(tx: Tx, tenantId: string, recordId: string): Promise<void> {
  const found = await liveVouchers(tx, tenantId, recordId, 'money');
  if (!found.length) return;
  throw badRequest(`单据已生成凭证（${listOf(found)}），请先删除或冲销凭证再作废`);
}

/** The live vouchers of a money record (the record's side of the link; the voucher's remark names the record). */
export async function vouchersOf(ex: Executor, tenantId: string, recordId: string) {
  const found = await liveVouchers(ex, tenantId, recordId, 'money');
  return found.map((v) => ({ voucherId: v.voucherId, book: v.book, period: v.period, voucherNo: `${v.word}-${v.no}` }));
}

/**
 * An 应收单 / 应付单 booked by its own voucher (a 直发单's, a manual one's: izs_fin_doc_voucher purpose 'doc' on the
 * document's id) is not voided either (issue 21): voiding the source would leave 应收账款 / 应付账款 in the books for
 * a sale or purchase that no longer exists. Refused naming the voucher and its period, like the stock documents.
 */
export async function refuseDocsVouchered(
  tx: Tx,
  tenantId: string,
  docs: { id: string; orderNo: string; side: string }[],
): Promise<void> {
  for (const d of docs) {
    const found = await liveVouchers(tx, tenantId, d.id, 'doc');
    if (!found.length) continue;
    throw badRequest(
      `${d.side === 'ar' ? '应收单' : '应付单'} ${d.orderNo} 已生成凭证（${listOf(found)}），请先删除或冲销凭证再作废`,
    );
  }
}
