import { type ChildProcess, spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import type { Browser, Page } from '@playwright/test';
import { E2E_PORT } from '../../playwright.config.ts';
// `browser` only: the worker's own server (fixtures.ts `workerServer`) is not started for these tests
import { expect, ready, test } from './fixtures.ts';
import { apiAs, purchaseTodayOnEveryScreen, signIn } from './helpers.ts';

/**
 * The demo `npm start` opens (issue 21): a year of a yard made by the product's own commands — the install's
 * snapshot (server/seed/history/snapshot.ts, made by npm's `prepare`), or, without one, the loader at the first start.
 * This spec starts its own server as a newcomer does (`node server/start.mjs`, nothing but a port, a new data
 * directory and the captcha off; no SEED_HISTORY), unlike the other specs' servers, which run on the tests' fixture
 * demo. On it: every month but the current one closed, 业财对账 clean (no voucher without a document, no document
 * without a voucher) and the finance wall says so, and 今日采购额 one number on four screens.
 */

const PORT = E2E_PORT + 1010; // beside wall-restart's E2E_PORT + 1000
const BASE = `http://127.0.0.1:${PORT}`;
const DATA = `.tmp/e2e-demo-year-${PORT}`;
let server: ChildProcess | undefined;
let log = '';

test.describe.configure({ mode: 'serial' });
// without the install's snapshot the first start makes the year itself (minutes on a busy machine)
test.setTimeout(600_000);

test.beforeAll(async () => {
  rmSync(DATA, { recursive: true, force: true });
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(PORT),
    HOST: '127.0.0.1',
    DATA_DIR: DATA,
    CAPTCHA_MODE: 'off',
    SCALE_SIMULATOR: '0',
    BUILD_ON_START: '0',
  };
  delete env.SEED_HISTORY;
  delete env.SEED_DEMO;
  server = spawn(process.execPath, ['server/start.mjs'], { env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  const keep = (c: Buffer) => {
    log = (log + c.toString()).slice(-8000);
  };
  server.stdout?.on('data', keep);
  server.stderr?.on('data', keep);
  await ready(`${BASE}/api/blade-auth/oauth/login-config`, server, () => log, 590_000);
});

test.afterAll(async () => {
  if (server?.pid) {
    try {
      process.kill(-server.pid, 'SIGTERM');
    } catch {
      /* gone */
    }
    await new Promise((r) => (server?.exitCode !== null ? r(null) : server.once('exit', r)));
  }
  rmSync(DATA, { recursive: true, force: true });
});

async function signedIn(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: BASE, viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await signIn(page);
  return page;
}

test('the demo is a year made by the product: every month but the current one closed, 业财对账 clean', async ({
  browser,
}) => {
  const page = await signedIn(browser);
  // the book of the demo's company, with its periods
  const sets = await apiAs<{ name: string; startPeriod: string; currentPeriod: string; closedThrough: string }[]>(
    page,
    '/api/izs-financing/account-set/list',
  );
  expect(sets.code, sets.msg).toBe(200);
  const book = sets.data.find((b) => b.name.startsWith('绿循再生'));
  expect(book, JSON.stringify(sets.data)).toBeTruthy();
  const month = (p: string, n: number) => {
    const [y, m] = p.split('-').map(Number);
    const d = new Date(Date.UTC(y, m - 1 + n, 1));
    return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
  };
  // twelve months, the current one open
  expect([book?.startPeriod, book?.closedThrough]).toEqual([
    month(book?.currentPeriod ?? '', -11),
    month(book?.currentPeriod ?? '', -1),
  ]);
  await page.goto('/finance/reconcile');
  await page.getByTestId('recon-run').click();
  await expect(page.getByTestId('recon-clean')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('recon-dirty')).toHaveCount(0);
  for (const key of ['ar', 'ap', 'stock', 'vatOut', 'vatIn']) {
    const row = page.getByTestId(`recon-check-${key}`);
    await expect(row).toContainText('相符');
    await expect(row.locator('td').last()).toHaveText(/^0\.00$|^-$/);
  }
  await page.screenshot({ path: 'test-results/demo-year-reconcile.png', fullPage: true });
  await page.goto('/visual/finance-data');
  await expect(page.getByTestId('fin-recon-clean')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('fin-recon-badge')).toHaveCount(0);
  await page.screenshot({ path: 'test-results/demo-year-finance-wall.png' });
  await page.context().close();
});

test('今日采购额 of the year demo is one number on the dashboard, two wall screens and the purchase report', async ({
  browser,
}) => {
  const page = await signedIn(browser);
  const { metric, seen } = await purchaseTodayOnEveryScreen(page);
  expect(seen).toEqual({
    首页: metric.value,
    主数据大屏: metric.value,
    运营数据中心: metric.value,
    采购报表: metric.value,
  });
  await page.context().close();
});
