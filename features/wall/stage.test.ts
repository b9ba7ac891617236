import { describe, expect, it } from 'vitest';
import { stageTransform } from './stage.tsx';

describe('stageTransform (DESIGN §1: scale = min(w/1920, h/1080), centred)', () => {
  it.each([
    // [window w, h, scale, left, top]
    [1920, 1080, 1, 0, 0],
    [3840, 2160, 2, 0, 0],
    [1280, 1080, 1280 / 1920, 0, Math.round((1080 - 1080 * (1280 / 1920)) / 2)],
    [1920, 540, 0.5, 480, 0],
  ])('window %i×%i → scale %f, left %i, top %i', (w, h, scale, left, top) => {
    const t = stageTransform(w, h);
    expect(t.scale).toBeCloseTo(scale, 10);
    expect(t.left).toBe(left);
    expect(t.top).toBe(top);
  });
});
