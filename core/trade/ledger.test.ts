import Decimal from 'decimal.js';
import fc from 'fast-check';
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

describe('spreadOverLines of a one-material document', () => {
  // the ledger sums single-material documents in SQL (server/modules/izs-contract/ledger-repository.ts deliveredSums)
  it('is the whole figure, whatever the line (any sign, zero amount or quantity)', () => {
    const fen = fc.bigInt({ min: -(10n ** 14n), max: 10n ** 14n }).map((f) => {
      const s = (f < 0n ? -f : f).toString().padStart(3, '0');
      return `${f < 0n ? '-' : ''}${s.slice(0, -2)}.${s.slice(-2)}`;
    });
    const num = fc.oneof(fc.constant('0'), fen, fc.integer({ min: -1e6, max: 1e6 }).map(String));
    fc.assert(
      fc.property(fen, num, num, (total, amount, qty) => {
        expect(spreadOverLines(total, [{ amount, qty }])).toEqual([new Decimal(total).toFixed(2)]);
      }),
    );
  });
});
