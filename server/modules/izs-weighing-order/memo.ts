/**
 * `GET loadometer-order/memo` and `POST loadometer-order/print` (WEIGHING.memo / .print): everything the printed
 * memo shows (gross and tare by which reading is heavier, 人民币大写 once completed) and one more printed copy.
 */
import { eq, sql } from 'drizzle-orm';
import { toCapital } from '../../../core/accounting/capital.ts';
import {
  WEIGHING,
  type WeighingOrderAnswer,
  type WeightMemo,
} from '../../../core/contract/izs-weighing/weighing-commands.contract.ts';
import { tenant, weighingOrder } from '../../db/schema/index.ts';
import type { CrudContext } from '../../platform/crud/index.ts';
import type { endpoints } from '../../platform/endpoint.ts';
import { badRequest } from '../../platform/r.ts';
import { tenantOnly } from '../../platform/scope.ts';
import { formatDateTime } from '../../platform/time.ts';
import { TYPE_NAMES } from './edits.ts';
import type { WeighingService } from './weighing-service.ts';

/** The memo of a record (`companyName`: the tenant's name, `printTime`: now). */
export function memoOf(e: WeighingOrderAnswer, companyName: string, printTime: string): WeightMemo {
  const hasSecond = e.secondWeight !== null && e.secondWeight !== undefined;
  const firstIsGross = hasSecond ? Number(e.firstWeight) >= Number(e.secondWeight) : e.orderType !== 'sale';
  const pass = (first: boolean) => ({
    weight: first ? e.firstWeight : e.secondWeight,
    time: first ? e.firstTime : e.secondTime,
    manual: (first ? e.firstManual : e.secondManual) === 1,
  });
  const gross = firstIsGross ? pass(true) : hasSecond ? pass(false) : null;
  const tare = firstIsGross ? (hasSecond ? pass(false) : null) : pass(true);
  return {
    id: e.id,
    orderNo: e.orderNo,
    orderType: e.orderType,
    orderTypeName: TYPE_NAMES[e.orderType] ?? '',
    weighState: e.weighState,
    companyName,
    deptName: e.deptName ?? null,
    carNumber: e.carNumber,
    driverName: e.driverName,
    partyName: e.partyName ?? null,
    materialName: e.materialName ?? null,
    warehouseName: e.warehouseName ?? null,
    weighbridgeName: e.weighbridgeName ?? null,
    grossWeight: gross?.weight ?? null,
    grossTime: gross?.time ?? null,
    grossManual: gross?.manual ?? false,
    tareWeight: tare?.weight ?? null,
    tareTime: tare?.time ?? null,
    tareManual: tare?.manual ?? false,
    deductWeight: e.deductWeight,
    impurityRate: e.impurityRate,
    deductionWeight: e.deductionWeight ?? null,
    netWeight: e.netWeight ?? null,
    unitPrice: e.unitPrice,
    priceUnit: e.priceUnit,
    priceUnitName: e.priceUnit === 'yuan_per_kg' ? '元/千克' : '元/吨',
    amount: e.amount ?? null,
    amountInWords: e.weighState === 'completed' && e.amount ? toCapital(e.amount) : '',
    manual: e.firstManual === 1 || e.secondManual === 1,
    firstOperatorName: e.firstOperatorName ?? null,
    secondOperatorName: e.secondOperatorName ?? null,
    printCount: e.printCount,
    printTime,
    remark: e.remark,
  };
}

export function handleMemo(r: ReturnType<typeof endpoints>, { db, tz }: CrudContext, w: WeighingService): void {
  const { res, lock, answer } = w;

  r.handle(WEIGHING.memo, async ({ query: q, user, req }) => {
    const e = await answer(req, user, q.id);
    const [t] = await db.select({ name: tenant.tenantName }).from(tenant).where(tenantOnly(user, tenant));
    return memoOf(e, t?.name ?? '', formatDateTime(new Date(), tz));
  });

  r.handle(WEIGHING.print, async ({ body: b, user, req }) => {
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
    return { printCount };
  });
}
