import { describe, expect, it } from 'vitest';
import { isEmptyValue, joinFileList, keepsText, normalizeRow, parseFileList, stripAuditFields } from './data.ts';

describe('spec §5 data helpers', () => {
  it('treats -1 (number or text) as empty', () => {
    expect(isEmptyValue(-1)).toBe(true);
    expect(isEmptyValue('-1')).toBe(true);
    expect(isEmptyValue(0)).toBe(false);
    expect(normalizeRow({ warehouseId: -1, sort: '-1' })).toEqual({ warehouseId: undefined, sort: undefined });
  });

  it('turns numeric strings into numbers except bankAccount, id, idNumber and *Id/*No/*Code fields', () => {
    const row = normalizeRow({
      sort: '3',
      capacity: '12.5',
      id: '1234567890123456789',
      bankAccount: '6222021234567890123',
      idNumber: '110101199003071234',
      deptId: '1000000000000000001',
      orderNo: '0012',
      gbCode: '900-001',
      name: '重废',
    });
    expect(row).toEqual({
      sort: 3,
      capacity: 12.5,
      id: '1234567890123456789',
      bankAccount: '6222021234567890123',
      idNumber: '110101199003071234',
      deptId: '1000000000000000001',
      orderNo: '0012',
      gbCode: '900-001',
      name: '重废',
    });
    expect(keepsText('warehouseId')).toBe(true);
    expect(keepsText('price')).toBe(false);
  });

  it('keeps declared decimal fields (money, weights) as strings, never floats', () => {
    const row = normalizeRow({ defaultPrice: '2650.10', deductRate: '1.50', sort: '2' }, [
      'defaultPrice',
      'deductRate',
    ]);
    expect(row.defaultPrice).toBe('2650.10');
    expect(row.deductRate).toBe('1.50');
    expect(row.sort).toBe(2);
  });

  it('keeps integers too large for a JS number as text', () => {
    expect(normalizeRow({ total: '90071992547409931' }).total).toBe('90071992547409931');
  });

  it('strips the spec §3 audit fields, keeping status when the form declares it', () => {
    const row = {
      id: '7',
      name: '废铜',
      createDept: '1',
      createTime: '2026-01-01 00:00:00',
      createUser: '1',
      isDeleted: 0,
      reviewTime: 'x',
      reviewer: 'x',
      reviewRemark: 'x',
      updateTime: 'x',
      updateUser: '1',
      status: 0,
    };
    expect(stripAuditFields(row)).toEqual({ id: '7', name: '废铜' });
    expect(stripAuditFields(row, ['name', 'status'])).toEqual({ id: '7', name: '废铜', status: 0 });
  });

  it('reads file lists as a JSON array or comma text', () => {
    expect(parseFileList('["a/1.png","b/2.png"]')).toEqual(['a/1.png', 'b/2.png']);
    expect(parseFileList('[{"url":"a/1.png"}]')).toEqual(['a/1.png']);
    expect(parseFileList('a/1.png, b/2.png')).toEqual(['a/1.png', 'b/2.png']);
    expect(parseFileList('')).toEqual([]);
    expect(parseFileList(null)).toEqual([]);
    expect(parseFileList(['x.png'])).toEqual(['x.png']);
    expect(joinFileList(['a', '', 'b'])).toBe('a,b');
  });
});
