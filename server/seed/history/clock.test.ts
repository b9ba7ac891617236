// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { formatDate } from '../../platform/time.ts';
import { atTime, yardTime } from './clock.ts';

describe("the history loader's clock", () => {
  it('runs a command with new Date() / Date.now() at the given hour, then puts the real clock back', async () => {
    const RealDate = Date;
    const at = yardTime('2026-03-02', 450); // 07:30 in Ningbo
    expect(new Date(at).toISOString()).toBe('2026-03-01T23:30:00.000Z');
    const seen = await atTime(at, async () => {
      await new Promise((r) => setTimeout(r, 5));
      return { now: Date.now(), date: new Date(), day: formatDate(new Date(), 'Asia/Shanghai'), iso: new Date(0) };
    });
    expect(seen.now).toBeGreaterThanOrEqual(at);
    expect(seen.now).toBeLessThan(at + 5_000);
    expect(seen.date instanceof RealDate).toBe(true);
    expect(seen.day).toBe('2026-03-02');
    expect(seen.iso.toISOString()).toBe('1970-01-01T00:00:00.000Z'); // a date with arguments is that date
    expect(Date).toBe(RealDate);
    expect(Math.abs(Date.now() - new RealDate().getTime())).toBeLessThan(1_000);
    expect(new Date().getFullYear()).toBeGreaterThanOrEqual(2026);
  });

  it('puts the real clock back when the command fails', async () => {
    const RealDate = Date;
    await expect(
      atTime(yardTime('2025-12-01', 600), async () => {
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(Date).toBe(RealDate);
    expect(Date.now() - yardTime('2025-12-01', 600)).toBeGreaterThan(0);
  });
});
