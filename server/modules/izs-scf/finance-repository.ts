/**
 * The 资金方 and 融资合同 rows (izs_fund_provider, izs_finance_contract, izs_finance_repayment): usage, lock, the
 * detail with its accrual, the rows a new contract names, the free stock of a pledge, a contract and its
 * repayments written. Used by the finance routes (finance.ts).
 */
import Decimal from 'decimal.js';
import { and, eq, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { FinanceDetail } from '../../../core/contract/izs-contract/scf.contract.ts';
import { moneyFixed, weightFixed } from '../../../core/format/amounts.ts';
import { accruedInterest, addDays, DAY_COUNT_CONVENTION, dailyAccrual } from '../../../core/scf/interest.ts';
import { type Executor, rows, type Tx } from '../../db/client.ts';
import {
  financeContract,
  financeRepayment,
  fundProvider,
  material,
  stock,
  tradingContract,
  warehouse,
} from '../../db/schema/index.ts';
import type { AuthUser } from '../../platform/auth.ts';
import { qualified, type Row } from '../../platform/crud/index.ts';
import { badRequest } from '../../platform/r.ts';
import { type ScopedColumns, tenantIs, tenantOnly } from '../../platform/scope.ts';

/** What a 资金方 has lent and not been repaid (active contracts), for its engine rows. */
export const USED = sql`coalesce((select sum(c.principal - c.repaid_principal) from izs_finance_contract c
  where c.provider_id = ${qualified(fundProvider.id)} and c.state = 'active' and c.is_deleted = 0), 0)`;

/** What a 资金方 has lent and not been repaid (active contracts). */
export async function usedOf(ex: Executor, tenantId: string, providerId: string): Promise<Decimal> {
  const [r] = await rows<{ used: string }>(
    ex,
    sql`select coalesce(sum(principal - repaid_principal), 0)::text as used from izs_finance_contract
         where tenant_id = ${tenantId} and provider_id = ${providerId} and state = 'active' and is_deleted = 0`,
  );
  return new Decimal(r?.used ?? 0);
}

/** A 融资合同 locked FOR UPDATE; refused when it is not the tenant's. */
export async function lockFinance(tx: Tx, tenantId: string, id: string): Promise<Row> {
  const [row] = (await tx
    .select()
    .from(financeContract)
    .where(and(eq(financeContract.id, id), tenantIs(tenantId, financeContract)))
    .for('update')) as Row[];
  if (!row) throw badRequest('融资合同不存在');
  return row;
}

/** A 融资合同 with its repayments and the interest accrued to `asOf` (the last 31 days of the accrual). */
export async function financeDetail(ex: Executor, tenantId: string, id: string, asOf: string): Promise<FinanceDetail> {
  const [c] = await rows<Record<string, string | number | null>>(
    ex,
    sql`select c.*, p.name as provider_name, w.name as warehouse_name, m.name as material_name
          from izs_finance_contract c
          left join izs_fund_provider p on p.id = c.provider_id
          left join izs_warehouse w on w.id = c.warehouse_id
          left join izs_material m on m.id = c.material_id
         where c.id = ${id} and c.tenant_id = ${tenantId} and c.is_deleted = 0`,
  );
  if (!c) throw badRequest('融资合同不存在');
  const reps = await rows<Record<string, string>>(
    ex,
    sql`select id::text as id, repay_date, principal::text as principal, interest::text as interest,
               released_qty::text as released_qty
          from izs_finance_repayment where contract_id = ${id} order by repay_date, id`,
  );
  const changes = reps.map((r) => ({ date: r.repay_date, repaid: r.principal }));
  const start = String(c.start_date);
  const total = accruedInterest(String(c.principal), String(c.annual_rate), start, asOf, changes);
  const unpaid = Decimal.max(new Decimal(total).minus(String(c.paid_interest)), 0);
  const schedule = dailyAccrual(
    String(c.principal),
    String(c.annual_rate),
    start,
    asOf > start ? asOf : start,
    changes,
  );
  const pledged = new Decimal(String(c.pledged_qty));
  const released = new Decimal(String(c.released_qty));
  return {
    id: String(c.id),
    contractNo: String(c.contract_no),
    providerName: String(c.provider_name ?? ''),
    kind: String(c.kind),
    principal: moneyFixed(String(c.principal)),
    annualRate: String(Number(c.annual_rate)),
    dayCount: DAY_COUNT_CONVENTION,
    startDate: start,
    termDays: Number(c.term_days),
    maturityDate: addDays(start, Number(c.term_days)),
    warehouseName: String(c.warehouse_name ?? ''),
    materialName: String(c.material_name ?? ''),
    pledgedQty: weightFixed(pledged),
    releasedQty: weightFixed(released),
    lockedQty: weightFixed(String(c.state) === 'active' ? pledged.minus(released) : new Decimal(0)),
    outstanding: moneyFixed(new Decimal(String(c.principal)).minus(String(c.repaid_principal))),
    repaidPrincipal: moneyFixed(String(c.repaid_principal)),
    paidInterest: moneyFixed(String(c.paid_interest)),
    accruedInterest: moneyFixed(unpaid),
    asOf,
    state: String(c.state),
    repayments: reps.map((r) => ({
      id: r.id,
      repayDate: r.repay_date,
      principal: moneyFixed(r.principal),
      interest: moneyFixed(r.interest),
      releasedQty: weightFixed(r.released_qty),
    })),
    accrual: schedule.slice(-31),
  };
}

/** Every 资金方 of the tenant with what its active contracts have drawn and not repaid. */
export async function providerUsage(ex: Executor, tenantId: string) {
  return rows<{ id: string; name: string; credit_line: string; used: string; n: number }>(
    ex,
    sql`select p.id::text as id, p.name, p.credit_line::text as credit_line,
               coalesce(sum(c.principal - c.repaid_principal) filter (where c.state = 'active'), 0)::text as used,
               count(c.id) filter (where c.state = 'active')::int as n
          from izs_fund_provider p
          left join izs_finance_contract c on c.provider_id = p.id and c.is_deleted = 0
         where p.tenant_id = ${tenantId} and p.is_deleted = 0
         group by p.id order by p.create_time`,
  );
}

/** The 资金方 of a new contract, locked FOR UPDATE (undefined when it is not the tenant's). */
export async function lockProvider(tx: Tx, tenantId: string, providerId: string) {
  const [p] = await tx
    .select()
    .from(fundProvider)
    .where(and(eq(fundProvider.id, providerId), tenantIs(tenantId, fundProvider)))
    .for('update');
  return p;
}

/**
 * Every row the body names is the tenant's own before any business check (an id of another tenant is an unknown
 * id — not 库存 0 kg, 不足).
 */
export async function refuseForeignRows(
  tx: Tx,
  t: string,
  body: { tradingContractId?: string | null; warehouseId?: string | null; materialId?: string | null },
) {
  const owned: [ScopedColumns & { id: AnyPgColumn }, string | null | undefined, string][] = [
    [tradingContract, body.tradingContractId, '贸易合同'],
    [warehouse, body.warehouseId, '仓库'],
    [material, body.materialId, '物料'],
  ];
  for (const [table, id, label] of owned) {
    if (!id) continue;
    const [hit] = await tx
      .select({ id: table.id })
      .from(table as typeof warehouse)
      .where(and(eq(table.id, id), tenantIs(t, table)))
      .limit(1);
    if (!hit) throw badRequest(`${label}不存在`);
  }
}

/** The stock of a (warehouse, material), its row locked FOR UPDATE, and what active pledges already hold of it. */
export async function pledgeableStock(tx: Tx, t: string, warehouseId: string, materialId: string) {
  const [st] = await tx
    .select({ qty: stock.qty })
    .from(stock)
    .where(and(tenantOnly(t, stock), eq(stock.warehouseId, warehouseId), eq(stock.materialId, materialId)))
    .for('update');
  const [already] = await rows<{ q: string }>(
    tx,
    sql`select coalesce(sum(pledged_qty - released_qty), 0)::text as q from izs_finance_contract
         where tenant_id = ${t} and is_deleted = 0 and state = 'active' and kind = 'pledge'
           and warehouse_id = ${warehouseId} and material_id = ${materialId}`,
  );
  return { st, already };
}

export async function insertFinance(tx: Tx, values: Row) {
  const [row] = await tx
    .insert(financeContract)
    .values(values as never)
    .returning({ id: financeContract.id, contractNo: financeContract.contractNo });
  return row;
}

/** The repayments of a contract so far (date and principal). */
export async function repaymentsOf(tx: Tx, contractId: string) {
  return tx
    .select({ date: financeRepayment.repayDate, repaid: financeRepayment.principal })
    .from(financeRepayment)
    .where(eq(financeRepayment.contractId, contractId));
}

/** One repayment and the contract's totals after it. */
export async function writeRepayment(
  tx: Tx,
  user: AuthUser,
  v: {
    id: string;
    repayDate: string;
    principal: string;
    interest: string;
    releasedNow: string;
    repaidPrincipal: string;
    paidInterest: string;
    released: string;
    state: string;
  },
) {
  await tx.insert(financeRepayment).values({
    tenantId: user.tenantId,
    contractId: v.id,
    repayDate: v.repayDate,
    principal: v.principal,
    interest: v.interest,
    releasedQty: v.releasedNow,
    createUser: user.userId,
  });
  await tx
    .update(financeContract)
    .set({
      repaidPrincipal: v.repaidPrincipal,
      paidInterest: v.paidInterest,
      releasedQty: v.released,
      state: v.state,
      updateUser: user.userId,
      updateTime: new Date(),
    })
    .where(eq(financeContract.id, v.id));
}
