import { beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('./notify.ts', () => ({ notifyError: vi.fn(), notifyWarning: vi.fn(), notifySuccess: vi.fn() }));

import { initialSessionState } from '../session/session-slice.ts';
import { bladeBaseQuery, buildHeaders, classifyResponse, MESSAGES, setUnauthorizedHandler } from './base-query.ts';
import { notifyError } from './notify.ts';

const session = {
  ...initialSessionState,
  token: 'tok',
  tenantId: '000000',
  defaultDeptId: '1',
  defaultDeptName: '总部 A',
  accountSetId: '9',
};
const apiStub = () =>
  ({ getState: () => ({ session }), signal: new AbortController().signal }) as unknown as Parameters<
    typeof bladeBaseQuery
  >[1];

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const run = (url = '/api/x', extra = {}) => bladeBaseQuery({ url }, apiStub(), extra);

beforeEach(() => {
  vi.restoreAllMocks();
  vi.mocked(notifyError).mockClear();
});

describe('headers', () => {
  it('adds Basic auth, bearer token, tenant, dept (URI-encoded) and account set', () => {
    expect(buildHeaders(session)).toEqual({
      Authorization: `Basic ${btoa('saber:saber_secret')}`,
      'Blade-Auth': 'bearer tok',
      'Tenant-Id': '000000',
      'Current-Dept-Id': '1',
      'Current-Dept-Name': encodeURIComponent('总部 A'),
      'Current-Account-Set-Id': '9',
    });
  });
  it('sends them on the wire', async () => {
    const spy = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(json(200, { code: 200, success: true, data: 1, msg: '' }));
    await run();
    const init = spy.mock.calls[0][1] as RequestInit;
    expect((init.headers as Record<string, string>)['Blade-Auth']).toBe('bearer tok');
  });
});

describe('error catalogue (spec §8)', () => {
  it('200 answers pass through whole', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      json(200, { code: 200, success: true, data: [1], msg: '操作成功' }),
    );
    expect(await run()).toEqual({ data: { code: 200, success: true, data: [1], msg: '操作成功' } });
    expect(notifyError).not.toHaveBeenCalled();
  });

  it('401 with an unknown message → "permission error, please log in again", reset + login', async () => {
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(json(401, { code: 401, success: false, data: null, msg: '' }));
    const r = await run();
    expect(r.error).toMatchObject({ status: 401, message: 'permission error, please log in again' });
    expect(notifyError).toHaveBeenCalledWith('permission error, please log in again');
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    setUnauthorizedHandler(null);
  });

  it('403 → "no permission"', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      json(403, { code: 403, success: false, data: null, msg: '缺失权限' }),
    );
    expect((await run()).error).toMatchObject({ status: 403, message: 'no permission' });
    expect(notifyError).toHaveBeenCalledWith('no permission');
  });

  it('404 → "service not found"', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(json(404, { code: 404, success: false, data: null, msg: 'x' }));
    expect((await run()).error).toMatchObject({ status: 404, message: 'service not found' });
  });

  it('500 with a msg → the server message as-is', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      json(500, { code: 500, success: false, data: null, msg: '服务器异常' }),
    );
    expect((await run()).error).toMatchObject({ status: 500, message: '服务器异常' });
    expect(notifyError).toHaveBeenCalledWith('服务器异常');
  });

  it('an error without msg or error_description → "unknown error"', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(json(400, { code: 400, success: false, data: null }));
    expect((await run()).error).toMatchObject({ message: 'unknown error' });
  });

  it('error_description of the token endpoint is shown, no 401 redirect on the token path', async () => {
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      json(400, { error_code: 400, error_description: '用户名或密码错误' }),
    );
    const r = await run('/api/blade-auth/oauth/token');
    expect(r.error).toMatchObject({ status: 400, message: '用户名或密码错误' });
    expect(notifyError).toHaveBeenCalledWith('用户名或密码错误');
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(json(401, { error_code: 401, error_description: '验证码不正确' }));
    expect((await run('/api/blade-auth/oauth/token')).error).toMatchObject({ message: '验证码不正确' });
    expect(onUnauthorized).not.toHaveBeenCalled();
    setUnauthorizedHandler(null);
  });

  it('416 and 417 pass through as normal answers', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(json(200, { code: 416, success: false, data: 'x', msg: '需确认' }));
    expect(await run()).toEqual({ data: { code: 416, success: false, data: 'x', msg: '需确认' } });
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(json(417, { code: 417, success: false, data: null, msg: 'y' }));
    expect((await run()).data).toMatchObject({ code: 417 });
    expect(notifyError).not.toHaveBeenCalled();
  });

  it('a bare success object (token, captcha) passes', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(json(200, { key: 'k', image: 'data:image/png;base64,' }));
    expect((await run()).data).toEqual({ key: 'k', image: 'data:image/png;base64,' });
  });

  it('timeout after 35 s → "request timed out, please refresh the page"', async () => {
    vi.useFakeTimers();
    vi.spyOn(globalThis, 'fetch').mockImplementation(
      (_u, init) =>
        new Promise((_res, rej) => {
          (init as RequestInit).signal?.addEventListener('abort', () => rej(new DOMException('aborted', 'AbortError')));
        }),
    );
    const p = run();
    await vi.advanceTimersByTimeAsync(35_000);
    expect((await p).error).toEqual({ status: 'TIMEOUT_ERROR', message: MESSAGES.timeout });
    expect(notifyError).toHaveBeenCalledWith('request timed out, please refresh the page');
    vi.useRealTimers();
  });

  it('other network errors → their own message', async () => {
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
    expect((await run()).error).toEqual({ status: 'FETCH_ERROR', message: 'Failed to fetch' });
    expect(notifyError).toHaveBeenCalledWith('Failed to fetch');
  });

  it('silent requests do not toast', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(json(500, { code: 500, success: false, data: null, msg: 'x' }));
    await run('/api/x', { silent: true });
    expect(notifyError).not.toHaveBeenCalled();
  });

  it('classifyResponse: status from error_code, then code, then HTTP', () => {
    expect(classifyResponse(200, { code: 200 })).toBeNull();
    expect(classifyResponse(400, { error_code: 400, error_description: 'e' })).toEqual({ status: 400, message: 'e' });
    expect(classifyResponse(502, null)).toEqual({ status: 502, message: 'unknown error' });
  });
});
