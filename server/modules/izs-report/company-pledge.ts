/**
 * GET /api/izs-report/company-pledge — 企业质押 (issue 12, company-pledge.contract.ts): the active 库存质押 financing
 * contracts of supply-chain finance grouped by warehouse × material × fund provider — quantity still pledged, its
 * value at the stock row's moving-average cost, the stock there now, the financing outstanding and the interest
 * accrued and unpaid to `asOf` (core/scf/interest.ts, as the financing contract page computes it). Reads the
 * izs-scf tables directly, scoped by the report menu's data scope on the financing contracts' department.
 */
import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import type { CompanyPledgeRow } from '../../../core/contract/izs-report/company-pledge.contract.ts';
import { REPORT_ENDPOINTS } from '../../../core/contract/izs-report/report.contract.ts';
import { decimalFixed, moneyFixed, weightFixed } from '../../../core/format/amounts.ts';
import { accruedInterest, DAY_COUNT_CONVENTION } from '../../../core/scf/interest.ts';
import { type Db, rows } from '../../db/client.ts';
import { financeContract } from '../../db/schema/index.ts';
import type { endpoints } from '../../platform/endpoint.ts';
import { scopeOf } from '../../platform/scope.ts';
import { businessDay } from '../izs-visual/common.ts';

const CODE = 'statement_analysis_company_pledge';

export function registerCompanyPledge(r: ReturnType<typeof endpoints>, db: Db, tz: string): void {
  r.handle(REPORT_ENDPOINTS.pledge, async ({ query, user }) => {
    const asOf = query.asOf || businessDay(tz).today;
    const scope = await scopeOf(db, user, financeContract, CODE);
    const list = await rows<Record<string, string>>(
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
    const reps = list.length
      ? await rows<{ contract_id: string; repay_date: string; principal: string }>(
          db,
          sql`select contract_id::text as contract_id, repay_date, principal::text as principal
                from izs_finance_repayment where contract_id in (${sql.join(
                  list.map((c) => sql`${c.id}`),
                  sql`, `,
                )})`,
        )
      : [];
    const acc = new Map<string, CompanyPledgeRow & { nos: string[] }>();
    for (const c of list) {
      const k = `${c.warehouse_id}:${c.material_id}:${c.provider_id}`;
      const row = acc.get(k) ?? {
        warehouseId: c.warehouse_id,
        warehouseName: c.warehouse_name,
        materialId: c.material_id,
        materialName: c.material_name,
        providerId: c.provider_id,
        providerName: c.provider_name,
        contractNos: '',
        contracts: 0,
        pledgedKg: '0.000',
        stockKg: weightFixed(c.stock_qty),
        pledgedValue: '0.00',
        outstanding: '0.00',
        accruedInterest: '0.00',
        nos: [],
      };
      const stockQty = new Decimal(c.stock_qty);
      const unit = stockQty.gt(0) ? new Decimal(c.stock_amount).div(stockQty) : new Decimal(0);
      const changes = reps
        .filter((x) => x.contract_id === c.id)
        .map((x) => ({ date: x.repay_date, repaid: x.principal }));
      const total = accruedInterest(c.principal, c.annual_rate, c.start_date, asOf, changes);
      const unpaid = Decimal.max(new Decimal(total).minus(c.paid_interest), 0);
      row.nos.push(c.contract_no);
      row.contracts += 1;
      row.pledgedKg = weightFixed(new Decimal(row.pledgedKg).plus(c.pledged));
      row.pledgedValue = moneyFixed(
        new Decimal(row.pledgedValue).plus(unit.times(c.pledged).toDecimalPlaces(2, Decimal.ROUND_HALF_UP)),
      );
      row.outstanding = moneyFixed(new Decimal(row.outstanding).plus(c.principal).minus(c.repaid));
      row.accruedInterest = moneyFixed(new Decimal(row.accruedInterest).plus(unpaid));
      acc.set(k, row);
    }
    const out: CompanyPledgeRow[] = [...acc.values()].map(({ nos, ...r }) => ({ ...r, contractNos: nos.join('、') }));
    const sum = (f: 'pledgedKg' | 'pledgedValue' | 'outstanding' | 'accruedInterest', p: number) =>
      decimalFixed(
        out.reduce((s, x) => s.plus(x[f]), new Decimal(0)),
        p,
      );
    return {
      asOf,
      dayCount: DAY_COUNT_CONVENTION,
      rows: out,
      totals: {
        pledgedKg: sum('pledgedKg', 3),
        pledgedValue: sum('pledgedValue', 2),
        outstanding: sum('outstanding', 2),
        accruedInterest: sum('accruedInterest', 2),
      },
    };
  });
}
