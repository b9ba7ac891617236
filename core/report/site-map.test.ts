import { describe, expect, it } from 'vitest';
import { labelGroups, maxStock, provinceCode, provinceTotals, SHADES, shadeOf } from './site-map.ts';

describe('site map figures', () => {
  it.each([
    ['330206', '330000'],
    ['32', '320000'],
    ['', ''],
    ['x1', ''],
  ])('province of %s is %s', (region, code) => expect(provinceCode(region)).toBe(code));

  it('sums the stock of the sites of each province in decimals', () => {
    const t = provinceTotals([
      { warehouseId: '1', name: 'A', regionCode: '330206', stockKg: '0.100' },
      { warehouseId: '2', name: 'B', regionCode: '330212', stockKg: '0.200' },
      { warehouseId: '3', name: 'C', regionCode: '320583', stockKg: '5.000' },
      { warehouseId: '4', name: 'D', regionCode: '', stockKg: '9.000' },
    ]);
    expect(t.get('330000')).toEqual({ stockKg: '0.300', sites: 2 });
    expect(t.get('320000')).toEqual({ stockKg: '5.000', sites: 1 });
    expect(t.size).toBe(2);
  });

  it.each([
    [undefined, '100', SHADES[0]],
    ['0', '0', SHADES[1]],
    ['0', '100', SHADES[1]],
    ['10', '100', SHADES[1]],
    ['21', '100', SHADES[2]],
    ['60', '100', SHADES[3]],
    ['100', '100', SHADES[5]],
  ])('shade of %s of %s', (kg, max, shade) => expect(shadeOf(kg, max)).toBe(shade));
});

describe('maxStock', () => {
  it('is the largest province stock', () => {
    expect(maxStock(new Map())).toBe('0.000');
    expect(
      maxStock(
        new Map([
          ['a', { stockKg: '9.5' }],
          ['b', { stockKg: '10.25' }],
        ]),
      ),
    ).toBe('10.250');
  });
});

describe('labelGroups', () => {
  it('puts sites drawn close together under one marker', () => {
    // two yards 2 px apart and a plant 15 px above them share a marker; a far site has its own
    expect(
      labelGroups([
        { x: 800, y: 400 },
        { x: 801, y: 402 },
        { x: 792, y: 385 },
        { x: 300, y: 400 },
      ]),
    ).toEqual([[0, 1, 2], [3]]);
  });
});
