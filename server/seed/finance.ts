/**
 * Demo accounting data (issue 5, only with SEED_DEMO): one account set of the company 绿循再生资源有限公司 — small-enterprise
 * standard, general taxpayer, started last month — with its members (admin, 账套主管), stock sub-accounts with
 * quantity accounting (吨), customers and suppliers as 辅助核算 items (copied from the related parties), balanced
 * opening balances, last month's vouchers (purchases, sales, collections, payments, cost of sales, expenses, VAT
 * transfer and surcharges, 结转损益) all posted and the month closed, and three vouchers of this month in each
 * state (saved, reviewed, posted). Every voucher passes the core voucher rules before it is written.
 * The company, the organisation the administrator signs in to, so a newcomer's accounting and finance pages open
 * on the demo book at once (issue 16). 财务部 keeps no book: switching the organisation to it shows the spec §2.1
 * rule 7 flow of a real empty organisation (status 1, the 新建账套 dialog).
 */
import { eq } from 'drizzle-orm';
import { carryForwardProfitAndLoss, dec, type GeneratedLine, lastDay } from '../../core/accounting/index.ts';
import type { Tx } from '../db/client.ts';
import { accountSet } from '../db/schema/index.ts';
import { loadLedger } from '../modules/izs-financing/ledger-data.ts';
import { createDemoBook, type FinanceSeedContext } from './finance-book.ts';
import { demoVoucherWriter, pct } from './finance-vouchers.ts';

export type { FinanceSeedContext } from './finance-book.ts';

export async function seedFinanceDemo(tx: Tx, c: FinanceSeedContext): Promise<string> {
  const b = await createDemoBook(tx, c);
  // the history loader makes this book's vouchers from documents (server/seed/history): none by hand
  if (c.historyStart) return b.book.id;
  const { book, start, current, bc } = b;
  const { addVoucher, d, purchase, sale, cost, saveCounters } = demoVoucherWriter(tx, c, b);

  await purchase(3, '废钢', '140501', '20.5', '2350', 'GYS001');
  await addVoucher(
    d(start, 5),
    '购买办公用品',
    [
      { code: '560205', debit: '1280.00' },
      { code: '1001', credit: '1280.00' },
    ],
    'posted',
  );
  await purchase(7, '废铜', '140502', '3.2', '52000', 'GYS001');
  await sale(start, 10, '废钢', '18', '2900', 'KH001');
  await purchase(12, '废铝', '140503', '6', '12800', 'GYS002');
  await addVoucher(
    d(start, 15),
    '支付宁波北仑鑫达货款',
    [
      { code: '2202', debit: '54437.75', party: { dim: '供应商', code: 'GYS001' } },
      { code: '100201', credit: '54437.75' },
    ],
    'posted',
  );
  await cost(16, '废钢', '140501', '18', '50.5', '117175.00');
  await sale(start, 18, '废铜', '3', '60500', 'KH002');
  await cost(19, '废铜', '140502', '3', '4.2', '216400.00');
  await addVoucher(
    d(start, 20),
    '收到宁波钢铁货款',
    [
      { code: '100201', debit: '58986.00' },
      { code: '1122', credit: '58986.00', party: { dim: '客户', code: 'KH001' } },
    ],
    'posted',
  );
  await sale(start, 22, '废铝', '5', '15200', 'KH002');
  await cost(23, '废铝', '140503', '5', '6', '76800.00');
  await addVoucher(
    d(start, 25),
    '支付王师傅货款',
    [
      { code: '2202', debit: '86784.00', party: { dim: '供应商', code: 'GYS002' } },
      { code: '100201', credit: '86784.00' },
    ],
    'posted',
  );
  await addVoucher(
    d(start, 26),
    '收到海亮铜业货款',
    [
      { code: '100201', debit: '150000.00' },
      { code: '1122', credit: '150000.00', party: { dim: '客户', code: 'KH002' } },
    ],
    'posted',
  );
  await addVoucher(
    d(start, 28),
    '计提本月工资',
    [
      { code: '560201', debit: '36000.00' },
      { code: '221101', credit: '36000.00' },
    ],
    'posted',
  );
  await addVoucher(
    d(start, 28),
    '银行手续费',
    [
      { code: '560303', debit: '45.00' },
      { code: '100201', credit: '45.00' },
    ],
    'posted',
  );
  // VAT: output 40,261.00 − input 37,878.75 = 2,382.25 转出未交增值税; surcharges 7 % / 3 % / 2 %
  const vat = '2382.25';
  await addVoucher(
    d(start, 28),
    '转出未交增值税',
    [
      { code: '22210104', debit: vat },
      { code: '222102', credit: vat },
    ],
    'posted',
  );
  const surcharges: [string, string, string][] = [
    ['540303', '222113', '0.07'],
    ['540310', '222114', '0.03'],
    ['540311', '222115', '0.02'],
  ];
  await addVoucher(
    d(start, 28),
    '计提城建税及教育费附加',
    [
      ...surcharges.map(([code, , rate]) => ({ code, debit: pct(vat, rate) })),
      ...surcharges.map(([, code, rate]) => ({ code, credit: pct(vat, rate) })),
    ],
    'posted',
  );

  // 结转损益 from the month's balances (core/accounting), then the month is closed
  const ledger = await loadLedger(tx, book, bc, { to: start, withAux: true });
  const [cf] = carryForwardProfitAndLoss({
    chart: bc.chart,
    balances: ledger.leafBalances(start).map((b) => ({ code: b.code, balance: b.balance })),
  });
  await addVoucher(
    lastDay(start),
    cf.summary,
    cf.lines.map((l: GeneratedLine) => ({
      code: l.code,
      debit: l.debit.isZero() ? undefined : l.debit,
      credit: l.credit.isZero() ? undefined : l.credit,
      summary: l.summary,
    })),
    'posted',
    'carryForward',
  );
  await tx.update(accountSet).set({ closedThrough: start }).where(eq(accountSet.id, book.id));

  // this month: one voucher in each state
  await addVoucher(
    d(current, 2),
    '缴纳上月增值税及附加',
    [
      { code: '222102', debit: vat },
      ...surcharges.map(([, code, rate]) => ({ code, debit: pct(vat, rate) })),
      { code: '100201', credit: dec(vat).plus(surcharges.reduce((s, [, , r]) => s.plus(pct(vat, r)), dec(0))) },
    ],
    'posted',
  );
  await addVoucher(
    d(current, 3),
    '收到海亮铜业货款',
    [
      { code: '100201', debit: '100000.00' },
      { code: '1122', credit: '100000.00', party: { dim: '客户', code: 'KH002' } },
    ],
    'reviewed',
  );
  await sale(current, 4, '废钢', '10', '2950', 'KH001', 'saved');

  await saveCounters();
  return book.id;
}
