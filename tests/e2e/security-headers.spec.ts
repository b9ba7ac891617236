import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { collectPageErrors, signIn } from './helpers.ts';

/**
 * Security headers (issue 16): every entry is served with the Content-Security-Policy, nosniff, a referrer policy
 * and frame-ancestors, and still renders under it — no CSP violation reported by the browser.
 */

/** CSP violations seen by the page: `securitypolicyviolation` events and the console's "Refused to …" lines. */
function collectViolations(page: Page): string[] {
  const seen: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to/i.test(m.text())) seen.push(`console: ${m.text()}`);
  });
  page.on('pageerror', (e) => {
    if (/Content Security Policy|Refused to/i.test(e.message)) seen.push(`error: ${e.message}`);
  });
  return seen;
}

async function eventViolations(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? []);
}

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    const w = window as unknown as { __csp: string[] };
    w.__csp = [];
    document.addEventListener('securitypolicyviolation', (e) =>
      w.__csp.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`),
    );
  });
});

async function api<T>(page: Page, path: string, query: Record<string, string> = {}) {
  const cookies = await page.context().cookies();
  const token = cookies.find((c) => c.name === 'loopyard-access-token')?.value ?? '';
  const headers = { 'Blade-Auth': `bearer ${token}`, Authorization: `Basic ${btoa('saber:saber_secret')}` };
  const r = await page.request.get(`${path}?${new URLSearchParams(query)}`, { headers });
  return ((await r.json()) as { data: T }).data;
}

test('every entry is served with the policy and the other headers', async ({ page }) => {
  for (const path of [
    '/login',
    '/visual/home',
    '/print-template/weight-memo?id=1',
    '/blockchain-info/1/X1',
    '/assets/',
  ]) {
    const res = await page.request.get(path);
    const h = res.headers();
    expect(h['content-security-policy'], path).toContain("script-src 'self'");
    expect(h['content-security-policy'], path).toContain("frame-ancestors 'self'");
    expect(h['content-security-policy'], path).toContain('ws://127.0.0.1:9610');
    expect(h['content-security-policy'], path).not.toContain('unsafe-eval');
    expect(h['x-content-type-options'], path).toBe('nosniff');
    expect(h['referrer-policy'], path).toBe('no-referrer');
    expect(h['x-frame-options'], path).toBe('SAMEORIGIN');
  }
  const apiAnswer = await page.request.get('/api/blade-auth/oauth/login-config');
  expect(apiAnswer.headers()['x-content-type-options']).toBe('nosniff');
});

test('admin: login, dashboard with its charts and the weighing workstation render with no CSP violation', async ({
  page,
}) => {
  const csp = collectViolations(page);
  const errors = collectPageErrors(page);
  await page.goto('/login');
  await expect(page.getByPlaceholder('账号')).toBeVisible();
  await signIn(page);
  await expect(page.getByTestId('sidebar')).toBeVisible();
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: 'test-results/csp-admin-dashboard.png' });
  // the weighing workstation opens the STOMP socket (same origin) and tries the scale bridge's plugin link
  const bridges = await api<{ id: string }[]>(page, '/api/izs-base/weighbridge/select-list');
  await page.goto(`/supply-chain/loadometer/${bridges[0].id}`);
  await expect(page.getByText('一次过磅').first()).toBeVisible();
  await page.waitForTimeout(1500);
  await page.screenshot({ path: 'test-results/csp-admin-weighing.png' });
  expect(csp).toEqual([]);
  expect(await eventViolations(page)).toEqual([]);
  expect(errors).toEqual([]);
});

test('visual: the wall screen renders its figures with no CSP violation', async ({ page }) => {
  const csp = collectViolations(page);
  await signIn(page);
  await page.goto('/visual/home');
  const stage = page.getByTestId('visual-stage');
  await expect(stage).toContainText('主数据大屏');
  await expect(stage).toContainText('过磅车次');
  await page.waitForTimeout(1000);
  await page.screenshot({ path: 'test-results/csp-visual.png' });
  expect(csp).toEqual([]);
  expect(await eventViolations(page)).toEqual([]);
});

test('print: a weighing memo renders signed in with no CSP violation', async ({ page }) => {
  const csp = collectViolations(page);
  await signIn(page);
  const orders = await api<{ records: { id: string }[] }>(page, '/api/izs-weighing/loadometer-order/page', {
    size: '1',
  });
  const id = orders.records[0]?.id;
  expect(id).toBeTruthy();
  await page.goto(`/print-template/weight-memo?id=${id}`);
  await expect(page.locator('body')).toHaveAttribute('data-print-ready', '1');
  await page.screenshot({ path: 'test-results/csp-print.png' });
  expect(csp).toEqual([]);
  expect(await eventViolations(page)).toEqual([]);
});

test('trace: the public page renders with no CSP violation', async ({ page }) => {
  const csp = collectViolations(page);
  await page.goto('/blockchain-info/1/CG202611210001');
  await expect(page.getByTestId('trace-result')).toContainText('暂无数据');
  await page.screenshot({ path: 'test-results/csp-trace.png' });
  expect(csp).toEqual([]);
  expect(await eventViolations(page)).toEqual([]);
});
