import { describe, expect, it } from 'vitest';
import { type AntiCheatConfig, DEFAULT_ANTI_CHEAT, type FlagInput, flagsOf } from './anti-cheat.ts';
import {
  type CalibrationPoint,
  calibrationText,
  linearityTolKg,
  medianKg,
  offProfile,
  parseCalibration,
  profileErrorAt,
  tareDrift,
} from './linearity.ts';

/**
 * A 60 t scale (e = 20 kg, tolerance 3 e = 60 kg) whose last 检定 found it true up to 30 t and reading 200 kg heavy
 * at 40 t, true again at 50 t — the kind of bulge a damaged (or tampered) load cell makes in one range.
 */
const profile: CalibrationPoint[] = [
  { referenceKg: '10000', readingKg: '10000' },
  { referenceKg: '20000', readingKg: '20020' },
  { referenceKg: '30000', readingKg: '30020' },
  { referenceKg: '40000', readingKg: '40200' },
  { referenceKg: '50000', readingKg: '50000' },
];

describe('profileErrorAt: the scale error at a reading, interpolated between calibration points', () => {
  it.each<[string, string | null]>([
    ['0', '0'],
    ['5000', '0'], // between the implied zero and 10 t (error 0)
    ['20020', '20'], // on a point
    ['25020', '20'], // between two points of the same error
    ['35110', '110'], // half way from +20 (30020) to +200 (40200)
    ['40200', '200'],
    ['45100', '100'], // half way back down to 0 at 50 t
    ['60000', '0'], // above the top point: the top point's error (nothing extrapolated)
  ])('at %s kg → %s kg', (reading, want) => {
    expect(profileErrorAt(profile, reading)).toBe(want);
  });

  it('without points there is no profile', () => {
    expect(profileErrorAt([], '30000')).toBeNull();
  });

  it('points in any order; a reading under the first point goes from zero', () => {
    const shuffled = [profile[3], profile[0], profile[4], profile[1], profile[2]];
    expect(profileErrorAt(shuffled, '35110')).toBe('110');
    expect(profileErrorAt([{ referenceKg: '20000', readingKg: '20100' }], '10050')).toBe('50');
  });
});

describe('offProfile and tareDrift', () => {
  it('a reading where the profile reads off beyond tolerance is found, with a Chinese reason; a good one is not', () => {
    const f = offProfile('40000', profile, '60');
    expect(f?.kind).toBe('off_profile');
    expect(f?.detail).toBe(
      '读数 40000 kg 落在检定超差区间：按检定点该处示值误差 +196.464 kg，超过允差 ±60 kg，须重新检定',
    );
    expect(offProfile('25000', profile, '60')).toBeNull();
    expect(offProfile('32000', profile, '60')).toBeNull(); // +55.009 kg: within 60
    expect(offProfile('40000', profile, '0')).toBeNull(); // 0 = off
    expect(offProfile('40000', [], '60')).toBeNull();
  });

  it('the median of recent same-truck tare re-weighings beyond tolerance is drift; one muddy truck is not', () => {
    expect(tareDrift(['90', '85', '110', '-20'], '60')?.detail).toBe(
      '本地磅近4次同车复称皮重偏移中位数 +87.5 kg，超过允差 ±60 kg，地磅可能漂移，须校秤',
    );
    expect(tareDrift(['400', '10', '-30', '20'], '60')).toBeNull(); // one truck 400 kg heavier: median +15
    expect(tareDrift(['-90', '-100'], '60')).toBeNull(); // fewer than 3 re-weighings
    expect(tareDrift(['-90', '-100', '-80'], '60')?.detail).toContain('-90 kg');
    expect(tareDrift(['-90', '-100', '-80'], '0')).toBeNull();
  });

  it('median and tolerance', () => {
    expect(medianKg(['3', '1', '2'])).toBe('2');
    expect(medianKg([])).toBeNull();
    expect(linearityTolKg({ divisionKg: '20' })).toBe('60');
    expect(linearityTolKg({ divisionKg: '20', linearityTolKg: null })).toBe('60');
    expect(linearityTolKg({ divisionKg: '20', linearityTolKg: '100.5' })).toBe('100.5');
    expect(linearityTolKg({ divisionKg: '20', linearityTolKg: '0' })).toBe('0');
  });
});

describe('parseCalibration (地磅管理 的检定点)', () => {
  it('takes reference=reading a line (or , ；), orders by reference, and writes it back', () => {
    const r = parseCalibration('40000=40200\n10000 = 10000；20000＝20020, 30000:30020');
    expect(r).toEqual({
      ok: true,
      points: [
        { referenceKg: '10000', readingKg: '10000' },
        { referenceKg: '20000', readingKg: '20020' },
        { referenceKg: '30000', readingKg: '30020' },
        { referenceKg: '40000', readingKg: '40200' },
      ],
    });
    expect(r.ok && calibrationText(r.points)).toBe('10000=10000\n20000=20020\n30000=30020\n40000=40200');
    expect(parseCalibration('  ')).toEqual({ ok: true, points: [] });
  });

  it.each<[string, string]>([
    ['10000', '检定点第1个格式应为“参考重量=读数”（kg，最多3位小数）'],
    ['10000=10000\n2万=20020', '检定点第2个格式应为“参考重量=读数”（kg，最多3位小数）'],
    ['10000=10000.1234', '检定点第1个格式应为“参考重量=读数”（kg，最多3位小数）'],
    ['0=5', '检定点第1个的参考重量必须大于0'],
    ['10000=10000\n10000.000=10020', '检定点的参考重量 10000 kg 重复'],
    [Array.from({ length: 21 }, (_, i) => `${i + 1}000=${i + 1}000`).join('\n'), '检定点最多20个'],
  ])('%j → %s', (text, msg) => {
    expect(parseCalibration(text)).toEqual({ ok: false, msg });
  });
});

describe('flagsOf with a linearity profile', () => {
  const cfg: AntiCheatConfig = { ...DEFAULT_ANTI_CHEAT, divisionKg: '20', calibration: profile };
  const base: FlagInput = {
    pass: 'first',
    weight: '40000',
    manual: false,
    plate: '苏E12345',
    plateRead: '苏E12345',
    photos: 0,
    cameras: 0,
    readings: [],
    archive: { standard: null, recent: [], maxGross: '0' },
    lastCompleted: null,
    now: new Date('2026-11-28T10:00:00Z'),
  };
  const kinds = (over: Partial<FlagInput>, c: Partial<AntiCheatConfig> = {}) =>
    flagsOf({ ...base, ...over }, { ...cfg, ...c }).map((f) => f.kind);

  it.each<[string, Partial<FlagInput>, Partial<AntiCheatConfig>, string[]]>([
    ['a reading in the off range', {}, {}, ['off_profile']],
    ['a reading in a good range', { weight: '25000' }, {}, []],
    ['a wider tolerance of the scale', {}, { linearityTolKg: '250' }, []],
    ['a scale without calibration points', {}, { calibration: [] }, []],
    [
      'a manual weight is no reading (flagged as manual only)',
      { manual: true, manualReason: '坏' },
      {},
      ['manual_entry'],
    ],
    [
      'second pass: recent re-weighings drifting',
      { pass: 'second', weight: '15000', tare: '15000', tareDrift: ['80', '90', '70'] },
      {},
      ['scale_drift'],
    ],
    [
      'second pass: re-weighings steady',
      { pass: 'second', weight: '15000', tare: '15000', tareDrift: ['80', '-10', '0'] },
      {},
      [],
    ],
    [
      'drift on a scale without a profile is not checked',
      { pass: 'second', weight: '15000', tare: '15000', tareDrift: ['80', '90', '70'] },
      { calibration: undefined },
      [],
    ],
  ])('%s → %j', (_name, over, c, want) => {
    expect(kinds(over, c)).toEqual(want);
  });
});
