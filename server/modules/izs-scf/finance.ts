/**
 * 资金方 and 融资合同 (SCF_API in core/contract/izs-contract/scf.contract.ts). Interest: core/scf/interest.ts
 * (ACT/360, day by day on the outstanding principal). A stock pledge is created with the stock row locked and
 * refused when the warehouse holds less than what is already pledged plus the new quantity; the stock review
 * (izs-stock/pledge-lock.ts) keeps the pledged quantity in the warehouse until repayments release it.
 */
import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { SCF_API } from '../../../core/contract/izs-contract/scf.contract.ts';
import {
  financeContractResource,
  fundProviderResource,
} from '../../../core/contract/izs-contract/scf-resources.contract.ts';
import { moneyFixed, weightFixed } from '../../../core/format/amounts.ts';
import { accruedInterest, releasedQty } from '../../../core/scf/interest.ts';
import type { Db, Tx } from '../../db/client.ts';
import { financeContract, fundProvider } from '../../db/schema/index.ts';
import { type CrudContext, type Resource, type Row, registerResource } from '../../platform/crud/index.ts';
import { endpoints, type Handler } from '../../platform/endpoint.ts';
import { writeOperationLog } from '../../platform/logs.ts';
import { drawOrderNo } from '../../platform/numbering.ts';
import { badRequest } from '../../platform/r.ts';
import { effectiveDept } from '../../platform/scope.ts';
import { formatDate } from '../../platform/time.ts';
import { refuseClosedPeriod } from '../izs-financing/business-period.ts';
import {
  financeDetail,
  insertFinance,
  lockFinance,
  lockProvider,
  pledgeableStock,
  providerUsage,
  refuseForeignRows,
  repaymentsOf,
  USED,
  usedOf,
  writeRepayment,
} from './finance-repository.ts';

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
  r.handle(SCF_API.providerUsage, usage(db));
  r.handle(SCF_API.financeCreate, createFinance(db, tz));
  r.handle(SCF_API.financeDetail, detail(db, tz, fin));
  r.handle(SCF_API.repay, repay(db, fin));
}

function usage(db: Db): Handler<typeof SCF_API.providerUsage> {
  return async ({ user }) => {
    const list = await providerUsage(db, user.tenantId);
    return list.map((p) => ({
      id: p.id,
      name: p.name,
      creditLine: moneyFixed(p.credit_line),
      used: moneyFixed(p.used),
      available: moneyFixed(new Decimal(p.credit_line).minus(p.used)),
      contracts: Number(p.n),
    }));
  };
}

type FinanceCreateBody = Parameters<Handler<typeof SCF_API.financeCreate>>[0]['body'];

function createFinance(db: Db, tz: string): Handler<typeof SCF_API.financeCreate> {
  return async ({ body, user, req }) => {
    const t = user.tenantId;
    return db.transaction(async (tx) => {
      const p = await lockProvider(tx, t, body.providerId);
      if (p?.status !== 1) throw badRequest('资金方不存在或已停用');
      await refuseForeignRows(tx, t, body);
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
      if (body.kind === 'pledge') Object.assign(values, await pledgeOf(tx, t, body));
      const row = await insertFinance(tx, values);
      await writeOperationLog(tx, req, '新增融资合同', { contractNo: [null, row.contractNo] });
      return row;
    });
  };
}

/** A 库存质押's columns: refused without warehouse, material and a quantity the free stock covers. */
async function pledgeOf(tx: Tx, t: string, body: FinanceCreateBody) {
  if (!body.warehouseId || !body.materialId) throw badRequest('库存质押请选择仓库和物料');
  if (!body.pledgedQty || new Decimal(body.pledgedQty).lte(0)) throw badRequest('请输入质押数量(kg)');
  const { st, already } = await pledgeableStock(tx, t, body.warehouseId, body.materialId);
  const have = new Decimal(st?.qty ?? 0);
  const free = have.minus(already?.q ?? 0);
  if (new Decimal(body.pledgedQty).gt(free)) {
    throw badRequest(
      `库存 ${weightFixed(have)} kg，已质押 ${weightFixed(already?.q ?? 0)} kg，可质押 ${weightFixed(Decimal.max(free, 0))} kg，不足 ${weightFixed(body.pledgedQty)} kg`,
    );
  }
  return {
    warehouseId: body.warehouseId,
    materialId: body.materialId,
    pledgedQty: weightFixed(body.pledgedQty),
  };
}

function detail(db: Db, tz: string, fin: Resource): Handler<typeof SCF_API.financeDetail> {
  return async ({ query, user, req }) => {
    await fin.load(db, req, user, query.id);
    return financeDetail(db, user.tenantId, query.id, query.asOf ?? formatDate(new Date(), tz));
  };
}

function repay(db: Db, fin: Resource): Handler<typeof SCF_API.repay> {
  return async ({ body, user, req }) => {
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
      const reps = await repaymentsOf(tx, body.id);
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
      await writeRepayment(tx, user, {
        id: body.id,
        repayDate: body.repayDate,
        principal: moneyFixed(body.principal),
        interest,
        releasedNow,
        repaidPrincipal: moneyFixed(repaid),
        paidInterest: moneyFixed(new Decimal(String(c.paidInterest)).plus(interest)),
        released,
        state,
      });
      await writeOperationLog(tx, req, '融资还款', { repaidPrincipal: [c.repaidPrincipal, moneyFixed(repaid)] });
      return { interest, releasedQty: releasedNow, outstanding: moneyFixed(left), state };
    });
  };
}
