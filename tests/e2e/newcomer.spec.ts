import { expect, test } from './fixtures.ts';
import { collectPageErrors, signIn } from './helpers.ts';

/** Counts full page loads (a page that reloads itself counts more than one; in-app navigations do not). */
function countLoads(page: import('@playwright/test').Page) {
  const loads = { n: 0 };
  page.on('load', () => {
    loads.n++;
  });
  return loads;
}

test('/auth-redirect keeps the callback query for the opener and stays put (no reload loop)', async ({ page }) => {
  const errors = collectPageErrors(page);
  const loads = countLoads(page);
  await page.goto('/auth-redirect?code=abc&state=xyz');
  await expect(page.getByRole('heading', { name: '授权完成' })).toBeVisible();
  await page.waitForTimeout(1500);
  expect(loads.n).toBe(1);
  await expect(page).toHaveURL(/\/auth-redirect\?code=abc&state=xyz$/);
  expect(await page.evaluate(() => localStorage.getItem('loopyard:oauth-code'))).toBe('code=abc&state=xyz');
  expect(errors).toEqual([]);
});

test('/exchange-redirect signs the visitor in and lands on 固废交易平台, without reloading itself', async ({
  page,
}) => {
  const loads = countLoads(page);
  await page.goto('/exchange-redirect');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fbusiness%2Fexchange-record$/);
  await page.waitForTimeout(1000);
  expect(loads.n).toBe(1);
  await signIn(page);
  await expect(page).toHaveURL(/\/business\/exchange-record$/);
  // signed in, the page goes straight there (in-app)
  await page.goto('/exchange-redirect');
  await expect(page).toHaveURL(/\/business\/exchange-record$/);
  await expect(page.getByTestId('sidebar')).toBeVisible();
});

test.describe('a browser in Los Angeles whose clock is three days behind', () => {
  test.use({ timezoneId: 'America/Los_Angeles' });

  test("today, 今天 and the default date ranges are the server's business day", async ({ page }) => {
    const site = (await (await page.request.get('/api/blade-system/site-info')).json()).data as {
      today: string;
      now: number;
      timeZone: string;
    };
    expect(site.timeZone).toBe('Asia/Shanghai');
    await page.clock.install({ time: site.now - 3 * 86_400_000 });
    await page.goto('/login');
    await expect(page.getByTestId('login-demo-hint')).toHaveText('演示账号：admin / admin（租户 000000）');
    await signIn(page);
    const [y, m, d] = site.today.split('-').map(Number);
    await expect(page.getByTestId('dashboard-today')).toContainText(`${y}年${m}月${d}日`);
    // 历史库存 asks for the stock at the end of the server's today
    const asked = page.waitForRequest((r) => r.url().includes('/inventory/history'));
    await page.goto('/supply-chain/stock/inventory-history');
    expect(new URL((await asked).url()).searchParams.get('date')).toBe(site.today);
  });
});

test("spec §8: the desktop client's message '0' alerts 'version updated, please log in again', then the login page", async ({
  page,
}) => {
  await signIn(page);
  const dialog = page.waitForEvent('dialog');
  await page.evaluate(() => window.postMessage('0', '*'));
  const d = await dialog;
  expect(d.type()).toBe('alert');
  expect(d.message()).toBe('version updated, please log in again');
  await d.accept();
  await expect(page).toHaveURL(/\/login$/);
  // signed out: a page asks for the login again
  await page.goto('/system/dept');
  await expect(page).toHaveURL(/\/login\?redirect=/);
});

test("spec §8: a missing system config alerts 'please contact administrator to set system config', then logs out", async ({
  page,
}) => {
  await signIn(page);
  // the server has no config for the organisation (a real server answers the defaults; this one has none)
  await page.route('**/api/izs-base/system-business-config/detail-dept**', (route) =>
    route.fulfill({ json: { code: 200, success: true, data: null, msg: '操作成功' } }),
  );
  const dialog = page.waitForEvent('dialog');
  await page.reload();
  const d = await dialog;
  expect(d.message()).toBe('please contact administrator to set system config');
  await d.accept();
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByPlaceholder('账号')).toBeVisible();
});

test('the administrator signs in and the accounting and finance pages open on the demo books at once', async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  await signIn(page, 'admin', 'admin', '/accounting/daybook/list');
  await expect(page).toHaveURL(/\/accounting\/daybook\/list$/);
  await expect(page.getByTestId('fin-book-select')).toContainText('绿循再生 总账');
  await expect(page.getByTestId('fin-current-period')).toHaveText(/^\d{4}-\d{2}$/);
  // no 新建账套 dialog, no 请先创建账套
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByText('请先创建账套')).toHaveCount(0);
  await page.goto('/finance/fixed-assets/fixed-assets-list');
  await expect(page).toHaveURL(/\/finance\/fixed-assets\/fixed-assets-list$/);
  await expect(page.getByTestId('fin-book-select')).toContainText('绿循再生 总账');
  expect(errors).toEqual([]);
});

test('the dashboard after sign-in: sidebar, tags and avatar render (screenshot)', async ({ page }, info) => {
  await signIn(page);
  await expect(page.getByTestId('dashboard-today')).toBeVisible();
  await expect(page.getByRole('tablist')).toBeVisible();
  await page.screenshot({ path: info.outputPath('dashboard.png') });
});
