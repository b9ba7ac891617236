/**
 * The queries of the 企业质押 report (company-pledge.ts): the active 库存质押 contracts in the report's scope with the
 * stock row they pledge, and their repayments.
 */
import { type SQL, sql } from 'drizzle-orm';
import { type Db, rows } from '../../db/client.ts';

/** The active 库存质押 contracts in scope with their warehouse, material, provider and the stock row there. */
export async function activePledges(db: Db, scope: SQL | undefined) {
  return rows<Record<string, string>>(
    db,
    sql`select c.id::text as id, c.contract_no, c.warehouse_id::text as warehouse_id, c.material_id::text as material_id,
               c.provider_id::text as provider_id, c.principal::text as principal, c.repaid_principal::text as repaid,
               c.paid_interest::text as paid_interest, c.annual_rate::text as annual_rate, c.start_date,
               (c.pledged_qty - c.released_qty)::text as pledged,
               coalesce(w.name, '') as warehouse_name, coalesce(m.name, '') as material_name,
               coalesce(p.name, '') as provider_name,
               coalesce(s.qty, 0)::text as stock_qty, coalesce(s.amount, 0)::text as stock_amount
          from (select * from izs_finance_contract where ${scope}) c
          left join izs_warehouse w on w.id = c.warehouse_id
          left join izs_material m on m.id = c.material_id
          left join izs_fund_provider p on p.id = c.provider_id
          left join izs_stock s on s.tenant_id = c.tenant_id and s.warehouse_id = c.warehouse_id and s.material_id = c.material_id
         where c.kind = 'pledge' and c.state = 'active' and c.warehouse_id is not null and c.material_id is not null
         order by w.name, m.name, p.name, c.contract_no`,
  );
}

export async function repaymentsOf(db: Db, list: Record<string, string>[]) {
  return rows<{ contract_id: string; repay_date: string; principal: string }>(
    db,
    sql`select contract_id::text as contract_id, repay_date, principal::text as principal
          from izs_finance_repayment where contract_id in (${sql.join(
            list.map((c) => sql`${c.id}`),
            sql`, `,
          )})`,
  );
}
