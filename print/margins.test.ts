import { describe, expect, it } from 'vitest';
import { PAPER, pageRule } from './margins.ts';

describe('pageRule', () => {
  it('defaults margins to 0', () => {
    expect(pageRule(PAPER.a5)).toBe('@page { size: 210mm 148mm; margin: 0mm 0mm 0mm 0mm; }');
  });
  it('orders margins top right bottom left and clamps negatives', () => {
    expect(pageRule(PAPER.continuous241, { top: 5, right: 3, bottom: -2, left: 8 })).toBe(
      '@page { size: 241mm 140mm; margin: 5mm 3mm 0mm 8mm; }',
    );
  });
});
