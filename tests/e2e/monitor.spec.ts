import { expect, test } from './fixtures.ts';
import { collectPageErrors, signIn } from './helpers.ts';

/** 日志监控 and 打印设置 end to end: a change shows up in the operation log and the API log; print settings persist. */

const BASIC = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`;

test('a material edit appears in 操作日志 (field old → new) and 接口日志 (with its parameters)', async ({ page }) => {
  const errors = collectPageErrors(page);
  await signIn(page);
  const token = (await page.context().cookies()).find((c) => c.name === 'loopyard-access-token')?.value;
  const headers = { Authorization: BASIC, 'Blade-Auth': `bearer ${token}` };
  const code = `MON-${Date.now().toString(36)}`;
  const add = await page.request.post('/api/izs-base/material/submit', {
    headers,
    data: { code, name: '监控废铝', defaultPrice: '15200' },
  });
  const id = (await add.json()).data.id;
  const upd = await page.request.post('/api/izs-base/material/submit', {
    headers,
    data: { id, name: '监控废铝（6063）', defaultPrice: '15380.5' },
  });
  expect(upd.status()).toBe(200);

  await page.goto('/monitor/operation');
  await expect(page.getByTestId('crud-operation-log')).toBeVisible();
  await page.getByPlaceholder('请输入日志标题').fill('修改物料');
  await page.getByTestId('crud-search').getByRole('button', { name: '搜索' }).click();
  const row = page.locator('.ly-crud-table .semi-table-tbody .semi-table-row').first();
  await expect(row).toContainText('修改物料');
  await expect(row).toContainText('admin');
  await row.getByRole('button', { name: '查看' }).click();
  const changes = page.getByTestId('log-changes');
  await expect(changes).toContainText('物料名称');
  await expect(changes).toContainText('监控废铝（6063）');
  await expect(changes).toContainText('参考单价');
  await expect(changes).toContainText('15200.00');
  await expect(changes).toContainText('15380.50');
  await page.keyboard.press('Escape');

  await page.goto('/monitor/log/api');
  await expect(page.getByTestId('crud-api-log')).toBeVisible();
  await page.getByPlaceholder('请输入请求路径').fill('material/submit');
  await page.getByTestId('crud-search').getByRole('button', { name: '搜索' }).click();
  const apiRow = page.locator('.ly-crud-table .semi-table-tbody .semi-table-row').first();
  await expect(apiRow).toContainText('/api/izs-base/material/submit');
  await expect(apiRow).toContainText('200 成功');
  await apiRow.getByRole('button', { name: '查看' }).click();
  await expect(page.getByTestId('log-params')).toContainText('监控废铝（6063）');
  expect(errors).toEqual([]);
});

test('打印设置: outside the desktop client printers are read-only; the slip layout saves per warehouse', async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  // (not through signIn's redirect: /setting-print is a public page, which the sign-in page follows at once, spec §2.1 rule 2)
  await signIn(page);
  await page.goto('/setting-print');
  await expect(page.getByTestId('setting-print')).toBeVisible();
  await expect(page.getByRole('note')).toContainText('请在客户端内使用打印功能。');
  await expect(page.locator('#sp-printDevice')).toBeDisabled();
  const warehouse = page.locator('#sp-warehouseId');
  await expect(warehouse.locator('option')).not.toHaveCount(0);
  const chosen = await warehouse.locator('option').last().getAttribute('value');
  await warehouse.selectOption(chosen as string);

  await page.locator('#sp-paper').selectOption('a5');
  await page.locator('#sp-copies').fill('2');
  await page.locator('#sp-marginTop').fill('3.5');
  await page.locator('#sp-title').fill('绿循再生 过磅单');
  await expect(page.getByTestId('slip-preview')).toContainText('绿循再生 过磅单');
  await page.locator('#sp-marginLeft').fill('60');
  await page.getByRole('button', { name: '保存' }).click();
  await expect(page.getByRole('alert')).toHaveText('左边距不能大于50毫米');
  await page.locator('#sp-marginLeft').fill('0');
  await page.getByRole('button', { name: '保存' }).click();
  await expect(page.getByRole('alert')).toHaveText('保存成功');

  await page.goto(`/setting-print?warehouseId=${chosen}`);
  await expect(page.locator('#sp-warehouseId')).toHaveValue(chosen as string);
  await expect(page.locator('#sp-paper')).toHaveValue('a5');
  await expect(page.locator('#sp-copies')).toHaveValue('2');
  await expect(page.locator('#sp-marginTop')).toHaveValue('3.5');
  await expect(page.locator('#sp-title')).toHaveValue('绿循再生 过磅单');
  await page.getByRole('button', { name: '打印测试页' }).click();
  await expect(page.getByRole('alert')).toHaveText('请在客户端内使用打印功能。');
  expect(errors).toEqual([]);
});
