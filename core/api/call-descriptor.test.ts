import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { endpoint } from '../contract/endpoint.ts';
import { callDescriptor } from './call-descriptor.ts';

const GET = endpoint({
  method: 'GET',
  path: '/api/x/:kind/detail',
  summary: 'x',
  params: z.object({ kind: z.string() }),
  query: z.object({ id: z.string(), empty: z.string().optional() }),
  answer: z.object({ name: z.string(), amount: z.string() }),
});
const POST = endpoint({
  method: 'POST',
  path: '/api/x/save',
  summary: 'x',
  body: z.object({ name: z.string() }),
  answer: z.object({ id: z.string() }),
});

function answer(status: number, body: unknown) {
  const fetchMock = vi.fn(async () => new Response(JSON.stringify(body), { status }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('callDescriptor: a store-free descriptor call for the print entry', () => {
  it('builds the URL from the descriptor (params filled, empty query values left out) and types the answer', async () => {
    const f = answer(200, { code: 200, success: true, data: { name: '钢屑', amount: '12.50' }, msg: '操作成功' });
    const r = await callDescriptor(GET, { params: { kind: 'a/b' }, query: { id: '7', empty: '' } });
    expect(r).toEqual({ success: true, code: 200, data: { name: '钢屑', amount: '12.50' }, msg: '操作成功' });
    const [url, init] = f.mock.calls[0] as unknown as [URL, RequestInit];
    expect(url.pathname).toBe('/api/x/a%2Fb/detail');
    expect(url.search).toBe('?id=7');
    expect(init.method).toBe('GET');
    expect((init.headers as Record<string, string>).Authorization).toMatch(/^Basic /);
  });

  it('posts the body as JSON with extra headers', async () => {
    const f = answer(200, { code: 200, success: true, data: { id: '9' }, msg: '' });
    const r = await callDescriptor(POST, { name: 'x' }, { headers: { 'Current-Account-Set-Id': '5' } });
    expect(r.success && r.data.id).toBe('9');
    const [, init] = f.mock.calls[0] as unknown as [URL, RequestInit];
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"name":"x"}');
    expect((init.headers as Record<string, string>)['Current-Account-Set-Id']).toBe('5');
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });

  it('answers failures with their message: a 400, a 403 without one, non-JSON, a network error', async () => {
    answer(400, { code: 400, success: false, data: null, msg: '编号格式不正确' });
    expect(await callDescriptor(POST, { name: 'x' })).toEqual({
      success: false,
      code: 400,
      data: null,
      msg: '编号格式不正确',
    });
    answer(403, { code: 403, success: false, data: null, msg: '' });
    expect((await callDescriptor(POST, { name: 'x' })).msg).toBe('没有权限');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>', { status: 502 })),
    );
    expect(await callDescriptor(POST, { name: 'x' })).toMatchObject({ success: false, code: 502, msg: 'HTTP 502' });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new Error('Failed to fetch');
      }),
    );
    expect(await callDescriptor(POST, { name: 'x' })).toMatchObject({
      success: false,
      code: 0,
      msg: 'Failed to fetch',
    });
  });

  it('refuses an answer outside its schema under test (a drifted server fails here, not in a template)', async () => {
    answer(200, { code: 200, success: true, data: { name: '钢屑', amount: 12.5 }, msg: '' });
    const r = await callDescriptor(GET, { params: { kind: 'a' }, query: { id: '1' } });
    expect(r.success).toBe(false);
    expect(r.msg).toContain('GET /api/x/:kind/detail 的返回不符合约定：amount');
  });
});
