import type { TokenResponse } from '../contract/blade-auth.contract.ts';

/** Spec §9: check every 10 s; refresh when the token is 3000 s old. */
export const REFRESH_CHECK_MS = 10_000;
export const REFRESH_AFTER_S = 3000;

export interface RefreshCheck {
  hasToken: boolean;
  hasRefreshToken: boolean;
  /** ms timestamp of the stored token. */
  tokenTime: number;
  now: number;
  refreshing: boolean;
}

/** Spec §4 token refresh: refresh once when the age reaches 3000 s and no refresh is running. */
export function shouldRefresh(c: RefreshCheck): boolean {
  if (!c.hasToken || !c.hasRefreshToken || c.refreshing) return false;
  return (c.now - c.tokenTime) / 1000 >= REFRESH_AFTER_S;
}

export interface RefreshTimerDeps {
  read: () => Omit<RefreshCheck, 'now' | 'refreshing'> & { refreshToken: string; tenantId: string };
  refresh: (refreshToken: string, tenantId: string) => Promise<TokenResponse>;
  onSuccess: (token: TokenResponse) => void;
  onFailure: () => void;
  now?: () => number;
}

/** Starts the 10 s interval; returns a stop function. `tick` is exported for tests. */
export function createRefreshTimer(deps: RefreshTimerDeps) {
  let refreshing = false;
  const now = deps.now ?? Date.now;
  const tick = async (): Promise<'skipped' | 'refreshed' | 'failed'> => {
    const s = deps.read();
    if (!shouldRefresh({ ...s, now: now(), refreshing })) return 'skipped';
    refreshing = true;
    try {
      const token = await deps.refresh(s.refreshToken, s.tenantId);
      deps.onSuccess(token); // refresh tokens rotate: always store the new pair
      return 'refreshed';
    } catch {
      deps.onFailure();
      return 'failed';
    } finally {
      refreshing = false;
    }
  };
  return {
    tick,
    start() {
      const id = setInterval(() => void tick(), REFRESH_CHECK_MS);
      return () => clearInterval(id);
    },
  };
}
