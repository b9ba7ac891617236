/**
 * The queries of 往来余额 and 对账单 (reports.ts): a party's reviewed movements on one side, the parties with
 * documents or money on a side, a party's open documents, the credit row written, the tenant's name.
 */
import { sql } from 'drizzle-orm';
import type { Side } from '../../../core/contract/izs-finance-ar/fields.ts';
import { type Executor, rows, type Tx } from '../../db/client.ts';
import { arCredit, tenant } from '../../db/schema/index.ts';
import type { AuthUser } from '../../platform/auth.ts';
import { tenantOnly } from '../../platform/scope.ts';

export interface Movement {
  date: string;
  orderNo: string;
  kind: string;
  summary: string;
  /** + increases what is owed (ar: customer owes us; ap: we owe the supplier) */
  amount: string;
}

/** Every reviewed movement of a party on one side (documents, cash, refunds, offsets), date order. */
export async function movementsOf(
  ex: Executor,
  tenantId: string,
  side: Side,
  partyId: string,
  before?: string,
): Promise<Movement[]> {
  const cut = before ? sql` and x.date < ${before}` : sql``;
  const list = await rows<Movement & { id: string }>(
    ex,
    sql`select * from (
          select d.id::text as id, d.doc_date as date, d.order_no as "orderNo", d.source_type as kind, d.summary, d.amount::text as amount
            from izs_ar_doc d where d.tenant_id = ${tenantId} and d.side = ${side} and d.party_id = ${partyId} and d.state = 'reviewed'
          union all
          select c.id::text, c.cash_date, c.order_no, c.kind,
                 case c.kind when 'refund' then '退款' when 'collection' then '收款' else '付款' end || coalesce('（' || nullif(c.remark, '') || '）', ''),
                 case c.kind when 'refund' then c.amount else -c.amount end::text
            from izs_ar_cash c where c.tenant_id = ${tenantId} and c.side = ${side} and c.party_id = ${partyId} and c.state = 'reviewed'
          union all
          select t.id::text, t.transfer_date, t.order_no, 'offset', '应收应付对冲', (-t.amount)::text
            from izs_ar_transfer t where t.tenant_id = ${tenantId} and t.kind = 'offset' and t.party_id = ${partyId} and t.state = 'reviewed'
        ) x where true ${cut}
        order by x.date, x."orderNo"`,
  );
  return list;
}

/** The parties with a live document or money record on the side (`docLive` / `cashLive`: the cut), by name. */
export async function partiesOnSide(
  ex: Executor,
  tenantId: string,
  side: Side,
  docLive: ReturnType<typeof sql>,
  cashLive: ReturnType<typeof sql>,
  partyId: string | undefined,
) {
  return rows<{ id: string; name: string }>(
    ex,
    sql`select p.id::text as id, p.name from izs_related_party p
         where p.tenant_id = ${tenantId} and p.is_deleted = 0
           and (exists (select 1 from izs_ar_doc d where d.party_id = p.id and d.side = ${side} and ${docLive})
             or exists (select 1 from izs_ar_cash c where c.party_id = p.id and c.side = ${side} and ${cashLive}))
           ${partyId ? sql`and p.id = ${partyId}` : sql``}
         order by p.name`,
  );
}

/** A party's reviewed documents not fully settled today: date, due date and what is open. */
export async function openDocsNow(ex: Executor, tenantId: string, side: Side, partyId: string) {
  return rows<{ date: string; due: string; open: string }>(
    ex,
    sql`select doc_date as date, due_date as due, (amount - settled)::text as open from izs_ar_doc
     where tenant_id = ${tenantId} and side = ${side} and party_id = ${partyId} and state = 'reviewed' and amount > settled`,
  );
}

/** A customer's 信用额度 and 账期, inserted or replaced. */
export async function upsertCredit(
  tx: Tx,
  user: AuthUser,
  body: { partyId: string; creditLimit: string; paymentDays: number },
) {
  await tx
    .insert(arCredit)
    .values({
      tenantId: user.tenantId,
      partyId: body.partyId,
      creditLimit: body.creditLimit,
      paymentDays: body.paymentDays,
      updateUser: user.userId,
    })
    .onConflictDoUpdate({
      target: [arCredit.tenantId, arCredit.partyId],
      set: {
        creditLimit: body.creditLimit,
        paymentDays: body.paymentDays,
        updateUser: user.userId,
        updateTime: new Date(),
      },
    });
}

export async function tenantName(ex: Executor, user: AuthUser) {
  const [t] = await ex.select({ name: tenant.tenantName }).from(tenant).where(tenantOnly(user.tenantId, tenant));
  return t;
}
