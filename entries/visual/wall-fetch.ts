import Cookies from 'js-cookie';
import type { R } from '../../core/contract/common.ts';
import { DEFAULT_CLIENT_ID, DEFAULT_CLIENT_SECRET, HEADERS } from '../../core/contract/common.ts';

/**
 * Wall screens open in a new window from the back office and share its sign-in cookie.
 * A plain fetch keeps the wall-screen bundle free of the admin's store and UI library.
 */
export async function wallGet<T>(path: string): Promise<R<T>> {
  const token = Cookies.get('loopyard-access-token');
  const headers: Record<string, string> = {
    Authorization: `Basic ${btoa(`${DEFAULT_CLIENT_ID}:${DEFAULT_CLIENT_SECRET}`)}`,
  };
  if (token) headers[HEADERS.auth] = `bearer ${token}`;
  const res = await fetch(path, { headers });
  const body = (await res.json().catch(() => null)) as R<T> | null;
  if (!body) return { code: res.status, success: false, data: null as T, msg: `HTTP ${res.status}` };
  return body;
}
