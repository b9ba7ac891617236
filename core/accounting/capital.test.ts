// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { acceptedCapitals, isCapitalOf, toCapital, toCapitalDate } from './capital.ts';
import { parseCsvRecords } from './csv.ts';
import capitalCsv from './research/capital-numerals.csv.ts';

const rows = parseCsvRecords(capitalCsv, ['amount', 'expected']);

describe('capital numerals: every row of research/capital_numerals.csv', () => {
  it('has the 15 documented cases', () => {
    expect(rows).toHaveLength(15);
  });
  it.each(rows.map((r) => [r.amount, r.expected]))('%s → %s', (amount, expected) => {
    expect(toCapital(amount)).toBe(expected);
    expect(isCapitalOf(expected, amount)).toBe(true);
    expect(isCapitalOf(`人民币${expected}`, amount)).toBe(true);
  });
});

describe('official alternates are accepted (research README §3)', () => {
  it.each([
    ['1680.32', '壹仟陆佰捌拾元叁角贰分'],
    ['107000.53', '壹拾万零柒仟元伍角叁分'],
    ['1409.50', '壹仟肆佰零玖元伍角整'],
    ['532.00', '伍佰叁拾贰圆正'],
  ])('%s also as %s', (amount, alternate) => {
    expect(acceptedCapitals(amount)).toContain(alternate);
    expect(isCapitalOf(alternate, amount)).toBe(true);
  });

  it.each([
    ['15.00', '拾伍元整', 'leading 壹 omitted'],
    ['325.04', '叁佰贰拾伍元肆分', '零 after 元 is mandatory when 角 is 0'],
    ['16409.02', '壹万陆仟肆佰零玖元零贰分整', 'never 整 after 分'],
    ['1409.50', '壹仟肆佰零玖元伍角', 'wrong amount'],
  ])('%s refuses %s (%s)', (amount, text, why) => {
    if (why === 'wrong amount') expect(isCapitalOf(text, '1409.05')).toBe(false);
    else expect(isCapitalOf(text, amount)).toBe(false);
  });
});

describe('options and edges', () => {
  it.each([
    ['0', '零元整'],
    ['0.56', '伍角陆分'],
    ['0.05', '伍分'],
    ['0.50', '伍角'],
    ['-532.00', '欠伍佰叁拾贰元整'],
    ['100010', '壹拾万零壹拾元整'],
    ['10000000000000', '壹拾万亿元整'],
    ['1.005', '壹元零壹分'],
    ['9999999999999999.99', '玖仟玖佰玖拾玖万亿玖仟玖佰玖拾玖亿玖仟玖佰玖拾玖万玖仟玖佰玖拾玖元玖角玖分'],
  ])('%s → %s', (amount, expected) => {
    expect(toCapital(amount)).toBe(expected);
  });

  it('writes 整 after 角 when asked, and another negative prefix', () => {
    expect(toCapital('1409.50', { wholeAfterJiao: true })).toBe('壹仟肆佰零玖元伍角整');
    expect(toCapital('-1', { negativePrefix: '负' })).toBe('负壹元整');
  });

  it('refuses amounts beyond 9999 万亿', () => {
    expect(() => toCapital('1e16')).toThrow('金额超出大写范围');
  });
});

describe('bank-bill dates in capitals', () => {
  it.each([
    ['2024-01-15', '贰零贰肆年零壹月壹拾伍日'],
    ['2024-10-20', '贰零贰肆年零壹拾月零贰拾日'],
    ['2024-02-09', '贰零贰肆年零贰月零玖日'],
    ['2024-03-10', '贰零贰肆年叁月零壹拾日'],
    ['2024-11-30', '贰零贰肆年壹拾壹月零叁拾日'],
    ['2024-12-31', '贰零贰肆年壹拾贰月叁拾壹日'],
    ['2024-12-21', '贰零贰肆年壹拾贰月贰拾壹日'],
  ])('%s → %s', (date, expected) => {
    expect(toCapitalDate(date)).toBe(expected);
  });
  it('refuses a malformed date', () => {
    expect(() => toCapitalDate('2024/1/1')).toThrow('格式应为 yyyy-MM-dd');
  });
});
