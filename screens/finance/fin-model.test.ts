import { describe, expect, it } from 'vitest';
import {
  auxKeyOf,
  bookPeriods,
  cellOf,
  cleanAmount,
  gapsByWord,
  isAmount,
  moneyText,
  openingItems,
  sumOf,
} from './fin-model.ts';

describe('fin-model', () => {
  it('money: thousands separators, 2 decimals, zero shown', () => {
    expect(moneyText('1234567.8')).toBe('1,234,567.80');
    expect(moneyText('0')).toBe('0.00');
    expect(moneyText('-1000')).toBe('-1,000.00');
  });
  it('typed amount: digits, one minus, one point, at most 2 decimals', () => {
    expect(cleanAmount('1,234.567')).toBe('1234.56');
    expect(cleanAmount('-12-3.4.5')).toBe('-123.45');
    expect(cleanAmount('abc')).toBe('');
    expect(cleanAmount('1.23456', 4)).toBe('1.2345');
    expect(isAmount('')).toBe(true);
    expect(isAmount('12.')).toBe(true);
    expect(isAmount('1.234')).toBe(false);
  });
  it('a stored zero is an empty cell', () => {
    expect(cellOf('0.00')).toBe('');
    expect(cellOf('12.00')).toBe('12.00');
    expect(cellOf(null)).toBe('');
  });
  it('periods from the start period to the current one (+ ahead), newest first', () => {
    expect(bookPeriods({ startPeriod: '2026-11', currentPeriod: '2027-01' })).toEqual([
      '2027-01',
      '2026-12',
      '2026-11',
    ]);
    expect(bookPeriods({ startPeriod: '2026-11', currentPeriod: '2026-11' }, 1)).toEqual(['2026-12', '2026-11']);
  });
  it('aux key orders dimensions numerically like the server (9 before 10)', () => {
    expect(auxKeyOf({ '10': 'b', '9': 'a' })).toBe('9:a|10:b');
    expect(auxKeyOf({ '3': '' })).toBe('');
    expect(auxKeyOf(undefined)).toBe('');
  });
  it('opening items: blanks as 0, 本年累计 only for a mid-year start, quantity only when typed', () => {
    const e = { accountCode: '1001', aux: {}, balance: '100', ytdDebit: '', ytdCredit: '5.5', ytdPl: '', quantity: '' };
    expect(openingItems([e], { midYear: false })).toEqual([{ accountCode: '1001', balance: '100.00' }]);
    expect(openingItems([e], { midYear: true })).toEqual([
      { accountCode: '1001', balance: '100.00', ytdDebit: '0', ytdCredit: '5.50', ytdPl: '0' },
    ]);
    expect(openingItems([{ ...e, aux: { '7': '8' }, quantity: '2' }], { midYear: false })).toEqual([
      { accountCode: '1001', aux: { '7': '8' }, balance: '100.00', quantity: '2.0000' },
    ]);
    expect(() => openingItems([{ ...e, balance: '-' }], { midYear: false })).toThrow('期初余额');
  });
  it('voucher-number gaps per word', () => {
    expect(
      gapsByWord([
        { word: '记', no: 1 },
        { word: '记', no: 4 },
        { word: '转', no: 1 },
      ]),
    ).toEqual([{ word: '记', missing: [2, 3] }]);
  });
  it('sums decimal strings exactly', () => {
    expect(sumOf(['0.1', '0.2', null]).toFixed(2)).toBe('0.30');
  });
});
