/**
 * izs-weighing, order part (spec §2.4 weighing routes, DESIGN §5 Weighing): weighing records (磅单) — first and
 * second pass capture, completion (figures by core/stock/weighing.ts, the in-stock / out-stock document made in
 * the same transaction), void, the memo for printing and its print count. The socket part is izs-weighing/.
 * Contract and endpoint list: core/contract/izs-weighing/orders.contract.ts.
 *
 * Every capture runs in one transaction with the record row locked (FOR UPDATE); tenant and data scope are
 * checked through the resource (menu code supply_chain_weight_memo) before the transaction.
 */
import Decimal from 'decimal.js';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { toCapital } from '../../../core/accounting/capital.ts';
import { idSchema } from '../../../core/contract/common.ts';
import { STOCK_DOC_RESOURCES } from '../../../core/contract/izs-stock/stock-order.contract.ts';
import {
  completeBody,
  firstPassBody,
  secondPassBody,
  WEIGHING_ORDER_PATHS,
  WEIGHING_ORDER_TYPES,
  type WeightMemo,
  weighingOrderResource,
  weighingVoidBody,
} from '../../../core/contract/izs-weighing/orders.contract.ts';
import { priceUnitOf } from '../../../core/stock/amount.ts';
import { computeWeighing, WeighingError } from '../../../core/stock/weighing.ts';
import type { AppContext } from '../../app.ts';
import type { Db, Executor, Tx } from '../../db/client.ts';
import { stockOrder, tenant, tradeOrder, warehouse, weighbridge, weighingOrder } from '../../db/schema/index.ts';
import { type AuthUser, currentUser } from '../../platform/auth.ts';
import {
  type CrudContext,
  hasAnyCode,
  type Resource,
  type Row,
  registerModule,
  registerResource,
} from '../../platform/crud/index.ts';
import { writeOperationLog } from '../../platform/logs.ts';
import { badRequest, forbidden, ok } from '../../platform/r.ts';
import { effectiveDept } from '../../platform/scope.ts';
import { formatDateTime } from '../../platform/time.ts';
import { traceWeighing } from '../../platform/trace-chain/facts.ts';
import { parse } from '../../platform/validate.ts';
import { stockConfigFor } from '../izs-stock/business-config.ts';
import { insertStockDoc, stockDocLifecycle } from '../izs-stock/documents.ts';
import { transitionTx } from '../izs-stock/lifecycle.ts';
import { drawOrderNo, today } from '../izs-stock/order-no.ts';
import { CUSTOMER_TYPES, materialOf, partyOk, SUPPLIER_TYPES } from '../izs-stock/orders.ts';
import { lookupPrice } from '../izs-stock/prices.ts';

const CAPTURE = ['supply_chain_loadometer_add', 'supply_chain_weight_memo_add'];
const MANUAL = ['supply_chain_loadometer_manual'];
const VOID = ['supply_chain_weight_memo_void'];
const TYPE_NAMES = Object.fromEntries(WEIGHING_ORDER_TYPES.map((t) => [t.value, t.label]));

async function need(db: Db, user: AuthUser, codes: string[]) {
  if (!(await hasAnyCode(db, user, codes))) throw forbidden('没有权限');
}

/**
 * A pass needs a stable reading, or a manual one: its own button permission and the department's business
 * config 允许手工录入重量 (`deptId`: the record's department).
 */
async function checkReading(db: Db, user: AuthUser, b: { manual: number; stable?: boolean }, deptId: string | null) {
  if (b.manual === 1) {
    await need(db, user, MANUAL);
    if (!(await stockConfigFor(db, user.tenantId, deptId)).manualWeighAllowed) {
      throw badRequest('本机构未允许手工录入重量，请在业务配置中开启');
    }
  } else if (!b.stable) throw badRequest('重量未稳定，不能采集');
}

const photoText = (p: string[] | string | undefined) =>
  p === undefined ? '' : Array.isArray(p) ? (p.length ? JSON.stringify(p) : '') : p.trim();

type Edits = {
  partyId?: string | null;
  materialId?: string | null;
  warehouseId?: string | null;
  sourceOrderId?: string | null;
  /** issue 12: trading contract, checked when the in/out-stock is made (izs-stock/contract-link.ts) */
  contractId?: string | null;
  driverName?: string;
  unitPrice?: string;
  deductWeight?: string;
  impurityRate?: string;
  remark?: string;
};

const EDIT_KEYS = [
  'partyId',
  'materialId',
  'warehouseId',
  'sourceOrderId',
  'contractId',
  'driverName',
  'unitPrice',
  'deductWeight',
  'impurityRate',
  'remark',
] as const;

/**
 * Validates the references of a record after `edits` (party of the order type's side, material, warehouse,
 * reviewed trade order of the same side) and fills the defaults a new material brings (price unit, deduct
 * rate, price-list price). Answers the column values to write.
 */
async function resolveEdits(ex: Executor, tz: string, user: AuthUser, current: Row, edits: Edits): Promise<Row> {
  const t = user.tenantId;
  const out: Row = {};
  for (const k of EDIT_KEYS) if (edits[k] !== undefined) out[k] = edits[k];
  const next = { ...current, ...out };
  const type = String(next.orderType);
  if (out.partyId) {
    const types =
      type === 'purchase'
        ? SUPPLIER_TYPES
        : type === 'sale'
          ? CUSTOMER_TYPES
          : ['supplier', 'customer', 'both', 'logistics'];
    const label = type === 'purchase' ? '供应商' : type === 'sale' ? '客户' : '往来单位';
    if (!(await partyOk(ex, t, out.partyId as string, types))) throw badRequest(`${label}不存在`);
  }
  if (out.warehouseId) {
    const [w] = await ex
      .select({ id: warehouse.id })
      .from(warehouse)
      .where(and(eq(warehouse.id, out.warehouseId as string), eq(warehouse.tenantId, t), eq(warehouse.isDeleted, 0)));
    if (!w) throw badRequest('仓库不存在');
  }
  if (out.sourceOrderId) {
    const [o] = await ex
      .select({ kind: tradeOrder.kind, state: tradeOrder.state })
      .from(tradeOrder)
      .where(
        and(eq(tradeOrder.id, out.sourceOrderId as string), eq(tradeOrder.tenantId, t), eq(tradeOrder.isDeleted, 0)),
      );
    if (!o || o.kind !== type || o.state !== 'reviewed') throw badRequest('订单不存在或未审核');
  }
  if (out.materialId) {
    const m = await materialOf(ex, t, out.materialId as string);
    if (!m) throw badRequest('物料不存在');
    out.priceUnit = m.priceUnit || 'yuan_per_tonne';
    if (edits.impurityRate === undefined && out.materialId !== current.materialId) out.impurityRate = m.deductRate;
    if (edits.unitPrice === undefined && out.materialId !== current.materialId) {
      if (type === 'purchase' || type === 'sale') {
        const p = await lookupPrice(
          ex,
          t,
          type,
          out.materialId as string,
          (next.partyId as string | null) ?? null,
          today(tz),
        );
        out.unitPrice = p?.price ?? '0';
      }
    }
  }
  return out;
}

export async function registerIzsWeighingOrders(app: FastifyInstance, actx: AppContext): Promise<void> {
  const db = actx.database.db;
  const ctx: CrudContext = { db, tz: actx.config.tz };
  const tz = ctx.tz;
  await registerModule(app, (s) => {
    const res: Resource = registerResource(s, ctx, weighingOrderResource, weighingOrder, {
      joins: {
        partyName: sql<string>`(select p.name from izs_related_party p where p.id = ${weighingOrder.partyId})`,
        materialName: sql<string>`(select m.name from izs_material m where m.id = ${weighingOrder.materialId})`,
        warehouseName: sql<string>`(select w.name from izs_warehouse w where w.id = ${weighingOrder.warehouseId})`,
        weighbridgeName: sql<string>`(select b.name from izs_weighbridge b where b.id = ${weighingOrder.weighbridgeId})`,
        firstOperatorName: sql<string>`(select u.real_name from blade_user u where u.id = ${weighingOrder.firstOperator})`,
        secondOperatorName: sql<string>`(select u.real_name from blade_user u where u.id = ${weighingOrder.secondOperator})`,
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
      routes: { submit: false, save: false, remove: false, import: false, importTemplate: false },
    });

    /** Locks a record of the caller's tenant (scope was checked by res.load before the transaction). */
    const lock = async (tx: Tx, user: AuthUser, id: string): Promise<Row> => {
      const [row] = (await tx
        .select()
        .from(weighingOrder)
        .where(and(eq(weighingOrder.id, id), eq(weighingOrder.tenantId, user.tenantId), eq(weighingOrder.isDeleted, 0)))
        .for('update')) as Row[];
      if (!row) throw badRequest('磅单不存在');
      return row;
    };
    const answer = async (req: FastifyRequest, user: AuthUser, id: string) =>
      ok(res.entity(await res.load(db, req, user, id), user));

    /** Figures of a record with both readings (400 with the arithmetic's message when impossible). */
    const figures = (row: Row, places: number) => {
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
    };

    const completeTx = async (tx: Tx, req: FastifyRequest, user: AuthUser, row: Row): Promise<Row> => {
      if (row.secondWeight === null || row.secondWeight === undefined) throw badRequest('请先进行二次过磅');
      const cfg = await stockConfigFor(tx, user.tenantId, row.deptId as string | null);
      const f = figures(row, cfg.weightPrecision);
      const type = String(row.orderType);
      const set: Row = {
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
          {
            warehouseId: row.warehouseId,
            partyId: row.partyId,
            bizType: type,
            carNumber: row.carNumber,
            sourceOrderId: row.sourceOrderId,
            contractId: row.contractId,
            remark: `磅单 ${row.orderNo}`,
          },
          [
            {
              materialId: row.materialId as string,
              warehouseId: row.warehouseId as string,
              qty: f.net,
              unitPrice: String(row.unitPrice ?? '0'),
              remark: '',
              sourceLineId: null,
            },
          ],
          { sourceWeighingId: row.id },
        );
        if (cfg.autoReview) {
          const spec = stockDocLifecycle(STOCK_DOC_RESOURCES[docType]);
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
    };

    s.post(WEIGHING_ORDER_PATHS.firstPass, async (req) => {
      const user = currentUser(req);
      await need(db, user, CAPTURE);
      const b = parse(firstPassBody, req.body ?? {});
      const deptId = await res.deptIdFor(user, undefined);
      await checkReading(db, user, b, deptId);
      const cfg = await stockConfigFor(db, user.tenantId, deptId);
      const id = await db.transaction(async (tx) => {
        const [wb] = await tx
          .select({ id: weighbridge.id, warehouseId: weighbridge.warehouseId })
          .from(weighbridge)
          .where(
            and(
              eq(weighbridge.id, b.weighbridgeId),
              eq(weighbridge.tenantId, user.tenantId),
              eq(weighbridge.isDeleted, 0),
            ),
          );
        if (!wb) throw badRequest('地磅不存在');
        const car = b.carNumber.toUpperCase();
        const [open] = await tx
          .select({ orderNo: weighingOrder.orderNo })
          .from(weighingOrder)
          .where(
            and(
              eq(weighingOrder.tenantId, user.tenantId),
              eq(weighingOrder.carNumber, car),
              eq(weighingOrder.weighState, 'first'),
              eq(weighingOrder.isDeleted, 0),
            ),
          )
          .limit(1);
        if (open) throw badRequest(`车辆${car}有未完成的磅单${open.orderNo}，请进行二次过磅`);
        const base: Row = { orderType: b.orderType, materialId: null, partyId: null };
        const edits: Edits = {
          partyId: b.partyId ?? undefined,
          materialId: b.materialId ?? undefined,
          warehouseId: b.warehouseId ?? wb.warehouseId ?? cfg.defaultWarehouseId ?? undefined,
          sourceOrderId: b.sourceOrderId ?? undefined,
          contractId: b.contractId ?? undefined,
          driverName: b.driverName,
          unitPrice: b.unitPrice,
          deductWeight: b.deductWeight,
          impurityRate: b.impurityRate,
          remark: b.remark,
        };
        const refs = await resolveEdits(tx, tz, user, base, edits);
        const [row] = await tx
          .insert(weighingOrder)
          .values({
            ...(refs as object),
            tenantId: user.tenantId,
            deptId,
            createUser: user.userId,
            updateUser: user.userId,
            createDept: effectiveDept(user),
            orderNo: await drawOrderNo(tx, user.tenantId, 'weighing', tz),
            orderType: b.orderType,
            weighState: 'first',
            carNumber: car,
            weighbridgeId: b.weighbridgeId,
            firstWeight: b.weight,
            firstTime: new Date(),
            firstPhotos: photoText(b.photos),
            firstManual: b.manual,
            firstOperator: user.userId,
          } as never)
          .returning({ id: weighingOrder.id, orderNo: weighingOrder.orderNo });
        await writeOperationLog(tx, req, '一次过磅', {
          orderNo: [null, row.orderNo],
          carNumber: [null, car],
          firstWeight: [null, b.weight],
          firstManual: [null, b.manual],
        });
        return row.id;
      });
      return answer(req, user, id);
    });

    s.post(WEIGHING_ORDER_PATHS.secondPass, async (req) => {
      const user = currentUser(req);
      await need(db, user, CAPTURE);
      const b = parse(secondPassBody, req.body ?? {});
      const current = await res.load(db, req, user, b.id);
      await checkReading(db, user, b, (current.deptId as string | null) ?? null);
      await db.transaction(async (tx) => {
        const row = await lock(tx, user, b.id);
        if (row.weighState !== 'first') {
          throw badRequest(row.weighState === 'voided' ? '磅单已作废' : '磅单已完成，不能再次过磅');
        }
        const edits = await resolveEdits(tx, tz, user, row, b);
        const cfg = await stockConfigFor(tx, user.tenantId, row.deptId as string | null);
        const next: Row = {
          ...edits,
          secondWeight: b.weight,
          secondTime: new Date(),
          secondPhotos: photoText(b.photos),
          secondManual: b.manual,
          secondOperator: user.userId,
          updateUser: user.userId,
          updateTime: new Date(),
        };
        // the figures as they stand (the workstation shows them before completing)
        const f = figures({ ...row, ...next }, cfg.weightPrecision);
        Object.assign(next, {
          grossWeight: f.gross,
          tareWeight: f.tare,
          deductionWeight: f.deduction,
          netWeight: f.net,
          amount: f.amount,
        });
        const [updated] = (await tx
          .update(weighingOrder)
          .set(next as never)
          .where(eq(weighingOrder.id, b.id))
          .returning()) as Row[];
        await writeOperationLog(tx, req, '二次过磅', {
          secondWeight: [row.secondWeight ?? null, b.weight],
          secondManual: [row.secondManual ?? 0, b.manual],
        });
        if (b.complete === 1) await completeTx(tx, req, user, updated);
      });
      return answer(req, user, b.id);
    });

    s.post(WEIGHING_ORDER_PATHS.complete, async (req) => {
      const user = currentUser(req);
      await need(db, user, CAPTURE);
      const b = parse(completeBody, req.body ?? {});
      await res.load(db, req, user, b.id);
      await db.transaction(async (tx) => {
        const row = await lock(tx, user, b.id);
        if (row.weighState !== 'first') throw badRequest(row.weighState === 'voided' ? '磅单已作废' : '磅单已完成');
        const edits = await resolveEdits(tx, tz, user, row, b);
        await completeTx(tx, req, user, { ...row, ...edits });
        if (Object.keys(edits).length) {
          await tx
            .update(weighingOrder)
            .set(edits as never)
            .where(eq(weighingOrder.id, b.id));
        }
      });
      return answer(req, user, b.id);
    });

    s.post(WEIGHING_ORDER_PATHS.void, async (req) => {
      const user = currentUser(req);
      await need(db, user, VOID);
      const b = parse(weighingVoidBody, req.body ?? {});
      await res.load(db, req, user, b.id);
      await db.transaction(async (tx) => {
        const row = await lock(tx, user, b.id);
        if (row.weighState === 'voided') throw badRequest('磅单已作废');
        if (row.stockOrderId) {
          const [d] = await tx
            .select({ id: stockOrder.id, docType: stockOrder.docType, state: stockOrder.state })
            .from(stockOrder)
            .where(and(eq(stockOrder.id, row.stockOrderId as string), eq(stockOrder.tenantId, user.tenantId)));
          if (d && d.state !== 'voided') {
            const spec = stockDocLifecycle(STOCK_DOC_RESOURCES[d.docType as 'in_stock' | 'out_stock']);
            await transitionTx(tx, spec, { user, req }, d.id, 'void', `磅单作废：${b.reason}`);
          }
        }
        const [voided] = (await tx
          .update(weighingOrder)
          .set({
            weighState: 'voided',
            voidReason: b.reason,
            voidTime: new Date(),
            voidUser: user.userId,
            updateUser: user.userId,
            updateTime: new Date(),
          })
          .where(eq(weighingOrder.id, b.id))
          .returning()) as Row[];
        if (row.weighState === 'completed') await traceWeighing(tx, voided, 'voided', user.userId);
        await writeOperationLog(tx, req, '作废磅单', {
          weighState: [row.weighState, 'voided'],
          voidReason: [null, b.reason],
        });
      });
      return answer(req, user, b.id);
    });

    s.get(WEIGHING_ORDER_PATHS.memo, async (req) => {
      const user = await res.permit(req, 'view');
      const q = parse(z.object({ id: idSchema }), req.query ?? {});
      const e = res.entity(await res.load(db, req, user, q.id), user);
      const [t] = await db.select({ name: tenant.tenantName }).from(tenant).where(eq(tenant.tenantId, user.tenantId));
      const hasSecond = e.secondWeight !== null && e.secondWeight !== undefined;
      const firstIsGross = hasSecond ? Number(e.firstWeight) >= Number(e.secondWeight) : e.orderType !== 'sale';
      const pass = (first: boolean) => ({
        weight: (first ? e.firstWeight : e.secondWeight) as string | null,
        time: (first ? e.firstTime : e.secondTime) as string | null,
        manual: (first ? e.firstManual : e.secondManual) === 1,
      });
      const gross = firstIsGross ? pass(true) : hasSecond ? pass(false) : null;
      const tare = firstIsGross ? (hasSecond ? pass(false) : null) : pass(true);
      const memo: WeightMemo = {
        id: e.id as string,
        orderNo: e.orderNo as string,
        orderType: e.orderType as string,
        orderTypeName: TYPE_NAMES[e.orderType as string] ?? '',
        weighState: e.weighState as string,
        companyName: t?.name ?? '',
        deptName: (e.deptName as string | null) ?? null,
        carNumber: e.carNumber as string,
        driverName: e.driverName as string,
        partyName: (e.partyName as string | null) ?? null,
        materialName: (e.materialName as string | null) ?? null,
        warehouseName: (e.warehouseName as string | null) ?? null,
        weighbridgeName: (e.weighbridgeName as string | null) ?? null,
        grossWeight: gross?.weight ?? null,
        grossTime: gross?.time ?? null,
        grossManual: gross?.manual ?? false,
        tareWeight: tare?.weight ?? null,
        tareTime: tare?.time ?? null,
        tareManual: tare?.manual ?? false,
        deductWeight: e.deductWeight as string,
        impurityRate: e.impurityRate as string,
        deductionWeight: (e.deductionWeight as string | null) ?? null,
        netWeight: (e.netWeight as string | null) ?? null,
        unitPrice: e.unitPrice as string,
        priceUnit: e.priceUnit as string,
        priceUnitName: e.priceUnit === 'yuan_per_kg' ? '元/千克' : '元/吨',
        amount: (e.amount as string | null) ?? null,
        amountInWords: e.weighState === 'completed' && e.amount ? toCapital(e.amount as string) : '',
        manual: e.firstManual === 1 || e.secondManual === 1,
        firstOperatorName: (e.firstOperatorName as string | null) ?? null,
        secondOperatorName: (e.secondOperatorName as string | null) ?? null,
        printCount: e.printCount as number,
        printTime: formatDateTime(new Date(), tz),
        remark: e.remark as string,
      };
      return ok(memo);
    });

    s.post(WEIGHING_ORDER_PATHS.print, async (req) => {
      const user = await res.permit(req, 'view');
      const b = parse(z.object({ id: idSchema }), req.body ?? {});
      await res.load(db, req, user, b.id);
      const printCount = await db.transaction(async (tx) => {
        const row = await lock(tx, user, b.id);
        if (row.weighState === 'voided') throw badRequest('磅单已作废，不能打印');
        const [u] = await tx
          .update(weighingOrder)
          .set({ printCount: sql`${weighingOrder.printCount} + 1`, lastPrintTime: new Date() })
          .where(eq(weighingOrder.id, b.id))
          .returning({ printCount: weighingOrder.printCount });
        return u.printCount;
      });
      return ok({ printCount });
    });

    s.get(WEIGHING_ORDER_PATHS.open, async (req) => {
      const user = await res.permit(req, 'view');
      const q = parse(
        z.object({ carNumber: z.string({ error: '请输入车牌号' }).trim().min(1, '请输入车牌号').max(16) }),
        req.query ?? {},
      );
      const conds = await res.conditions(req, user, {});
      const [r] = (await db
        .select(res.selection())
        .from(weighingOrder)
        .where(
          and(...conds, eq(weighingOrder.carNumber, q.carNumber.toUpperCase()), eq(weighingOrder.weighState, 'first')),
        )
        .limit(1)) as Row[];
      return ok(r ? res.entity(r, user) : null);
    });
  });
}
