/**
 * A plain fetch for the print entry (no store, no UI library, like the wall screens): the desktop client opens the
 * print pages in the same origin as the back office, so the sign-in cookie and the persisted session (tenant,
 * current department) are there. The calls themselves go through core/api/call-descriptor.ts (typed by descriptor).
 */
import Cookies from 'js-cookie';
import { DEFAULT_CLIENT_ID, DEFAULT_CLIENT_SECRET, DEFAULT_TENANT_ID, HEADERS } from '../contract/common.ts';
import { ACCESS_TOKEN_COOKIE } from '../session/cookies.ts';
import { loadPersisted } from '../store/persist.ts';

interface PersistedSession {
  session?: { tenantId?: string; defaultDeptId?: string; defaultDeptName?: string };
}

export function hasSignIn(): boolean {
  return !!Cookies.get(ACCESS_TOKEN_COOKIE);
}

/** Headers of spec §7 from the cookie and the persisted session. */
export function printHeaders(): Record<string, string> {
  const h: Record<string, string> = {
    Authorization: `Basic ${btoa(`${DEFAULT_CLIENT_ID}:${DEFAULT_CLIENT_SECRET}`)}`,
  };
  const token = Cookies.get(ACCESS_TOKEN_COOKIE);
  if (token) h[HEADERS.auth] = `bearer ${token}`;
  const s = loadPersisted<PersistedSession>()?.session;
  h[HEADERS.tenant] = s?.tenantId || DEFAULT_TENANT_ID;
  if (s?.defaultDeptId) h[HEADERS.deptId] = s.defaultDeptId;
  if (s?.defaultDeptName) h[HEADERS.deptName] = encodeURIComponent(s.defaultDeptName);
  return h;
}
