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
import { and, eq } from 'drizzle-orm';
import {
  addMonths,
  carryForwardProfitAndLoss,
  Decimal,
  dec,
  formatVoucherNo,
  type GeneratedLine,
  lastDay,
  type Period,
  round2,
  validateVoucher,
} from '../../core/accounting/index.ts';
import { moneyFixed } from '../../core/format/amounts.ts';
import type { Tx } from '../db/client.ts';
import {
  accountSet,
  finAccount,
  finDimension,
  finDimensionData,
  finOpening,
  voucher,
  voucherCounter,
  voucherLine,
} from '../db/schema/index.ts';
import { createAccountSet } from '../modules/izs-financing/account-sets.ts';
import { auxKeyOf, loadBookChart, toBook } from '../modules/izs-financing/book.ts';
import { syncDimension } from '../modules/izs-financing/dimensions.ts';
import { loadLedger } from '../modules/izs-financing/ledger-data.ts';

export interface FinanceSeedContext {
  tenantId: string;
  deptId: string;
  adminId: string;
  /** defaults to now: the book starts the month before */
  now?: Date;
}

interface DemoLine {
  code: string;
  debit?: Decimal | string;
  credit?: Decimal | string;
  /** dimension name → related-party code */
  party?: { dim: '客户' | '供应商'; code: string };
  qty?: string;
  summary?: string;
}

const pct = (amount: string, rate: string) => round2(dec(amount).times(rate));

export async function seedFinanceDemo(tx: Tx, c: FinanceSeedContext): Promise<string> {
  const now = c.now ?? new Date();
  const current: Period = `${now.getUTCFullYear()}-${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
  const start = addMonths(current, -1);
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

  // openings of the start period (balanced: 8,000 + 600,000 + 69,000 + 50,000 = 727,000)
  await tx.insert(finOpening).values(
    (
      [
        ['1001', '8000.00', null],
        ['100201', '600000.00', null],
        ['140501', '69000.00', '30'],
        ['140502', '50000.00', '1'],
        ['3001', '727000.00', null],
      ] as const
    ).map(([code, balance, quantity]) => ({
      tenantId: c.tenantId,
      accountSetId: book.id,
      accountCode: code,
      balance,
      quantity,
      updateUser: c.adminId,
    })),
  );

  const bc = await loadBookChart(tx, book);
  const counters = new Map<string, number>();
  const settings = Object.fromEntries(
    [...bc.rows.values()].map((r) => [
      r.code,
      {
        quantity: r.quantity === 1,
        auxiliary: r.auxDims ? r.auxDims.split(',').map((d) => dims.find((x) => x.id === d)!.name) : [],
      },
    ]),
  );

  const addVoucher = async (
    date: string,
    summary: string,
    lines: DemoLine[],
    state: 'saved' | 'reviewed' | 'posted',
    kind: 'manual' | 'carryForward' = 'manual',
  ) => {
    const period = date.slice(0, 7);
    const key = `${period}|记`;
    const no = (counters.get(key) ?? 0) + 1;
    counters.set(key, no);
    const prepared = lines.map((l) => {
      const amount = dec(l.debit ?? l.credit ?? 0);
      const aux = l.party ? { [dimId(l.party.dim)]: itemId(l.party.dim, l.party.code) } : {};
      const qty = l.qty ? dec(l.qty) : undefined;
      return {
        summary: l.summary ?? summary,
        code: l.code,
        debit: l.debit === undefined ? undefined : moneyFixed(dec(l.debit)),
        credit: l.credit === undefined ? undefined : moneyFixed(dec(l.credit)),
        aux,
        auxByName: l.party ? { [l.party.dim]: aux[dimId(l.party.dim)] } : {},
        quantity: qty?.toFixed(),
        unitPrice: qty ? amount.div(qty).toDecimalPlaces(6, Decimal.ROUND_HALF_UP).toFixed() : undefined,
      };
    });
    const problems = validateVoucher(
      { word: '记', date, lines: prepared.map((l) => ({ ...l, aux: l.auxByName })) },
      { chart: bc.chart, settings },
    );
    if (problems.length) throw new Error(`演示凭证 ${date} ${summary}：${problems[0].msg}`);
    const total = moneyFixed(prepared.reduce((s, l) => s.plus(dec(l.debit)), dec(0)));
    const at = new Date(`${date}T10:00:00+08:00`);
    const [v] = await tx
      .insert(voucher)
      .values({
        tenantId: c.tenantId,
        deptId: c.deptId,
        accountSetId: book.id,
        period,
        word: '记',
        no,
        voucherDate: date,
        attachments: kind === 'manual' ? 1 : 0,
        state,
        kind,
        debitTotal: total,
        creditTotal: total,
        summary,
        createUser: c.adminId,
        updateUser: c.adminId,
        createDept: c.deptId,
        createTime: at,
        updateTime: at,
        reviewer: state === 'saved' ? null : c.adminId,
        reviewTime: state === 'saved' ? null : at,
        poster: state === 'posted' ? c.adminId : null,
        postTime: state === 'posted' ? at : null,
      })
      .returning({ id: voucher.id });
    await tx.insert(voucherLine).values(
      prepared.map((l, i) => ({
        tenantId: c.tenantId,
        accountSetId: book.id,
        voucherId: v.id,
        lineNo: i + 1,
        period,
        summary: l.summary,
        accountCode: l.code,
        aux: Object.keys(l.aux).length ? l.aux : null,
        auxKey: auxKeyOf(l.aux),
        debit: l.debit ?? '0',
        credit: l.credit ?? '0',
        quantity: l.quantity ?? null,
        unitPrice: l.unitPrice ?? null,
        carryForward: kind === 'carryForward' ? 1 : 0,
        posted: state === 'posted' ? 1 : 0,
      })),
    );
    return formatVoucherNo('记', no);
  };

  const d = (period: Period, day: number) => `${period}-${String(day).padStart(2, '0')}`;
  const purchase = (day: number, what: string, code: string, qty: string, price: string, supplier: string) => {
    const amount = round2(dec(qty).times(price));
    const tax = pct(moneyFixed(amount), '0.13');
    return addVoucher(
      d(start, day),
      `购入${what} ${qty}吨`,
      [
        { code, debit: amount, qty },
        { code: '22210101', debit: tax },
        { code: '2202', credit: amount.plus(tax), party: { dim: '供应商', code: supplier } },
      ],
      'posted',
    );
  };
  const sale = (
    period: Period,
    day: number,
    what: string,
    qty: string,
    price: string,
    customer: string,
    state: 'saved' | 'reviewed' | 'posted' = 'posted',
  ) => {
    const amount = round2(dec(qty).times(price));
    const tax = pct(moneyFixed(amount), '0.13');
    return addVoucher(
      d(period, day),
      `销售${what} ${qty}吨`,
      [
        { code: '1122', debit: amount.plus(tax), party: { dim: '客户', code: customer } },
        { code: '5001', credit: amount },
        { code: '22210107', credit: tax },
      ],
      state,
    );
  };
  // cost of sales at the moving average of the stock sub-account
  const cost = (day: number, what: string, code: string, qty: string, stockQty: string, stockAmount: string) => {
    const amount = round2(dec(stockAmount).div(stockQty).times(qty));
    return addVoucher(
      d(start, day),
      `结转${what}销售成本 ${qty}吨`,
      [
        { code: '5401', debit: amount },
        { code, credit: amount, qty },
      ],
      'posted',
    );
  };

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

  for (const [key, last] of counters) {
    const [period, word] = key.split('|');
    await tx.insert(voucherCounter).values({ accountSetId: book.id, period, word, last });
  }
  return book.id;
}
