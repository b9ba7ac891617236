// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { weighbridgeResource } from '../../core/contract/izs-base/weighbridge.contract.ts';
import { DEFAULT_ANTI_CHEAT } from '../../core/weighing/anti-cheat.ts';
import { weighbridgeView } from './weighbridge.resource.ts';

const formOf = (f: string) => weighbridgeView.form.find((x) => x.field === f);
const columnOf = (f: string) => weighbridgeView.columns.find((x) => x.field === f);
const THRESHOLDS = ['minWeightKg', 'tareTolerancePct', 'reweighMinutes', 'stepDivisions', 'settledMs'];

describe('地磅: what the form says of the anti-cheat settings lives beside the screen (issue 23)', () => {
  it('the wire (core/contract) carries no empty-box text, help or bounds of a box', () => {
    for (const f of [...THRESHOLDS, 'linearityTolKg', 'calibrationPoints']) {
      const wire = weighbridgeResource.form.find((x) => x.field === f) as unknown as Record<string, unknown>;
      expect(wire, f).toBeDefined();
      for (const k of ['emptyText', 'help', 'placeholder', 'min', 'max', 'unit'])
        expect(wire[k], `${f}.${k}`).toBe(undefined);
      expect(
        (weighbridgeResource.columns.find((x) => x.field === f) as unknown as Record<string, unknown>).emptyText,
      ).toBe(undefined);
    }
  });

  it('the screen shows each threshold with its default, its help, its unit and the table’s range', () => {
    expect(formOf('tareTolerancePct')).toMatchObject({
      min: 0,
      max: 100,
      unit: '%',
      emptyText: `默认：±${DEFAULT_ANTI_CHEAT.tareTolerancePct}%`,
    });
    expect(formOf('reweighMinutes')).toMatchObject({ min: 0, max: 1440, unit: '分钟' });
    expect(formOf('settledMs')).toMatchObject({ min: 200, max: 10000, unit: '毫秒' });
    expect(formOf('minWeightKg')).toMatchObject({ min: 0, unit: 'kg', section: '防作弊设置' });
    for (const f of THRESHOLDS) {
      expect(formOf(f)?.help, f).toMatch(/留空/);
      expect(columnOf(f), f).toMatchObject({ hideInTable: true, emptyText: expect.stringMatching(/^默认：/) });
    }
    expect(formOf('linearityTolKg')?.help).toMatch(/JJG 539/);
    expect(formOf('calibrationPoints')).toMatchObject({ span: 2, placeholder: expect.stringContaining('10000=10000') });
  });
});
