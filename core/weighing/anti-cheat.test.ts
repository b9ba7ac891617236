import { describe, expect, it } from 'vitest';
import {
  type AntiCheatConfig,
  captureRefusal,
  DEFAULT_ANTI_CHEAT,
  type FlagInput,
  flagsOf,
  inStableWindow,
  minCaptureKg,
  referenceTare,
  type ScaleSample,
  SETTLED_MS,
  settledReadings,
  settledWindowMs,
  stableStep,
} from './anti-cheat.ts';

const cfg: AntiCheatConfig = { ...DEFAULT_ANTI_CHEAT, divisionKg: '20', stableWindowMs: 2000, checkPhotos: true };

/** `n` readings 500 ms apart ending at t = 10 000, all of value v and stable bit s. */
const flat = (v: string, n = 8, s = true): ScaleSample[] =>
  Array.from({ length: n }, (_, i) => ({ t: 10_000 - (n - 1 - i) * 500, v, s }));

describe('minCaptureKg', () => {
  it.each([
    ['0', '20', '400'], // 20 divisions (OIML R76 class III Min = 20 e)
    ['0', '50', '1000'],
    ['500', '20', '500'], // the scale's own minimum wins
    ['', '10', '200'],
  ])('min %s, division %s → %s', (minWeightKg, divisionKg, want) => {
    expect(minCaptureKg({ minWeightKg, divisionKg })).toBe(want);
  });
});

describe('captureRefusal', () => {
  it.each<[string, Parameters<typeof captureRefusal>[0], Partial<AntiCheatConfig>, string | null]>([
    ['empty deck, 20 kg', { weight: '20', manual: false, stable: true }, {}, '秤台上无车或重量过低'],
    ['just under the minimum', { weight: '399.999', manual: false, stable: true }, {}, '秤台上无车或重量过低'],
    ['at the minimum', { weight: '400', manual: false, stable: true }, {}, null],
    ['scale minimum 1000', { weight: '800', manual: false, stable: true }, { minWeightKg: '1000' }, '最小称量 1000 kg'],
    ['manual 20 kg is refused too', { weight: '20', manual: true, manualReason: '地磅故障' }, {}, '重量过低'],
    ['manual without reason', { weight: '15000', manual: true, manualReason: ' ' }, {}, '必须填写原因'],
    ['manual with reason', { weight: '15000', manual: true, manualReason: '仪表故障' }, {}, null],
    ['no readings, not stable', { weight: '15000', manual: false, stable: false }, {}, '重量未稳定'],
    ['no readings, stable bit', { weight: '15000', manual: false, stable: true }, {}, null],
    ['readings stable', { weight: '15000', manual: false, readings: flat('15000') }, {}, null],
    [
      'readings: newest unstable',
      { weight: '15000', manual: false, readings: [...flat('15000'), { t: 10_500, v: '15000', s: false }] },
      {},
      '地磅未报稳定',
    ],
    ['readings: weight is not the reading', { weight: '18000', manual: false, readings: flat('15000') }, {}, '不符'],
    [
      'readings: "stable" while the last second still moved (no settled window)',
      {
        weight: '15000',
        manual: false,
        readings: [
          { t: 9_000, v: '9000', s: false },
          { t: 9_400, v: '14000', s: false },
          { t: 9_700, v: '15100', s: false },
          { t: 10_000, v: '15000', s: true },
        ],
      },
      {},
      '最近 1 秒的读数变化超过一个分度值',
    ],
    [
      'readings: a moving deck more than the settled window ago is fine',
      {
        weight: '15000',
        manual: false,
        readings: [{ t: 8_500, v: '9000', s: false }, ...flat('15000', 3)],
      },
      {},
      null,
    ],
    [
      'half on the deck: rear beam blocked',
      { weight: '15000', manual: false, readings: flat('15000'), sensors: { front: false, rear: true } },
      {},
      '后红外对射被遮挡',
    ],
    [
      'sensors clear',
      { weight: '15000', manual: false, readings: flat('15000'), sensors: { front: false, rear: false } },
      { positionSensors: true },
      null,
    ],
    [
      'lane with sensors, no report',
      { weight: '15000', manual: false, readings: flat('15000') },
      { positionSensors: true },
      '未收到传感器状态',
    ],
  ])('%s', (_name, input, over, want) => {
    const r = captureRefusal(input, { ...cfg, ...over });
    if (want === null) expect(r).toBeNull();
    else expect(r).toContain(want);
  });
});

describe('inStableWindow / stableStep', () => {
  it('the bridge says stable with the newest reading', () => {
    expect(inStableWindow(flat('15000'), cfg)).toBe(true);
    expect(inStableWindow([...flat('15000'), { t: 10_500, v: '15000', s: false }], cfg)).toBe(false);
    expect(inStableWindow([], cfg)).toBe(false);
  });
  it.each<[string, ScaleSample[], boolean]>([
    ['flat', flat('15000'), false],
    [
      'a truck driving on (unstable climb, then stable)',
      [
        { t: 0, v: '3000', s: false },
        { t: 500, v: '12000', s: false },
        { t: 1000, v: '15000', s: true },
      ],
      false,
    ],
    [
      'a 1 t jump between two stable readings',
      [
        { t: 0, v: '15000', s: true },
        { t: 500, v: '14000', s: true },
      ],
      true,
    ],
    [
      'exactly 10 divisions (a driver climbing off is 4) is tolerated',
      [
        { t: 0, v: '15000', s: true },
        { t: 500, v: '15200', s: true },
      ],
      false,
    ],
    [
      'a step through the bridge: stable at A, unstable at B for the window, stable at B',
      [
        { t: 0, v: '35000', s: true },
        { t: 500, v: '35000', s: true },
        { t: 1000, v: '34000', s: false },
        { t: 1500, v: '34020', s: false },
        { t: 2000, v: '34000', s: false },
        { t: 2500, v: '34000', s: true },
      ],
      true,
    ],
    [
      'half on the deck, then driving fully on (the values between)',
      [
        { t: 0, v: '20000', s: true },
        { t: 500, v: '24000', s: false },
        { t: 1000, v: '31000', s: false },
        { t: 1500, v: '35000', s: false },
        { t: 2500, v: '35000', s: true },
      ],
      false,
    ],
    [
      'an empty deck, then a truck with no reading in between (a sparse link): not a step',
      [
        { t: 0, v: '0', s: true },
        { t: 500, v: '39000', s: true },
      ],
      false,
    ],
    [
      'two steady values a minute apart with nothing between (a link that only sends changes): not a step',
      [
        { t: 0, v: '14000', s: true },
        { t: 60_000, v: '39000', s: true },
      ],
      false,
    ],
    [
      'the deck reports empty (0, stable) and the next truck is on in the same instant: not a step (the 简易过磅 e2e)',
      [
        { t: 0, v: '14000', s: true },
        { t: 1800, v: '0', s: true },
        { t: 1800, v: '39000', s: true },
      ],
      false,
    ],
    [
      'the truck leaves and the next one drives on',
      [
        { t: 0, v: '35000', s: true },
        { t: 500, v: '12000', s: false },
        { t: 1000, v: '0', s: true },
        { t: 1500, v: '9000', s: false },
        { t: 2500, v: '15000', s: true },
      ],
      false,
    ],
    [
      'a remote-control device switched on before the bridge ever said stable: settled at A (not yet stable), a jump, stable at B',
      [
        ...ramp(0, ['6000', '18000', '26000', '29500']),
        ...run(400, '30000', 12, false),
        ...run(1600, '31000', 21, false),
        { t: 3700, v: '31000', s: true },
      ],
      true,
    ],
    [
      'the same with a 1 t drop (the device takes weight off)',
      [
        ...ramp(0, ['8000', '22000']),
        ...run(200, '30000', 15, false),
        ...run(1700, '29000', 25, false),
        { t: 4200, v: '29000', s: true },
      ],
      true,
    ],
    [
      'a truck stopping half on for 1.5 s, then driving on through the values between: not a step',
      [
        ...run(0, '20000', 16, false),
        ...ramp(1600, ['22000', '25000', '28000', '31000', '33500', '35000']),
        ...run(2200, '35000', 20, false),
        { t: 4200, v: '35000', s: true },
      ],
      false,
    ],
    [
      'settling without a run of a second before the bridge says stable: not a step',
      [
        ...ramp(0, ['10000', '25000', '30300', '29800', '30150', '29900', '30060']),
        ...run(700, '30000', 20, false),
        { t: 2700, v: '30000', s: true },
      ],
      false,
    ],
  ])('%s', (_n, rs, want) => {
    expect(stableStep(rs, cfg) !== null).toBe(want);
  });
  it('a settled run is a second or more of readings within a division; shorter or moving is not', () => {
    expect(settledReadings(run(0, '30000', 11, false), '20').every(Boolean)).toBe(true);
    expect(settledReadings(run(0, '30000', 10, false), '20').some(Boolean)).toBe(false);
    expect(settledReadings(ramp(0, ['1000', '2000', '3000', '4000', '5000']), '20').some(Boolean)).toBe(false);
  });
});

describe('the settled-run window per scale (global SETTLED_MS as the fallback)', () => {
  it('a scale without its own window uses the global one', () => {
    expect(settledWindowMs({})).toBe(SETTLED_MS);
    expect(settledWindowMs({ settledMs: 0 })).toBe(SETTLED_MS);
    expect(settledWindowMs({ settledMs: 2000 })).toBe(2000);
    expect(settledWindowMs(undefined)).toBe(SETTLED_MS);
  });
  it('a settled run must last the scale’s window', () => {
    expect(settledReadings(run(0, '30000', 11, false), '20', 2000).some(Boolean)).toBe(false);
    expect(settledReadings(run(0, '30000', 21, false), '20', 2000).every(Boolean)).toBe(true);
  });
  it('a step while stable reads the scale’s window: a 1 s run is a plateau by default, not at 2 s', () => {
    const rs = [...run(0, '30000', 11, false), ...run(1100, '31000', 11, true)];
    expect(stableStep(rs, cfg)).toMatchObject({ from: '30000', to: '31000' });
    expect(stableStep(rs, { ...cfg, settledMs: 2000 })).toBeNull();
  });
  it('a "stable" claim is checked back over the scale’s window', () => {
    // 1.5 s before the newest reading the deck was 100 kg off (5 divisions), then still
    const rs = [{ t: 0, v: '30100', s: false }, ...run(500, '30000', 16, true)];
    expect(inStableWindow(rs, cfg)).toBe(true);
    expect(inStableWindow(rs, { ...cfg, settledMs: 2000 })).toBe(false);
  });
});

/** Readings 100 ms apart from `t0`, unstable, of the given values. */
function ramp(t0: number, vs: string[]): ScaleSample[] {
  return vs.map((v, i) => ({ t: t0 + i * 100, v, s: false }));
}
/** `n` readings 100 ms apart from `t0`, all `v` with stable bit `s`. */
function run(t0: number, v: string, n: number, s: boolean): ScaleSample[] {
  return Array.from({ length: n }, (_, i) => ({ t: t0 + i * 100, v, s }));
}

describe('referenceTare', () => {
  it.each<[string | null, string[], string | null]>([
    ['15000', ['14000'], '15000'], // standard first
    [null, ['15000', '15200', '14800', '9000'], '15000'], // mean of the last three only
    [null, ['15000'], '15000'],
    [null, [], null],
    ['0', ['12000', '12100'], '12050'],
  ])('standard %s, recent %j → %s', (standard, recent, want) => {
    expect(referenceTare({ standard, recent })).toBe(want);
  });
});

describe('flagsOf', () => {
  const base: FlagInput = {
    pass: 'second',
    weight: '15000',
    tare: '15000',
    manual: false,
    plate: '苏E12345',
    plateRead: '苏E12345',
    photos: 2,
    cameras: 2,
    readings: flat('15000'),
    archive: { standard: null, recent: ['15000', '15100', '14900'], maxGross: '49000' },
    lastCompleted: null,
    now: new Date('2026-11-28T10:00:00Z'),
  };
  const kinds = (over: Partial<FlagInput>, c: Partial<AntiCheatConfig> = {}) =>
    flagsOf({ ...base, ...over }, { ...cfg, ...c }).map((f) => f.kind);

  it.each<[string, Partial<FlagInput>, Partial<AntiCheatConfig>, string[]]>([
    ['a clean truck', {}, {}, []],
    ['tare 25 % under its last three', { tare: '11250', weight: '11250' }, {}, ['tare_deviation']],
    ['tare −15 %', { tare: '12750', weight: '12750' }, {}, ['tare_deviation']],
    ['tare −9 % is within ±10 %', { tare: '13650', weight: '13650' }, {}, []],
    [
      'tare −9 % with ±5 % configured',
      { tare: '13650', weight: '13650' },
      { tareTolerancePct: '5' },
      ['tare_deviation'],
    ],
    ['tolerance 0 switches it off', { tare: '11250', weight: '11250' }, { tareTolerancePct: '0' }, []],
    [
      'standard tare wins over history',
      { tare: '15000', archive: { standard: '12000', recent: ['15000'], maxGross: '0' } },
      {},
      ['tare_deviation'],
    ],
    ['no archive: no tare flag', { tare: '9000', archive: { standard: null, recent: [], maxGross: '0' } }, {}, []],
    ['first pass has no tare check', { pass: 'first', tare: undefined, weight: '9000' }, {}, []],
    ['gross over the registered maximum', { weight: '49020' }, {}, ['over_max_gross']],
    ['max gross check off', { weight: '49020' }, { checkMaxGross: false }, []],
    ['plate swap', { plateRead: '苏E54321' }, {}, ['plate_mismatch']],
    ['plate read with a dot and lower case is the same', { plateRead: '苏e·12345' }, {}, []],
    ['no camera read: no plate flag', { plateRead: '' }, {}, []],
    ['one photo of two cameras', { photos: 1 }, {}, ['photos_missing']],
    ['no cameras on the scale', { photos: 0, cameras: 0 }, {}, []],
    ['photo check off (the default)', { photos: 0 }, { checkPhotos: false }, []],
    [
      'a remote-control step while stable',
      {
        readings: [
          { t: 0, v: '16000', s: true },
          { t: 500, v: '15000', s: true },
        ],
      },
      {},
      ['stable_step'],
    ],
    ['manual entry always', { manual: true, manualReason: '仪表故障' }, {}, ['manual_entry']],
    [
      'same plate again 2 minutes after completing',
      { pass: 'first', tare: undefined, lastCompleted: { orderNo: 'GB1', at: new Date('2026-11-28T09:58:00Z') } },
      {},
      ['quick_reweigh'],
    ],
    [
      '20 minutes later is fine',
      { pass: 'first', tare: undefined, lastCompleted: { orderNo: 'GB1', at: new Date('2026-11-28T09:40:00Z') } },
      {},
      [],
    ],
    [
      'reweigh check off',
      { pass: 'first', tare: undefined, lastCompleted: { orderNo: 'GB1', at: new Date('2026-11-28T09:58:00Z') } },
      { reweighMinutes: 0 },
      [],
    ],
  ])('%s', (_n, over, c, want) => {
    expect(kinds(over, c).sort()).toEqual([...want].sort());
  });

  it('says the deviation and the reference', () => {
    const [f] = flagsOf({ ...base, tare: '11250', weight: '11250' }, cfg);
    expect(f.detail).toBe('皮重 11250 kg 与近3次平均皮重 15000 kg 偏差 -25%（允许 ±10%）');
    expect(f.reference).toBe('15000');
  });
});
