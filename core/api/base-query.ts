import type { BaseQueryFn } from '@reduxjs/toolkit/query';
import { AUTH_PATHS } from '../contract/auth-paths.ts';
import { basicAuthorization, HEADERS } from '../contract/wire.ts';
import type { SessionState } from '../session/session-slice.ts';
import { notifyError } from './notify.ts';

/** Spec §9: request timeout 35000 ms; statuses 200–500 are accepted by the transport. */
export const REQUEST_TIMEOUT_MS = 35_000;

/** Spec §8 wording, kept exactly. */
export const MESSAGES = {
  unauthorized: 'permission error, please log in again',
  forbidden: 'no permission',
  notFound: 'service not found',
  timeout: 'request timed out, please refresh the page',
  unknown: 'unknown error',
} as const;

export interface RequestArgs {
  url: string;
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  params?: Record<string, string | number | boolean | null | undefined>;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface ApiError {
  /** HTTP/body code, or 'TIMEOUT_ERROR' / 'FETCH_ERROR'. */
  status: number | 'TIMEOUT_ERROR' | 'FETCH_ERROR';
  message: string;
  data?: unknown;
}

/** Extra options per endpoint: `silent` skips the toast (background checks). */
export interface ApiExtraOptions {
  silent?: boolean;
}

/** Registered by the store: 401 → reset token and go to login (spec §8, bladex-contract §8.3). */
let unauthorizedHandler: (() => void) | null = null;
export function setUnauthorizedHandler(fn: (() => void) | null): void {
  unauthorizedHandler = fn;
}

/** Headers of spec §7 / DESIGN §4 from the session. */
export function buildHeaders(
  session: Pick<SessionState, 'token' | 'tenantId' | 'defaultDeptId' | 'defaultDeptName' | 'accountSetId'> | null,
): Record<string, string> {
  const h: Record<string, string> = { Authorization: basicAuthorization() };
  if (!session) return h;
  if (session.token) h[HEADERS.auth] = `bearer ${session.token}`;
  if (session.tenantId) h[HEADERS.tenant] = session.tenantId;
  if (session.defaultDeptId) h[HEADERS.deptId] = session.defaultDeptId;
  if (session.defaultDeptName) h[HEADERS.deptName] = encodeURIComponent(session.defaultDeptName);
  if (session.accountSetId) h[HEADERS.accountSetId] = session.accountSetId;
  return h;
}

function origin(): string {
  return globalThis.location?.origin ?? 'http://localhost';
}

export function buildUrl(url: string, params?: RequestArgs['params']): string {
  const u = new URL(url, origin());
  for (const [k, v] of Object.entries(params ?? {})) {
    if (v !== undefined && v !== null && v !== '') u.searchParams.set(k, String(v));
  }
  return u.toString();
}

interface Body {
  code?: number;
  error_code?: number;
  msg?: string;
  error_description?: string;
}

/**
 * The error-catalogue decision of spec §8 as a pure function: null = a normal answer.
 * status = body error_code, else body code, else the HTTP status (BladeX response interceptor).
 */
export function classifyResponse(httpStatus: number, body: unknown): { status: number; message: string } | null {
  const b = (body && typeof body === 'object' ? body : {}) as Body;
  const status = b.error_code ?? b.code ?? httpStatus;
  if (status === 200 || status === 416 || status === 417) return null; // 416/417 pass through (spec §8)
  if (httpStatus >= 200 && httpStatus < 300 && b.code === undefined && b.error_code === undefined) return null;
  const serverMessage = b.msg || b.error_description;
  if (status === 401) return { status, message: serverMessage || MESSAGES.unauthorized };
  if (status === 403) return { status, message: MESSAGES.forbidden };
  if (status === 404) return { status, message: MESSAGES.notFound };
  return { status, message: serverMessage || MESSAGES.unknown };
}

/**
 * The one baseQuery (DESIGN §6): adds the headers, applies the 35 s timeout, accepts 200–500 and maps every
 * error of spec §8 to a 3 s error toast. Answers are returned whole (`R<T>` or the bare token object);
 * endpoints unwrap `data` with transformResponse.
 */
export const bladeBaseQuery: BaseQueryFn<string | RequestArgs, unknown, ApiError, ApiExtraOptions> = async (
  args,
  api,
  extraOptions,
) => {
  const req: RequestArgs = typeof args === 'string' ? { url: args } : args;
  const state = api.getState() as { session?: SessionState };
  const headers: Record<string, string> = { ...buildHeaders(state.session ?? null), ...req.headers };
  let body: BodyInit | undefined;
  if (req.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(req.body);
  }
  const fail = (error: ApiError) => {
    if (!extraOptions?.silent) notifyError(error.message);
    return { error };
  };

  const timeout = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    timeout.abort();
  }, REQUEST_TIMEOUT_MS);
  const onAbort = () => timeout.abort();
  api.signal?.addEventListener('abort', onAbort);

  let res: Response;
  try {
    res = await fetch(buildUrl(req.url, req.params), {
      method: req.method ?? 'GET',
      headers,
      body,
      signal: timeout.signal,
    });
  } catch (e) {
    if (timedOut) return fail({ status: 'TIMEOUT_ERROR', message: MESSAGES.timeout });
    // other network errors: their own message (spec §8)
    return fail({ status: 'FETCH_ERROR', message: (e as Error)?.message || MESSAGES.unknown });
  } finally {
    clearTimeout(timer);
    api.signal?.removeEventListener('abort', onAbort);
  }

  if (res.status > 500 || res.status < 200) {
    return fail({ status: res.status, message: `Request failed with status code ${res.status}` });
  }
  const text = await res.text();
  let data: unknown = text;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    // non-JSON body: keep the text
  }
  const problem = classifyResponse(res.status, data);
  if (!problem) return { data };
  if (problem.status === 401 && !req.url.startsWith(AUTH_PATHS.token)) unauthorizedHandler?.();
  return fail({ status: problem.status, message: problem.message, data });
};
