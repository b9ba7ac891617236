import { describe, expect, it } from 'vitest';
import { changesOf, changeText } from './log-fields.ts';

describe('changesOf (spec §3 modifyParams → change rows)', () => {
  it('reads the stored {field: [old, new]} form, labelled where a label is known', () => {
    expect(
      changesOf({ defaultPrice: ['2650.00', '2700.50'], spec: [null, '紫铜'] }, { defaultPrice: '参考单价' }),
    ).toEqual([
      { field: 'defaultPrice', label: '参考单价', oldValue: '2650.00', newValue: '2700.50' },
      { field: 'spec', label: 'spec', oldValue: null, newValue: '紫铜' },
    ]);
  });
  it('reads the row form and keeps its own labels; drops rows without a field name', () => {
    expect(
      changesOf([{ field: 'price', label: '单价', oldValue: 1, newValue: 2 }, { oldValue: 3 }, null, { field: 'x' }]),
    ).toEqual([
      { field: 'price', label: '单价', oldValue: 1, newValue: 2 },
      { field: 'x', label: 'x', oldValue: null, newValue: null },
    ]);
  });
  it('answers [] for nothing or garbage', () => {
    expect(changesOf(null)).toEqual([]);
    expect(changesOf('text')).toEqual([]);
    expect(changesOf({ a: 'only-new' })).toEqual([{ field: 'a', label: 'a', oldValue: null, newValue: 'only-new' }]);
  });
  it('changeText: empty for null, JSON for objects', () => {
    expect(changeText(null)).toBe('');
    expect(changeText(0)).toBe('0');
    expect(changeText({ a: 1 })).toBe('{"a":1}');
  });
});
