import { describe, expect, it } from 'vitest';
import { contractLineAmount, contractLinePrice, contractMove, execution, toleranceBand } from './execution.ts';

describe('toleranceBand', () => {
  it.each([
    ['100', '3', '97.000', '103.000'],
    ['250.5', '5', '237.975', '263.025'],
    ['80', '0', '80.000', '80.000'],
  ])('%s t ±%s%% → [%s, %s]', (q, t, min, max) => {
    expect(toleranceBand(q, t)).toEqual({ min, max });
  });
});

describe('execution', () => {
  const lines = [
    { materialId: 'A', qty: '100' },
    { materialId: 'B', qty: '50' },
  ];
  it.each([
    // kg executed of A, state of A, warnings
    ['0', 'open', 0],
    ['96999.999', 'open', 0],
    ['97000', 'within', 0],
    ['103000', 'within', 0],
    ['103000.001', 'over', 1],
  ])('A executed %s kg → %s', (kg, state, warnings) => {
    const e = execution(lines, [{ materialId: 'A', qtyKg: kg, amount: '1.00' }], '3');
    expect(e.lines[0].state).toBe(state);
    expect(e.warnings).toHaveLength(warnings);
  });
  it('sums documents, remaining never negative, unknown material warned', () => {
    const e = execution(
      lines,
      [
        { materialId: 'A', qtyKg: '30500', amount: '85400.00' },
        { materialId: 'A', qtyKg: '20000.5', amount: '56001.40' },
        { materialId: 'B', qtyKg: '60000', amount: '1.00' },
        { materialId: 'C', qtyKg: '1000', amount: '2.00' },
      ],
      '3',
      (m) => `物料${m}`,
    );
    expect(e.lines[0]).toMatchObject({ executedQty: '50.501', executedAmount: '141401.40', remainingQty: '49.499' });
    expect(e.lines[1]).toMatchObject({ state: 'over', remainingQty: '0.000' });
    expect(e.executedAmount).toBe('141404.40');
    expect(e.warnings).toEqual([
      '物料B已执行 60.000 吨，超过合同数量 50.000 吨的溢装上限 51.500 吨',
      '物料C不在合同明细中，已执行 1.000 吨',
    ]);
  });
});

describe('prices and states', () => {
  it('点价 = reference + premium; amount to the fen', () => {
    expect(contractLinePrice('pricing', '0', '68950', '-1200.5')).toBe('67749.50');
    expect(contractLinePrice('fixed', '2850')).toBe('2850.00');
    expect(contractLineAmount('12.345', '2850.55')).toBe('35190.04');
  });
  it.each([
    ['draft', 'submit', 'pending'],
    ['pending', 'approve', 'executing'],
    ['pending', 'reject', 'draft'],
    ['executing', 'complete', 'completed'],
    ['executing', 'terminate', 'terminated'],
  ] as const)('%s + %s → %s', (s, a, to) => {
    expect(contractMove(s, a)).toEqual({ to });
  });
  it('refuses with the state', () => {
    expect(contractMove('draft', 'approve')).toEqual({ error: '合同草稿，不能审核通过' });
    expect(contractMove('completed', 'terminate')).toEqual({ error: '合同已完成，不能终止' });
  });
});
