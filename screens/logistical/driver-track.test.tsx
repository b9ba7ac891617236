import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetSiteInfo } from '../../core/session/server-clock.ts';
import { createAppStore } from '../../core/store/store.ts';

/** The map is L7 on WebGL: stood in by a list of what the screen hands it. */
vi.mock('../../features/logistics-map/lazy-map.tsx', () => ({
  LgMap: (p: { track?: unknown[]; late?: unknown[] }) => (
    <div data-testid="map" data-track={p.track?.length ?? 0} data-late={JSON.stringify(p.late ?? [])} />
  ),
}));

const { default: DriverTrackScreen } = await import('./driver-track.tsx');

const ok = (data: unknown) =>
  new Response(JSON.stringify({ code: 200, success: true, data, msg: '操作成功' }), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
  });

const T0 = Date.parse('2026-11-20T02:00:00Z');
const track = {
  carId: '11',
  plate: '粤E·G2468',
  from: T0,
  to: T0 + 86_400_000,
  points: [
    { time: T0, lon: 113.1, lat: 23.1, speed: 40, direction: 0, late: false },
    { time: T0 + 60_000, lon: 113.2, lat: 23.2, speed: 42, direction: 0, late: true },
    { time: T0 + 120_000, lon: 113.3, lat: 23.3, speed: 41, direction: 0, late: true },
    { time: T0 + 180_000, lon: 113.4, lat: 23.4, speed: 0, direction: 0, late: false },
  ],
  stops: [],
  distanceKm: '12.3',
};

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('司机轨迹 marks 补传 points', () => {
  it('counts them in the summary, hands them to the map, explains them in the legend', async () => {
    forgetSiteInfo();
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      const url = String(input instanceof Request ? input.url : input);
      if (url.includes('/blade-system/site-info')) {
        return ok({ timeZone: 'Asia/Shanghai', utcOffsetMinutes: 480, today: '2026-11-20', now: T0, demo: true });
      }
      if (url.includes('/car/select-list')) return ok([{ id: '11', plate: '粤E·G2468' }]);
      if (url.includes('/izs-logistical/track')) return ok(track);
      return ok(null);
    });
    render(
      <Provider store={createAppStore({ persist: false })}>
        <DriverTrackScreen />
      </Provider>,
    );
    await waitFor(() =>
      expect(screen.getByTestId('track-summary').textContent).toBe(
        '粤E·G2468 · 4 个点（其中补传 2 个） · 12.3 km · 停车 0 次',
      ),
    );
    expect(JSON.parse(screen.getByTestId('map').dataset.late ?? '[]')).toEqual([
      [113.2, 23.2],
      [113.3, 23.3],
    ]);
    expect(screen.getByTestId('track-legend').textContent).toContain('补传点');
    // the cursor starts on the first point (not late): no tag
    expect(screen.queryByTestId('track-late')).toBeNull();
  });
});
