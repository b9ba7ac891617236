// @vitest-environment node
/**
 * Security headers (issue 16) computed once (issue 25): the app sets exactly what @fastify/helmet set for the same
 * options, on every kind of answer — a signed-in API answer, the guard's 401, a 404, a validation error.
 */
import helmet from '@fastify/helmet';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { helmetOptions, securityHeaders } from '../../server/platform/security-headers.ts';
import { boot, call, login, type TestApp } from './helpers.ts';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await boot();
  token = (await login(t)).access_token;
});
afterAll(async () => {
  await t?.close();
});

/** What @fastify/helmet sets for the app's options (a throwaway Fastify with only helmet on it). */
async function helmetsOwn(): Promise<Record<string, string>> {
  const h = Fastify();
  await h.register(helmet, helmetOptions(t.config) as never);
  h.get('/x', async () => ({}));
  const r = await h.inject({ url: '/x' });
  await h.close();
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(r.headers)) {
    if (!['content-type', 'content-length', 'date', 'connection'].includes(k)) out[k] = String(v);
  }
  return out;
}

describe('security headers', () => {
  it('are the headers @fastify/helmet sets for the same options', async () => {
    const expected = await helmetsOwn();
    expect(Object.keys(expected).length).toBeGreaterThan(8);
    expect(securityHeaders(t.config)).toEqual(expected);
  });

  it('are on a signed-in answer, a 401, a 404 and a 400', async () => {
    const expected = await helmetsOwn();
    const answers = [
      await call(t, '/api/izs-base/material/page', { token, query: { current: 1, size: 1 } }),
      await call(t, '/api/izs-base/material/page'),
      await call(t, '/api/no-such-thing', { token }),
      await call(t, '/api/izs-base/material/page', { token, query: { current: 'x' } }),
    ];
    expect(answers.map((a) => a.status)).toEqual([200, 401, 404, 400]);
    for (const a of answers) {
      for (const [k, v] of Object.entries(expected)) expect(a.headers.get(k), k).toBe(v);
    }
  });
});
