/**
 * The queries of a trading contract's full view (trading-detail.ts `loadFull`): the contract row with the names of
 * its steps' users, its lines, material names, invoiced and paid / collected over its reviewed documents, the linked
 * documents and the signatures.
 */
import { sql } from 'drizzle-orm';
import { type Executor, rows } from '../../db/client.ts';

export async function contractRow(ex: Executor, tenantId: string, id: string) {
  const [c] = await rows<Record<string, string | number | Date | null>>(
    ex,
    sql`select c.*, p.name as party_name,
               (select real_name from blade_user u where u.id = c.create_user) as create_name,
               (select real_name from blade_user u where u.id = c.submit_user) as submit_name,
               (select real_name from blade_user u where u.id = c.approve_user) as approve_name,
               (select real_name from blade_user u where u.id = c.complete_user) as complete_name,
               (select real_name from blade_user u where u.id = c.terminate_user) as terminate_name
          from izs_trading_contract c left join izs_related_party p on p.id = c.party_id
         where c.id = ${id} and c.tenant_id = ${tenantId} and c.is_deleted = 0`,
  );
  return c;
}

export async function contractLines(ex: Executor, id: string) {
  return rows<Record<string, string | number | null>>(
    ex,
    sql`select l.*, m.name as material_name from izs_trading_contract_line l
          left join izs_material m on m.id = l.material_id
         where l.contract_id = ${id} order by l.line_no`,
  );
}

/** Names of materials executed but not on the contract's lines. */
export async function materialNames(ex: Executor, ids: string[]) {
  return rows<{ id: string; name: string }>(
    ex,
    sql`select id::text as id, name from izs_material where id in (${sql.join(
      ids.map((x) => sql`${x}`),
      sql`, `,
    )})`,
  );
}

/** Invoiced and paid / collected over the contract's reviewed documents of `docType`. */
export async function contractMoney(ex: Executor, tenantId: string, id: string, docType: string) {
  const [money] = await rows<{ invoiced: string; paid: string }>(
    ex,
    sql`select coalesce(sum((select coalesce(sum(k.amount), 0) from izs_ar_invoice_link k join izs_ar_invoice i on i.id = k.invoice_id
                              where k.order_id = d.id and i.is_deleted = 0)), 0)::text as invoiced,
               coalesce(sum((select coalesce(sum(a.settled), 0) from izs_ar_doc a
                              where a.tenant_id = d.tenant_id and a.source_id = d.id and a.source_type = d.doc_type
                                and a.state = 'reviewed')), 0)::text as paid
          from izs_stock_order d
         where d.tenant_id = ${tenantId} and d.contract_id = ${id} and d.is_deleted = 0
           and d.state = 'reviewed' and d.doc_type = ${docType}`,
  );
  return money;
}

export async function contractDocuments(ex: Executor, tenantId: string, id: string) {
  return rows<Record<string, string | null>>(
    ex,
    sql`select d.id::text as id, d.order_no, d.doc_type, d.order_date, d.state, d.total_qty::text as total_qty,
               d.gross_amount::text as total_amount,
               (select g.order_no from izs_weighing_order g where g.id = d.source_weighing_id) as weighing_no
          from izs_stock_order d
         where d.tenant_id = ${tenantId} and d.contract_id = ${id} and d.is_deleted = 0
         order by d.create_time desc`,
  );
}

export async function contractSignatures(ex: Executor, tenantId: string, id: string) {
  return rows<Record<string, string | Date>>(
    ex,
    sql`select id::text as id, provider, signer_name, signed_at, doc_hash from izs_contract_signature
         where contract_id = ${id} and tenant_id = ${tenantId} order by signed_at`,
  );
}
