import Cookies from 'js-cookie';
import type { R } from '../../core/contract/common.ts';
import { DEFAULT_CLIENT_ID, DEFAULT_CLIENT_SECRET, HEADERS } from '../../core/contract/common.ts';
import { type AnswerOf, type EndpointSpec, fillPath } from '../../core/contract/endpoint.ts';

/**
 * Wall screens open in a new window from the back office and share its sign-in cookie.
 * A plain fetch keeps the wall-screen bundle free of the admin's store and UI library.
 */
async function wallFetch(path: string, init: RequestInit = {}): Promise<R<unknown>> {
  const token = Cookies.get('loopyard-access-token');
  const headers: Record<string, string> = {
    Authorization: `Basic ${btoa(`${DEFAULT_CLIENT_ID}:${DEFAULT_CLIENT_SECRET}`)}`,
    ...((init.headers as Record<string, string>) ?? {}),
  };
  if (token) headers[HEADERS.auth] = `bearer ${token}`;
  const res = await fetch(path, { ...init, headers });
  const body = (await res.json().catch(() => null)) as R<unknown> | null;
  if (!body) return { code: res.status, success: false, data: null, msg: `HTTP ${res.status}` };
  return body;
}

export interface WallArgs {
  params?: Record<string, string | number>;
  query?: Record<string, string | number>;
  body?: unknown;
}

/**
 * Calls an endpoint descriptor (core/contract) from a wall screen: its path, method and answer type. A successful
 * answer is checked against the descriptor's schema in development and under test (a drifted server fails here).
 */
export async function wallCall<E extends EndpointSpec>(
  e: E,
  args: WallArgs = {},
  signal?: AbortSignal,
): Promise<R<AnswerOf<E>>> {
  const qs = args.query ? `?${new URLSearchParams(Object.entries(args.query).map(([k, v]) => [k, String(v)]))}` : '';
  const url = fillPath(e.path, args.params) + qs;
  let r =
    e.method === 'POST'
      ? await wallFetch(url, {
          method: 'POST',
          body: JSON.stringify(args.body ?? {}),
          headers: { 'Content-Type': 'application/json' },
          signal,
        })
      : await wallFetch(url, { signal });
  if (r.code === 200 && (import.meta.env?.DEV === true || import.meta.env?.MODE === 'test')) {
    const parsed = e.answer.safeParse(r.data);
    if (!parsed.success) r = { code: 500, success: false, data: null, msg: `${e.method} ${e.path} 的返回不符合约定` };
  }
  // the wire meets the type here: the schema above is the check (in development and under test)
  return r as R<AnswerOf<E>>;
}

/** The signed-in user's tenant from the access token's payload ('' when signed out). */
export function tokenClaims(): { token: string; tenantId: string } {
  const token = Cookies.get('loopyard-access-token') ?? '';
  try {
    const p = JSON.parse(atob(token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/'))) as { tenant_id?: string };
    return { token, tenantId: p.tenant_id ?? '' };
  } catch {
    return { token, tenantId: '' };
  }
}
