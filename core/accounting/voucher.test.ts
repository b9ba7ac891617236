// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { presetChart } from './chart.ts';
import {
  amountOf,
  chronologyProblems,
  editBlock,
  formatVoucherNo,
  nextVoucherNo,
  numberGaps,
  quantityAmountProblem,
  renumber,
  reversalLines,
  reviewBlock,
  unitPriceOf,
  unreviewBlock,
  VOUCHER_WORD_PRESETS,
  type VoucherInput,
  type VoucherRules,
  validateVoucher,
} from './voucher.ts';

const chart = presetChart('small', 'general');
const rules: VoucherRules = {
  chart,
  settings: { '1122': { auxiliary: ['客户'] }, '1405': { quantity: true } },
};
const sale: VoucherInput = {
  word: '记',
  date: '2024-03-05',
  lines: [
    { summary: '销售废钢', code: '1122', debit: '113000.00', aux: { 客户: '12' } },
    { summary: '销售废钢', code: '5001', credit: '100000' },
    { summary: '销售废钢', code: '22210107', credit: '13000' },
  ],
};
const msgs = (v: VoucherInput, r: VoucherRules = rules) => validateVoucher(v, r).map((p) => p.msg);

describe('voucher validation (period_rules §4, DESIGN §5)', () => {
  it('accepts a balanced voucher with one side per line', () => {
    expect(validateVoucher(sale, rules)).toEqual([]);
  });

  it('accepts a fully red voucher (Σ ≠ 0, negative totals, period_rules §5 红字冲销)', () => {
    const red = { ...sale, lines: reversalLines({ ...sale, no: 3 }) };
    expect(validateVoucher(red, rules)).toEqual([]);
  });

  it.each([
    [
      'unbalanced',
      [
        { summary: 'x', code: '1001', debit: '100' },
        { summary: 'x', code: '5001', credit: '99.99' },
      ],
      '借贷不平衡：借方合计 100.00，贷方合计 99.99，差额 0.01',
    ],
    [
      'total zero',
      [
        { summary: 'x', code: '1001', debit: '100' },
        { summary: 'x', code: '1001', debit: '-100' },
      ],
      '凭证金额合计不能为 0',
    ],
    ['one line', [{ summary: 'x', code: '1001', debit: '0' }], '凭证至少需要两行分录'],
    [
      'both sides',
      [
        { summary: 'x', code: '1001', debit: '100', credit: '100' },
        { summary: 'x', code: '5001', credit: '0' },
      ],
      '第 1 行：借方和贷方只能填写一方',
    ],
    [
      'no side',
      [
        { summary: 'x', code: '1001', debit: '100' },
        { summary: 'x', code: '5001', credit: '100' },
        { summary: 'x', code: '5001' },
      ],
      '第 3 行：借方和贷方金额不能都为 0',
    ],
    [
      'three decimals',
      [
        { summary: 'x', code: '1001', debit: '100.005' },
        { summary: 'x', code: '5001', credit: '100.005' },
      ],
      '第 1 行：金额最多保留两位小数',
    ],
    [
      'parent account',
      [
        { summary: 'x', code: '2221', credit: '100' },
        { summary: 'x', code: '1001', debit: '100' },
      ],
      '第 1 行：2221 应交税费 不是末级科目，请选择末级科目',
    ],
    [
      'unknown account',
      [
        { summary: 'x', code: '9999', credit: '100' },
        { summary: 'x', code: '1001', debit: '100' },
      ],
      '第 1 行：科目 9999 不存在',
    ],
    [
      'summary missing',
      [
        { summary: ' ', code: '5001', credit: '100' },
        { summary: 'x', code: '1001', debit: '100' },
      ],
      '第 1 行：摘要不能为空',
    ],
    [
      'auxiliary missing',
      [
        { summary: 'x', code: '1122', debit: '100' },
        { summary: 'x', code: '5001', credit: '100' },
      ],
      '第 1 行：科目 1122 应收账款 需要填写辅助核算「客户」',
    ],
    [
      'quantity missing',
      [
        { summary: 'x', code: '1405', debit: '100' },
        { summary: 'x', code: '1001', credit: '100' },
      ],
      '第 1 行：科目 1405 库存商品 为数量核算，请填写数量和单价',
    ],
    [
      'quantity × price ≠ amount',
      [
        { summary: 'x', code: '1405', debit: '2500.00', quantity: '1.234', unitPrice: '2000' },
        { summary: 'x', code: '1001', credit: '2500.00' },
      ],
      '第 1 行：数量 × 单价 = 2468.00，与金额 2500.00 不符',
    ],
    [
      'junk amount',
      [
        { summary: 'x', code: '1001', debit: 'abc' },
        { summary: 'x', code: '5001', credit: '1' },
      ],
      '第 1 行：金额不是有效的数字',
    ],
  ])('%s', (_rule, lines, message) => {
    expect(msgs({ word: '记', date: '2024-03-05', lines })).toContain(message);
  });

  it('names the field of a line problem', () => {
    const [p] = validateVoucher(
      {
        word: '记',
        date: '2024-03-05',
        lines: [
          { summary: 'x', code: '1001', debit: '1', credit: '1' },
          { summary: 'x', code: '5001', credit: '0' },
        ],
      },
      rules,
    );
    expect(p).toMatchObject({ line: 1, field: 'credit' });
  });
});

describe('quantity × unit price = amount (rounded half-up to the fen)', () => {
  it.each([
    // [quantity, unit price, amount, ok]   source: DESIGN §5 weighing rule
    ['12.345', '2350', '29010.75', true], // 29010.75 exactly
    ['1.005', '1', '1.01', true], // 1.005 → 1.01 half-up (not banker's 1.00)
    ['3', '0.333333', '1.00', true], // 0.999999 → 1.00
    ['3', '0.333333', '0.99', false],
    ['7', '142.857143', '1000.00', true], // price derived from amount ÷ qty at 6 decimals
    ['-2', '50', '-100.00', true], // red line
  ])('%s × %s vs %s', (q, p, a, ok) => {
    expect(quantityAmountProblem(q, p, a) === null).toBe(ok);
  });

  it('derives the amount and the unit price', () => {
    expect(amountOf('12.345', '2350').toFixed(2)).toBe('29010.75');
    expect(unitPriceOf('1000', '7').toFixed()).toBe('142.857143');
    expect(unitPriceOf('1000', '7', 2).toFixed()).toBe('142.86');
    expect(() => unitPriceOf('1', '0')).toThrow('数量不能为 0');
    expect(quantityAmountProblem('0', '1', '1')).toBe('数量不能为 0');
  });
});

describe('voucher words and their restrictions (period_rules §2)', () => {
  const three = { ...rules, words: VOUCHER_WORD_PRESETS.threeWords };
  const cashIn = [
    { summary: 'x', code: '1001', debit: '100' },
    { summary: 'x', code: '5001', credit: '100' },
  ];
  const cashOut = [
    { summary: 'x', code: '560205', debit: '100' },
    { summary: 'x', code: '1001', credit: '100' },
  ];
  const transfer = [
    { summary: 'x', code: '5401', debit: '100' },
    { summary: 'x', code: '1403', credit: '100' },
  ];
  it.each([
    ['收', cashIn, null],
    ['收', cashOut, '凭证字「收」要求借方必有科目 1001/1002'],
    ['付', cashOut, null],
    ['付', cashIn, '凭证字「付」要求贷方必有科目 1001/1002'],
    ['转', transfer, null],
    ['转', cashIn, '凭证字「转」的凭证不能有科目 1001/1002'],
    ['记', cashIn, '凭证字「记」未启用'],
  ])('%s', (word, lines, message) => {
    const found = msgs({ word, date: '2024-03-05', lines: lines.map((l) => ({ ...l })) }, three);
    if (message === null) expect(found).toEqual([]);
    else expect(found).toContain(message);
  });

  it('five-word set distinguishes cash from bank; sub-accounts count for their parent', () => {
    const five = { ...rules, words: VOUCHER_WORD_PRESETS.fiveWords };
    const bankIn = [
      { summary: 'x', code: '1002', debit: '100' },
      { summary: 'x', code: '5001', credit: '100' },
    ];
    expect(msgs({ word: '银收', date: '2024-03-05', lines: bankIn }, five)).toEqual([]);
    expect(msgs({ word: '现收', date: '2024-03-05', lines: bankIn }, five)).toContain(
      '凭证字「现收」要求借方必有科目 1001',
    );
  });
});

describe('voucher numbering per book/period/word (period_rules §3)', () => {
  it.each([
    [[], 1],
    [[1, 2, 3], 4],
    [[1, 2, 5], 6],
    [[3], 4],
  ])('next after %j is %i', (existing, next) => {
    expect(nextVoucherNo(existing)).toBe(next);
  });

  it('finds gaps and duplicates', () => {
    expect(numberGaps([1, 2, 5, 5, 7])).toEqual({ missing: [3, 4, 6], duplicates: [5] });
    expect(numberGaps([])).toEqual({ missing: [], duplicates: [] });
  });

  it('renumbers by date then original number, returning only changes', () => {
    const vouchers = [
      { id: 'a', no: 1, date: '2024-03-01' },
      { id: 'b', no: 3, date: '2024-03-02' },
      { id: 'c', no: 4, date: '2024-03-02' },
      { id: 'd', no: 6, date: '2024-03-01' },
    ];
    expect(renumber(vouchers)).toEqual([{ id: 'd', from: 6, to: 2 }]);
    expect(renumber(vouchers, 'entry')).toEqual([
      { id: 'b', from: 3, to: 2 },
      { id: 'c', from: 4, to: 3 },
      { id: 'd', from: 6, to: 4 },
    ]);
  });

  it('renumber by entry time', () => {
    const vouchers = [
      { id: 'a', no: 1, date: '2024-03-09', createdAt: '2024-03-09T10:00:00Z' },
      { id: 'b', no: 2, date: '2024-03-01', createdAt: '2024-03-01T09:00:00Z' },
    ];
    expect(renumber(vouchers, 'entry')).toEqual([
      { id: 'b', from: 2, to: 1 },
      { id: 'a', from: 1, to: 2 },
    ]);
  });

  it('formats 记-3 and 记-0003; checks date order within a word', () => {
    expect(formatVoucherNo('记', 3)).toBe('记-3');
    expect(formatVoucherNo('记', 3, 4)).toBe('记-0003');
    expect(
      chronologyProblems('记', [
        { id: 'a', no: 1, date: '2024-03-05' },
        { id: 'b', no: 2, date: '2024-03-04' },
      ]),
    ).toEqual(['记-2 的日期 2024-03-04 早于 记-1 的日期 2024-03-05']);
  });
});

describe('review, edit and reversal (period_rules §5)', () => {
  const saved = { status: 'saved' as const, createdBy: 'u1', periodClosed: false };
  const reviewed = { ...saved, status: 'reviewed' as const, reviewedBy: 'u2' };
  it.each([
    ['saved is editable', editBlock(saved), null],
    ['reviewed is not', editBlock(reviewed), '凭证已审核，不能修改或删除，请先反审核'],
    ['posted is not', editBlock({ ...saved, status: 'posted' }), '凭证已过账，不能修改或删除，请先反过账'],
    ['closed period', editBlock({ ...saved, periodClosed: true }), '凭证所在期间已结账，不能修改或删除'],
    ['self review', reviewBlock(saved, 'u1'), '审核人不能与制单人相同'],
    ['self review allowed', reviewBlock(saved, 'u1', true), null],
    ['review by another', reviewBlock(saved, 'u2'), null],
    ['review twice', reviewBlock(reviewed, 'u3'), '凭证已审核'],
    ['unreview by reviewer', unreviewBlock(reviewed, 'u2'), null],
    ['unreview by someone else', unreviewBlock(reviewed, 'u3'), '只有审核人或账套主管可以反审核'],
    ['unreview by supervisor', unreviewBlock(reviewed, 'u3', true), null],
    ['unreview closed', unreviewBlock({ ...reviewed, periodClosed: true }, 'u2'), '凭证所在期间已结账，不能反审核'],
  ])('%s', (_rule, actual, expected) => {
    expect(actual).toBe(expected);
  });

  it('red reversal negates every amount and names the original', () => {
    const red = reversalLines({ ...sale, no: 3 });
    expect(red.map((l) => [l.summary, l.debit, l.credit])).toEqual([
      ['注销2024年3月5日记-3号凭证', '-113000', undefined],
      ['注销2024年3月5日记-3号凭证', undefined, '-100000'],
      ['注销2024年3月5日记-3号凭证', undefined, '-13000'],
    ]);
  });
});
