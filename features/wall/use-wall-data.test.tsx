// @vitest-environment jsdom
/**
 * useWallData keeps a wall screen alive: a failed load (server restarting) keeps the last figures on the wall,
 * marks them stale and retries with backoff; when the server answers again the screen recovers by itself; one
 * timer at a time however long it runs.
 */
import { act, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { VISUAL_ENDPOINTS } from '../../core/contract/izs-visual/visual.contract.ts';
import { RETRY_MS, useWallData } from './use-wall-data.ts';

function Probe() {
  const { data, stale, error } = useWallData(VISUAL_ENDPOINTS.quotes, {}, 60_000);
  return <p data-testid="p">{`${data?.today ?? '-'}|${stale}|${error ?? ''}`}</p>;
}

const answer = (today: string) =>
  new Response(JSON.stringify({ code: 200, success: true, msg: '操作成功', data: { today, materials: [] } }));

describe('useWallData', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('keeps the last figures through a restart and recovers by itself', async () => {
    const fetchMock = vi.fn().mockResolvedValueOnce(answer('2026-11-24'));
    vi.stubGlobal('fetch', fetchMock);
    const { getByTestId } = render(<Probe />);
    await act(async () => {});
    expect(getByTestId('p').textContent).toBe('2026-11-24|false|');
    // the server goes away: two failed refreshes, the old figures stay, marked stale
    fetchMock
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(60_000);
    });
    expect(getByTestId('p').textContent).toBe('2026-11-24|true|');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(RETRY_MS[0]);
    });
    expect(fetchMock).toHaveBeenCalledTimes(3);
    // back: the next retry (backoff) picks it up
    // (a fresh Response for every call: a body is read once; wallCall checks each answer against its schema)
    fetchMock.mockImplementation(async () => answer('2026-11-25'));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(RETRY_MS[1]);
    });
    expect(getByTestId('p').textContent).toBe('2026-11-25|false|');
    // a simulated day of refreshes: one request a minute, one timer pending
    const before = fetchMock.mock.calls.length;
    await act(async () => {
      await vi.advanceTimersByTimeAsync(24 * 3600_000);
    });
    expect(fetchMock.mock.calls.length - before).toBe(1440);
    expect(vi.getTimerCount()).toBe(1);
  });
});
