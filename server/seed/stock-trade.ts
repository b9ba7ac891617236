import { dropShipping, priceList, tradeOrder, tradeOrderLine } from '../db/schema/index.ts';
import { drawOrderNo } from '../platform/numbering.ts';
import type { Yard } from './stock-yard.ts';

/** 价格表: purchase prices of 重废钢 (general and one supplier's), 废铜, and a customer's sale price. */
export async function seedPriceLists(y: Yard): Promise<void> {
  const { tx, c, mat, party, admin, audit, yearStart } = y;
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
}

/** One reviewed purchase order and one reviewed sale order of 重废钢. */
export async function seedTradeOrders(y: Yard): Promise<{ po: string; so: string }> {
  const { tx, c, T, tz, mat, party, admin, audit, at, today } = y;
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
        orderNo: await drawOrderNo(tx, kind === 'purchase' ? 'purchaseOrder' : 'saleOrder', { tenantId: T, tz }),
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

  return { po, so };
}

export async function seedDropShipment(y: Yard): Promise<void> {
  const { tx, c, T, tz, mat, party, admin, audit, at, today } = y;
  // a drop shipment (supplier → customer on one truck, never in stock)
  const purchaseAmount = '74400.00'; // 30 t × 2480
  const saleAmount = '79367.50'; // 29.95 t × 2650
  await tx.insert(dropShipping).values({
    ...audit(admin),
    deptId: c.depts.sale ?? c.depts.company,
    orderNo: await drawOrderNo(tx, 'dropShipping', { tenantId: T, tz }),
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
