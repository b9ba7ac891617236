import { describe, expect, it } from 'vitest';
import type { WeightReading } from '../../core/contract/izs-weighing/socket.contract.ts';
import { DEFAULT_ANTI_CHEAT, type ScaleSample, stableStep } from '../../core/weighing/anti-cheat.ts';
import { MAX_SAMPLES, pushSample, RECENT_MS } from './sample-buffer.ts';
import { ScaleLink, type StompLike } from './scale-link.ts';

const s = (t: number, v: string, st = true): ScaleSample => ({ t, v, s: st });

describe('pushSample', () => {
  it('keeps a run of identical frames by its first and last', () => {
    const buf: ScaleSample[] = [];
    for (let t = 0; t <= 3000; t += 100) pushSample(buf, s(t, '15000'));
    expect(buf).toEqual([s(0, '15000'), s(3000, '15000')]);
    pushSample(buf, s(3100, '15000', false));
    pushSample(buf, s(3200, '15000', false));
    pushSample(buf, s(3300, '15000', false));
    expect(buf.map((r) => [r.t, r.s])).toEqual([
      [0, true],
      [3000, true],
      [3100, false],
      [3300, false],
    ]);
    // the run's first frame stays: the server still sees when the stable window began
    expect(buf[0].t).toBe(0);
  });

  it('drops what is older than 30 s and never holds more than the contract takes', () => {
    const buf: ScaleSample[] = [];
    pushSample(buf, s(0, '100'));
    pushSample(buf, s(RECENT_MS + 1, '200'));
    expect(buf).toEqual([s(RECENT_MS + 1, '200')]);
    const many: ScaleSample[] = [];
    for (let i = 0; i < MAX_SAMPLES + 50; i++) pushSample(many, s(i, String(i % 2 ? 1000 : 2000), false));
    expect(many).toHaveLength(MAX_SAMPLES);
    expect(many.at(-1)?.t).toBe(MAX_SAMPLES + 49);
  });
});

/**
 * The regression of the 简易过磅 e2e (issue 24): the first truck (14000, stable) leaves, the bridge reports the
 * empty deck (0, stable), the next truck is on at once (39000, stable). Through the display's 100 ms debounce the 0
 * vanished and the server saw 14000 → 39000 with nothing between: a step while stable, held as 异常过磅.
 */
describe('the readings a capture sends: the link’s frames through the buffer', () => {
  class Fake implements StompLike {
    onConnect: (f: unknown) => void = () => undefined;
    onStompError = () => undefined;
    onWebSocketError = () => undefined;
    onWebSocketClose = () => undefined;
    subs = new Map<string, (m: { body: string }) => void>();
    activate() {}
    deactivate() {}
    subscribe(d: string, cb: (m: { body: string }) => void) {
      this.subs.set(d, cb);
      return {};
    }
    send(value: string, stable: boolean, time: number) {
      const r: WeightReading = { value, unit: 'kg', stable, scale: 'DB01', time };
      this.subs.get('/topic/weight')?.({ body: JSON.stringify(r) });
    }
  }
  const run = (frames: [string, boolean, number][]) => {
    const client = new Fake();
    const buf: ScaleSample[] = [];
    const link = new ScaleLink({
      createClient: () => client,
      onReading: (w) => pushSample(buf, { t: w.time, v: w.value, s: w.stable }),
    });
    link.connect();
    client.onConnect({});
    for (const [v, st, t] of frames) client.send(v, st, t);
    link.disconnect();
    return buf;
  };

  it('a truck leaving and the next one on (empty deck between) is not a step', () => {
    const rs = run([
      ['14000', true, 1000],
      ['0', true, 2800],
      ['39000', true, 2800],
    ]);
    expect(rs.map((r) => r.v)).toEqual(['14000', '0', '39000']);
    expect(stableStep(rs, DEFAULT_ANTI_CHEAT)).toBeNull();
  });

  it('a jump from one steady weight to another with nothing between is still a step', () => {
    const rs = run([
      ['14000', true, 1000],
      ['14000', true, 1100],
      ['39000', true, 2800],
    ]);
    expect(stableStep(rs, DEFAULT_ANTI_CHEAT)).toMatchObject({ from: '14000', to: '39000' });
  });
});
