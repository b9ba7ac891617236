import { expect, test } from './fixtures.ts';
import { apiAs, collectPageErrors, signIn } from './helpers.ts';

/**
 * 用户管理 on its descriptor hooks (USER_ADMIN, ROLE, DEPT): the filtered list and the 角色配置 dialog with the user's
 * role. Works on a user of its own so that no other spec's account changes.
 */
test('用户管理 finds a user by account and opens its 角色配置', async ({ page }) => {
  const errors = collectPageErrors(page);
  await signIn(page);
  const account = `e2e${Date.now() % 1_000_000}`;
  const roles = await apiAs<{ id: string; title: string }[]>(page, '/api/blade-system/role/tree');
  const depts = await apiAs<{ id: string }[]>(page, '/api/blade-system/dept/tree');
  const added = await apiAs(page, '/api/blade-system/user/submit', {
    account,
    realName: '界面测试用户',
    password: 'e10adc3949ba59abbe56e057f20f883e',
    roleId: [roles.data.find((r) => r.title !== '超级管理员')?.id],
    deptId: [depts.data[0].id],
  });
  expect(added.code).toBe(200);

  await page.goto('/system/user');
  const row = page.locator('tr', { hasText: account }).first();
  await page.getByPlaceholder('登录账号').fill(account);
  await page.getByRole('button', { name: '搜索' }).click();
  await expect(row).toBeVisible();
  await page.screenshot({ path: 'test-results/system-user.png', fullPage: true });

  await row.getByRole('button', { name: '更多' }).click();
  await page.getByRole('menuitem', { name: '角色配置' }).click();
  await expect(page.getByText(`角色配置 · ${account}`)).toBeVisible();
  await expect(page.getByRole('button', { name: /（可移除）$/ })).toHaveCount(1);
  await page.getByRole('button', { name: '关闭', exact: true }).click();
  await expect(page.getByText(`角色配置 · ${account}`)).toBeHidden();

  expect(errors).toEqual([]);
});
