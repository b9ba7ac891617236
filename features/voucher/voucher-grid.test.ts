import { describe, expect, it } from 'vitest';
import {
  balanceLine,
  cellOrder,
  emptyRow,
  type GridRow,
  matchAccounts,
  matchAuxItems,
  moneyCell,
  rowOfMessage,
  totals,
  voucherBody,
  withQuantityAmount,
} from './voucher-grid.ts';

const row = (p: Partial<GridRow>): GridRow => ({ ...emptyRow(), ...p });

describe('voucher grid', () => {
  it('totals and the = key balance the current line on the right side', () => {
    const rows = [row({ accountCode: '1001', debit: '100.10' }), row({ accountCode: '1002', debit: '0.2' }), row({})];
    expect(totals(rows).debit.toFixed(2)).toBe('100.30');
    expect(totals(rows).balanced).toBe(false);
    const b = balanceLine(rows, 2);
    expect(b.credit).toBe('100.30');
    expect(b.debit).toBe('');
    const done = [rows[0], rows[1], b];
    expect(totals(done).balanced).toBe(true);
    // a credit-heavy voucher: = puts the difference on the debit side
    const c = [row({ credit: '50' }), row({ debit: '20' }), row({ credit: '9' })];
    expect(balanceLine(c, 1).debit).toBe('59.00');
  });

  it('quantity × unit price fills the amount, rounded to cents', () => {
    expect(withQuantityAmount(row({ quantity: '2.5', unitPrice: '3.333' })).debit).toBe('8.33');
    expect(withQuantityAmount(row({ quantity: '2', unitPrice: '10', credit: '1' })).credit).toBe('20.00');
    expect(withQuantityAmount(row({ quantity: '', unitPrice: '10' })).debit).toBe('');
  });

  it('builds the save body without blank rows and maps server row numbers back', () => {
    const rows = [
      row({}),
      row({ summary: '收款', accountCode: '1002', debit: '10' }),
      row({ accountCode: '1122', credit: '10', aux: { '5': '7' } }),
    ];
    const body = voucherBody({ word: '记', voucherDate: '2025-03-01', attachments: 2 }, rows);
    const lines = body.lines as { credit?: string }[];
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatchObject({ accountCode: '1122', credit: '10', aux: { '5': '7' } });
    expect(lines[0].credit).toBeUndefined();
    expect(rowOfMessage('第2行：科目 1122 需要辅助核算', rows)).toBe(2);
    expect(rowOfMessage('借贷不平衡', rows)).toBe(-1);
  });

  it('formats money and matches accounts by code prefix then name', () => {
    expect(moneyCell('1234567.5')).toBe('1,234,567.50');
    expect(moneyCell('0')).toBe('');
    const accounts = [
      { code: '1001', name: '库存现金', fullName: '库存现金' },
      { code: '100201', name: '工商银行', fullName: '银行存款-工商银行' },
      { code: '2001', name: '短期借款', fullName: '短期借款' },
    ];
    expect(matchAccounts(accounts, '100').map((a) => a.code)).toEqual(['1001', '100201']);
    expect(matchAccounts(accounts, '银行').map((a) => a.code)).toEqual(['100201']);
  });

  it('walks a line in keyboard order: each 辅助核算 the account requires before the amounts', () => {
    expect(cellOrder(undefined)).toEqual(['summary', 'account', 'debit', 'credit']);
    expect(cellOrder({ auxDims: ['5'], quantity: 0 })).toEqual(['summary', 'account', 'aux:5', 'debit', 'credit']);
    expect(cellOrder({ auxDims: ['5', '9'], quantity: 1 })).toEqual([
      'summary',
      'account',
      'aux:5',
      'aux:9',
      'quantity',
      'unitPrice',
      'debit',
      'credit',
    ]);
  });

  it('matches 辅助核算 items by code prefix, then code or name; disabled items are not offered', () => {
    const items = [
      { id: '1', code: 'K001', name: '宁波钢铁有限公司', status: 1 },
      { id: '2', code: 'K002', name: '杭州再生金属', status: 1 },
      { id: '3', code: 'K010', name: '宁波停用客户', status: 0 },
      { id: '4', code: 'X1', name: '客户K00', status: 1 },
    ];
    expect(matchAuxItems(items, 'k00').map((i) => i.id)).toEqual(['1', '2', '4']);
    expect(matchAuxItems(items, '宁波').map((i) => i.id)).toEqual(['1']);
    expect(matchAuxItems(items, '').map((i) => i.id)).toEqual(['1', '2', '4']);
  });
});
