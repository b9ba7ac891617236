import { expect, test } from './fixtures.ts';
import { collectPageErrors, signIn } from './helpers.ts';

/**
 * 开放平台 screens (issue 14): a new app shows its secret once; its paths page says which endpoints it may call;
 * 溯源链校验 recomputes the demo chain.
 */
test('开放接口: add an app (secret shown once) → 开放路径; 溯源链校验 passes', async ({ page }) => {
  const errors = collectPageErrors(page);
  await signIn(page, 'admin', 'admin', '/open/api');
  await expect(page.getByTestId('open-apps')).toBeVisible();
  await page.getByTestId('open-app-add').click();
  const name = `钢厂ERP${Date.now().toString(36)}`;
  await page.getByTestId('open-app-name').fill(name);
  const box = (label: string) => page.locator('.semi-modal .semi-checkbox', { hasText: label }).first();
  await box('磅单').click();
  await box('区块链溯源').click();
  await page.locator('.semi-modal-footer button', { hasText: '确定' }).click();
  await expect(page.getByTestId('open-secret')).toBeVisible();
  await expect(page.getByTestId('open-secret-value')).toHaveText(/^[A-Za-z0-9_-]{40,}$/);
  await page.screenshot({ path: 'test-results/trace/open-secret.png' });
  await page.locator('.semi-modal-footer button', { hasText: '我已保存' }).click();
  const row = page.locator('.semi-table-row', { hasText: name });
  await expect(row).toContainText('磅单');
  await expect(row).toContainText('区块链溯源');
  await page.screenshot({ path: 'test-results/trace/open-apps.png' });

  await row.getByRole('button', { name: '接口路径' }).click();
  const paths = page.getByTestId('open-paths');
  await expect(paths).toContainText(name);
  await expect(paths.locator('.semi-table-row', { hasText: '/api/open/v1/weighing-orders' })).toContainText('可调用');
  await expect(paths.locator('.semi-table-row', { hasText: '/api/open/v1/materials' })).toContainText('未开通');

  await page.goto('/open/chain');
  await page.getByTestId('chain-verify-run').click();
  await expect(page.getByTestId('chain-verify-result')).toContainText('校验通过');
  await expect(page.getByTestId('chain-verify-result')).toContainText('local-hashchain');
  await page.screenshot({ path: 'test-results/trace/chain-verify.png' });
  expect(errors).toEqual([]);
});
