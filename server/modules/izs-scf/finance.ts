/**
 * 资金方 and 融资合同 (SCF_API in core/contract/izs-contract/scf.contract.ts). Interest: core/scf/interest.ts
 * (ACT/360, day by day on the outstanding principal). A stock pledge is created with the stock row locked and
 * refused when the warehouse holds less than what is already pledged plus the new quantity; the stock review
 * (izs-stock/pledge-lock.ts) keeps the pledged quantity in the warehouse until repayments release it.
 */
import Decimal from 'decimal.js';
import { and, eq, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import { type FinanceDetail, SCF_API } from '../../../core/contract/izs-contract/scf.contract.ts';
import {
  financeContractResource,
  fundProviderResource,
} from '../../../core/contract/izs-contract/scf-resources.contract.ts';
import { moneyFixed, weightFixed } from '../../../core/format/amounts.ts';
import {
  accruedInterest,
  addDays,
  DAY_COUNT_CONVENTION,
  dailyAccrual,
  releasedQty,
} from '../../../core/scf/interest.ts';
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
import { type CrudContext, type Row, registerResource } from '../../platform/crud/index.ts';
import { endpoints } from '../../platform/endpoint.ts';
import { writeOperationLog } from '../../platform/logs.ts';
import { drawOrderNo } from '../../platform/numbering.ts';
import { badRequest } from '../../platform/r.ts';
import { effectiveDept, type ScopedColumns, tenantIs, tenantOnly } from '../../platform/scope.ts';
import { formatDate } from '../../platform/time.ts';
import { refuseClosedPeriod } from '../izs-financing/business-period.ts';

const USED = sql`coalesce((select sum(c.principal - c.repaid_principal) from izs_finance_contract c
  where c.provider_id = ${fundProvider.id} and c.state = 'active' and c.is_deleted = 0), 0)`;

async function usedOf(ex: Executor, tenantId: string, providerId: string): Promise<Decimal> {
  const [r] = await rows<{ used: string }>(
    ex,
    sql`select coalesce(sum(principal - repaid_principal), 0)::text as used from izs_finance_contract
         where tenant_id = ${tenantId} and provider_id = ${providerId} and state = 'active' and is_deleted = 0`,
  );
  return new Decimal(r?.used ?? 0);
}

async function lockFinance(tx: Tx, tenantId: string, id: string): Promise<Row> {
  const [row] = (await tx
    .select()
    .from(financeContract)
    .where(and(eq(financeContract.id, id), tenantIs(tenantId, financeContract)))
    .for('update')) as Row[];
  if (!row) throw badRequest('融资合同不存在');
  return row;
}

async function detail(ex: Executor, tenantId: string, id: string, asOf: string): Promise<FinanceDetail> {
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

export function registerFinance(app: FastifyInstance, ctx: CrudContext): void {
  const { db, tz } = ctx;
  registerResource(app, ctx, fundProviderResource, fundProvider, {
    joins: {
      usedAmount: sql<string>`(${USED})::numeric(16,2)::text`,
      availableAmount: sql<string>`(${fundProvider.creditLine} - ${USED})::numeric(16,2)::text`,
    },
  });
  const fin = registerResource(app, ctx, financeContractResource, financeContract, {
    joins: {
      providerName: sql<string>`(select p.name from izs_fund_provider p where p.id = ${financeContract.providerId})`,
      warehouseName: sql<string>`(select w.name from izs_warehouse w where w.id = ${financeContract.warehouseId})`,
      materialName: sql<string>`(select m.name from izs_material m where m.id = ${financeContract.materialId})`,
    },
    routes: { submit: false, save: false, update: false, remove: false, import: false, importTemplate: false },
  });
  const r = endpoints(app, db);

  r.handle(SCF_API.providerUsage, async ({ user }) => {
    const list = await rows<{ id: string; name: string; credit_line: string; used: string; n: number }>(
      db,
      sql`select p.id::text as id, p.name, p.credit_line::text as credit_line,
                 coalesce(sum(c.principal - c.repaid_principal) filter (where c.state = 'active'), 0)::text as used,
                 count(c.id) filter (where c.state = 'active')::int as n
            from izs_fund_provider p
            left join izs_finance_contract c on c.provider_id = p.id and c.is_deleted = 0
           where p.tenant_id = ${user.tenantId} and p.is_deleted = 0
           group by p.id order by p.create_time`,
    );
    return list.map((p) => ({
      id: p.id,
      name: p.name,
      creditLine: moneyFixed(p.credit_line),
      used: moneyFixed(p.used),
      available: moneyFixed(new Decimal(p.credit_line).minus(p.used)),
      contracts: Number(p.n),
    }));
  });

  r.handle(SCF_API.financeCreate, async ({ body, user, req }) => {
    const t = user.tenantId;
    return db.transaction(async (tx) => {
      const [p] = await tx
        .select()
        .from(fundProvider)
        .where(and(eq(fundProvider.id, body.providerId), tenantIs(t, fundProvider)))
        .for('update');
      if (p?.status !== 1) throw badRequest('资金方不存在或已停用');
      // every row the body names is the tenant's own before any business check (an id of another tenant is an
      // unknown id — not 库存 0 kg, 不足)
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
      await refuseClosedPeriod(tx, {
        tenantId: t,
        deptId: effectiveDept(user),
        date: body.startDate,
        action: '登记融资放款',
      });
      const available = new Decimal(p.creditLine).minus(await usedOf(tx, t, p.id));
      if (new Decimal(body.principal).gt(available)) {
        throw badRequest(
          `融资金额 ${moneyFixed(body.principal)} 元超出${p.name}的可用额度 ${moneyFixed(available)} 元`,
        );
      }
      const values: Row = {
        tenantId: t,
        deptId: effectiveDept(user),
        createUser: user.userId,
        createDept: effectiveDept(user),
        contractNo: await drawOrderNo(tx, 'financeContract', { tenantId: t, tz }),
        providerId: p.id,
        kind: body.kind,
        principal: moneyFixed(body.principal),
        annualRate: body.annualRate,
        startDate: body.startDate,
        termDays: body.termDays,
        tradingContractId: body.tradingContractId ?? null,
        state: 'active',
        remark: body.remark,
      };
      if (body.kind === 'pledge') {
        if (!body.warehouseId || !body.materialId) throw badRequest('库存质押请选择仓库和物料');
        if (!body.pledgedQty || new Decimal(body.pledgedQty).lte(0)) throw badRequest('请输入质押数量(kg)');
        const [st] = await tx
          .select({ qty: stock.qty })
          .from(stock)
          .where(
            and(tenantOnly(t, stock), eq(stock.warehouseId, body.warehouseId), eq(stock.materialId, body.materialId)),
          )
          .for('update');
        const [already] = await rows<{ q: string }>(
          tx,
          sql`select coalesce(sum(pledged_qty - released_qty), 0)::text as q from izs_finance_contract
               where tenant_id = ${t} and is_deleted = 0 and state = 'active' and kind = 'pledge'
                 and warehouse_id = ${body.warehouseId} and material_id = ${body.materialId}`,
        );
        const have = new Decimal(st?.qty ?? 0);
        const free = have.minus(already?.q ?? 0);
        if (new Decimal(body.pledgedQty).gt(free)) {
          throw badRequest(
            `库存 ${weightFixed(have)} kg，已质押 ${weightFixed(already?.q ?? 0)} kg，可质押 ${weightFixed(Decimal.max(free, 0))} kg，不足 ${weightFixed(body.pledgedQty)} kg`,
          );
        }
        Object.assign(values, {
          warehouseId: body.warehouseId,
          materialId: body.materialId,
          pledgedQty: weightFixed(body.pledgedQty),
        });
      }
      const [row] = await tx
        .insert(financeContract)
        .values(values as never)
        .returning({ id: financeContract.id, contractNo: financeContract.contractNo });
      await writeOperationLog(tx, req, '新增融资合同', { contractNo: [null, row.contractNo] });
      return row;
    });
  });

  r.handle(SCF_API.financeDetail, async ({ query, user, req }) => {
    await fin.load(db, req, user, query.id);
    return detail(db, user.tenantId, query.id, query.asOf ?? formatDate(new Date(), tz));
  });

  r.handle(SCF_API.repay, async ({ body, user, req }) => {
    await fin.load(db, req, user, body.id);
    return db.transaction(async (tx) => {
      const c = await lockFinance(tx, user.tenantId, body.id);
      if (c.state !== 'active') throw badRequest('融资合同已结清');
      if (body.repayDate < String(c.startDate)) throw badRequest('还款日不能早于起息日');
      await refuseClosedPeriod(tx, {
        tenantId: user.tenantId,
        deptId: (c.deptId as string | null) ?? null,
        date: body.repayDate,
        action: '登记融资还款',
      });
      const reps = await tx
        .select({ date: financeRepayment.repayDate, repaid: financeRepayment.principal })
        .from(financeRepayment)
        .where(eq(financeRepayment.contractId, body.id));
      if (reps.some((x) => x.date > body.repayDate)) throw badRequest('还款日不能早于上一次还款日');
      const outstanding = new Decimal(String(c.principal)).minus(String(c.repaidPrincipal));
      if (new Decimal(body.principal).gt(outstanding)) {
        throw badRequest(`还款本金 ${moneyFixed(body.principal)} 元超过未还本金 ${moneyFixed(outstanding)} 元`);
      }
      const total = accruedInterest(
        String(c.principal),
        String(c.annualRate),
        String(c.startDate),
        body.repayDate,
        reps,
      );
      const interest = moneyFixed(Decimal.max(new Decimal(total).minus(String(c.paidInterest)), 0));
      const repaid = new Decimal(String(c.repaidPrincipal)).plus(body.principal);
      const released = c.kind === 'pledge' ? releasedQty(String(c.pledgedQty), String(c.principal), repaid) : '0.000';
      const releasedNow = weightFixed(new Decimal(released).minus(String(c.releasedQty)));
      const left = new Decimal(String(c.principal)).minus(repaid);
      const state = left.isZero() ? 'closed' : 'active';
      await tx.insert(financeRepayment).values({
        tenantId: user.tenantId,
        contractId: body.id,
        repayDate: body.repayDate,
        principal: moneyFixed(body.principal),
        interest,
        releasedQty: releasedNow,
        createUser: user.userId,
      });
      await tx
        .update(financeContract)
        .set({
          repaidPrincipal: moneyFixed(repaid),
          paidInterest: moneyFixed(new Decimal(String(c.paidInterest)).plus(interest)),
          releasedQty: released,
          state,
          updateUser: user.userId,
          updateTime: new Date(),
        })
        .where(eq(financeContract.id, body.id));
      await writeOperationLog(tx, req, '融资还款', { repaidPrincipal: [c.repaidPrincipal, moneyFixed(repaid)] });
      return { interest, releasedQty: releasedNow, outstanding: moneyFixed(left), state };
    });
  });
}
