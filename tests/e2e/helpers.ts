import { expect, type Page } from '@playwright/test';
import { md5 } from 'js-md5';
import { AUTH_PATHS, loginParams } from '../../core/contract/auth-paths.ts';
import { basicAuthorization, DEFAULT_TENANT_ID, HEADERS } from '../../core/contract/wire.ts';
import { ACCESS_TOKEN_COOKIE, REFRESH_TOKEN_COOKIE } from '../../core/session/cookies.ts';

/**
 * Signs `account` in and opens `to` (the dashboard by default), on its own session.
 *
 * A fresh page arrives as a returning user does: the token pair from POST /oauth/token with the login form's own
 * request (md5 of the password, the default tenant), kept in the browser's cookies as the app keeps them
 * (core/session/cookies.ts), then `to` opened. The form itself is the subject of shell.spec, newcomer.spec,
 * first-load.spec and security-headers.spec; through the form every test paid the login page and the typing, about
 * 1.4 CPU-s and 1.5 s before its first screen (issue 23's loop).
 *
 * A page already open (a test that signs out, or switches user) goes through the real form, with `?redirect=` when
 * `to` is given — its stored state belongs to the user before.
 */
export async function signIn(page: Page, account = 'admin', password = 'admin', to?: string) {
  if (page.url() === 'about:blank') {
    const r = await page.request.post(AUTH_PATHS.token, {
      params: loginParams({
        tenantId: DEFAULT_TENANT_ID,
        username: account,
        password: md5(password),
        captchaMode: false,
      }),
      headers: { Authorization: basicAuthorization(), [HEADERS.tenant]: DEFAULT_TENANT_ID },
    });
    const token = (await r.json()) as { access_token?: string; refresh_token?: string; error_description?: string };
    expect(token.access_token, `sign-in of ${account}: ${token.error_description ?? r.status()}`).toBeTruthy();
    const url = new URL(r.url()).origin;
    await page.context().addCookies([
      { name: ACCESS_TOKEN_COOKIE, value: token.access_token ?? '', url, sameSite: 'Lax' },
      { name: REFRESH_TOKEN_COOKIE, value: token.refresh_token ?? '', url, sameSite: 'Lax' },
    ]);
    await page.goto(to ?? '/dashboard');
  } else {
    if (to) await page.goto(`/login?redirect=${encodeURIComponent(to)}`);
    else if (!page.url().includes('/login')) await page.goto('/login');
    await page.getByPlaceholder('账号').fill(account);
    await page.getByPlaceholder('密码').fill(password);
    await page.getByPlaceholder('密码').press('Enter');
    await expect(page).not.toHaveURL(/\/login/);
  }
  if (to) await expect(page).toHaveURL((u) => u.pathname + u.search === to);
  await expect(page.getByTestId('sidebar')).toBeVisible();
}

/**
 * Opens `path` in the app `page` already shows, as the app's own links do (the history and a popstate: no page
 * load), and waits until the screen's chunk has arrived. For tests that read one screen after another: a page load
 * costs ≈0.6 CPU-s in the browser, this ≈0.2 (issue 23's loop). The screen may first show what the app already
 * holds (RTK Query keeps an answer for a minute): after a change made outside the app, load the page instead.
 */
export async function openInApp(page: Page, path: string, { checkUrl = true } = {}) {
  await page.evaluate((p) => {
    window.history.pushState(null, '', p);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  // the app stays on `path` (a route it does not know redirects to /404); `checkUrl: false` for the menu walk, which
  // opens each entry's menu path as the sidebar does and keeps its own checks
  if (checkUrl) await expect(page).toHaveURL((u) => u.pathname + u.search === path);
  // the router's fallback while a screen's chunk loads
  await expect(page.locator('.ly-page-loading')).toHaveCount(0, { timeout: 30_000 });
}

/** Open a sidebar entry by walking its parents' titles down to the leaf. */
export async function openFromSidebar(page: Page, ...titles: string[]) {
  const sidebar = page.getByTestId('sidebar');
  for (const t of titles) await sidebar.getByText(t, { exact: true }).first().click();
}

export function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

/** Calls the API as the signed-in user of the page (the access-token cookie). */
export async function apiAs<T = Record<string, string>>(
  page: Page,
  path: string,
  body?: unknown,
  query: Record<string, string> = {},
) {
  const cookies = await page.context().cookies();
  const token = cookies.find((c) => c.name === 'loopyard-access-token')?.value ?? '';
  const headers = { [HEADERS.auth]: `bearer ${token}`, Authorization: basicAuthorization() };
  const url = `${path}?${new URLSearchParams(query)}`;
  const r =
    body === undefined
      ? await page.request.get(url, { headers })
      : await page.request.post(url, { headers, data: body });
  return (await r.json()) as { code: number; data: T; msg: string };
}

const grouped = (v: string) => v.replace(/^(-?\d+)/, (i) => i.replace(/\B(?=(\d{3})+(?!\d))/g, ','));

/**
 * 今日采购额 read from the home dashboard, 主数据大屏, 运营数据中心 and 采购报表 (its exact value travels as data-value),
 * with the metric registry's value and definition (the dashboard card's hover) — one-figure.spec, demo-year.spec.
 */
export async function purchaseTodayOnEveryScreen(page: Page) {
  const r = await apiAs<{ name: string; value: string; label: string; definition: string }[]>(
    page,
    '/api/izs-visual/metrics',
    undefined,
    { names: 'purchaseAmountToday' },
  );
  expect(r.code).toBe(200);
  const [metric] = r.data;
  const seen: Record<string, string | null> = {};
  // 首页
  await page.goto('/');
  const dash = page.getByTestId('dashboard-value-purchase-today');
  await expect(dash).toHaveText(grouped(metric.value));
  seen.首页 = await dash.getAttribute('data-value');
  await expect(page.getByTestId('dashboard-card-purchase-today')).toHaveAttribute(
    'title',
    `${metric.label}：${metric.definition}`,
  );
  // 主数据大屏
  await page.goto('/visual/home');
  const home = page.getByTestId('home-metric-purchase-amount');
  await expect(home).toBeVisible({ timeout: 20_000 });
  seen.主数据大屏 = await home.getAttribute('data-value');
  await expect(page.getByText('过磅金额（采购）').first()).toBeVisible();
  // 运营数据中心
  await page.goto('/visual/operation-data/1');
  const op = page.getByTestId('op-metric-purchase-amount');
  await expect(op).toBeVisible({ timeout: 20_000 });
  seen.运营数据中心 = await op.getAttribute('data-value');
  // 采购报表
  await page.goto('/statement-analysis/purchase-statement');
  const rep = page.getByTestId('report-metric-purchaseAmountToday');
  await expect(rep).toHaveText(grouped(metric.value), { timeout: 20_000 });
  seen.采购报表 = await rep.getAttribute('data-value');
  return { metric, seen };
}
