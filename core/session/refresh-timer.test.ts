import { describe, expect, it, vi } from 'vitest';
import type { TokenResponse } from '../contract/blade-auth.contract.ts';
import { createRefreshTimer, shouldRefresh } from './refresh-timer.ts';

const base = { hasToken: true, hasRefreshToken: true, tokenTime: 0, refreshing: false };

describe('refresh timer decision (spec §4, §9)', () => {
  it.each([
    [2999_000, false],
    [3000_000, true],
    [7200_000, true],
  ])('age %s ms → refresh %s', (now, expected) => {
    expect(shouldRefresh({ ...base, now })).toBe(expected);
  });
  it('does not refresh while a refresh runs, or without tokens', () => {
    expect(shouldRefresh({ ...base, now: 4000_000, refreshing: true })).toBe(false);
    expect(shouldRefresh({ ...base, now: 4000_000, hasToken: false })).toBe(false);
    expect(shouldRefresh({ ...base, now: 4000_000, hasRefreshToken: false })).toBe(false);
  });
});

describe('refresh timer tick', () => {
  const read = () => ({ hasToken: true, hasRefreshToken: true, tokenTime: 0, refreshToken: 'r1', tenantId: '000000' });
  it('refreshes once with the refresh token and tenant, and stores the new pair', async () => {
    let resolve!: (t: TokenResponse) => void;
    const refresh = vi.fn(() => new Promise<TokenResponse>((r) => (resolve = r)));
    const onSuccess = vi.fn();
    const timer = createRefreshTimer({ read, refresh, onSuccess, onFailure: vi.fn(), now: () => 3001_000 });
    const first = timer.tick();
    expect(await timer.tick()).toBe('skipped'); // already running
    resolve({ access_token: 'a2', refresh_token: 'r2' } as TokenResponse);
    expect(await first).toBe('refreshed');
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(refresh).toHaveBeenCalledWith('r1', '000000');
    expect(onSuccess).toHaveBeenCalledWith(expect.objectContaining({ refresh_token: 'r2' }));
  });
  it('on failure calls onFailure (reset token + login)', async () => {
    const onFailure = vi.fn();
    const timer = createRefreshTimer({
      read,
      refresh: () => Promise.reject(new Error('bad')),
      onSuccess: vi.fn(),
      onFailure,
      now: () => 3001_000,
    });
    expect(await timer.tick()).toBe('failed');
    expect(onFailure).toHaveBeenCalledTimes(1);
  });
});
