// @vitest-environment node
/**
 * endpoints(app, db).handle: the descriptor's schemas guard the input (400, Chinese message naming the field), the
 * answer is wrapped in R, a path parameter is filled, and under test an answer outside the schema is a 500 (so the
 * API tests catch a server drifting from the contract). The button guard is exercised by the API tests (it needs
 * the role tables); here the caller is an administrator.
 */
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { endpoint } from '../../core/contract/endpoint.ts';
import type { Db } from '../db/client.ts';
import type { AuthUser } from './auth.ts';
import { endpoints, handledEndpoints, handlerLocations } from './endpoint.ts';
import { installErrorHandling } from './errors.ts';
import './validate.ts';

const admin: AuthUser = {
  userId: '1',
  tenantId: '000000',
  account: 'admin',
  roles: ['administrator'],
  roleIds: ['1'],
  deptIds: ['2'],
  sessionId: 's',
  clientId: 'saber',
  currentDeptId: '2',
};

const DEMO = {
  weigh: endpoint({
    method: 'POST',
    path: '/api/demo/weigh/:id',
    summary: '称重',
    params: z.object({ id: z.string().regex(/^\d+$/, '编号格式不正确') }),
    body: z.object({ grossKg: z.string().regex(/^\d+(\.\d{1,3})?$/, '毛重格式不正确') }),
    answer: z.object({ id: z.string(), grossKg: z.string() }),
    permission: { code: 'demo', action: 'add' },
  }),
  drift: endpoint({
    method: 'GET',
    path: '/api/demo/drift',
    summary: 'drift',
    answer: z.object({ n: z.number() }),
  }),
};

async function app() {
  const a = Fastify();
  a.decorateRequest('user', null);
  installErrorHandling(a, () => undefined);
  a.addHook('preHandler', async (req) => {
    req.user = admin;
  });
  const r = endpoints(a, {} as Db);
  r.handle(DEMO.weigh, ({ params, body }) => ({ id: params.id, grossKg: body.grossKg }));
  r.handle(DEMO.drift, () => ({ n: 'one' }) as unknown as { n: number });
  await a.ready();
  return a;
}

describe('endpoints().handle', () => {
  it('parses params and body and answers R', async () => {
    const a = await app();
    const res = await a.inject({ method: 'POST', url: '/api/demo/weigh/42', payload: { grossKg: '35260.5' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 200, success: true, data: { id: '42', grossKg: '35260.5' }, msg: '操作成功' });
  });

  it('refuses bad input with 400 and the schema message', async () => {
    const a = await app();
    const res = await a.inject({ method: 'POST', url: '/api/demo/weigh/42', payload: { grossKg: '35,260' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('毛重格式不正确');
  });

  it('an answer outside the schema fails under test', async () => {
    const a = await app();
    const res = await a.inject({ method: 'GET', url: '/api/demo/drift' });
    expect(res.statusCode).toBe(500);
  });

  it('records what it registered', async () => {
    await app();
    expect(handledEndpoints().has('POST /api/demo/weigh/:id')).toBe(true);
    // npm run endpoints points at the line of the handle() call
    expect(handlerLocations().get('POST /api/demo/weigh/:id')).toMatch(/^server\/platform\/endpoint\.test\.ts:\d+$/);
  });
});
