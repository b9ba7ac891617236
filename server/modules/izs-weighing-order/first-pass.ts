/**
 * `POST loadometer-order/first-pass` (weighing-commands.contract.ts WEIGHING.firstPass): a new record in state
 * first — one open record per plate, the weighbridge's warehouse (else the business config's) as default; made
 * under a 派车单 when one is given (issue 24: usable today, of this plate; kept on the record).
 */
import { and, eq } from 'drizzle-orm';
import { plateKey } from '../../../core/contract/izs-weighing/dispatch-slip.contract.ts';
import { WEIGHING } from '../../../core/contract/izs-weighing/weighing-commands.contract.ts';
import { weighbridge, weighingOrder } from '../../db/schema/index.ts';
import type { CrudContext, Row } from '../../platform/crud/index.ts';
import type { endpoints } from '../../platform/endpoint.ts';
import { writeOperationLog } from '../../platform/logs.ts';
import { drawOrderNo } from '../../platform/numbering.ts';
import { badRequest } from '../../platform/r.ts';
import { effectiveDept, tenantOf } from '../../platform/scope.ts';
import { stockConfigFor } from '../izs-stock/business-config.ts';
import { flagsFor, openExceptions, refuseCapture, scaleSettings } from './anti-cheat.ts';
import { usableSlip } from './dispatch-slip.ts';
import { checkReading, type Edits, photoText, resolveEdits } from './edits.ts';
import type { WeighingService } from './weighing-service.ts';

export function handleFirstPass(r: ReturnType<typeof endpoints>, { db, tz }: CrudContext, w: WeighingService): void {
  const { res, answer } = w;
  r.handle(WEIGHING.firstPass, async ({ body: b, user, req }) => {
    const deptId = await res.deptIdFor(user, undefined);
    await checkReading(db, user, b, deptId);
    // issue 24: the scale's anti-cheat settings; a capture the rules do not take is refused before anything is written
    const scale = await scaleSettings(db, user, b.weighbridgeId);
    refuseCapture(b, scale.cfg);
    const cfg = await stockConfigFor(db, user.tenantId, deptId);
    // issue 24: the 派车单 the truck comes with — usable today and of this plate; its party / material / order default
    const slip = b.dispatchSlipNo ? await usableSlip(db, user, tz, b.dispatchSlipNo) : null;
    if (slip && plateKey(slip.carNumber) !== plateKey(b.carNumber)) {
      throw badRequest(`车牌号 ${plateKey(b.carNumber)} 与派车单 ${slip.slipNo} 的车牌 ${slip.carNumber} 不符`);
    }
    const id = await db.transaction(async (tx) => {
      const [wb] = await tx
        .select({ id: weighbridge.id, warehouseId: weighbridge.warehouseId })
        .from(weighbridge)
        .where(and(eq(weighbridge.id, b.weighbridgeId), tenantOf(user, weighbridge)));
      if (!wb) throw badRequest('地磅不存在');
      const car = b.carNumber.toUpperCase();
      const [open] = await tx
        .select({ orderNo: weighingOrder.orderNo })
        .from(weighingOrder)
        .where(
          and(tenantOf(user, weighingOrder), eq(weighingOrder.carNumber, car), eq(weighingOrder.weighState, 'first')),
        )
        .limit(1);
      if (open) throw badRequest(`车辆${car}有未完成的磅单${open.orderNo}，请进行二次过磅`);
      const base: Row = { orderType: b.orderType, materialId: null, partyId: null };
      const edits: Edits = {
        partyId: b.partyId ?? slip?.partyId ?? undefined,
        materialId: b.materialId ?? slip?.materialId ?? undefined,
        warehouseId: b.warehouseId ?? wb.warehouseId ?? cfg.defaultWarehouseId ?? undefined,
        sourceOrderId: b.sourceOrderId ?? slip?.sourceOrderId ?? undefined,
        contractId: b.contractId ?? slip?.contractId ?? undefined,
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
          orderNo: await drawOrderNo(tx, 'weighing', { tenantId: user.tenantId, tz }),
          orderType: b.orderType,
          weighState: 'first',
          carNumber: car,
          weighbridgeId: b.weighbridgeId,
          firstWeight: b.weight,
          firstTime: new Date(),
          firstPhotos: photoText(b.photos),
          firstManual: b.manual,
          firstOperator: user.userId,
          trailerNo: (b.trailerNo ?? '').toUpperCase(),
          dispatchSlipId: slip?.id ?? null,
        } as never)
        .returning();
      // issue 24: the flags of this pass open 异常过磅 (the record is taken, but held)
      const flags = await flagsFor(tx, user, tz, 'first', row as Row, b, scale);
      await openExceptions(tx, user, tz, row as Row, 'first', flags, b, scale);
      await writeOperationLog(tx, req, '一次过磅', {
        orderNo: [null, row.orderNo],
        carNumber: [null, car],
        firstWeight: [null, b.weight],
        firstManual: [null, b.manual],
        ...(slip ? { dispatchSlip: [null, slip.slipNo] } : {}),
        ...(b.manual === 1 ? { manualReason: [null, b.manualReason ?? ''] } : {}),
        ...(flags.length ? { exceptions: [null, flags.map((f) => f.kind).join(',')] } : {}),
      });
      return row.id;
    });
    return answer(req, user, id);
  });
}
