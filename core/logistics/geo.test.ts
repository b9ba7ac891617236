import booleanPointInPolygon from '@turf/boolean-point-in-polygon';
import { point, polygon } from '@turf/helpers';
import { describe, expect, it } from 'vitest';
import { circleRing, metres } from './geo.ts';

describe('circleRing (circular geofence drawn on the map)', () => {
  it.each([
    [[113.12, 23.02], 300],
    [[121.47, 31.23], 1000],
    [[87.6, 43.8], 50],
  ] as const)('every vertex of a %s ring lies %s m from the centre; the ring is closed', (c, r) => {
    const ring = circleRing([c[0], c[1]], r, 24);
    expect(ring).toHaveLength(25);
    expect(ring[0]).toEqual(ring[24]);
    for (const p of ring) expect(Math.abs(metres([c[0], c[1]], p) - r)).toBeLessThan(0.5);
  });
  it('a point inside the radius is inside the ring, one outside is not', () => {
    const ring = circleRing([113.12, 23.02], 300);
    const poly = polygon([ring]);
    expect(booleanPointInPolygon(point([113.121, 23.021]), poly)).toBe(true); // ≈ 150 m away
    expect(booleanPointInPolygon(point([113.125, 23.02]), poly)).toBe(false); // ≈ 510 m away
  });
});
