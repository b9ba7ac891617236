import { describe, expect, it } from 'vitest';
import { documentWithoutVoucherText, reconcileCheck, reconVerdict, voucherWithoutDocumentText } from './reconcile.ts';

const base = { key: 'ar' as const, title: '应收账款', ledger: '1122 应收账款', business: '应收单' };

describe('reconcileCheck', () => {
  it('equal figures per key give no row and a zero difference', () => {
    const c = reconcileCheck({
      ...base,
      gl: [
        { key: 'p1', name: '甲', amount: '100.00' },
        { key: 'p2', name: '乙', amount: '0.10' },
      ],
      sub: [
        { key: 'p2', name: '乙', amount: '0.05' },
        { key: 'p2', name: '乙', amount: '0.05' },
        { key: 'p1', name: '甲', amount: '100' },
      ],
      explanations: [],
    });
    expect(c.rows).toEqual([]);
    expect(c.difference).toBe('0.00');
    expect(c.gl).toBe('100.10');
    expect(reconVerdict([c], []).clean).toBe(true);
  });

  it('compares per party: equal totals with two parties crossed still differ', () => {
    const c = reconcileCheck({
      ...base,
      gl: [
        { key: 'p1', name: '甲', amount: '60' },
        { key: 'p2', name: '乙', amount: '40' },
      ],
      sub: [
        { key: 'p1', name: '甲', amount: '40' },
        { key: 'p2', name: '乙', amount: '60' },
      ],
      explanations: [],
    });
    expect(c.difference).toBe('0.00');
    expect(c.rows.map((r) => [r.name, r.difference])).toEqual([
      ['甲', '20.00'],
      ['乙', '-20.00'],
    ]);
    expect(c.rows[0].causes[0].kind).toBe('unexplained');
    expect(reconVerdict([c], []).differences).toBe(2);
  });

  it('attaches causes and leaves only the unexplained rest', () => {
    const c = reconcileCheck({
      ...base,
      gl: [{ key: 'p1', name: '甲', amount: '500.00' }],
      sub: [{ key: 'p1', name: '甲', amount: '113.00' }],
      explanations: [
        {
          key: 'p1',
          kind: 'voucher',
          id: '9',
          no: '记-3',
          label: '凭证',
          date: '2026-11-03',
          effect: '400',
          text: voucherWithoutDocumentText('记-3'),
        },
      ],
    });
    expect(c.rows).toHaveLength(1);
    const r = c.rows[0];
    expect(r.difference).toBe('387.00');
    expect(r.causes[0]).toMatchObject({ no: '记-3', effect: '400.00', text: '凭证 记-3 无来源单据' });
    expect(r.causes[1]).toMatchObject({ kind: 'unexplained', effect: '-13.00' });
    expect(r.unexplained).toBe('-13.00');
  });

  it('a fully explained difference has no unexplained cause', () => {
    const c = reconcileCheck({
      ...base,
      gl: [],
      sub: [{ key: 'p1', name: '甲', amount: '1130.00' }],
      explanations: [
        {
          key: 'p1',
          kind: 'document',
          id: '5',
          no: 'CK001',
          label: '销售出库',
          date: '2026-11-02',
          effect: '-1130',
          text: documentWithoutVoucherText('销售出库', 'CK001'),
        },
      ],
    });
    expect(c.rows[0].causes.map((x) => x.kind)).toEqual(['document']);
    expect(c.rows[0].unexplained).toBe('0.00');
    expect(c.rows[0].gl).toBe('0.00');
    expect(c.difference).toBe('-1130.00');
  });

  it('a cause whose effects cancel still shows (nothing is hidden)', () => {
    const c = reconcileCheck({
      ...base,
      gl: [{ key: 'p1', name: '甲', amount: '10' }],
      sub: [{ key: 'p1', name: '甲', amount: '10' }],
      explanations: [
        { key: 'p1', kind: 'voucher', id: '1', no: '记-1', label: '凭证', date: '', effect: '5', text: 'a' },
        { key: 'p1', kind: 'document', id: '2', no: 'RK1', label: '采购入库', date: '', effect: '-5', text: 'b' },
      ],
    });
    expect(c.rows).toHaveLength(1);
    expect(c.rows[0].difference).toBe('0.00');
    expect(reconVerdict([c], []).differences).toBe(0);
  });

  it('fen-exact with many small amounts (no float drift)', () => {
    const gl = Array.from({ length: 1000 }, () => ({ key: 'k', name: 'k', amount: '0.01' }));
    const c = reconcileCheck({ ...base, gl, sub: [{ key: 'k', name: 'k', amount: '10.00' }], explanations: [] });
    expect(c.rows).toEqual([]);
  });
});

describe('reconVerdict', () => {
  it('an orphan record makes the result not clean even with equal figures', () => {
    const c = reconcileCheck({ ...base, gl: [], sub: [], explanations: [] });
    const v = reconVerdict(
      [c],
      [{ kind: 'voucher', id: '1', no: '记-3', label: '凭证', date: '', amount: '0.00', text: '凭证 记-3 无来源单据' }],
    );
    expect(v).toEqual({ clean: false, differences: 1 });
  });
});
