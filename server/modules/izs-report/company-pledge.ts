/**
 * GET /api/izs-report/company-pledge — 企业质押 (issue 12, company-pledge.contract.ts): the active 库存质押 financing
 * contracts of supply-chain finance grouped by warehouse × material × fund provider — quantity still pledged, its
 * value at the stock row's moving-average cost, the stock there now, the financing outstanding and the interest
 * accrued and unpaid to `asOf` (core/scf/interest.ts, as the financing contract page computes it). Reads the
 * izs-scf tables directly, scoped by the report menu's data scope on the financing contracts' department.
 */
import Decimal from 'decimal.js';
import type { CompanyPledgeRow } from '../../../core/contract/izs-report/company-pledge.contract.ts';
import { REPORT_ENDPOINTS } from '../../../core/contract/izs-report/report.contract.ts';
import { decimalFixed, moneyFixed, weightFixed } from '../../../core/format/amounts.ts';
import { accruedInterest, DAY_COUNT_CONVENTION } from '../../../core/scf/interest.ts';
import type { Db } from '../../db/client.ts';
import { financeContract } from '../../db/schema/index.ts';
import type { endpoints, Handler } from '../../platform/endpoint.ts';
import { scopeOf } from '../../platform/scope.ts';
import { businessDay } from '../izs-visual/common.ts';
import { activePledges, repaymentsOf } from './company-pledge-repository.ts';

const CODE = 'statement_analysis_company_pledge';

export function registerCompanyPledge(r: ReturnType<typeof endpoints>, db: Db, tz: string): void {
  r.handle(REPORT_ENDPOINTS.pledge, companyPledge(db, tz));
}

function companyPledge(db: Db, tz: string): Handler<typeof REPORT_ENDPOINTS.pledge> {
  return async ({ query, user }) => {
    const asOf = query.asOf || businessDay(tz).today;
    const scope = await scopeOf(db, user, financeContract, CODE);
    const list = await activePledges(db, scope);
    const reps = list.length ? await repaymentsOf(db, list) : [];
    const out = pledgeRows(list, reps, asOf);
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
  };
}

/** Per warehouse × material × provider: pledged kg and value at the average cost, outstanding, interest unpaid. */
function pledgeRows(
  list: Record<string, string>[],
  reps: { contract_id: string; repay_date: string; principal: string }[],
  asOf: string,
): CompanyPledgeRow[] {
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
  return [...acc.values()].map(({ nos, ...r }) => ({ ...r, contractNos: nos.join('、') }));
}
