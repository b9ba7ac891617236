import { describe, expect, it } from 'vitest';
import { money, moneyText } from '../accounting/amount.ts';
import { priceUnitOf as stockPriceUnitOf } from '../stock/amount.ts';
import {
  AmountInputError,
  Decimal,
  formatFixed,
  formatKg,
  formatMoney,
  formatPercent,
  formatPrice,
  formatTonnes,
  formatWan,
  kgToTonnes,
  moneyFixed,
  type ParseOptions,
  parseAmount,
  priceUnitLabel,
  priceUnitOf,
} from './amounts.ts';
import { formatDecimal } from './decimal.ts';

describe('parseAmount: a user number or the Chinese 400 message', () => {
  it.each([
    ['12.34', {}, '12.34'],
    [' 1,234.5 ', {}, '1234.5'],
    ['1，234', {}, '1234'],
    ['-3', {}, '-3'],
    ['.5', {}, '0.5'],
    ['1e3', {}, '1000'],
    [42, {}, '42'],
    [new Decimal('7.125'), { places: 3 }, '7.125'],
    ['', { empty: '0' }, '0'],
    ['99999999999999999999.99', { places: 2 }, '99999999999999999999.99'],
  ] as [string | number | Decimal, ParseOptions, string][])('%s %o → %s', (v, o, out) =>
    expect(parseAmount(v, '金额', o).toFixed()).toBe(out),
  );
  it.each([
    ['', {}, '请输入金额'],
    [null, {}, '请输入金额'],
    ['abc', {}, '金额不是有效的数字'],
    ['1.2.3', {}, '金额不是有效的数字'],
    ['12元', {}, '金额不是有效的数字'],
    [Number.NaN, {}, '金额不是有效的数字'],
    [Number.POSITIVE_INFINITY, {}, '金额不是有效的数字'],
    ['-0.01', { nonNegative: true }, '金额不能为负数'],
    ['0', { positive: true }, '金额必须大于0'],
    ['12.345', { places: 2 }, '金额最多 2 位小数'],
  ] as [string | number | null, ParseOptions, string][])('%s %o → %s', (v, o, msg) => {
    expect(() => parseAmount(v, '金额', o)).toThrow(AmountInputError);
    expect(() => parseAmount(v, '金额', o)).toThrow(msg);
  });
});

describe('formatMoney: to the fen, half-up, thousands by default', () => {
  it.each([
    ['1234567.8', {}, '1,234,567.80'],
    ['1234.5', { thousands: false }, '1234.50'],
    ['0.005', {}, '0.01'],
    ['0.004', {}, '0.00'],
    ['-1234.565', {}, '-1,234.57'],
    ['', {}, '0.00'],
    [null, {}, '0.00'],
    ['junk', {}, '0.00'],
    ['0', { blankZero: true }, ''],
    ['0.001', { blankZero: true }, ''],
    ['12', { blankZero: true }, '12.00'],
    ['90071992547409931.15', {}, '90,071,992,547,409,931.15'], // beyond 2^53: no float on the way
  ] as const)('%s %o → %s', (v, o, out) => expect(formatMoney(v, o)).toBe(out));
  it('the strict wire form and the accounting names agree', () => {
    expect(moneyFixed('1234.5')).toBe('1234.50');
    expect(moneyFixed(new Decimal('2.345'))).toBe('2.35');
    expect(() => moneyFixed('x')).toThrow();
    expect(money('1234567.8')).toBe('1234567.80');
    expect(moneyText('1234567.8')).toBe('1,234,567.80');
    expect(formatDecimal('12345.6')).toBe('12,345.60');
    expect(formatFixed('1000', 0)).toBe('1,000');
  });
});

describe('weights: kg with 3 decimals, tonnes', () => {
  it.each([
    ['35260', {}, '35,260'],
    ['35260.50', {}, '35,260.5'],
    ['35260.1234', {}, '35,260.123'],
    ['35260.0005', {}, '35,260.001'],
    ['35260', { fixed: true }, '35,260.000'],
    ['1234.5', { thousands: false, fixed: true }, '1234.500'],
    ['12.5', { places: 0 }, '13'],
    ['', {}, ''],
    [null, {}, ''],
  ] as const)('formatKg %s %o → %s', (kg, o, out) => expect(formatKg(kg, o)).toBe(out));
  it.each([
    ['35260', '35.260'],
    ['1234567', '1,234.567'],
    ['0.5', '0.001'],
    ['', ''],
  ])('formatTonnes %s → %s', (kg, out) => expect(formatTonnes(kg)).toBe(out));
  it('kgToTonnes keeps no grouping (inputs and the wire)', () => {
    expect(kgToTonnes('1234567')).toBe('1234.567');
    expect(kgToTonnes('5', 2)).toBe('0.01');
  });
});

describe('prices per unit', () => {
  it.each([
    ['yuan_per_kg', 'kg', '元/千克'],
    ['yuan_per_ton', 't', '元/吨'],
    [null, 't', '元/吨'],
    ['', 't', '元/吨'],
  ] as const)('%s → %s (%s)', (stored, unit, label) => {
    expect(priceUnitOf(stored)).toBe(unit);
    expect(stockPriceUnitOf(stored)).toBe(unit);
    expect(priceUnitLabel(unit)).toBe(label);
  });
  it('formats a price with its unit', () => {
    expect(formatPrice('2300', 't')).toBe('2,300.00 元/吨');
    expect(formatPrice('2.3', 'kg')).toBe('2.30 元/千克');
  });
});

describe('formatWan: yuan → 万元, half-up (the wall screens used to truncate)', () => {
  it.each([
    ['123456789', {}, '12,345.68万'],
    ['12350.00', {}, '1.24万'],
    ['12345.67', {}, '1.23万'],
    ['1340000.00', { unit: false }, '134.00'],
    ['-250049.99', { unit: false }, '-25.00'],
    ['-250050.00', { unit: false }, '-25.01'],
    ['99.00', { unit: false }, '0.01'],
    ['49.99', { unit: false }, '0.00'],
    ['0.00', { unit: false }, '0.00'],
    ['123456789', { unit: false, thousands: false }, '12345.68'],
    ['123456789', { places: 0 }, '12,346万'],
    ['', {}, '0.00万'],
    [null, {}, '0.00万'],
    ['junk', {}, '0.00万'],
  ] as const)('formatWan(%s, %o) = %s', (y, o, w) => expect(formatWan(y, o)).toBe(w));
});

describe('formatPercent: a ratio as a percent, half-up', () => {
  it.each([
    ['0.125', 2, '12.50%'],
    ['0.13', 0, '13%'],
    ['0.00005', 2, '0.01%'],
    ['-0.25', 1, '-25.0%'],
    ['', 2, '0.00%'],
  ] as const)('formatPercent(%s, %i) = %s', (r, p, w) => expect(formatPercent(r, p)).toBe(w));
  it('without the sign', () => expect(formatPercent('0.5', 2, { sign: false })).toBe('50.00'));
});
