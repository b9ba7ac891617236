import { describe, expect, it } from 'vitest';
import { aging, bucketOf, creditRefusal, dueDate, overdueDays } from './aging.ts';
import { allocate, offsetCheck, refundCheck, settleState } from './settle.ts';

const docs = [
  { id: 'b', orderNo: 'YS2', date: '2026-02-01', open: '300.00' },
  { id: 'a', orderNo: 'YS1', date: '2026-01-01', open: '100.00' },
  { id: 'c', orderNo: 'YS3', date: '2026-03-01', open: '50.50' },
];

describe('allocate', () => {
  it.each([
    ['0', [], '0.00'],
    ['60', [['a', '60.00']], '0.00'],
    ['100', [['a', '100.00']], '0.00'],
    [
      '250.25',
      [
        ['a', '100.00'],
        ['b', '150.25'],
      ],
      '0.00',
    ],
    [
      '450.50',
      [
        ['a', '100.00'],
        ['b', '300.00'],
        ['c', '50.50'],
      ],
      '0.00',
    ],
    [
      '500',
      [
        ['a', '100.00'],
        ['b', '300.00'],
        ['c', '50.50'],
      ],
      '49.50',
    ],
  ])('oldest first: %s', (amount, lines, leftover) => {
    const r = allocate(docs, amount);
    expect(r).toEqual({ ok: true, lines: lines.map(([docId, a]) => ({ docId, amount: a })), leftover });
  });

  it.each([
    [[{ docId: 'c', amount: '50.5' }], '100', true, '49.50'],
    [[{ docId: 'c', amount: '50.51' }], '100', false, '单据 YS3 未核销金额 50.50 元，不能核销 50.51 元'],
    [
      [
        { docId: 'a', amount: '60' },
        { docId: 'b', amount: '50' },
      ],
      '100',
      false,
      '核销合计 110.00 元超过可用金额 100.00 元',
    ],
    [[{ docId: 'x', amount: '1' }], '100', false, '所选单据不存在或已核销完毕'],
    [[{ docId: 'a', amount: '0' }], '100', false, '单据 YS1 的核销金额必须大于0'],
    [
      [
        { docId: 'a', amount: '1' },
        { docId: 'a', amount: '1' },
      ],
      '100',
      false,
      '单据 YS1 重复核销',
    ],
    [[{ docId: 'a', amount: '1.001' }], '100', false, '单据 YS1 的核销金额最多两位小数'],
  ])('chosen %j of %s', (chosen, amount, ok, out) => {
    const r = allocate(docs, amount, chosen);
    expect(r.ok).toBe(ok);
    if (r.ok) expect(r.leftover).toBe(out);
    else expect(r.message).toBe(out);
  });

  it('never allocates more than the money or the open amounts (many random cases)', () => {
    for (let i = 0; i < 200; i++) {
      const list = Array.from({ length: 1 + (i % 5) }, (_, k) => ({
        id: String(k),
        orderNo: `N${k}`,
        date: `2026-0${1 + (k % 9)}-01`,
        open: ((i * 37 + k * 101) % 1000).toFixed(2),
      }));
      const amount = ((i * 53) % 1500).toFixed(2);
      const r = allocate(list, amount);
      if (!r.ok) throw new Error(r.message);
      const sum = r.lines.reduce((s, l) => s + Math.round(Number(l.amount) * 100), 0);
      expect(sum + Math.round(Number(r.leftover) * 100)).toBe(Math.round(Number(amount) * 100));
      for (const l of r.lines) expect(Number(l.amount)).toBeLessThanOrEqual(Number(list[Number(l.docId)].open));
    }
  });
});

describe('states, refunds, offsets', () => {
  it.each([
    ['100', '0', 'open'],
    ['100', '0.01', 'partial'],
    ['100', '100', 'settled'],
  ])('settleState(%s, %s) = %s', (a, s, st) => expect(settleState(a, s)).toBe(st));

  it.each([
    ['100', '100', null],
    ['100', '100.01', '可退金额（未核销的预收/预付）100.00 元，不能退 100.01 元'],
    ['100', '0', '退款金额必须大于0'],
  ])('refundCheck(%s, %s)', (u, a, out) => expect(refundCheck(u, a)).toBe(out));

  it.each([
    ['100', '80', '80', null],
    ['100', '80', '80.01', '未核销应收 100.00 元、应付 80.00 元，最多对冲 80.00 元，不能对冲 80.01 元'],
    ['100', '80', '-1', '对冲金额必须大于0'],
  ])('offsetCheck(%s, %s, %s)', (r, p, a, out) => expect(offsetCheck(r, p, a)).toBe(out));
});

describe('aging, due dates, credit', () => {
  it.each([
    ['2026-03-31', '2026-03-31', 'd0_30'],
    ['2026-03-01', '2026-03-31', 'd0_30'],
    ['2026-02-28', '2026-03-31', 'd31_60'],
    ['2026-01-30', '2026-03-31', 'd31_60'],
    ['2026-01-29', '2026-03-31', 'd61_90'],
    ['2025-12-31', '2026-03-31', 'd61_90'],
    ['2025-12-30', '2026-03-31', 'd90p'],
    ['2026-04-05', '2026-03-31', 'd0_30'],
  ])('bucketOf(%s, as of %s) = %s', (date, asOf, k) => expect(bucketOf(date, asOf)).toBe(k));

  it('buckets add up to the total', () => {
    const a = aging(
      [
        { date: '2026-03-20', open: '10.10' },
        { date: '2026-02-10', open: '20.20' },
        { date: '2026-01-10', open: '30.30' },
        { date: '2025-10-10', open: '40.40' },
      ],
      '2026-03-31',
    );
    expect(a).toEqual({ d0_30: '10.10', d31_60: '20.20', d61_90: '30.30', d90p: '40.40', total: '101.00' });
  });

  it.each([
    ['2026-01-31', 30, '2026-03-02'],
    ['2026-12-15', 30, '2027-01-14'],
    ['2026-02-28', 0, '2026-02-28'],
  ])('dueDate(%s, %i) = %s', (date, days, due) => expect(dueDate(date, days)).toBe(due));

  it.each([
    ['2026-03-01', '2026-02-20', 0],
    ['2026-03-01', '2026-03-11', 10],
  ])('overdueDays(%s, %s) = %i', (due, asOf, n) => expect(overdueDays(due, asOf)).toBe(n));

  it.each([
    [null, '500', '600', null],
    ['0', '500', '600', null],
    ['1000', '400', '600', null],
    [
      '1000',
      '400',
      '600.01',
      '客户信用额度 1000.00 元，当前欠款 400.00 元，本单 600.01 元，审核后欠款 1000.01 元，超出 0.01 元',
    ],
  ])('creditRefusal(%s, %s, %s)', (limit, bal, amt, out) => expect(creditRefusal(limit, bal, amt)).toBe(out));
});
