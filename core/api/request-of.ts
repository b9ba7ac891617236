/**
 * The request of one descriptor call (core/contract/endpoint.ts) or route (route.ts), store-free so that both the
 * RTK Query endpoints (endpoints.ts) and the print entry's plain fetch (call-descriptor.ts) build it the same way.
 */
import { fillPath, inputParts, type RouteSpec } from '../contract/route.ts';
import type { RequestArgs } from './base-query.ts';

/** The request of one call: the single input part bare, several as `{ params, query, body }`. */
export function requestOf(e: RouteSpec, arg: unknown): RequestArgs {
  const parts = inputParts(e);
  const pick = (k: 'params' | 'query' | 'body') =>
    parts.length === 1 ? (parts[0] === k ? arg : undefined) : (arg as Record<string, unknown> | undefined)?.[k];
  const params = pick('params') as Record<string, unknown> | undefined;
  const query = pick('query') as RequestArgs['params'];
  const body = pick('body');
  const url = fillPath(e.path, params);
  return e.method === 'GET' ? { url, params: query } : { url, method: 'POST', params: query, body: body ?? {} };
}
