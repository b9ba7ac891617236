/**
 * The weighing record resource (磅单 through the engine: list, detail, update of a first-pass record) and what
 * every command shares: the row lock, the answer (the record as its detail answers it), the figures of both
 * readings and the completion — the in-stock / out-stock made (and maybe reviewed) in the same transaction.
 */
import Decimal from 'decimal.js';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { STOCK_DOC_RESOURCES } from '../../../core/contract/izs-stock/stock-order.contract.ts';
import { weighingOrderResource } from '../../../core/contract/izs-weighing/orders.contract.ts';
import {
  type WeighingOrderAnswer,
  weighingOrderAnswer,
} from '../../../core/contract/izs-weighing/weighing-commands.contract.ts';
import { priceUnitOf } from '../../../core/stock/amount.ts';
import { computeWeighing, WeighingError } from '../../../core/stock/weighing.ts';
import type { Tx } from '../../db/client.ts';
import { weighingOrder } from '../../db/schema/index.ts';
import type { AuthUser } from '../../platform/auth.ts';
import { type CrudContext, type Resource, type Row, registerResource } from '../../platform/crud/index.ts';
import { writeOperationLog } from '../../platform/logs.ts';
import { badRequest } from '../../platform/r.ts';
import { tenantOf } from '../../platform/scope.ts';
import { traceWeighing } from '../../platform/trace-chain/facts.ts';
import { stockConfigFor } from '../izs-stock/business-config.ts';
import { insertStockDoc, stockDocLifecycle } from '../izs-stock/documents.ts';
import { transitionTx } from '../izs-stock/lifecycle.ts';
import { refuseHeld } from './anti-cheat.ts';
import { EDIT_KEYS, type Edits, resolveEdits } from './edits.ts';

/**
 * The weighing service every command shares: the resource (res), the row lock, the answer, the figures and the
 * completion. Each piece is a named function below; this binds them to the module's context.
 */
export function weighingService(s: FastifyInstance, ctx: CrudContext) {
  const { db } = ctx;
  const res = weighingResource(s, ctx);
  /** The record as its detail answers it (scope checked again). */
  const answer = async (req: FastifyRequest, user: AuthUser, id: string): Promise<WeighingOrderAnswer> =>
    weighingOrderAnswer.parse(res.entity(await res.load(db, req, user, id), user));
  const completeTx = (tx: Tx, req: FastifyRequest, user: AuthUser, row: Row): Promise<Row> =>
    completeWeighing(ctx, tx, req, user, row);
  return { res, lock: lockWeighing, answer, figures: weighingFigures, completeTx };
}

export type WeighingService = ReturnType<typeof weighingService>;

/** 磅单 through the engine: list, detail, update of a first-pass record (only the editable fields). */
function weighingResource(s: FastifyInstance, ctx: CrudContext): Resource {
  const { tz } = ctx;
  return registerResource(s, ctx, weighingOrderResource, weighingOrder, {
    joins: {
      partyName: sql<string>`(select p.name from izs_related_party p where p.id = ${weighingOrder.partyId})`,
      materialName: sql<string>`(select m.name from izs_material m where m.id = ${weighingOrder.materialId})`,
      warehouseName: sql<string>`(select w.name from izs_warehouse w where w.id = ${weighingOrder.warehouseId})`,
      weighbridgeName: sql<string>`(select b.name from izs_weighbridge b where b.id = ${weighingOrder.weighbridgeId})`,
      firstOperatorName: sql<string>`(select u.real_name from blade_user u where u.id = ${weighingOrder.firstOperator})`,
      secondOperatorName: sql<string>`(select u.real_name from blade_user u where u.id = ${weighingOrder.secondOperator})`,
      // issue 24: open 异常过磅 (the weighing cannot complete while > 0)
      // (the outer column spelled out: an unqualified "id" would be the exception's own)
      openExceptions: sql<number>`(select count(*)::int from izs_weigh_exception e where e.weighing_id = izs_weighing_order.id and e.state = 'open')`,
    },
    beforeSave: async (tx, row, c) => {
      // engine update (POST update): only a first-pass record, only the editable fields
      if (c.prev?.weighState !== 'first') throw badRequest('只能修改一次过磅状态的磅单');
      if (typeof row.carNumber === 'string') row.carNumber = row.carNumber.toUpperCase();
      const edits: Edits = {};
      for (const k of EDIT_KEYS) {
        if (row[k] !== undefined && row[k] !== c.prev?.[k]) (edits as Row)[k] = row[k];
      }
      Object.assign(row, await resolveEdits(tx, tz, c.user, c.prev, edits));
    },
    // the weighings made under a 派车单 (its detail page)
    filters: { dispatchSlipId: (v) => eq(weighingOrder.dispatchSlipId, String(v)) },
    routes: { submit: false, save: false, remove: false, import: false, importTemplate: false },
  });
}

/** Locks a record of the caller's tenant (scope was checked by res.load before the transaction). */
async function lockWeighing(tx: Tx, user: AuthUser, id: string): Promise<Row> {
  const [row] = (await tx
    .select()
    .from(weighingOrder)
    .where(and(eq(weighingOrder.id, id), tenantOf(user, weighingOrder)))
    .for('update')) as Row[];
  if (!row) throw badRequest('磅单不存在');
  return row;
}

/** Figures of a record with both readings (400 with the arithmetic's message when impossible). */
function weighingFigures(row: Row, places: number) {
  try {
    return computeWeighing({
      first: String(row.firstWeight),
      second: String(row.secondWeight),
      deductWeight: String(row.deductWeight ?? '0'),
      // the record keeps the rate in percent; the arithmetic takes a fraction
      impurityRate: new Decimal(String(row.impurityRate ?? '0')).div(100).toString(),
      unitPrice: String(row.unitPrice ?? '0'),
      priceUnit: priceUnitOf(row.priceUnit as string),
      weightPlaces: places,
    });
  } catch (e) {
    if (e instanceof WeighingError) throw badRequest(e.message);
    throw e;
  }
}

/** Completes a record with both readings: its figures, the in/out-stock (reviewed when configured), the trace, the log. */
async function completeWeighing(ctx: CrudContext, tx: Tx, req: FastifyRequest, user: AuthUser, row: Row): Promise<Row> {
  const { tz } = ctx;
  if (row.secondWeight === null || row.secondWeight === undefined) throw badRequest('请先进行二次过磅');
  await refuseHeld(tx, user.tenantId, String(row.id)); // issue 24: 异常过磅 waits for a supervisor
  const cfg = await stockConfigFor(tx, user.tenantId, row.deptId as string | null);
  const f = weighingFigures(row, cfg.weightPrecision);
  const type = String(row.orderType);
  const set: Row = completedSet(f, user);
  if (type === 'purchase' || type === 'sale') {
    const partyLabel = type === 'purchase' ? '供应商' : '客户';
    if (!row.partyId) throw badRequest(`请选择${partyLabel}`);
    if (!row.materialId) throw badRequest('请选择物料');
    if (!row.warehouseId) throw badRequest('请选择仓库');
    if (Number(f.net) <= 0) throw badRequest('净重必须大于0');
    const docType = type === 'purchase' ? 'in_stock' : 'out_stock';
    const doc = await insertStockDoc(
      tx,
      ctx,
      user,
      (row.deptId as string | null) ?? null,
      docType,
      stockDocHeader(row, type),
      stockDocLines(row, f),
      { sourceWeighingId: row.id },
    );
    if (cfg.autoReview) {
      const spec = stockDocLifecycle(STOCK_DOC_RESOURCES[docType], tz);
      await transitionTx(tx, spec, { user, req }, doc.id as string, 'submitReview');
      await transitionTx(tx, spec, { user, req }, doc.id as string, 'review', '过磅完成自动审核');
    }
    set.stockOrderId = doc.id;
    set.stockOrderNo = doc.orderNo;
  }
  const [updated] = (await tx
    .update(weighingOrder)
    .set(set as never)
    .where(eq(weighingOrder.id, row.id as string))
    .returning()) as Row[];
  await traceWeighing(tx, updated, 'completed', user.userId); // trace chain (issue 14)
  await writeOperationLog(tx, req, '完成过磅', {
    weighState: ['first', 'completed'],
    netWeight: [null, f.net],
    amount: [null, f.amount],
    stockOrderNo: [null, (set.stockOrderNo as string | undefined) ?? null],
  });
  return updated;
}

/** The completed record's columns: the figures, who completed it and when. */
function completedSet(f: ReturnType<typeof weighingFigures>, user: AuthUser): Row {
  return {
    weighState: 'completed',
    grossWeight: f.gross,
    tareWeight: f.tare,
    deductionWeight: f.deduction,
    netWeight: f.net,
    amount: f.amount,
    completeTime: new Date(),
    completeUser: user.userId,
    updateUser: user.userId,
    updateTime: new Date(),
  };
}

/** The in/out-stock a purchase / sale weighing completes into: its header… */
function stockDocHeader(row: Row, type: string): Row {
  return {
    warehouseId: row.warehouseId,
    partyId: row.partyId,
    bizType: type,
    carNumber: row.carNumber,
    sourceOrderId: row.sourceOrderId,
    contractId: row.contractId,
    remark: `磅单 ${row.orderNo}`,
  };
}

/** …and its one line: the net weight of the material at the record's price. */
function stockDocLines(row: Row, f: ReturnType<typeof weighingFigures>) {
  return [
    {
      materialId: row.materialId as string,
      warehouseId: row.warehouseId as string,
      qty: f.net,
      unitPrice: String(row.unitPrice ?? '0'),
      remark: '',
      sourceLineId: null,
    },
  ];
}
