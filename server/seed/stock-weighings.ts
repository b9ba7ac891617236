/** Demo weighings of the yard day (split from stock.ts): completed ones with their documents, one truck on the scale. */
import { eq } from 'drizzle-orm';
import { computeWeighing } from '../../core/stock/weighing.ts';
import { stockOrder, weighingOrder } from '../db/schema/index.ts';
import { insertStockDoc } from '../modules/izs-stock/documents.ts';
import { drawOrderNo } from '../platform/numbering.ts';
import type { Yard } from './stock-yard.ts';

/** Four completed weighings (three reviewed, one waiting for review) and a truck still on its first pass. */
export async function seedWeighings(y: Yard, po: string, so: string): Promise<void> {
  const { tx, T, tz, ctx, mat, wh, wb, party, weighDept, clerk, audit, at, today, review } = y;
  /** A completed weighing and its document (draft, submitted or reviewed). */
  const weigh = async (w: {
    type: 'purchase' | 'sale';
    car: string;
    driver: string;
    partyId: string;
    materialId: string;
    warehouseId: string;
    weighbridgeId: string;
    first: string;
    second: string;
    ratePct: string;
    price: string;
    sourceOrderId?: string;
    t1: number;
    t2: number;
    doc: 'submitted' | 'reviewed';
  }) => {
    const f = computeWeighing({
      first: w.first,
      second: w.second,
      impurityRate: String(Number(w.ratePct) / 100),
      unitPrice: w.price,
      priceUnit: 't',
      weightPlaces: 3,
    });
    const [g] = await tx
      .insert(weighingOrder)
      .values({
        ...audit(clerk),
        deptId: weighDept,
        orderNo: await drawOrderNo(tx, 'weighing', { tenantId: T, tz }),
        orderType: w.type,
        weighState: 'completed',
        carNumber: w.car,
        driverName: w.driver,
        partyId: w.partyId,
        materialId: w.materialId,
        warehouseId: w.warehouseId,
        weighbridgeId: w.weighbridgeId,
        sourceOrderId: w.sourceOrderId ?? null,
        priceUnit: 'yuan_per_tonne',
        firstWeight: w.first,
        firstTime: at(w.t1),
        firstOperator: clerk.userId,
        secondWeight: w.second,
        secondTime: at(w.t2),
        secondOperator: clerk.userId,
        grossWeight: f.gross,
        tareWeight: f.tare,
        impurityRate: w.ratePct,
        deductionWeight: f.deduction,
        netWeight: f.net,
        unitPrice: w.price,
        amount: f.amount,
        completeTime: at(w.t2),
        completeUser: clerk.userId,
        printCount: 1,
        lastPrintTime: at(w.t2),
        createTime: at(w.t1),
      })
      .returning({ id: weighingOrder.id, orderNo: weighingOrder.orderNo });
    const docType = w.type === 'purchase' ? 'in_stock' : 'out_stock';
    const d = await insertStockDoc(
      tx,
      ctx,
      clerk,
      weighDept,
      docType,
      {
        warehouseId: w.warehouseId,
        partyId: w.partyId,
        bizType: w.type,
        carNumber: w.car,
        sourceOrderId: w.sourceOrderId,
        orderDate: today,
        remark: `磅单 ${g.orderNo}`,
      },
      [
        {
          materialId: w.materialId,
          warehouseId: w.warehouseId,
          qty: f.net,
          unitPrice: w.price,
          remark: '',
          sourceLineId: null,
        },
      ],
      { sourceWeighingId: g.id, createTime: at(w.t2) },
    );
    await tx
      .update(weighingOrder)
      .set({ stockOrderId: d.id as string, stockOrderNo: d.orderNo as string })
      .where(eq(weighingOrder.id, g.id));
    if (w.doc === 'reviewed') await review(d.id as string, clerk, at(w.t2 + 0.02));
    else {
      await tx
        .update(stockOrder)
        .set({ state: 'submitted', submitUser: clerk.userId, submitTime: at(w.t2) })
        .where(eq(stockOrder.id, d.id as string));
    }
  };

  await weigh({
    type: 'purchase',
    car: '浙B3M567',
    driver: '陈师傅',
    partyId: party.GYS001,
    materialId: mat.WL0001,
    warehouseId: wh.CK01,
    weighbridgeId: wb.DB01,
    first: '38620',
    second: '14280',
    ratePct: '1.5',
    price: '2680',
    sourceOrderId: po,
    t1: 0.05,
    t2: 0.12,
    doc: 'reviewed',
  });
  await weigh({
    type: 'purchase',
    car: '浙B8K021',
    driver: '孙师傅',
    partyId: party.KH002,
    materialId: mat.WL0005,
    warehouseId: wh.CK02,
    weighbridgeId: wb.DB02,
    first: '17460',
    second: '12900',
    ratePct: '0.5',
    price: '62500',
    t1: 0.2,
    t2: 0.26,
    doc: 'reviewed',
  });
  await weigh({
    type: 'sale',
    car: '浙B6T330',
    driver: '周师傅',
    partyId: party.KH001,
    materialId: mat.WL0001,
    warehouseId: wh.CK01,
    weighbridgeId: wb.DB02,
    first: '15200',
    second: '35200',
    ratePct: '0',
    price: '2800',
    sourceOrderId: so,
    t1: 0.4,
    t2: 0.5,
    doc: 'reviewed',
  });
  await weigh({
    type: 'purchase',
    car: '浙B2H906',
    driver: '王永福',
    partyId: party.GYS002,
    materialId: mat.WL0011,
    warehouseId: wh.CK01,
    weighbridgeId: wb.DB01,
    first: '9800',
    second: '6300',
    ratePct: '3',
    price: '1650',
    t1: 0.6,
    t2: 0.68,
    doc: 'submitted',
  });
  // a truck on the scale now: first pass only
  await tx.insert(weighingOrder).values({
    ...audit(clerk),
    deptId: weighDept,
    orderNo: await drawOrderNo(tx, 'weighing', { tenantId: T, tz }),
    orderType: 'purchase',
    weighState: 'first',
    carNumber: '浙B5Q218',
    driverName: '赵师傅',
    partyId: party.GYS002,
    materialId: mat.WL0002,
    warehouseId: wh.CK01,
    weighbridgeId: wb.DB01,
    priceUnit: 'yuan_per_tonne',
    firstWeight: '31260',
    firstTime: at(0.95),
    firstOperator: clerk.userId,
    impurityRate: '2',
    unitPrice: '2480',
    createTime: at(0.95),
  });
}
