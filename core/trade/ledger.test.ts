import { describe, expect, it } from 'vitest';
import { openAmount, spreadOverLines } from './ledger.ts';

describe('spreadOverLines: a document figure shared by its material lines, fen-exact', () => {
  const cases: [string, string, { amount: string; qty: string }[], string[]][] = [
    ['one line takes everything', '1234.56', [{ amount: '9999.00', qty: '1000' }], ['1234.56']],
    [
      'by line amount, summing exactly',
      '100.00',
      [
        { amount: '1', qty: '1' },
        { amount: '1', qty: '1' },
        { amount: '1', qty: '1' },
      ],
      ['33.34', '33.33', '33.33'],
    ],
    [
      'proportional',
      '300.00',
      [
        { amount: '2000.00', qty: '1' },
        { amount: '1000.00', qty: '1' },
      ],
      ['200.00', '100.00'],
    ],
    [
      'a red (negative) figure',
      '-90.00',
      [
        { amount: '-600.00', qty: '-2' },
        { amount: '-300.00', qty: '-1' },
      ],
      ['-60.00', '-30.00'],
    ],
    [
      'zero amounts share by quantity',
      '10.00',
      [
        { amount: '0', qty: '3000' },
        { amount: '0', qty: '1000' },
      ],
      ['7.50', '2.50'],
    ],
    ['zero figure', '0', [{ amount: '5', qty: '5' }], ['0.00']],
    ['no lines', '5.00', [], []],
  ];
  for (const [name, total, lines, want] of cases) {
    it(name, () => expect(spreadOverLines(total, lines)).toEqual(want));
  }
  it('open = amount − paid', () => {
    expect(openAmount('35625.00', '10000.5')).toBe('25624.50');
    expect(openAmount('-100.00', '0')).toBe('-100.00');
  });
});
