import type { SiteInfo } from '../contract/blade-system.contract.ts';
import { SYSTEM_PATHS } from '../contract/system-paths.ts';
import type { R } from '../contract/wire.ts';
import { setServerClock } from '../format/business-day.ts';

let pending: Promise<SiteInfo | null> | null = null;

/**
 * GET /api/blade-system/site-info once per page load (public, tiny): sets the business day's zone
 * (core/format/business-day.ts) and tells the login card whether demo data is loaded. Null when unreachable.
 */
export function loadSiteInfo(): Promise<SiteInfo | null> {
  if (!pending) {
    pending = fetch(SYSTEM_PATHS.siteInfo)
      .then((r) => r.json() as Promise<R<SiteInfo>>)
      .then((r) => {
        if (!r?.success || !r.data) return null;
        setServerClock(r.data);
        return r.data;
      })
      .catch(() => {
        pending = null; // try again on the next call
        return null;
      });
  }
  return pending;
}

/** Tests: the next call asks the server again. */
export function forgetSiteInfo(): void {
  pending = null;
}
