import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { endpoint, fileAnswer, fileKindOf } from '../contract/endpoint.ts';
import { downloadOf, fileDownloads, requestOf } from './endpoints.ts';

const answer = z.object({});
const get = endpoint({
  method: 'GET',
  path: '/api/x/page',
  summary: '',
  query: z.object({ current: z.number() }),
  answer,
});
const post = endpoint({
  method: 'POST',
  path: '/api/x/submit',
  summary: '',
  body: z.object({ a: z.string() }),
  answer,
});
const both = endpoint({
  method: 'POST',
  path: '/api/x/:id/settle',
  summary: '',
  params: z.object({ id: z.string() }),
  query: z.object({ force: z.boolean() }),
  body: z.object({ amount: z.string() }),
  answer,
});
const none = endpoint({ method: 'POST', path: '/api/x/run', summary: '', answer });

describe('requestOf: the one input part bare, several as { params, query, body }', () => {
  it('GET sends its query', () => {
    expect(requestOf(get, { current: 2 })).toEqual({ url: '/api/x/page', params: { current: 2 } });
  });
  it('POST sends its body', () => {
    expect(requestOf(post, { a: '1' })).toEqual({
      url: '/api/x/submit',
      method: 'POST',
      params: undefined,
      body: { a: '1' },
    });
  });
  it('fills path parameters, encoded', () => {
    expect(requestOf(both, { params: { id: 'a/b' }, query: { force: true }, body: { amount: '1.00' } })).toEqual({
      url: '/api/x/a%2Fb/settle',
      method: 'POST',
      params: { force: true },
      body: { amount: '1.00' },
    });
  });
  it('a POST without input sends an empty body', () => {
    expect(requestOf(none, undefined)).toEqual({ url: '/api/x/run', method: 'POST', params: undefined, body: {} });
  });
});

describe('file descriptors (answer: fileAnswer)', () => {
  const file = endpoint({
    method: 'GET',
    path: '/api/x/export',
    summary: '导出清单',
    query: z.object({ month: z.string() }),
    answer: fileAnswer('xlsx'),
  });

  it('are told apart from JSON answers', () => {
    expect(fileKindOf(file)).toBe('xlsx');
    expect(fileKindOf(get)).toBeUndefined();
    expect(() => downloadOf(get)).toThrow(/does not answer a file/);
  });

  it('download with the query and the session headers, the Chinese name from Content-Disposition', async () => {
    const calls: string[] = [];
    const saved = globalThis.fetch;
    globalThis.fetch = (async (url: string) => {
      calls.push(String(url));
      return new Response(new Uint8Array([80, 75]), {
        headers: {
          'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          'Content-Disposition': `attachment; filename="_.xlsx"; filename*=UTF-8''${encodeURIComponent('反向开票-2026-11.xlsx')}`,
        },
      });
    }) as typeof fetch;
    try {
      const r = await fileDownloads({ file }).file(null, { month: '2026-11' });
      expect(calls[0]).toContain('/api/x/export?month=2026-11');
      expect(r.filename).toBe('反向开票-2026-11.xlsx');
      expect(r.blob.size).toBe(2);
    } finally {
      globalThis.fetch = saved;
    }
  });
});
