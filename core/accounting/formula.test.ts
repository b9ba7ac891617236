// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { FormulaError, formatFormula, lineRefs, parseFormula } from './formula.ts';

describe('formula notation: every token kind', () => {
  it.each([
    ['1001', [{ sign: 1, debitPositive: false, term: { kind: 'account', code: '1001' } }]],
    ['1122(借)', [{ sign: 1, debitPositive: false, term: { kind: 'accountSide', code: '1122', side: 'debit' } }]],
    ['2203(贷)', [{ sign: 1, debitPositive: false, term: { kind: 'accountSide', code: '2203', side: 'credit' } }]],
    ['5601.广告费', [{ sign: 1, debitPositive: false, term: { kind: 'subAccount', code: '5601', name: '广告费' } }]],
    ['L12', [{ sign: 1, debitPositive: false, term: { kind: 'line', line: 12 } }]],
    ['[分析]', [{ sign: 1, debitPositive: false, term: { kind: 'manual' } }]],
    [
      '-6603.利息收入',
      [{ sign: -1, debitPositive: false, term: { kind: 'subAccount', code: '6603', name: '利息收入' } }],
    ],
    [
      '1403±1404',
      [
        { sign: 1, debitPositive: false, term: { kind: 'account', code: '1403' } },
        { sign: 1, debitPositive: true, term: { kind: 'account', code: '1404' } },
      ],
    ],
    [
      '1601-1602-1603±1606',
      [
        { sign: 1, debitPositive: false, term: { kind: 'account', code: '1601' } },
        { sign: -1, debitPositive: false, term: { kind: 'account', code: '1602' } },
        { sign: -1, debitPositive: false, term: { kind: 'account', code: '1603' } },
        { sign: 1, debitPositive: true, term: { kind: 'account', code: '1606' } },
      ],
    ],
    [
      ' L1 - L2 + 222101 ',
      [
        { sign: 1, debitPositive: false, term: { kind: 'line', line: 1 } },
        { sign: -1, debitPositive: false, term: { kind: 'line', line: 2 } },
        { sign: 1, debitPositive: false, term: { kind: 'account', code: '222101' } },
      ],
    ],
  ])('%s', (source, expected) => {
    expect(parseFormula(source)).toEqual(expected);
  });

  it('a sub-account name ends at the next operator', () => {
    const f = parseFormula('5403.城镇土地使用税+5403.房产税-1231.应收账款');
    expect(f.map((t) => (t.term.kind === 'subAccount' ? t.term.name : ''))).toEqual([
      '城镇土地使用税',
      '房产税',
      '应收账款',
    ]);
  });

  it.each([
    ['', '公式为空'],
    ['1001 1002', '缺少运算符'],
    ['100', '不符合 4-2-2'],
    ['Lx', 'L 后应为行次'],
    ['1001+', '应为科目编码'],
    ['1001.', '明细科目名称'],
    ['1001*2', '缺少运算符'],
    ['(借)1001', '应为科目编码'],
  ])('refuses %j (%s)', (source, message) => {
    expect(() => parseFormula(source)).toThrow(FormulaError);
    expect(() => parseFormula(source)).toThrow(message);
  });

  it('formats back to the notation and lists line references', () => {
    const source = '1122(借)+2203(借)-1231.应收账款±1404-L3+[分析]';
    expect(formatFormula(parseFormula(source))).toBe(source);
    expect(lineRefs(parseFormula('L1+L2-1001+L30'))).toEqual([1, 2, 30]);
  });
});
