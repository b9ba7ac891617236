/**
 * Demo yard day (SEED_DEMO): completed weighings with their in-stock / out-stock orders (reviewed, so the
 * inventory and the dashboard have figures), one document waiting for review, one truck still on the first pass,
 * purchase and sale orders, price lists, a drop shipment and a sorting (disassembly) order. Everything goes
 * through the same arithmetic and stock ledger as the API (core/stock, server/modules/izs-stock/ledger.ts), so
 * the balances equal the sum of the movements. Runs inside the seeding transaction; times are spread over the
 * last hours of today.
 */
import { eq } from 'drizzle-orm';
import { computeWeighing } from '../../core/stock/weighing.ts';
import type { Db, Tx } from '../db/client.ts';
import {
  dropShipping,
  material,
  priceList,
  relatedParty,
  stockMovement,
  stockOrder,
  tradeOrder,
  tradeOrderLine,
  user,
  warehouse,
  weighbridge,
  weighingOrder,
} from '../db/schema/index.ts';
import { insertStockDoc } from '../modules/izs-stock/documents.ts';
import { applyReview, loadLines } from '../modules/izs-stock/ledger.ts';
import { drawOrderNo } from '../modules/izs-stock/order-no.ts';
import type { AuthUser } from '../platform/auth.ts';
import { formatDate, formatDateTime } from '../platform/time.ts';

export interface StockSeedContext {
  tenantId: string;
  /** company, branch, purchase, sale, weigh, finance, station, store */
  depts: Record<string, string>;
}

export async function seedStockData(tx: Tx, c: StockSeedContext): Promise<void> {
  const T = c.tenantId;
  const tz = process.env.TZ || 'Asia/Shanghai';
  const ctx = { db: tx as unknown as Db, tz };
  const byCode = async <R extends { id: string; code: string }>(rows: Promise<R[]>) =>
    Object.fromEntries((await rows).map((r) => [r.code, r.id]));
  const mat = await byCode(
    tx.select({ id: material.id, code: material.code }).from(material).where(eq(material.tenantId, T)),
  );
  const wh = await byCode(
    tx.select({ id: warehouse.id, code: warehouse.code }).from(warehouse).where(eq(warehouse.tenantId, T)),
  );
  const wb = await byCode(
    tx.select({ id: weighbridge.id, code: weighbridge.code }).from(weighbridge).where(eq(weighbridge.tenantId, T)),
  );
  const party = await byCode(
    tx.select({ id: relatedParty.id, code: relatedParty.code }).from(relatedParty).where(eq(relatedParty.tenantId, T)),
  );
  const users = Object.fromEntries(
    (await tx.select({ id: user.id, account: user.account }).from(user).where(eq(user.tenantId, T))).map((u) => [
      u.account,
      u.id,
    ]),
  );
  if (!mat.WL0001 || !wh.CK01 || !wb.DB01 || !party.GYS001 || !users.clerk) return; // base demo data missing

  const weighDept = c.depts.weigh ?? c.depts.company;
  const acting = (userId: string, deptId: string): AuthUser => ({
    userId,
    tenantId: T,
    account: '',
    roles: [],
    roleIds: [],
    deptIds: [deptId],
    sessionId: '',
    clientId: '',
    currentDeptId: deptId,
  });
  const clerk = acting(users.clerk, weighDept);
  const admin = acting(users.admin, c.depts.company);
  const audit = (u: AuthUser) => ({
    tenantId: T,
    createUser: u.userId,
    updateUser: u.userId,
    createDept: u.currentDeptId,
  });

  // times: spread between max(now − 6 h, today 00:05 in the server's time zone) and now
  const now = new Date();
  const [hh, mm] = formatDateTime(now, tz).slice(11, 16).split(':').map(Number);
  const sinceMidnight = (hh * 60 + mm) * 60_000;
  const from = now.getTime() - Math.max(0, Math.min(6 * 3600_000, sinceMidnight - 5 * 60_000));
  const at = (fraction: number) => new Date(from + (now.getTime() - from) * fraction);
  const today = formatDate(now, tz);
  const yearStart = `${today.slice(0, 4)}-01-01`;

  // price lists
  await tx.insert(priceList).values([
    {
      ...audit(admin),
      deptId: c.depts.company,
      priceType: 'purchase',
      materialId: mat.WL0001,
      price: '2650',
      priceUnit: 'yuan_per_tonne',
      validFrom: yearStart,
    },
    {
      ...audit(admin),
      deptId: c.depts.company,
      priceType: 'purchase',
      materialId: mat.WL0001,
      partyId: party.GYS001,
      price: '2680',
      priceUnit: 'yuan_per_tonne',
      validFrom: yearStart,
      remark: '长期合作价',
    },
    {
      ...audit(admin),
      deptId: c.depts.company,
      priceType: 'purchase',
      materialId: mat.WL0005,
      price: '62500',
      priceUnit: 'yuan_per_tonne',
      validFrom: yearStart,
    },
    {
      ...audit(admin),
      deptId: c.depts.company,
      priceType: 'sale',
      materialId: mat.WL0001,
      partyId: party.KH001,
      price: '2800',
      priceUnit: 'yuan_per_tonne',
      validFrom: yearStart,
    },
  ]);

  // purchase and sale orders (reviewed)
  const order = async (
    kind: 'purchase' | 'sale',
    partyId: string,
    materialId: string,
    qty: string,
    price: string,
    amount: string,
    contractNo: string,
  ) => {
    const [o] = await tx
      .insert(tradeOrder)
      .values({
        ...audit(admin),
        deptId: c.depts[kind] ?? c.depts.company,
        orderNo: await drawOrderNo(tx, T, kind === 'purchase' ? 'purchaseOrder' : 'saleOrder', tz),
        kind,
        partyId,
        contractNo,
        orderDate: today,
        totalQty: qty,
        totalAmount: amount,
        state: 'reviewed',
        submitUser: admin.userId,
        submitTime: at(0),
        reviewer: admin.userId,
        reviewTime: at(0.01),
      })
      .returning({ id: tradeOrder.id });
    await tx
      .insert(tradeOrderLine)
      .values({ tenantId: T, orderId: o.id, lineNo: 1, materialId, qty, unitPrice: price, amount });
    return o.id;
  };
  const po = await order('purchase', party.GYS001, mat.WL0001, '500000', '2680', '1340000.00', 'CG-HT-2024-018');
  const so = await order('sale', party.KH001, mat.WL0001, '300000', '2800', '840000.00', 'XS-HT-2024-006');

  /** Marks a document reviewed through the stock ledger (as the review endpoint does). */
  const review = async (docId: string, by: AuthUser, when: Date) => {
    const [d] = await tx.select().from(stockOrder).where(eq(stockOrder.id, docId));
    const r = await applyReview(
      tx,
      { id: d.id, tenantId: T, orderNo: d.orderNo, docType: d.docType, allocMethod: d.allocMethod },
      await loadLines(tx, T, d.id),
      { allowNegative: false, userId: by.userId },
    );
    await tx
      .update(stockOrder)
      .set({
        state: 'reviewed',
        totalCost: r.totalCost,
        submitUser: by.userId,
        submitTime: when,
        reviewer: admin.userId,
        reviewTime: when,
        updateTime: when,
      })
      .where(eq(stockOrder.id, docId));
    await tx.update(stockMovement).set({ createTime: when }).where(eq(stockMovement.orderId, docId));
  };

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
        orderNo: await drawOrderNo(tx, T, 'weighing', tz),
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
    orderNo: await drawOrderNo(tx, T, 'weighing', tz),
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

  // sorting at the branch: 统料 bought in, sorted into graded outputs with the cost allocated by weight
  const branch = c.depts.branch ?? c.depts.company;
  const branchAdmin = acting(admin.userId, branch);
  if (wh.CK03) {
    const bought = await insertStockDoc(
      tx,
      ctx,
      branchAdmin,
      branch,
      'in_stock',
      { warehouseId: wh.CK03, partyId: party.GYS002, bizType: 'purchase', orderDate: today, remark: '分拣原料' },
      [
        {
          materialId: mat.WL0003,
          warehouseId: wh.CK03,
          qty: '12000',
          unitPrice: '2300',
          remark: '',
          sourceLineId: null,
        },
      ],
    );
    await review(bought.id as string, branchAdmin, at(0.3));
    const sorted = await insertStockDoc(
      tx,
      ctx,
      branchAdmin,
      branch,
      'disassembly',
      { warehouseId: wh.CK03, orderDate: today, allocMethod: 'weight', remark: '统料分拣' },
      [
        {
          direction: 'out',
          materialId: mat.WL0003,
          warehouseId: wh.CK03,
          qty: '12000',
          unitPrice: '0',
          remark: '',
          sourceLineId: null,
        },
        {
          direction: 'in',
          materialId: mat.WL0001,
          warehouseId: wh.CK03,
          qty: '7200',
          unitPrice: '0',
          remark: '',
          sourceLineId: null,
        },
        {
          direction: 'in',
          materialId: mat.WL0002,
          warehouseId: wh.CK03,
          qty: '3600',
          unitPrice: '0',
          remark: '',
          sourceLineId: null,
        },
        {
          direction: 'in',
          materialId: mat.WL0004,
          warehouseId: wh.CK03,
          qty: '1150',
          unitPrice: '0',
          remark: '杂质50kg',
          sourceLineId: null,
        },
      ],
    );
    await review(sorted.id as string, branchAdmin, at(0.45));
  }

  // a drop shipment (supplier → customer on one truck, never in stock)
  const purchaseAmount = '74400.00'; // 30 t × 2480
  const saleAmount = '79367.50'; // 29.95 t × 2650
  await tx.insert(dropShipping).values({
    ...audit(admin),
    deptId: c.depts.sale ?? c.depts.company,
    orderNo: await drawOrderNo(tx, T, 'dropShipping', tz),
    orderDate: today,
    supplierId: party.GYS001,
    customerId: party.KH001,
    materialId: mat.WL0002,
    carNumber: '浙B7D552',
    priceUnit: 'yuan_per_tonne',
    purchaseQty: '30000',
    purchasePrice: '2480',
    purchaseAmount,
    saleQty: '29950',
    salePrice: '2650',
    saleAmount,
    grossProfit: '4967.50',
    state: 'reviewed',
    submitUser: admin.userId,
    submitTime: at(0.7),
    reviewer: admin.userId,
    reviewTime: at(0.72),
  });
}
