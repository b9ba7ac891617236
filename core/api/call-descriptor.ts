/**
 * One descriptor call without a store (issue 10): the print entry and the desktop client's settings page have no
 * RTK Query store, so they call endpoint descriptors (core/contract/endpoint.ts) through this plain fetch. The URL,
 * query and body come from the descriptor (requestOf, the same as the typed hooks), the headers from the back
 * office's sign-in the way the print entry always sent them (core/printer/print-http.ts printHeaders), and the
 * answer is typed by the descriptor's answer schema — in development and under test it is validated against that
 * schema too, so a server that drifts from the contract fails here instead of deep in a template.
 *
 *   const r = await callDescriptor(PRINT_CONFIG.detail, { warehouseId });
 *   if (r.success) setConfig(r.data); // r.data: PrintConfig
 *   else setMessage(r.msg);
 */
import type { AnswerOf, ArgOf, EndpointSpec } from '../contract/endpoint.ts';
import { printHeaders } from '../printer/print-http.ts';
import { requestOf } from './request-of.ts';

/** The answer of one call: the data typed by the descriptor, or the failure's code and message. */
export type CallResult<E extends EndpointSpec> =
  | { success: true; code: 200; data: AnswerOf<E>; msg: string }
  | { success: false; code: number; data: null; msg: string };

interface WireAnswer {
  code?: number;
  success?: boolean;
  data?: unknown;
  msg?: string;
}

/** Answers are checked against their schema in development and under test (never in the production bundle). */
const checkAnswers = (): boolean => import.meta.env?.DEV === true || import.meta.env?.MODE === 'test';

const failure = (code: number, msg: string): { success: false; code: number; data: null; msg: string } => ({
  success: false,
  code,
  data: null,
  msg,
});

/**
 * Calls one descriptor with its input (the parts bare or as `{ params, query, body }`, as the hooks take them);
 * `headers` adds to the sign-in's (e.g. the book of a finance read: Current-Account-Set-Id).
 */
export async function callDescriptor<const E extends EndpointSpec>(
  e: E,
  arg: ArgOf<E>,
  o: { headers?: Record<string, string> } = {},
): Promise<CallResult<E>> {
  const req = requestOf(e, arg);
  const url = new URL(req.url, globalThis.location?.origin ?? 'http://localhost');
  for (const [k, v] of Object.entries(req.params ?? {})) {
    if (v !== undefined && v !== null && v !== '') url.searchParams.set(k, String(v));
  }
  const headers = { ...printHeaders(), ...o.headers };
  const post = req.method === 'POST';
  if (post) headers['Content-Type'] = 'application/json';
  let res: Response;
  try {
    res = await fetch(url, {
      method: post ? 'POST' : 'GET',
      headers,
      body: post ? JSON.stringify(req.body) : undefined,
    });
  } catch (err) {
    return failure(0, (err as Error).message);
  }
  const body = (await res.json().catch(() => null)) as WireAnswer | null;
  if (!body) return failure(res.status, `HTTP ${res.status}`);
  if (body.code !== 200 || body.success === false) {
    return failure(body.code ?? res.status, body.msg || (res.status === 403 ? '没有权限' : `HTTP ${res.status}`));
  }
  if (checkAnswers()) {
    const parsed = e.answer.safeParse(body.data);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return failure(
        500,
        `${e.method} ${e.path} 的返回不符合约定：${issue?.path.join('.') ?? ''} ${issue?.message ?? ''}`,
      );
    }
  }
  // the one place the wire meets the type: the schema above is the check (in development and under test)
  return { success: true, code: 200, data: body.data as AnswerOf<E>, msg: body.msg ?? '' };
}
