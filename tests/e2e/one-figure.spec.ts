import { formatWan } from '../../core/format/amounts.ts';
import { expect, test } from './fixtures.ts';
import { apiAs, signIn } from './helpers.ts';

/**
 * One set of figures (issue 21): 今日采购额 of the demo is one number on the home dashboard, 主数据大屏, 运营数据中心
 * and 采购报表 — read from each screen (its exact value travels as data-value) and compared with the metric registry,
 * never with a hard-coded figure; its definition is on hover. Then 业财对账: the demo's hand-written vouchers make it
 * differ and the screen says why; the finance wall screen shows the badge and the same 应收账款 / 应付账款 余额 — or, with SEED_HISTORY=<months> (the demo
 * made by the product's own commands, server/seed/history), it is clean on both (screenshots in test-results/).
 */

const wan = (yuan: string) => formatWan(yuan, { unit: false, thousands: false });
const grouped = (v: string) => v.replace(/^(-?\d+)/, (i) => i.replace(/\B(?=(\d{3})+(?!\d))/g, ','));

test('今日采购额 is the same number on the dashboard, two wall screens and the purchase report', async ({ page }) => {
  await signIn(page);
  const r = await apiAs<{ name: string; value: string; label: string; definition: string }[]>(
    page,
    '/api/izs-visual/metrics',
    undefined,
    { names: 'purchaseAmountToday' },
  );
  expect(r.code).toBe(200);
  const [m] = r.data;
  expect(Number(m.value)).toBeGreaterThan(0); // the demo buys today

  const seen: Record<string, string | null> = {};
  // 首页
  const dash = page.getByTestId('dashboard-value-purchase-today');
  await expect(dash).toHaveText(grouped(m.value));
  seen.首页 = await dash.getAttribute('data-value');
  await expect(page.getByTestId('dashboard-card-purchase-today')).toHaveAttribute(
    'title',
    `${m.label}：${m.definition}`,
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
  await expect(rep).toHaveText(grouped(m.value), { timeout: 20_000 });
  seen.采购报表 = await rep.getAttribute('data-value');

  expect(seen).toEqual({ 首页: m.value, 主数据大屏: m.value, 运营数据中心: m.value, 采购报表: m.value });
});

/** SEED_HISTORY=<months>: the worker server's demo was made by the history loader (server/seed/history) */
const HISTORY = Number(process.env.SEED_HISTORY || 0) > 0;

test('业财对账 on the demo says why it differs; the finance wall screen shows the badge', async ({ page }) => {
  test.skip(HISTORY, 'the demo with its history is clean (next test)');
  await signIn(page);
  await page.goto('/finance/reconcile');
  const ran = page.waitForResponse((r) => r.url().includes('/reconcile/run'));
  await page.getByTestId('recon-run').click();
  // the book just reconciled: the wall is opened on it (another test of this worker's server may have made a book)
  const book = ((await (await ran).json()) as { data: { accountSetId: string } }).data.accountSetId;
  await expect(page.getByTestId('recon-dirty')).toBeVisible({ timeout: 30_000 });
  // the demo's hand-written vouchers are named
  await expect(page.getByTestId('recon-orphans')).toContainText(/凭证 记-\d+ 无来源单据/);
  await page.screenshot({ path: 'test-results/reconcile.png', fullPage: true });
  // the business side of 应收账款 / 应付账款 (业务金额: documents − unsettled 预收 / 预付, the book's company)
  const business = async (key: string) =>
    (await page.getByTestId(`recon-check-${key}`).locator('td').nth(4).innerText()).replace(/,/g, '').trim();
  const [ar, ap] = [await business('ar'), await business('ap')];
  await page.goto(`/visual/finance-data?book=${book}`);
  // the badge of the book just run
  const badge = page.getByTestId('fin-recon-badge').first();
  await expect(badge).toBeVisible({ timeout: 20_000 });
  await expect(badge).toContainText('处差异');
  // the wall's 余额 is the same figure (one definition, issue 21)
  await expect(page.getByTestId('fin-ar-balance')).toContainText(`${wan(ar)}万元`);
  await expect(page.getByTestId('fin-ap-balance')).toContainText(`${wan(ap)}万元`);
  await page.screenshot({ path: 'test-results/finance-wall.png' });
});

test('业财对账 on the demo made by the history loader is clean; the finance wall screen says so', async ({ page }) => {
  test.skip(!HISTORY, 'SEED_HISTORY=<months> makes the demo by the product’s own commands');
  await signIn(page);
  await page.goto('/finance/reconcile');
  await page.getByTestId('recon-run').click();
  await expect(page.getByTestId('recon-clean')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('recon-dirty')).toHaveCount(0);
  for (const key of ['ar', 'ap', 'stock', 'vatOut', 'vatIn']) {
    const row = page.getByTestId(`recon-check-${key}`);
    await expect(row).toContainText('相符');
    await expect(row.locator('td').last()).toHaveText(/^0\.00$|^-$/);
  }
  await page.screenshot({ path: 'test-results/reconcile-clean.png', fullPage: true });
  await page.goto('/visual/finance-data');
  await expect(page.getByTestId('fin-recon-clean')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('fin-recon-badge')).toHaveCount(0);
  await page.screenshot({ path: 'test-results/finance-wall-clean.png' });
});
