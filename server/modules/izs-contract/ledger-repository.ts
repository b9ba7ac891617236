/**
 * The queries of 采购台账 / 销售台账 (ledger.ts): the reviewed document lines of a side and period with what is
 * invoiced and settled on each document, the contracts of the period and their lines, names by id.
 */
import { type SQL, sql } from 'drizzle-orm';
import { type Db, rows } from '../../db/client.ts';

export type LedgerQuery = { side: 'purchase' | 'sale'; beginDate: string; endDate: string; partyId?: string };

/**
 * `x`: the reviewed documents of `docType` or its return `ret` in the period, one row per document × material (kg,
 * amount, price, how many materials its document has, `sign` −1 for a return), with what its document has invoiced
 * (izs_ar_invoice_link of live invoices) and what is settled on the 应收单 / 应付单 it wrote (reviewed) — the one
 * definition both ledger queries read, each document's invoices and 核销 joined once.
 */
function docMaterials(docScope: SQL, q: LedgerQuery, docType: string, ret: string, party: SQL) {
  return sql`with d as (
          select d.id, d.tenant_id, d.order_no, d.doc_type, d.order_date, d.party_id, d.contract_id,
                 d.source_weighing_id
            from (select * from izs_stock_order where ${docScope}) d
           where d.state = 'reviewed' and d.party_id is not null
             and d.doc_type in (${docType}, ${ret})
             and d.order_date >= ${q.beginDate} and d.order_date <= ${q.endDate} ${party}
        ), m as (
          select d.id, d.tenant_id, d.order_no, d.doc_type, d.order_date, d.party_id, d.contract_id,
                 d.source_weighing_id, l.material_id,
                 sum(l.qty) as kg, sum(l.gross_amount) as amount, max(l.unit_price) as price,
                 count(*) over (partition by d.id) as materials
            from d join izs_stock_order_line l on l.order_id = d.id
           group by d.id, d.tenant_id, d.order_no, d.doc_type, d.order_date, d.party_id, d.contract_id,
                    d.source_weighing_id, l.material_id
        ), inv as (
          select k.order_id, sum(k.amount) as total
            from izs_ar_invoice_link k join izs_ar_invoice i on i.id = k.invoice_id
           where i.is_deleted = 0 and k.order_id in (select id from d)
           group by k.order_id
        ), paid as (
          select a.tenant_id, a.source_id, a.source_type, sum(a.settled) as total
            from izs_ar_doc a
           where a.state = 'reviewed' and (a.tenant_id, a.source_id) in (select tenant_id, id from d)
           group by a.tenant_id, a.source_id, a.source_type
        ), x as (
          select m.*, coalesce(inv.total, 0) as invoiced, coalesce(paid.total, 0) as paid,
                 case when m.doc_type = ${ret} then -1 else 1 end as sign
            from m left join inv on inv.order_id = m.id
                   left join paid on paid.tenant_id = m.tenant_id and paid.source_id = m.id
                                 and paid.source_type = m.doc_type
        )`;
}

/**
 * Reviewed documents of `docType` or its return `ret` in the period, one row per document × material, with the
 * invoices linked to the document and what is settled on its 应收单 / 应付单.
 */
export async function reviewedDocLines(
  db: Db,
  docScope: SQL,
  q: LedgerQuery,
  docType: string,
  ret: string,
  party: SQL,
) {
  return rows<Record<string, string | null>>(
    db,
    sql`${docMaterials(docScope, q, docType, ret, party)}
        select x.id::text as doc_id, x.order_no, x.doc_type, x.order_date, x.party_id::text as party_id,
               x.material_id::text as material_id, x.kg::text as kg, x.amount::text as amount,
               x.price::text as price,
               (select c.contract_no from izs_trading_contract c where c.id = x.contract_id) as contract_no,
               (select g.order_no from izs_weighing_order g where g.id = x.source_weighing_id) as weighing_no,
               x.invoiced::text as invoiced, x.paid::text as paid
          from x
         order by x.order_date, x.order_no, x.material_id`,
  );
}

/**
 * The summary's delivered side in one query, its cost in the database rather than in rows: the documents of one
 * material summed per party × material (`kind` 'sum'; a share spread over one line is the whole document's —
 * spreadOverLines(t, [x]) = [t] for the 2-place amounts of invoice links and 核销, core/trade/ledger.test.ts), and
 * the documents of several materials one row per document × material (`kind` 'doc', the columns of
 * reviewedDocLines) for ledger.ts to spread. Returns negative in kg and amount, as docLines signs them.
 */
export async function deliveredSums(db: Db, docScope: SQL, q: LedgerQuery, docType: string, ret: string, party: SQL) {
  return rows<Record<string, string | null> & { kind: 'sum' | 'doc'; docs: number }>(
    db,
    sql`${docMaterials(docScope, q, docType, ret, party)}
        select 'sum' as kind, null::text as doc_id, null::text as order_no, null::text as doc_type,
               null::text as order_date, party_id::text as party_id, material_id::text as material_id,
               sum(sign * kg)::text as kg, sum(sign * amount)::text as amount, null::text as price,
               sum(invoiced)::text as invoiced, sum(paid)::text as paid, count(*)::int as docs
          from x where materials = 1
         group by party_id, material_id
        union all
        select 'doc', id::text, order_no, doc_type, order_date::text, party_id::text, material_id::text, kg::text,
               amount::text, price::text, invoiced::text, paid::text, 1
          from x where materials > 1`,
  );
}

/** Contracts of the side, not draft/pending, signed by the period's end and delivering within it. */
export async function ledgerContracts(db: Db, conScope: SQL, q: LedgerQuery, party: SQL) {
  return rows<{ id: string; party_id: string; state: string }>(
    db,
    sql`select c.id::text as id, c.party_id::text as party_id, c.state from (select * from izs_trading_contract where ${conScope}) c
         where c.side = ${q.side} and c.state in ('executing', 'completed', 'terminated')
           and c.sign_date <= ${q.endDate} and c.delivery_end >= ${q.beginDate} ${party}`,
  );
}

export async function linesOfContracts(db: Db, contracts: { id: string }[]) {
  return rows<{ contract_id: string; material_id: string; qty: string; amount: string }>(
    db,
    sql`select contract_id::text as contract_id, material_id::text as material_id, qty::text as qty, amount::text as amount
          from izs_trading_contract_line
         where contract_id in (${sql.join(
           contracts.map((c) => sql`${c.id}`),
           sql`, `,
         )})`,
  );
}

/** id → name of the rows of `table` (empty without ids). */
export async function namesOf(db: Db, table: string, ids: string[]) {
  return ids.length
    ? new Map(
        (
          await rows<{ id: string; name: string }>(
            db,
            sql`select id::text as id, name from ${sql.raw(table)} where id in (${sql.join(
              ids.map((x) => sql`${x}`),
              sql`, `,
            )})`,
          )
        ).map((r) => [r.id, r.name]),
      )
    : new Map<string, string>();
}
