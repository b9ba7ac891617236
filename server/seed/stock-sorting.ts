import { insertStockDoc } from '../modules/izs-stock/documents.ts';
import type { Yard } from './stock-yard.ts';

/** 统料 bought in, sorted into graded outputs with the cost allocated by weight. */
export async function seedSorting(y: Yard): Promise<void> {
  const { tx, c, ctx, mat, wh, party, acting, admin, at, today, review } = y;
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
}
