import { describe, expect, it } from 'vitest';
import { buildChart, presetChart } from './chart.ts';
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

describe('financing vouchers (融资放款 / 融资还款, issue 21)', () => {
  const fin = (kind: MoneyKind, over: Partial<MoneyRecord> = {}) =>
    rec(kind, { orderNo: 'RZ202601050001', bankName: '宁波银行北仑支行', fee: '0', amount: '100000.00', ...over });
  it.each<[string, MoneyRecord, unknown]>([
    [
      '放款: 借 银行存款 贷 短期借款',
      fin('finance_draw'),
      [
        ['1002', '100000.00', '0.00', null],
        ['2001', '0.00', '100000.00', null],
      ],
    ],
    [
      '还款 with interest: 借 短期借款 + 财务费用-利息费用 贷 银行存款 本息',
      fin('finance_repay', { interest: '725.00' }),
      [
        ['2001', '100000.00', '0.00', null],
        ['560301', '725.00', '0.00', null],
        ['1002', '0.00', '100725.00', null],
      ],
    ],
    [
      '还款 without interest: no interest line',
      fin('finance_repay', { interest: '0' }),
      [
        ['2001', '100000.00', '0.00', null],
        ['1002', '0.00', '100000.00', null],
      ],
    ],
  ])('%s', (_, r, want) => expect(lines(r)).toEqual([[], want]));

  it('a 银行存款 with sub-accounts: the one named like the lender, else its only leaf, else a problem', () => {
    const withBanks = (names: string[]) =>
      buildChart(chart.standard, [
        ...chart.accounts,
        ...names.map((name, i) => ({
          ...chart.byCode.get('1002')!,
          code: `10020${i + 1}`,
          name,
          parentCode: '1002',
          level: 2,
        })),
      ]);
    const draw = (c: ReturnType<typeof withBanks>) => {
      const t = defaultMoneyTemplates(c).templates.find((x) => x.docType === 'finance_draw')!;
      const out = moneyTemplateLines(t, fin('finance_draw'), c);
      return [out.problems, out.lines.map((l) => l.code)];
    };
    expect(draw(withBanks(['工商银行宁波北仑支行']))).toEqual([[], ['100201', '2001']]);
    expect(draw(withBanks(['工商银行宁波北仑支行', '宁波银行北仑支行']))).toEqual([[], ['100202', '2001']]);
    const [problems] = draw(withBanks(['工商银行宁波北仑支行', '农业银行北仑支行']));
    expect(problems).toEqual(['模板第 1 行：科目 1002 不是末级科目，且没有名为「宁波银行北仑支行」的明细科目']);
  });
});
