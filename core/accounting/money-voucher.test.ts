import { describe, expect, it } from 'vitest';
import { presetChart } from './chart.ts';
import { defaultMoneyTemplates, type MoneyKind, type MoneyRecord, moneyTemplateLines } from './money-voucher.ts';

const chart = presetChart('small', 'general');
const { templates } = defaultMoneyTemplates(chart);
const rec = (kind: MoneyKind, over: Partial<MoneyRecord> = {}): MoneyRecord => ({
  kind,
  orderNo: 'SK202611210001',
  date: '2026-11-21',
  partyName: '华东钢厂',
  amount: '1200.00',
  fee: '2.50',
  accountType: 'bank',
  bankName: '中国工商银行',
  method: 'transfer',
  ...over,
});
const lines = (r: MoneyRecord) => {
  const t = templates.find((x) => x.docType === r.kind);
  if (!t) throw new Error(r.kind);
  const out = moneyTemplateLines(t, r, chart);
  return [out.problems, out.lines.map((l) => [l.code, l.debit.toFixed(2), l.credit.toFixed(2), l.dimension])];
};

describe('money vouchers', () => {
  it.each<[string, MoneyRecord, unknown]>([
    [
      '收款 by bank with a fee',
      rec('collection'),
      [
        ['1002', '1197.50', '0.00', null],
        ['560303', '2.50', '0.00', null],
        ['1122', '0.00', '1200.00', 'customer'],
      ],
    ],
    [
      '付款 in cash, no fee',
      rec('payment', { accountType: 'cash', fee: '0', method: 'cash' }),
      [
        ['2202', '1200.00', '0.00', 'supplier'],
        ['1001', '0.00', '1200.00', null],
      ],
    ],
    [
      '收款 by 承兑汇票 → 应收票据',
      rec('collection', { fee: '0', method: 'bill' }),
      [
        ['1121', '1200.00', '0.00', null],
        ['1122', '0.00', '1200.00', 'customer'],
      ],
    ],
    [
      '付款 by 承兑汇票 → 应付票据',
      rec('payment', { fee: '0', method: 'bill' }),
      [
        ['2202', '1200.00', '0.00', 'supplier'],
        ['2201', '0.00', '1200.00', null],
      ],
    ],
    [
      '退款 to a customer',
      rec('refund_ar', { fee: '0' }),
      [
        ['1122', '1200.00', '0.00', 'customer'],
        ['1002', '0.00', '1200.00', null],
      ],
    ],
    [
      '对冲',
      rec('offset', { fee: '0', accountType: '', method: '' }),
      [
        ['2202', '1200.00', '0.00', 'supplier'],
        ['1122', '0.00', '1200.00', 'customer'],
      ],
    ],
  ])('%s', (_, r, want) => expect(lines(r)).toEqual([[], want]));
});
