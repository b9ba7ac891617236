import { describe, expect, it } from 'vitest';
import type { VoucherLine } from '../../core/contract/izs-financing/voucher.contract.ts';
import { accountText, printMoney, voucherDateText, voucherSheets } from './voucher-model.ts';

const line = (n: number, debit: string, credit: string): VoucherLine => ({
  id: String(n),
  lineNo: n,
  summary: `摘要${n}`,
  accountCode: '1001',
  accountName: '库存现金',
  aux: {},
  auxNames: [],
  debit,
  credit,
  quantity: null,
  unitPrice: null,
  unit: '',
  carryForward: 0,
});

describe('printed voucher', () => {
  it('one sheet, padded rows, 合计 with 大写', () => {
    const s = voucherSheets({ lines: [line(1, '1234.50', '0.00'), line(2, '0.00', '1234.50')], debitTotal: '1234.50' });
    expect(s).toHaveLength(1);
    expect(s[0].rows).toHaveLength(6);
    expect(s[0].rows.filter(Boolean)).toHaveLength(2);
    expect(s[0].totalLabel).toBe('合计');
    expect(s[0].debit).toBe('1234.50');
    expect(s[0].capital).toBe('壹仟贰佰叁拾肆元伍角');
  });
  it('seven lines: two sheets, 过次页 carries the running totals, 大写 only on the last', () => {
    const lines = [...Array.from({ length: 6 }, (_, i) => line(i + 1, '10.00', '0.00')), line(7, '0.00', '60.00')];
    const s = voucherSheets({ lines, debitTotal: '60.00' });
    expect(s.map((x) => [x.index, x.count, x.totalLabel, x.debit, x.credit, x.capital])).toEqual([
      [1, 2, '过次页', '60.00', '0.00', ''],
      [2, 2, '合计', '60.00', '60.00', '陆拾元整'],
    ]);
  });
  it('money cells: separators, blank zero', () => {
    expect(printMoney('1234567.5')).toBe('1,234,567.50');
    expect(printMoney('0.00')).toBe('');
    expect(printMoney('-20')).toBe('-20.00');
  });
  it('date and account text', () => {
    expect(voucherDateText('2026-01-05')).toBe('2026年1月5日');
    expect(
      accountText({
        ...line(1, '1', '0'),
        auxNames: ['客户：华东钢厂'],
        quantity: '2.5000',
        unitPrice: '3.000000',
        unit: '吨',
      }),
    ).toBe('1001 库存现金（客户：华东钢厂） 数量 2.5吨 × 3');
  });
});
