import type { Page } from '@playwright/test';
import { E2E_CAPTCHA_PORT } from '../../playwright.config.ts';
import { expect, startServer, test } from './fixtures.ts';
import { collectPageErrors, openFromSidebar, signIn } from './helpers.ts';

test('the guard sends a signed-out visitor to /login and back to the target after sign-in', async ({ page }) => {
  await page.goto('/system/dept');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fsystem%2Fdept$/);
  await signIn(page);
  await expect(page).toHaveURL(/\/system\/dept$/);
  await expect(page).toHaveTitle(/部门管理 - Loopyard/);
});

test('sign in lands on the dashboard with the whole menu and real figures', async ({ page }) => {
  const errors = collectPageErrors(page);
  await page.goto('/');
  await signIn(page);
  await expect(page).toHaveURL(/\/dashboard$/);
  const sidebar = page.getByTestId('sidebar');
  for (const area of [
    '首页',
    '供应链',
    '物流管理',
    '财务会计',
    '总账',
    '报表分析',
    '基础数据',
    '权限管理',
    '系统管理',
    '数据大屏',
  ]) {
    await expect(sidebar.getByText(area, { exact: true }).first()).toBeVisible();
  }
  // figures come from the API: three demo users, and this very session
  await expect(page.getByTestId('dashboard-card-users').locator('.ly-stat-value')).toHaveText('3');
  await expect(page.getByTestId('dashboard-card-sessions').locator('.ly-stat-value')).not.toHaveText('0');
  await expect(page.getByTestId('dashboard-card-logins').locator('.ly-stat-value')).not.toHaveText('0');
  await expect(page.getByTestId('tag-/dashboard')).toBeVisible();
  expect(errors).toEqual([]);
});

test('three pages from different areas open as tabs; the tab context menu closes others and all', async ({ page }) => {
  await signIn(page);
  await openFromSidebar(page, '供应链', '采购管理', '采购入库');
  await expect(page).toHaveURL(/\/supply-chain\/purchase\/in-stock$/);
  await expect(page.getByTestId('breadcrumb')).toContainText('采购入库');
  await openFromSidebar(page, '基础数据', '物料管理');
  await expect(page).toHaveURL(/\/base\/material$/);
  await openFromSidebar(page, '系统管理', '菜单管理');
  await expect(page).toHaveURL(/\/system\/menu$/);
  await expect(page.getByTestId('breadcrumb')).toContainText('菜单管理');
  await expect(page.getByText('菜单名称').first()).toBeVisible();

  const tags = page.getByTestId('tags-view');
  for (const p of ['/dashboard', '/supply-chain/purchase/in-stock', '/base/material', '/system/menu']) {
    await expect(page.getByTestId(`tag-${p}`)).toBeVisible();
  }
  // 关闭其他 on 物料管理: the affix home tab survives with it
  await page.getByTestId('tag-/base/material').click({ button: 'right' });
  await tags.getByRole('menuitem', { name: '关闭其他' }).click();
  await expect(page).toHaveURL(/\/base\/material$/);
  await expect(page.getByTestId('tag-/system/menu')).toHaveCount(0);
  await expect(page.getByTestId('tag-/supply-chain/purchase/in-stock')).toHaveCount(0);
  await expect(page.getByTestId('tag-/dashboard')).toBeVisible();
  // 刷新 re-creates the page and stays on it
  await page.getByTestId('tag-/base/material').click({ button: 'right' });
  await tags.getByRole('menuitem', { name: '刷新' }).click();
  await expect(page).toHaveURL(/\/base\/material$/);
  // 关闭所有: only the affix home tab is left, and we are on it
  await page.getByTestId('tag-/base/material').click({ button: 'right' });
  await tags.getByRole('menuitem', { name: '关闭所有' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(tags.getByRole('tab')).toHaveCount(1);
});

test('header search finds a menu entry by fuzzy title and opens it', async ({ page }) => {
  await signIn(page);
  const search = page.getByTestId('header-search');
  await search.click();
  await search.fill('物料管理');
  await expect(page.getByRole('option').first()).toContainText('物料管理');
  await search.press('Enter');
  await expect(page).toHaveURL(/\/base\/material$/);
  await search.fill('zzzzqqqq');
  await expect(page.getByText('没有匹配的菜单')).toBeVisible();
});

test('log out returns to /login and the old session no longer opens pages', async ({ page }) => {
  await signIn(page);
  await page.getByTestId('avatar').click();
  await page.getByText('退出登录', { exact: true }).click();
  await expect(page).toHaveURL(/\/login/);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fdashboard$/);
});

test('a clerk sees only the areas the 业务员 role holds', async ({ page }) => {
  await signIn(page, 'clerk', '123456');
  const sidebar = page.getByTestId('sidebar');
  await expect(sidebar.getByText('供应链', { exact: true })).toBeVisible();
  await expect(sidebar.getByText('系统管理', { exact: true })).toHaveCount(0);
  await expect(sidebar.getByText('财务会计', { exact: true })).toHaveCount(0);
});

test('accounting pages need an account set first (spec §2.1 rule 7)', async ({ page }) => {
  // the company holds the demo book; 财务部 is an organisation with none
  await signIn(page, 'admin', 'admin', '/accounting/home');
  await page.getByTestId('fin-dept-select').click();
  await page.getByRole('option', { name: '财务部' }).click();
  await expect(page.getByText('新建账套').last()).toBeVisible();
  await page.getByTestId('dialog-title-bar').getByLabel('关闭').click();
  await page.goto('/accounting/daybook/list');
  await expect(page).toHaveURL(/\/accounting\/home$/);
  await expect(page.getByText('请先创建账套')).toBeVisible();
});

test('with the captcha on, the login page shows it, refreshes it on click and refuses a wrong code', async ({
  page,
}) => {
  // a server of its own with the captcha on, started here rather than before the whole suite
  test.setTimeout(120_000);
  const server = await startServer(E2E_CAPTCHA_PORT, 'on');
  try {
    await captchaLogin(page, server.origin);
  } finally {
    await server.stop();
  }
});

async function captchaLogin(page: Page, origin: string) {
  await page.goto(`${origin}/login`);
  const img = page.getByTestId('captcha-img');
  await expect(img).toBeVisible();
  const first = await img.getAttribute('src');
  await img.click();
  await expect(img).not.toHaveAttribute('src', first ?? '');
  await page.getByPlaceholder('账号').fill('admin');
  await page.getByPlaceholder('密码').fill('admin');
  await page.getByPlaceholder('验证码').fill('0000');
  await page.getByPlaceholder('验证码').press('Enter');
  await expect(page.getByText('验证码不正确')).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
}

test('a reload right after sign-in keeps the session, roles and tabs', async ({ page }) => {
  await page.goto('/login');
  await signIn(page); // through the form: the state it stores is not yet in localStorage
  await page.reload(); // inside the state-persist delay: the session must survive on the cookie alone
  await page.goto('/authority/role'); // an admin-only page (route meta roles: admin)
  await expect(page).toHaveURL(/\/authority\/role$/);
  await expect(page.getByTestId('role-page')).toBeVisible();
  await expect(page.getByTestId('avatar')).toContainText('管理员');
});

test('the system’s reduce-motion setting ends transitions at once; without it the sidebar slides', async ({ page }) => {
  await signIn(page, 'admin', 'admin', '/base/unit');
  const sidebar = page.locator('.ly-sidebar');
  const durations = () => sidebar.evaluate((e) => getComputedStyle(e).transitionDuration);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  expect(await durations()).toBe('0.001s');
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  expect(await durations()).toBe('0.2s, 0.2s');
});
