/**
 * A NUL character anywhere in a request — path parameters, query, JSON or form body (keys and values, at any
 * depth), headers — is answered 400 before any handler runs (issue 22 "Input"). PostgreSQL text cannot hold it, so
 * without this hook every route that stores or searches a string answered 500. One hook for the whole app (the open
 * platform's own context included); raw bodies (uploads, buffers) are files, not text, and are not looked into.
 */
import type { FastifyRequest } from 'fastify';
import { ApiError } from './r.ts';

export const NUL_MESSAGE = '请求中含有非法字符（NUL），请检查输入';

const NUL = '\u0000';
const MAX_DEPTH = 64;

/** Whether `v` (a parsed query / params / JSON body) holds a NUL in any key or string value. */
export function holdsNul(v: unknown, depth = 0): boolean {
  if (typeof v === 'string') return v.includes(NUL);
  if (v === null || typeof v !== 'object' || depth > MAX_DEPTH) return false;
  if (Buffer.isBuffer(v) || ArrayBuffer.isView(v)) return false;
  if (Array.isArray(v)) return v.some((x) => holdsNul(x, depth + 1));
  for (const [k, x] of Object.entries(v)) {
    if (k.includes(NUL) || holdsNul(x, depth + 1)) return true;
  }
  return false;
}

/** preValidation hook: after the body is parsed, before the route's schema and handler. */
export async function refuseNul(req: FastifyRequest): Promise<void> {
  if (
    req.url.includes(NUL) ||
    holdsNul(req.params) ||
    holdsNul(req.query) ||
    holdsNul(req.headers) ||
    holdsNul(req.body)
  ) {
    throw new ApiError(400, NUL_MESSAGE);
  }
}
