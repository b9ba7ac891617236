/**
 * 贸易合同: engine reads (page, list, select-list, detail, export, remove of drafts) and the descriptors of
 * core/contract/izs-contract/trading-contract.contract.ts — save with lines, state moves. Execution, open contracts:
 * trading-detail.ts; signing and print: signing.ts. Rules: core/trade/execution.ts.
 */
import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { TRADING, tradingContractResource } from '../../../core/contract/izs-contract/trading-contract.contract.ts';
import { moneyFixed, priceFixed, weightFixed } from '../../../core/format/amounts.ts';
import { contractLineAmount, contractLinePrice, contractMove } from '../../../core/trade/execution.ts';
import type { Db } from '../../db/client.ts';
import { tradingContract } from '../../db/schema/index.ts';
import { type CrudContext, qualified, type Resource, type Row, registerResource } from '../../platform/crud/index.ts';
import { endpoints, type Handler } from '../../platform/endpoint.ts';
import { writeOperationLog } from '../../platform/logs.ts';
import { drawOrderNo } from '../../platform/numbering.ts';
import { badRequest } from '../../platform/r.ts';
import {
  insertDraft,
  insertLines,
  knownMaterials,
  lockContract,
  partyType,
  setContract,
  updateDraft,
} from './trading-contract-repository.ts';
import { openDocumentCount } from './trading-detail.ts';

export const PARTY_TYPES = { purchase: ['supplier', 'both'], sale: ['customer', 'both'] } as const;

export function registerTradingContracts(app: FastifyInstance, ctx: CrudContext): Resource {
  const { db, tz } = ctx;
  const res = registerResource(app, ctx, tradingContractResource, tradingContract, {
    joins: {
      partyName: sql<string>`(select p.name from izs_related_party p where p.id = ${tradingContract.partyId})`,
      approveUserName: sql<string>`(select u.real_name from blade_user u where u.id = ${tradingContract.approveUser})`,
      signed: sql<number>`(case when exists (select 1 from izs_contract_signature s where s.contract_id = ${qualified(tradingContract.id)}) then 1 else 0 end)`,
    },
    beforeRemove: async (_tx, rows) => {
      if (rows.some((r) => r.state !== 'draft')) throw badRequest('只能删除草稿状态的合同，执行中的合同请终止');
    },
    routes: { submit: false, save: false, update: false, import: false, importTemplate: false },
  });
  const r = endpoints(app, db);
  r.handle(TRADING.save, saveContract(db, tz, res));
  r.handle(TRADING.move, moveContract(db, res));
  return res;
}

type SaveBody = Parameters<Handler<typeof TRADING.save>>[0]['body'];

function saveContract(db: Db, tz: string, res: Resource): Handler<typeof TRADING.save> {
  return async ({ body, user, req }) => {
    const t = user.tenantId;
    if (body.deliveryEnd < body.deliveryStart) throw badRequest('交货截止日期不能早于交货开始日期');
    if (body.id) await res.load(db, req, user, body.id); // scope
    return db.transaction(async (tx) => {
      const p = await partyType(tx, t, body.partyId);
      const types: readonly string[] = PARTY_TYPES[body.side];
      if (!p || !types.includes(p.type)) throw badRequest(body.side === 'sale' ? '客户不存在' : '供应商不存在');
      const matIds = [...new Set(body.lines.map((l) => l.materialId))];
      const known = await knownMaterials(tx, t, matIds);
      const lines = linesOf(body, known, t);
      const totals = {
        totalQty: weightFixed(lines.reduce((s, l) => s.plus(l.qty), new Decimal(0))),
        totalAmount: moneyFixed(lines.reduce((s, l) => s.plus(l.amount), new Decimal(0))),
      };
      const values = {
        title: body.title,
        side: body.side,
        partyId: body.partyId,
        signDate: body.signDate,
        deliveryStart: body.deliveryStart,
        deliveryEnd: body.deliveryEnd,
        deliveryPlace: body.deliveryPlace,
        tolerancePct: body.tolerancePct,
        toleranceOption: body.toleranceOption,
        weightBasis: body.weightBasis,
        prepaymentPct: body.prepaymentPct,
        balanceDays: body.balanceDays,
        deductions: body.deductions,
        attachments: body.attachments,
        remark: body.remark,
        ...totals,
        updateUser: user.userId,
        updateTime: new Date(),
      };
      let id: string;
      let contractNo: string;
      if (body.id) {
        const prev = await lockContract(tx, t, body.id);
        if (prev.state !== 'draft') throw badRequest('只能修改草稿状态的合同');
        await updateDraft(tx, body.id, values);
        id = body.id;
        contractNo = String(prev.contractNo);
      } else {
        contractNo = await drawOrderNo(tx, 'tradingContract', { tenantId: t, tz });
        id = await insertDraft(tx, user, contractNo, values);
      }
      await insertLines(tx, id, lines);
      await writeOperationLog(tx, req, body.id ? '修改贸易合同' : '新增贸易合同', { contractNo: [null, contractNo] });
      return { id, contractNo };
    });
  };
}

/** The lines as stored: each checked (material known, 点价 basis, fixed price > 0), price and amount computed. */
function linesOf(body: SaveBody, known: Set<string>, t: string) {
  return body.lines.map((l, i) => {
    if (!known.has(l.materialId)) throw badRequest(`合同明细第${i + 1}行：物料不存在`);
    if (l.priceType === 'pricing' && !l.refName) throw badRequest(`合同明细第${i + 1}行：请填写点价基准`);
    if (l.priceType === 'fixed' && new Decimal(l.unitPrice).lte(0)) {
      throw badRequest(`合同明细第${i + 1}行：单价必须大于0`);
    }
    const price = contractLinePrice(l.priceType, l.unitPrice, l.refPrice ?? null, l.premium ?? null);
    return {
      tenantId: t,
      lineNo: i + 1,
      materialId: l.materialId,
      qty: weightFixed(l.qty),
      priceType: l.priceType,
      refName: l.priceType === 'pricing' ? l.refName : '',
      refDate: l.priceType === 'pricing' ? l.refDate : '',
      refPrice: l.priceType === 'pricing' && l.refPrice ? priceFixed(l.refPrice) : null,
      premium: l.priceType === 'pricing' && l.premium ? priceFixed(l.premium) : null,
      unitPrice: price,
      amount: contractLineAmount(l.qty, price),
      remark: l.remark,
    };
  });
}

function moveContract(db: Db, res: Resource): Handler<typeof TRADING.move> {
  return async ({ body, user, req }) => {
    await res.load(db, req, user, body.id);
    return db.transaction(async (tx) => {
      const row = await lockContract(tx, user.tenantId, body.id);
      const next = contractMove(String(row.state), body.action);
      if ('error' in next) throw badRequest(next.error);
      const now = new Date();
      const set: Row = { state: next.to, updateUser: user.userId, updateTime: now };
      if (body.action === 'submit') Object.assign(set, { submitUser: user.userId, submitTime: now });
      if (body.action === 'approve' || body.action === 'reject') {
        Object.assign(set, { approveUser: user.userId, approveTime: now, approveRemark: body.remark });
      }
      if (body.action === 'complete') {
        const open = await openDocumentCount(tx, user.tenantId, body.id);
        if (open > 0) throw badRequest(`合同还有 ${open} 张未审核的单据或未完成的磅单，不能完成`);
        Object.assign(set, { completeUser: user.userId, completeTime: now });
      }
      if (body.action === 'terminate') {
        if (!body.remark) throw badRequest('请输入终止原因');
        Object.assign(set, { terminateUser: user.userId, terminateTime: now, terminateReason: body.remark });
      }
      await setContract(tx, body.id, set);
      await writeOperationLog(tx, req, `贸易合同${body.action}`, {
        state: [row.state, next.to],
        contractNo: [row.contractNo, row.contractNo],
      });
      return { id: body.id, state: next.to };
    });
  };
}
