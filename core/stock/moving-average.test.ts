import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { issue, receipt, replay, reverse, StockError, unitCost } from './moving-average.ts';

const empty = { qty: '0', amount: '0' };

describe('moving average (worked examples)', () => {
  it('receipts, issues, a return and voids, exact to the fen', () => {
    const ms = replay(empty, [
      { op: 'receipt', qty: '20140', amount: '47329.00' }, // 2.35 /kg
      { op: 'receipt', qty: '10000', amount: '24000.00' }, // 2.40 /kg → 71329 / 30140
      { op: 'issue', qty: '7000' }, // 71329 × 7000 / 30140 = 16566.1248 → 16566.12
      { op: 'reverse', qty: '1000', amount: '2400.00' }, // purchase return at its price
      { op: 'receipt', qty: '500', amount: '1183.38' }, // sale return at its original cost
      { op: 'issue', qty: '22640' }, // empties: takes the whole remaining amount
    ]);
    expect(ms.map((m) => [m.amount, m.balance.qty, m.balance.amount])).toEqual([
      ['47329.00', '20140.00', '47329.00'],
      ['24000.00', '30140.00', '71329.00'],
      ['16566.12', '23140.00', '54762.88'],
      ['2400.00', '22140.00', '52362.88'],
      ['1183.38', '22640.00', '53546.26'],
      ['53546.26', '0.00', '0.00'],
    ]);
    expect(ms[1].unitCost).toBe('2.366589'); // 71329 / 30140
    expect(ms[5].unitCost).toBe('0.000000');
  });

  it('issues in thirds never leave a fen behind', () => {
    const ms = replay(empty, [
      { op: 'receipt', qty: '3', amount: '100.00' },
      { op: 'issue', qty: '1' }, // 33.33
      { op: 'issue', qty: '1' }, // 66.67 × 1/2 = 33.335 → 33.34
      { op: 'issue', qty: '1' }, // the rest 33.33
    ]);
    expect(ms.slice(1).map((m) => m.amount)).toEqual(['33.33', '33.34', '33.33']);
    const out = ms.slice(1).reduce((s, m) => s.plus(m.amount), new Decimal(0));
    expect(out.toFixed(2)).toBe('100.00');
    expect(ms[3].balance).toEqual({ qty: '0.00', amount: '0.00' });
  });

  it('a void of a receipt after part was issued reverses at the receipt amount, the rest as variance when it empties', () => {
    const r = receipt(empty, '1000', '2350.00');
    const i = issue(r.balance, '400'); // 940.00
    expect(i.amount).toBe('940.00');
    // the remaining 600 kg are voided: booked amount = the balance (1410.00), variance = 2350 − 1410
    expect(() => reverse(i.balance, '1000', '2350.00')).toThrow(StockError);
    const v = reverse(i.balance, '600', '1410.00');
    expect(v.balance).toEqual({ qty: '0.00', amount: '0.00' });
    expect(v.variance).toBe('0.00');
    const w = reverse(r.balance, '1000', '2400.00');
    expect([w.amount, w.variance, w.balance.amount]).toEqual(['2350.00', '50.00', '0.00']);
  });

  it('a void of a dear receipt after cheap stock came in leaves what stays at the average cost, never at 0', () => {
    // found by the stock model test (seed 1764031058): 3,983.908 kg at 58,945.53/t voided when the 4,717.559 kg in
    // stock were worth less than that receipt, mostly bought at 1,181.27/t
    const dear = receipt(empty, '1000', '60000.00');
    const cheap = receipt(dear.balance, '3000', '3000.00'); // 4,000 kg worth 63,000.00
    const out = issue(cheap.balance, '2500'); // 39,375.00 at the average; 1,500 kg worth 23,625.00 stay
    const v = reverse(out.balance, '1000', '60000.00');
    expect(v.amount).toBe('15750.00'); // 23,625 × 1,000 ÷ 1,500
    expect(v.variance).toBe('44250.00');
    expect(v.balance).toEqual({ qty: '500.00', amount: '7875.00' });
    expect(v.unitCost).toBe(unitCost(out.balance));
    // an exact fit (the given amount equals the value) with stock staying behind: also at the average
    const w = reverse({ qty: '100', amount: '500.00' }, '40', '500.00');
    expect(w.balance).toEqual({ qty: '60.00', amount: '300.00' });
  });

  it('void of an issue comes back at the issued cost and restores the balance', () => {
    const a = replay(empty, [
      { op: 'receipt', qty: '30140', amount: '71329.00' },
      { op: 'issue', qty: '7000' },
    ]);
    const back = receipt(a[1].balance, '7000', a[1].amount);
    expect(back.balance).toEqual({ qty: '30140.00', amount: '71329.00' });
  });

  it('refuses negative stock unless allowed, then issues at the last cost', () => {
    const b = { qty: '100', amount: '250.00' };
    expect(() => issue(b, '150')).toThrow('库存不足：现有 100.00，需要 150.00');
    const m = issue(b, '150', { allowNegative: true });
    expect([m.amount, m.balance.qty, m.balance.amount]).toEqual(['375.00', '-50.00', '-125.00']);
    const n = issue({ qty: '0', amount: '0' }, '10', { allowNegative: true, lastUnitCost: '2.5' });
    expect(n.amount).toBe('25.00');
  });

  it('refuses bad quantities and amounts', () => {
    expect(() => receipt(empty, '0', '1')).toThrow('数量必须大于0');
    expect(() => receipt(empty, 'x', '1')).toThrow('数量不是有效的数字');
    expect(() => receipt(empty, '1', '-1')).toThrow('金额不能为负数');
    expect(() => issue(empty, '-5')).toThrow('数量必须大于0');
  });

  it('unit cost is derived from the balance', () => {
    expect(unitCost({ qty: '3', amount: '100' })).toBe('33.333333');
    expect(unitCost({ qty: '0', amount: '0' })).toBe('0.000000');
  });
});
