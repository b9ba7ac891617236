// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { parseCsv, parseCsvRecords } from './csv.ts';

describe('parseCsv', () => {
  it.each([
    [
      'plain LF',
      'a,b\n1,2\n',
      [
        ['a', 'b'],
        ['1', '2'],
      ],
    ],
    [
      'CRLF',
      'a,b\r\n1,2\r\n',
      [
        ['a', 'b'],
        ['1', '2'],
      ],
    ],
    [
      'no final newline',
      'a,b\n1,2',
      [
        ['a', 'b'],
        ['1', '2'],
      ],
    ],
    [
      'quoted comma',
      'a,b\n"x, y",2\n',
      [
        ['a', 'b'],
        ['x, y', '2'],
      ],
    ],
    ['escaped quote', 'a\n"say ""hi"""\n', [['a'], ['say "hi"']]],
    [
      'empty fields',
      'a,b,c\n,,\n',
      [
        ['a', 'b', 'c'],
        ['', '', ''],
      ],
    ],
    ['BOM', '\ufeffa\n1\n', [['a'], ['1']]],
    ['quoted newline', 'a\n"l1\nl2"\n', [['a'], ['l1\nl2']]],
  ])('%s', (_name, text, rows) => {
    expect(parseCsv(text)).toEqual(rows);
  });

  it('throws on an unterminated quote', () => {
    expect(() => parseCsv('a\n"open\n')).toThrow(/unterminated/);
  });
});

describe('parseCsvRecords', () => {
  it('keys fields by header', () => {
    expect(parseCsvRecords('code,name\n1001,库存现金\n', ['code', 'name'])).toEqual([
      { code: '1001', name: '库存现金' },
    ]);
  });
  it('refuses a record with the wrong field count, naming the line', () => {
    expect(() => parseCsvRecords('code,name\n1001\n', ['code', 'name'])).toThrow(/line 2/);
  });
  it('refuses a missing column', () => {
    expect(() => parseCsvRecords('code\n1\n', ['code', 'name'])).toThrow(/name/);
  });
});
