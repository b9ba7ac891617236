import { describe, expect, it } from 'vitest';
import { safeCell, safeRow } from './spreadsheet.ts';

describe('safeCell (OWASP CSV injection)', () => {
  it.each([
    ['=1+1', "'=1+1"],
    ['=HYPERLINK("http://x","y")', '\'=HYPERLINK("http://x","y")'],
    ['+86 138', "'+86 138"],
    ["-2+3+cmd|' /C calc'!A0", "'-2+3+cmd|' /C calc'!A0"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\t=1', "'\t=1"],
    ['\r=1', "'\r=1"],
    ['\n=1', "'\n=1"],
    ['-', "'-"],
    ['-1e5', "'-1e5"],
    ['--1', "'--1"],
  ])('%j is quoted', (v, out) => expect(safeCell(v)).toBe(out));

  it('numbers stay numbers; a negative amount written as text becomes a number cell', () => {
    expect(safeCell(-12.5)).toBe(-12.5);
    expect(safeCell(3)).toBe(3);
    expect(safeCell('-12.50')).toBe(-12.5);
    expect(safeCell('-0.01')).toBe(-0.01);
    expect(safeCell('-100')).toBe(-100);
  });

  it('ordinary text, empty cells and other values are unchanged', () => {
    for (const v of ['宁波钢铁有限公司', 'A=1', '12.50', '', ' =1', 'GYS-001']) expect(safeCell(v)).toBe(v);
    expect(safeCell(null)).toBe(null);
    expect(safeCell(undefined)).toBe(undefined);
    expect(safeRow(['=x', 1, '-5'])).toEqual(["'=x", 1, -5]);
  });
});
