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
  ])('%s', (_n, rs, want) => {
    expect(stableStep(rs, cfg) !== null).toBe(want);
  });
});

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
