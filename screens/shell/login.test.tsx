import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { matchRoute } from '../../core/router/routes.ts';
import { forgetSiteInfo } from '../../core/session/server-clock.ts';
import { createAppStore } from '../../core/store/store.ts';
import LoginScreen, { afterLoginPath } from './login.tsx';

const ok = (data: unknown) =>
  new Response(JSON.stringify({ code: 200, success: true, data, msg: '操作成功' }), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
  });

function mockServer(captchaMode: boolean, demo = true) {
  forgetSiteInfo();
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = String(input);
    if (url.includes('/blade-system/site-info')) {
      return ok({ timeZone: 'Asia/Shanghai', utcOffsetMinutes: 480, today: '2026-11-24', now: Date.now(), demo });
    }
    if (url.includes('/oauth/login-config')) {
      return ok({
        captchaMode,
        tenantMode: true,
        defaultTenantId: '000000',
        productTitle: 'Loopyard',
        version: '1.2.0',
      });
    }
    if (url.includes('/oauth/captcha')) {
      return new Response(JSON.stringify({ key: 'k1', image: 'data:image/png;base64,AAAA' }), { status: 200 });
    }
    return ok(null);
  });
}

function renderLogin() {
  const store = createAppStore({ persist: false });
  const route = matchRoute('/login')!;
  return render(
    <Provider store={store}>
      <LoginScreen route={route} path="/login" query={{}} />
    </Provider>,
  );
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('login page', () => {
  it('offers the demo account only when the database holds the demo data (site-info demo)', async () => {
    mockServer(false, true);
    renderLogin();
    expect((await screen.findByTestId('login-demo-hint')).textContent).toBe('演示账号：admin / admin（租户 000000）');
    cleanup();
    mockServer(false, false);
    renderLogin();
    await new Promise((r) => setTimeout(r, 100));
    expect(screen.queryByTestId('login-demo-hint')).toBeNull();
    expect(screen.queryByText(/演示账号/)).toBeNull();
  });

  it('shows tenant (prefilled 000000), account, password and the 登 录 button; captcha hidden when captchaMode is off', async () => {
    const fetchSpy = mockServer(false);
    renderLogin();
    expect((screen.getByPlaceholderText('租户编号') as HTMLInputElement).value).toBe('000000');
    expect(screen.getByPlaceholderText('账号')).toBeTruthy();
    expect(screen.getByPlaceholderText('密码')).toBeTruthy();
    expect(screen.getByRole('button', { name: /登\s*录/ })).toBeTruthy();
    await waitFor(() => expect(fetchSpy.mock.calls.some(([u]) => String(u).includes('login-config'))).toBe(true));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByPlaceholderText('验证码')).toBeNull();
    expect(screen.queryByTestId('captcha-img')).toBeNull();
    expect(fetchSpy.mock.calls.some(([u]) => String(u).includes('/oauth/captcha'))).toBe(false);
  });

  it('shows the captcha field and image when captchaMode is on', async () => {
    mockServer(true);
    renderLogin();
    const img = (await screen.findByTestId('captcha-img')) as HTMLImageElement;
    expect(img.getAttribute('src')).toBe('data:image/png;base64,AAAA');
    expect(screen.getByPlaceholderText('验证码')).toBeTruthy();
  });
});

describe('after login', () => {
  it('goes to the redirect query or /dashboard, passing other query keys along', () => {
    expect(afterLoginPath({})).toBe('/dashboard');
    expect(afterLoginPath({ redirect: '/system/user' })).toBe('/system/user');
    expect(afterLoginPath({ redirect: '/system/user', tab: '2' })).toBe('/system/user?tab=2');
    expect(afterLoginPath({ redirect: '/a?x=1', tab: '2' })).toBe('/a?x=1&tab=2');
  });
});
