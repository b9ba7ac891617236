import { describe, expect, it } from 'vitest';
import { pageQuerySchema } from '../../../core/contract/common.ts';
import { plainPaging } from './engine-routes.ts';

describe('plainPaging (issue 25: the usual page query without the zod parse)', () => {
  const values = [
    undefined,
    '1',
    '2',
    '10',
    '20',
    '999',
    '1000',
    '1001',
    '999999',
    '0',
    '01',
    '-1',
    '',
    ' 5',
    '5 ',
    '1.5',
    '1e2',
    'abc',
    '0x10',
    ['1', '2'],
  ];
  const sorts = [undefined, 'code', 'code,name', '', ['code', 'name']];

  it('answers exactly what pageQuerySchema answers whenever it answers at all, and leaves the rest to it', () => {
    let answered = 0;
    for (const current of values) {
      for (const size of values) {
        for (const ascs of sorts) {
          const q: Record<string, unknown> = { current, size, ascs, descs: ascs === undefined ? 'name' : undefined };
          const fast = plainPaging(q);
          if (!fast) continue;
          answered++;
          const r = pageQuerySchema.safeParse({ current: q.current, size: q.size, ascs: q.ascs, descs: q.descs });
          expect(r.success, JSON.stringify(q)).toBe(true);
          expect(fast, JSON.stringify(q)).toStrictEqual(r.data);
        }
      }
    }
    expect(answered).toBeGreaterThan(100);
  });

  it('takes the plain spellings and nothing with a leading zero, a sign, a space or past the largest page', () => {
    expect(plainPaging({})).toStrictEqual({ current: 1, size: 10, ascs: undefined, descs: undefined });
    expect(plainPaging({ current: '3', size: '20', descs: 'createTime' })).toStrictEqual({
      current: 3,
      size: 20,
      ascs: undefined,
      descs: 'createTime',
    });
    for (const bad of ['01', '-1', '0', ' 5', '1001', '', '1.0'])
      expect(plainPaging({ size: bad }), bad).toBeUndefined();
    expect(plainPaging({ ascs: ['a', 'b'] })).toBeUndefined();
  });
});
