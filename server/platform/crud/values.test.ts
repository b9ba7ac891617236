import Decimal from 'decimal.js';
import { numeric, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { type ColumnInfo, columnsOf, entityOf, fixed, type Row, toEntity, wireRow } from './values.ts';

const slow = (v: unknown, places: number) => new Decimal(String(v)).toFixed(places, Decimal.ROUND_HALF_UP);

describe('fixed', () => {
  it('answers what Decimal answers, for numerics as PostgreSQL writes them and for anything else', () => {
    const values = [
      '0',
      '-0',
      '0.00',
      '-0.00',
      '5',
      '-5',
      '12.5',
      '12.50',
      '12.505',
      '-12.505',
      '1000.00',
      '0.1',
      '123456789012345678.12',
      '99.995',
      '-99.995',
      '007',
      '1e3',
      '+4',
      '.5',
      3,
      2.675,
      -0.5,
      10n,
    ];
    for (const v of values) {
      for (const places of [0, 1, 2, 3, 4]) expect(fixed(v, places), `${String(v)} to ${places}`).toBe(slow(v, places));
    }
    for (let i = 0; i < 2000; i++) {
      const n = ((i * 7919) % 2000003) - 1000000;
      const v = `${n < 0 ? '-' : ''}${Math.floor(Math.abs(n) / 100)}.${String(Math.abs(n) % 100)
        .padStart(2, '0')
        .slice(0, 1 + (i % 2))}`;
      for (const places of [0, 1, 2, 4]) expect(fixed(v, places), `${v} to ${places}`).toBe(slow(v, places));
    }
  });

  it('keeps empty values empty and text that is not a number as it is', () => {
    expect(fixed(null, 2)).toBe('');
    expect(fixed('', 2)).toBe('');
    expect(fixed('abc', 2)).toBe('abc');
  });
});

describe('columnsOf / wireRow (issue 23: a new column flows through a module without a hand list)', () => {
  const t = pgTable('t', {
    id: varchar('id', { length: 19 }).primaryKey(),
    amount: numeric('amount', { precision: 16, scale: 2, mode: 'string' }),
    weightKg: numeric('weight_kg', { precision: 14, scale: 3, mode: 'string' }),
    note: varchar('note', { length: 20 }),
    createTime: timestamp('create_time'),
  });
  it('columnsOf keeps the keys that are columns, leaves undefined out, keeps null', () => {
    expect(columnsOf(t, { id: '1', note: null, amount: undefined, lines: [], auto: true })).toStrictEqual({
      id: '1',
      note: null,
    });
    expect(Object.keys(columnsOf(t, { id: '1', amount: undefined }))).toEqual(['id']);
  });
  it('wireRow answers the keys asked for, in their order: numerics at their scale, times as text', () => {
    const row = {
      id: '7',
      amount: '12.5',
      weightKg: '3',
      note: 'x',
      createTime: new Date(Date.UTC(2026, 0, 2, 3, 4, 5)),
    };
    const out = wireRow(t, row, ['note', 'amount', 'weightKg', 'createTime', 'partyName'], (d) => d.toISOString());
    expect(out).toEqual({ note: 'x', amount: '12.50', weightKg: '3.000', createTime: '2026-01-02T03:04:05.000Z' });
    expect(Object.keys(out)).toEqual(['note', 'amount', 'weightKg', 'createTime']);
  });
});

describe("entityOf (issue 25: a selection's rows through one compiled literal)", () => {
  const info: ColumnInfo = {
    columns: {},
    bySnake: {},
    decimals: { amount: 2, weightKg: 3, rate: 0 },
    dates: new Set(['createTime']),
  };
  const keys = ['id', 'isDeleted', 'amount', 'weightKg', 'rate', 'note', 'createTime', 'secret', 'deptName', 'odd"key'];
  const rows: Row[] = [
    {
      id: '1',
      isDeleted: 0,
      amount: '12.5',
      weightKg: '3',
      rate: '7',
      note: 'x',
      createTime: new Date(Date.UTC(2026, 0, 2, 3, 4, 5)),
      secret: 's',
      deptName: '总公司',
      'odd"key': 1,
    },
    {
      id: '2',
      isDeleted: 0,
      amount: null,
      weightKg: '-0.5',
      rate: '1.5',
      note: null,
      createTime: null,
      secret: null,
      deptName: new Date(Date.UTC(2026, 5, 1)),
      'odd"key': { a: 1 },
    },
    {
      id: '3',
      isDeleted: 1,
      amount: '',
      weightKg: 'abc',
      rate: 2,
      note: '',
      createTime: new Date(Number.NaN),
      secret: undefined,
      deptName: undefined,
      'odd"key': [1, 2],
    },
  ];
  for (const tz of ['Asia/Shanghai', 'UTC']) {
    for (const hidden of [[], ['secret']]) {
      it(`answers what toEntity answers, key for key and in order (${tz}, hidden ${hidden.join() || 'none'})`, () => {
        const compiled = entityOf(keys, info, tz, hidden);
        for (const row of rows) {
          const want = toEntity(row, info, tz, hidden);
          const got = compiled(row);
          expect(JSON.stringify(got)).toBe(JSON.stringify(want));
          expect(Object.keys(got)).toEqual(Object.keys(want));
          expect(got).toStrictEqual(want);
        }
      });
    }
  }
});
