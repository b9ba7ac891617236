/**
 * The demo book (split from finance.ts): the account set, stock and bank sub-accounts, customers / suppliers as
 * 辅助核算 on receivables and payables, balanced openings, and what the voucher writer needs of the chart.
 */
import { and, eq } from 'drizzle-orm';
import { addMonths, type Period } from '../../core/accounting/index.ts';
import type { Tx } from '../db/client.ts';
import { finAccount, finDimension, finDimensionData, finOpening } from '../db/schema/index.ts';
import { createAccountSet } from '../modules/izs-financing/account-sets.ts';
import { loadBookChart, toBook } from '../modules/izs-financing/book.ts';
import { syncDimension } from '../modules/izs-financing/dimensions-repository.ts';

export interface FinanceSeedContext {
  tenantId: string;
  deptId: string;
  adminId: string;
  /** defaults to now: the book starts the month before */
  now?: Date;
  /**
   * The history loader's book (server/seed/history): starts in this period, with no hand-written vouchers and
   * openings of money and capital only (stock and receivables come from the loader's documents).
   */
  historyStart?: Period;
}

export type DemoBook = Awaited<ReturnType<typeof createDemoBook>>;

export async function createDemoBook(tx: Tx, c: FinanceSeedContext) {
  const now = c.now ?? new Date();
  const current: Period = `${now.getUTCFullYear()}-${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
  const start = c.historyStart ?? addMonths(current, -1);
  const row = await createAccountSet(tx, {
    tenantId: c.tenantId,
    deptId: c.deptId,
    userId: c.adminId,
    form: {
      name: '绿循再生 总账',
      accountingSystem: 1,
      taxNature: '1',
      enableDate: `${start}-01`,
      enableInvoice: '1',
      deptId: c.deptId,
      industryInvolved: 3,
      dutyParagraph: '91330206MA2H8X6Q1P',
      taxAddress: '330206',
      isDefault: '1',
      // one accountant in the demo company: self-review allowed
      reviewRequired: 1,
      allowSelfReview: 1,
      postingRequired: 1,
      voucherWords: 'single',
      remark: '演示账套',
    },
  });
  const book = toBook(row);
  const base = { tenantId: c.tenantId, accountSetId: book.id, createUser: c.adminId, updateUser: c.adminId };

  // chart: bank and stock sub-accounts, customers / suppliers on receivables and payables
  const dims = await tx.select().from(finDimension).where(eq(finDimension.accountSetId, book.id));
  const dimId = (name: string) => dims.find((d) => d.name === name)!.id;
  const sub = (
    parentCode: string,
    code: string,
    name: string,
    extra: Partial<typeof finAccount.$inferInsert> = {},
  ) => ({
    ...base,
    code,
    name,
    parentCode,
    level: (code.length - 4) / 2 + 1,
    category: '资产',
    direction: 'debit',
    ...extra,
  });
  await tx.insert(finAccount).values([
    sub('1002', '100201', '工商银行宁波北仑支行'),
    sub('1405', '140501', '废钢', { quantity: 1, unit: '吨' }),
    sub('1405', '140502', '废铜', { quantity: 1, unit: '吨' }),
    sub('1405', '140503', '废铝', { quantity: 1, unit: '吨' }),
    // one per kind of scrap the demo buys, named so that every demo material finds its own (by its name or its
    // category's: 统料破碎料 → 统料, 钢屑 → 铁屑, 黄板纸 / 书页纸 → 废纸 …); 电子废弃物 is counted in pieces and kg, so
    // it keeps no quantity in 吨
    sub('1405', '140504', '统料', { quantity: 1, unit: '吨' }),
    sub('1405', '140505', '铁屑', { quantity: 1, unit: '吨' }),
    sub('1405', '140506', '废不锈钢', { quantity: 1, unit: '吨' }),
    sub('1405', '140507', '废铅', { quantity: 1, unit: '吨' }),
    sub('1405', '140508', '废纸', { quantity: 1, unit: '吨' }),
    sub('1405', '140509', '废塑料', { quantity: 1, unit: '吨' }),
    sub('1405', '140510', '电子废弃物'),
  ]);
  await tx
    .update(finAccount)
    .set({ auxDims: dimId('客户') })
    .where(and(eq(finAccount.accountSetId, book.id), eq(finAccount.code, '1122')));
  await tx
    .update(finAccount)
    .set({ auxDims: dimId('供应商') })
    .where(and(eq(finAccount.accountSetId, book.id), eq(finAccount.code, '2202')));
  for (const name of ['客户', '供应商', '部门', '存货']) {
    await syncDimension(tx, c.tenantId, c.deptId, book.id, dimId(name), c.adminId);
  }
  const items = await tx.select().from(finDimensionData).where(eq(finDimensionData.accountSetId, book.id));
  const itemId = (dim: string, code: string) => {
    const it = items.find((i) => i.dimensionId === dimId(dim) && i.code === code);
    if (!it) throw new Error(`演示数据缺少辅助核算项目 ${dim} ${code}`);
    return it.id;
  };

  // openings of the start period (balanced: 8,000 + 600,000 + 69,000 + 50,000 = 727,000); the history book's:
  // money and capital only (8,000 + 3,000,000 = 3,008,000)
  const opening: (readonly [string, string, string | null])[] = c.historyStart
    ? [
        ['1001', '8000.00', null],
        ['100201', '3000000.00', null],
        ['3001', '3008000.00', null],
      ]
    : [
        ['1001', '8000.00', null],
        ['100201', '600000.00', null],
        ['140501', '69000.00', '30'],
        ['140502', '50000.00', '1'],
        ['3001', '727000.00', null],
      ];
  await tx.insert(finOpening).values(
    opening.map(([code, balance, quantity]) => ({
      tenantId: c.tenantId,
      accountSetId: book.id,
      accountCode: code,
      balance,
      quantity,
      updateUser: c.adminId,
    })),
  );

  const bc = await loadBookChart(tx, book);
  const settings = Object.fromEntries(
    [...bc.rows.values()].map((r) => [
      r.code,
      {
        quantity: r.quantity === 1,
        auxiliary: r.auxDims ? r.auxDims.split(',').map((d) => dims.find((x) => x.id === d)!.name) : [],
      },
    ]),
  );
  return { book, start, current, bc, dimId, itemId, settings };
}
