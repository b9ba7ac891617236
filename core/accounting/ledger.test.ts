// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { Decimal, dec, ZERO } from './amount.ts';
import { isLeaf, presetChart } from './chart.ts';
import { checkOpenings, generalLedger, Ledger, type Posting, subsidiaryLedger, trialBalance } from './ledger.ts';
import { prng, SMALL_FEBRUARY, SMALL_JANUARY, SMALL_OPENINGS, voucher } from './test-books.ts';

const chart = presetChart('small', 'general');
const book = new Ledger({
  chart,
  startPeriod: '2024-01',
  openings: SMALL_OPENINGS,
  postings: [...SMALL_JANUARY, ...SMALL_FEBRUARY],
});
const fix = (d: Decimal) => d.toFixed(2);

describe('trial balance (科目余额表) of the small book, January', () => {
  const tb = trialBalance(book, '2024-01', '2024-01');
  const row = (code: string) => {
    const r = tb.rows.find((x) => x.code === code)!;
    return [r.openingDebit, r.openingCredit, r.periodDebit, r.periodCredit, r.closingDebit, r.closingCredit].map(fix);
  };

  it.each([
    // code, opening D/C, period D/C, closing D/C — worked out in test-books.ts
    ['1002', ['200000.00', '0.00', '200.00', '2500.00', '197700.00', '0.00']],
    ['1122', ['28000.00', '0.00', '113000.00', '0.00', '141000.00', '0.00']],
    ['1405', ['50000.00', '0.00', '60000.00', '70000.00', '40000.00', '0.00']],
    ['1601', ['120000.00', '0.00', '0.00', '0.00', '120000.00', '0.00']],
    ['1602', ['0.00', '20000.00', '0.00', '1000.00', '0.00', '21000.00']],
    ['2202', ['0.00', '35000.00', '0.00', '67800.00', '0.00', '102800.00']],
    ['2221', ['0.00', '3000.00', '7800.00', '13000.00', '0.00', '8200.00']],
    ['222101', ['0.00', '0.00', '7800.00', '13000.00', '0.00', '5200.00']],
    ['5602', ['0.00', '0.00', '3000.00', '0.00', '3000.00', '0.00']],
    ['5603', ['0.00', '0.00', '500.00', '200.00', '300.00', '0.00']],
  ])('%s', (code, expected) => {
    expect(row(code)).toEqual(expected);
  });

  it('rolls parents up from children (1601 = 160102; 5602 = 560205 + 560208)', () => {
    expect(tb.rows.find((r) => r.code === '160102')!.closing.toFixed(2)).toBe('120000.00');
    expect(tb.rows.find((r) => r.code === '560205')!.closing.toFixed(2)).toBe('2000.00');
    expect(tb.rows.find((r) => r.code === '560208')!.closing.toFixed(2)).toBe('1000.00');
  });

  it('balances: opening 403,000 each side, movements 254,500 each side', () => {
    expect(tb.balanced).toBe(true);
    expect(tb.problems).toEqual([]);
    expect(fix(tb.totals.openingDebit)).toBe('403000.00');
    expect(fix(tb.totals.openingCredit)).toBe('403000.00');
    expect(fix(tb.totals.periodDebit)).toBe('254500.00');
    expect(fix(tb.totals.periodCredit)).toBe('254500.00');
    expect(fix(tb.totals.closingDebit)).toBe(fix(tb.totals.closingCredit));
  });

  it('level filter and zero rows', () => {
    const l1 = trialBalance(book, '2024-01', '2024-01', { maxLevel: 1 });
    expect(l1.rows.every((r) => r.level === 1)).toBe(true);
    expect(l1.rows.some((r) => r.code === '1012')).toBe(false);
    expect(
      trialBalance(book, '2024-01', '2024-01', { maxLevel: 1, includeZero: true }).rows.some((r) => r.code === '1012'),
    ).toBe(true);
  });

  it('a range sums the months; 本年累计 runs to the end', () => {
    const q = trialBalance(book, '2024-01', '2024-02');
    const r = q.rows.find((x) => x.code === '5001')!;
    expect([r.periodCredit, r.ytdCredit, r.closingCredit].map(fix)).toEqual(['150000.00', '150000.00', '150000.00']);
    const feb = trialBalance(book, '2024-02', '2024-02').rows.find((x) => x.code === '5001')!;
    expect([feb.openingCredit, feb.periodCredit, feb.ytdCredit].map(fix)).toEqual([
      '100000.00',
      '50000.00',
      '150000.00',
    ]);
  });

  it('reports an unbalanced book in Chinese', () => {
    const bad = new Ledger({ chart, startPeriod: '2024-01', openings: [{ code: '1001', balance: '1' }], postings: [] });
    expect(trialBalance(bad, '2024-01', '2024-01').problems).toEqual([
      '期初余额不平衡：借方 1.00，贷方 0.00，差额 1.00',
      '期末余额不平衡：借方 1.00，贷方 0.00，差额 1.00',
    ]);
  });
});

describe('auxiliary positions and side parts', () => {
  it('keeps customers apart and sums debit / credit parts at the lowest level', () => {
    expect(fix(book.value('1122', 'closing', '2024-01', 'c2'))).toBe('-2000.00');
    expect(fix(book.value('1122', 'closingDebitParts', '2024-01'))).toBe('143000.00');
    expect(fix(book.value('1122', 'closingCreditParts', '2024-01'))).toBe('2000.00');
    expect(fix(book.value('2202', 'closingDebitParts', '2024-01'))).toBe('5000.00');
    expect(fix(book.value('2202', 'yearOpeningCreditParts', '2024-01'))).toBe('40000.00');
  });
});

describe('ledgers', () => {
  it('general ledger of 1002: opening, then 本月合计 / 本年累计 with side and balance', () => {
    const rows = generalLedger(book, '1002', '2024-01', '2024-02').map((r) => [
      r.summary,
      r.period,
      fix(r.debit),
      fix(r.credit),
      r.side,
      fix(r.balance),
    ]);
    expect(rows).toEqual([
      ['上年结转', '2024-01', '0.00', '0.00', '借', '200000.00'],
      ['本月合计', '2024-01', '200.00', '2500.00', '借', '197700.00'],
      ['本年累计', '2024-01', '200.00', '2500.00', '借', '197700.00'],
      ['本月合计', '2024-02', '0.00', '1000.00', '借', '196700.00'],
      ['本年累计', '2024-02', '200.00', '3500.00', '借', '196700.00'],
    ]);
  });

  it('subsidiary ledger of 1002: every posting in date order with the running balance', () => {
    const rows = subsidiaryLedger(book, '1002', '2024-01', '2024-01').map((r) => [
      r.date,
      r.voucher,
      r.summary,
      fix(r.debit),
      fix(r.credit),
      r.side,
      fix(r.balance),
    ]);
    expect(rows).toEqual([
      ['2024-01-01', '', '上年结转', '0.00', '0.00', '借', '200000.00'],
      ['2024-01-20', '记-4', '支付办公费和利息', '0.00', '2500.00', '借', '197500.00'],
      ['2024-01-21', '记-5', '收到存款利息', '200.00', '0.00', '借', '197700.00'],
      ['2024-01-31', '', '本月合计', '200.00', '2500.00', '借', '197700.00'],
      ['2024-01-31', '', '本年累计', '200.00', '2500.00', '借', '197700.00'],
    ]);
  });

  it('subsidiary ledger of one customer (辅助核算) with a credit balance, and 平 when zero', () => {
    const c2 = subsidiaryLedger(book, '1122', '2024-02', '2024-02', 'c2');
    expect(c2.map((r) => [r.summary, r.side, fix(r.balance)])).toEqual([
      ['期初余额', '贷', '2000.00'],
      ['本月合计', '贷', '2000.00'],
      ['本年累计', '贷', '2000.00'],
    ]);
    const flat = subsidiaryLedger(book, '1001', '2024-01', '2024-01');
    expect(flat[0].side).toBe('借');
    const zero = new Ledger({ chart, startPeriod: '2024-01', postings: [] });
    expect(generalLedger(zero, '1001', '2024-01', '2024-01')[0].side).toBe('平');
  });
});

describe('ledger input checks', () => {
  it.each([
    [voucher('x', 1, '2024-01-02', 'x', [['2221', '1', '0']]), '凭证 x：科目 2221 不是末级科目'],
    [voucher('x', 1, '2024-01-02', 'x', [['9999', '1', '0']]), '凭证 x：科目 9999 不存在'],
    [voucher('x', 1, '2023-12-31', 'x', [['1001', '1', '0']]), '凭证 x 的日期 2023-12-31 早于启用期间 2024-01'],
  ])('refuses %#', (postings, message) => {
    expect(() => new Ledger({ chart, startPeriod: '2024-01', postings })).toThrow(message);
  });
});

describe('mid-year start (启用期间 2024-07, period_rules §6)', () => {
  const openings = [
    { code: '1002', balance: '100000', ytdDebit: '600000', ytdCredit: '550000' },
    { code: '3001', balance: '50000' },
    { code: '3103', balance: '50000', ytdDebit: '550000', ytdCredit: '600000' },
    { code: '5001', ytdDebit: '600000', ytdCredit: '600000', ytdProfitLoss: '600000' },
    { code: '5401', ytdDebit: '550000', ytdCredit: '550000', ytdProfitLoss: '550000' },
  ];
  const mid = new Ledger({
    chart,
    startPeriod: '2024-07',
    openings,
    postings: voucher('m1', 1, '2024-07-10', '销售', [
      ['1002', '10000', '0'],
      ['5001', '0', '10000'],
    ]),
  });

  it('derives 年初余额 = 期初 − 累计借方 + 累计贷方', () => {
    expect(fix(mid.value('1002', 'yearOpening', '2024-07'))).toBe('50000.00');
    expect(fix(mid.value('3103', 'yearOpening', '2024-07'))).toBe('0.00');
  });

  it('本年累计 adds the entered amounts; P&L uses 实际发生额', () => {
    expect(fix(mid.value('1002', 'ytdDebit', '2024-07'))).toBe('610000.00');
    expect(fix(mid.value('5001', 'ytdPlCredit', '2024-07'))).toBe('610000.00');
    expect(fix(mid.value('5001', 'plCredit', '2024-07'))).toBe('10000.00');
    expect(fix(mid.value('5401', 'ytdPlDebit', '2024-07'))).toBe('550000.00');
    expect(() => mid.value('1002', 'yearOpening', '2023-12')).toThrow('2023 年早于启用期间 2024-07');
  });

  it('the opening check passes for these openings', () => {
    expect(checkOpenings(chart, '2024-07', openings)).toEqual({ balanced: true, problems: [] });
  });
});

describe('期初试算平衡 (checkOpenings)', () => {
  it('passes for the small book', () => {
    expect(checkOpenings(chart, '2024-01', SMALL_OPENINGS)).toEqual({ balanced: true, problems: [] });
  });

  it('names every failed rule', () => {
    const openings = [
      ...SMALL_OPENINGS.filter((o) => o.code !== '1001'),
      { code: '1001', balance: '5001' },
      { code: '5001', balance: '10' },
    ];
    expect(checkOpenings(chart, '2024-01', openings).problems).toEqual([
      '期初余额试算不平衡：借方合计 403001.00，贷方合计 403010.00',
      '损益类科目 5001 主营业务收入 不应有期初余额（只录入本年累计发生额）',
      '资产 + 成本（383001.00）不等于 负债 + 所有者权益（383000.00）',
    ]);
  });

  it('mid-year: 本年累计 must balance', () => {
    const problems = checkOpenings(chart, '2024-07', [{ code: '1002', ytdDebit: '5' }]).problems;
    expect(problems).toEqual(['本年累计发生额不平衡：借方合计 5.00，贷方合计 0.00']);
  });
});

describe('seeded random vouchers: the ledger agrees with a tiny model (STYLE: model test)', () => {
  const leaves = chart.accounts.filter((a) => isLeaf(chart, a.code)).map((a) => a.code);
  for (const seed of [1, 7, 42, 20240131]) {
    it(`seed ${seed}: trial balance sums to zero and every leaf matches Σ fen`, () => {
      const rand = prng(seed);
      const model = new Map<string, bigint>(); // leaf → debit − credit in fen
      const postings: Posting[] = [];
      for (let v = 0; v < 120; v++) {
        const month = 1 + Math.floor(rand() * 3);
        const date = `2024-0${month}-${String(1 + Math.floor(rand() * 28)).padStart(2, '0')}`;
        const n = 2 + Math.floor(rand() * 4);
        let balance = 0n;
        for (let i = 0; i < n; i++) {
          const code = leaves[Math.floor(rand() * leaves.length)];
          const last = i === n - 1;
          const fen = last ? -balance : BigInt(Math.floor(rand() * 2_000_000) - 500_000); // red lines too
          balance += fen;
          const amount = new Decimal(fen.toString()).div(100);
          const debitSide = last ? fen >= 0n : rand() < 0.5;
          // the side is free; a negative amount on the debit side = a red debit
          const signed = debitSide ? amount : amount.neg();
          postings.push({
            voucherId: `v${v}`,
            no: v + 1,
            date,
            code,
            debit: debitSide ? signed : ZERO,
            credit: debitSide ? ZERO : signed,
          });
          model.set(code, (model.get(code) ?? 0n) + fen);
        }
      }
      const ledger = new Ledger({ chart, startPeriod: '2024-01', postings });
      const tb = trialBalance(ledger, '2024-01', '2024-03', { maxLevel: 1 });
      expect(tb.balanced, `seed ${seed}: ${tb.problems.join('; ')}`).toBe(true);
      const sumClosing = tb.rows.reduce((s, r) => s.plus(r.closing), ZERO);
      expect(sumClosing.isZero(), `seed ${seed}`).toBe(true);
      for (const [code, fen] of model) {
        expect(ledger.value(code, 'closing', '2024-03').times(100).toFixed(0), `seed ${seed} ${code}`).toBe(
          fen.toString(),
        );
      }
      // parents = Σ children
      for (const parent of ['2221', '222101', '5602', '1601']) {
        const children = chart.children.get(parent)!;
        const viaChildren = children.reduce((s, c) => s.plus(ledger.value(c.code, 'closing', '2024-03')), ZERO);
        expect(ledger.value(parent, 'closing', '2024-03').eq(viaChildren), `seed ${seed} ${parent}`).toBe(true);
      }
      expect(dec(ledger.value('1001', 'closing', '2024-02')).eq(ledger.value('1001', 'opening', '2024-03'))).toBe(true);
    });
  }
});
