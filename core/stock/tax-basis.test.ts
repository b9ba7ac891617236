import { describe, expect, it } from 'vitest';
import { docRateFraction, docTaxFigures, lineTaxFigures } from './tax-basis.ts';

describe('lineTaxFigures: 不含税金额 / 税额 / 价税合计 of a line', () => {
  // amount, rate %, 含税?, net, tax, gross
  const cases: [string, string, boolean, string, string, string][] = [
    // 不含税 prices: tax on top
    ['27600.00', '13', false, '27600.00', '3588.00', '31188.00'],
    ['1234.50', '13', false, '1234.50', '160.49', '1394.99'], // 160.485 → 160.49 (half-up)
    ['1000.00', '9', false, '1000.00', '90.00', '1090.00'],
    ['333.33', '3', false, '333.33', '10.00', '343.33'], // 9.9999 → 10.00
    ['0.50', '3', false, '0.50', '0.02', '0.52'], // 0.015 → 0.02 (half-up, not banker's)
    ['8000.00', '0', false, '8000.00', '0.00', '8000.00'],
    // 含税 prices: the amount is the 价税合计, split
    ['113.00', '13', true, '100.00', '13.00', '113.00'],
    ['1394.99', '13', true, '1234.50', '160.49', '1394.99'], // 1234.4991… → 1234.50
    ['100.00', '13', true, '88.50', '11.50', '100.00'], // 88.4955… → 88.50
    ['109.00', '9', true, '100.00', '9.00', '109.00'],
    ['10.00', '3', true, '9.71', '0.29', '10.00'], // 9.7087… → 9.71
    ['27600.00', '0', true, '27600.00', '0.00', '27600.00'],
    ['0.01', '13', true, '0.01', '0.00', '0.01'],
    ['0.00', '13', false, '0.00', '0.00', '0.00'],
  ];
  it.each(cases)('%s at %s%% 含税=%s → %s + %s = %s', (amount, rate, incl, net, tax, gross) => {
    const f = lineTaxFigures({ amount, ratePercent: rate, priceIncludesTax: incl });
    expect(f).toEqual({ net, tax, gross });
  });

  it('net + tax = gross on every line (a sweep of amounts and rates)', () => {
    for (const rate of ['13', '9', '3', '1', '0']) {
      for (let cents = 1; cents < 5000; cents += 37) {
        for (const incl of [true, false]) {
          const amount = (cents / 100).toFixed(2);
          const f = lineTaxFigures({ amount, ratePercent: rate, priceIncludesTax: incl });
          expect(Number(f.net) * 100 + Number(f.tax) * 100).toBeCloseTo(Number(f.gross) * 100, 6);
          expect(incl ? f.gross : f.net).toBe(amount);
        }
      }
    }
  });

  it('refuses a negative rate or one over 100 %', () => {
    expect(() => lineTaxFigures({ amount: '1', ratePercent: '-1', priceIncludesTax: false })).toThrow('税率');
    expect(() => lineTaxFigures({ amount: '1', ratePercent: '101', priceIncludesTax: true })).toThrow('税率');
  });
});

describe('docTaxFigures: the header is the sum of the lines', () => {
  it('tax is rounded per line, and the lines add up to the header', () => {
    const lines = [
      lineTaxFigures({ amount: '0.50', ratePercent: '3', priceIncludesTax: false }),
      lineTaxFigures({ amount: '0.50', ratePercent: '3', priceIncludesTax: false }),
      lineTaxFigures({ amount: '1000.00', ratePercent: '9', priceIncludesTax: true }),
    ];
    expect(docTaxFigures(lines)).toEqual({ net: '918.43', tax: '82.61', gross: '1001.04' });
    expect(docTaxFigures([])).toEqual({ net: '0.00', tax: '0.00', gross: '0.00' });
  });

  it('the one rate of a document: common, else effective', () => {
    const f = docTaxFigures([lineTaxFigures({ amount: '100', ratePercent: '13', priceIncludesTax: false })]);
    expect(docRateFraction(['13', '13.00'], f)).toBe('0.1300');
    const mixed = docTaxFigures([
      lineTaxFigures({ amount: '100', ratePercent: '13', priceIncludesTax: false }),
      lineTaxFigures({ amount: '100', ratePercent: '9', priceIncludesTax: false }),
    ]);
    expect(docRateFraction(['13', '9'], mixed)).toBe('0.1100');
    expect(docRateFraction([], { net: '0.00', tax: '0.00', gross: '0.00' })).toBe('0.0000');
  });
});
