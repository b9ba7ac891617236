// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { dec } from './amount.ts';
import {
  carryForwardProfitAndLoss,
  type GeneratedVoucher,
  type LeafBalance,
  priorYearAdjustmentTransfer,
  statutoryReserveAmount,
  statutoryReserveVoucher,
  yearEndTransfer,
} from './carry-forward.ts';
import { presetChart } from './chart.ts';
import { Ledger } from './ledger.ts';
import {
  bookWithCarryForward,
  ENTERPRISE_JANUARY,
  ENTERPRISE_OPENINGS,
  SMALL_JANUARY,
  SMALL_OPENINGS,
} from './test-books.ts';
import { validateVoucher } from './voucher.ts';

const small = presetChart('small', 'general');
const enterprise = presetChart('enterprise', 'general');
const lines = (v: GeneratedVoucher) => v.lines.map((l) => [l.code, l.debit.toFixed(2), l.credit.toFixed(2)]);
const valid = (chart: typeof small, v: GeneratedVoucher) =>
  validateVoucher({ word: '记', date: '2024-01-31', lines: v.lines.map((l) => ({ ...l })) }, { chart });
const balances = (rows: [string, string][]): LeafBalance[] => rows.map(([code, b]) => ({ code, balance: dec(b) }));

describe('结转损益 (period_rules §8)', () => {
  const jan = new Ledger({ chart: small, startPeriod: '2024-01', openings: SMALL_OPENINGS, postings: SMALL_JANUARY });

  it('small book, January: each P&L leaf closed by its balance, one 本年利润 line per nature', () => {
    const [v, more] = carryForwardProfitAndLoss({ chart: small, balances: jan.leafBalances('2024-01') });
    expect(more).toBeUndefined();
    expect(v.summary).toBe('结转本期损益');
    expect(lines(v)).toEqual([
      ['5001', '100000.00', '0.00'],
      ['3103', '0.00', '100000.00'],
      ['5401', '0.00', '70000.00'],
      ['560205', '0.00', '2000.00'],
      ['560208', '0.00', '1000.00'],
      ['560301', '0.00', '500.00'],
      ['560302', '200.00', '0.00'], // 利息收入: a credit balance is carried on the debit side
      ['3103', '73300.00', '0.00'],
    ]);
    expect(valid(small, v)).toEqual([]);
  });

  it('after posting it every 损益类 account is zero and 本年利润 holds the profit', () => {
    const closed = bookWithCarryForward('small', SMALL_OPENINGS, SMALL_JANUARY, ['2024-01']);
    expect(closed.leafBalances('2024-01', '5')).toEqual([]);
    expect(closed.value('3103', 'closing', '2024-01').toFixed(2)).toBe('-26700.00');
  });

  it('split into 收益类 / 损失类 vouchers', () => {
    const vs = carryForwardProfitAndLoss({ chart: small, balances: jan.leafBalances('2024-01'), split: true });
    expect(vs.map((v) => v.summary)).toEqual(['结转本期损益（收益类）', '结转本期损益（损失类）']);
    expect(vs.map((v) => valid(small, v))).toEqual([[], []]);
    expect(vs[1].lines.at(-1)).toMatchObject({ code: '3103', summary: '结转本期损益（损失类）' });
  });

  it('enterprise: an income account with a debit balance (investment loss) is credited; 4103 is the target', () => {
    const ledger = new Ledger({
      chart: enterprise,
      startPeriod: '2024-01',
      openings: ENTERPRISE_OPENINGS,
      postings: ENTERPRISE_JANUARY,
    });
    const [v] = carryForwardProfitAndLoss({ chart: enterprise, balances: ledger.leafBalances('2024-01') });
    expect(lines(v).slice(0, 3)).toEqual([
      ['6001', '100000.00', '0.00'],
      ['611101', '0.00', '300.00'],
      ['4103', '0.00', '99700.00'],
    ]);
    const net = v.lines.filter((l) => l.code === '4103').reduce((s, l) => s.plus(l.credit).minus(l.debit), dec(0));
    expect(net.toFixed(2)).toBe('25600.00');
    expect(valid(enterprise, v)).toEqual([]);
  });

  it('ignores non-P&L accounts and zero balances; nothing to carry → no voucher', () => {
    expect(
      carryForwardProfitAndLoss({
        chart: small,
        balances: balances([
          ['1001', '5'],
          ['5001', '0'],
        ]),
      }),
    ).toEqual([]);
  });

  it('6901 以前年度损益调整 is not carried to 本年利润 but straight to 未分配利润', () => {
    const b = balances([
      ['6901', '1000'],
      ['6001', '-500'],
    ]);
    const [cf] = carryForwardProfitAndLoss({ chart: enterprise, balances: b });
    expect(cf.lines.some((l) => l.code === '6901')).toBe(false);
    const [adj] = priorYearAdjustmentTransfer(enterprise, b);
    expect(lines(adj)).toEqual([
      ['6901', '0.00', '1000.00'],
      ['410406', '1000.00', '0.00'],
    ]);
    expect(priorYearAdjustmentTransfer(small, b)).toEqual([]);
  });
});

describe('year end (period_rules §11)', () => {
  it('profit: 借 本年利润 / 贷 未分配利润, then the 利润分配 details into 未分配利润', () => {
    const vs = yearEndTransfer(
      small,
      balances([
        ['3103', '-45700'],
        ['310401', '4570'],
        ['310404', '-1000'],
        ['310405', '-45000'],
        ['1001', '100'],
      ]),
    );
    expect(vs.map((v) => [v.kind, v.summary])).toEqual([
      ['yearEndProfit', '结转本年利润'],
      ['yearEndDistribution', '结转利润分配'],
    ]);
    expect(lines(vs[0])).toEqual([
      ['3103', '45700.00', '0.00'],
      ['310405', '0.00', '45700.00'],
    ]);
    expect(lines(vs[1])).toEqual([
      ['310401', '0.00', '4570.00'],
      ['310404', '1000.00', '0.00'],
      ['310405', '3570.00', '0.00'],
    ]);
    expect(vs.map((v) => valid(small, v))).toEqual([[], []]);
  });

  it('loss: 借 未分配利润 / 贷 本年利润 (enterprise codes)', () => {
    const [v] = yearEndTransfer(enterprise, balances([['4103', '10000']]));
    expect(lines(v)).toEqual([
      ['4103', '0.00', '10000.00'],
      ['410406', '10000.00', '0.00'],
    ]);
  });

  it('after posting the year-end vouchers 本年利润 is zero and only 未分配利润 remains under 利润分配', () => {
    const closed = bookWithCarryForward('small', SMALL_OPENINGS, SMALL_JANUARY, ['2024-01']);
    const vs = yearEndTransfer(small, closed.leafBalances('2024-01'));
    const after = new Ledger({
      chart: small,
      startPeriod: '2024-01',
      openings: SMALL_OPENINGS,
      postings: [
        ...SMALL_JANUARY,
        ...bookWithCarryForwardLines(closed),
        ...vs.flatMap((v, n) =>
          v.lines.map((l, i) => ({
            voucherId: `ye${n}`,
            lineNo: i,
            date: '2024-01-31',
            code: l.code,
            debit: l.debit,
            credit: l.credit,
          })),
        ),
      ],
    });
    expect(after.value('3103', 'closing', '2024-01').isZero()).toBe(true);
    expect(after.leafBalances('2024-01', '3104').map((b) => [b.code, b.balance.toFixed(2)])).toEqual([
      ['310405', '-71700.00'],
    ]);
  });

  it.each([
    // netProfit, priorLosses, reserveBalance, registeredCapital, expected — 10 % after losses, ≤ 50 % of capital
    ['100000', '0', '0', undefined, '10000.00'],
    ['100000', '30000', '0', undefined, '7000.00'],
    ['100000', '120000', '0', undefined, '0.00'],
    ['-5000', '0', '0', undefined, '0.00'],
    ['12345.67', '0', '0', undefined, '1234.57'],
    ['100000', '0', '48000', '100000', '2000.00'],
    ['100000', '0', '50000', '100000', '0.00'],
    ['100000', '0', '0', '1000000', '10000.00'],
  ])(
    '法定盈余公积: profit %s, losses %s, reserve %s, capital %s → %s',
    (netProfit, priorLosses, reserveBalance, registeredCapital, expected) => {
      expect(statutoryReserveAmount({ netProfit, priorLosses, reserveBalance, registeredCapital }).toFixed(2)).toBe(
        expected,
      );
    },
  );

  it('the reserve voucher: 借 利润分配-提取法定盈余公积 / 贷 盈余公积-法定盈余公积', () => {
    expect(lines(statutoryReserveVoucher(small, '1000')[0])).toEqual([
      ['310401', '1000.00', '0.00'],
      ['310101', '0.00', '1000.00'],
    ]);
    expect(lines(statutoryReserveVoucher(enterprise, '1000')[0]).map((l) => l[0])).toEqual(['410401', '410101']);
    expect(statutoryReserveVoucher(small, '0')).toEqual([]);
  });
});

/** The carry-forward lines that bookWithCarryForward posted (to rebuild a ledger with extra vouchers). */
function bookWithCarryForwardLines(ledger: Ledger) {
  return ledger.postingsOf('', '2024-01', '2024-12').filter((p) => p.carryForward);
}
