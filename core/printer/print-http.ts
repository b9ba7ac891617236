/**
 * A plain fetch for the print entry (no store, no UI library, like the wall screens): the desktop client opens the
 * print pages in the same origin as the back office, so the sign-in cookie and the persisted session (tenant,
 * current department) are there. Answers the R body, or an R-shaped failure for network errors and non-JSON.
 */
import Cookies from 'js-cookie';
import type { R } from '../contract/common.ts';
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

export async function printRequest<T>(
  path: string,
  opts: { params?: Record<string, string | undefined>; body?: unknown } = {},
): Promise<R<T>> {
  const url = new URL(path, globalThis.location?.origin ?? 'http://localhost');
  for (const [k, v] of Object.entries(opts.params ?? {})) if (v) url.searchParams.set(k, v);
  const headers = printHeaders();
  if (opts.body !== undefined) headers['Content-Type'] = 'application/json';
  try {
    const res = await fetch(url, {
      method: opts.body !== undefined ? 'POST' : 'GET',
      headers,
      body: opts.body !== undefined ? JSON.stringify(opts.body) : undefined,
    });
    const body = (await res.json().catch(() => null)) as R<T> | null;
    if (!body) return { code: res.status, success: false, data: null as T, msg: `HTTP ${res.status}` };
    if (res.status === 403 && !body.msg) body.msg = '没有权限';
    return body;
  } catch (e) {
    return { code: 0, success: false, data: null as T, msg: (e as Error).message };
  }
}
