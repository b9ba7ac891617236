import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { collectPageErrors, signIn } from './helpers.ts';

/** /base screens end to end: warehouse → detail + patrol, weighbridge add/edit, dept config, camera password. */

const rows = (page: Page) => page.locator('.ly-crud-table .semi-table-tbody .semi-table-row');
const rowOf = (page: Page, text: string) => rows(page).filter({ hasText: text });
const stamp = () => Date.now().toString(36).toUpperCase().slice(-6);
const pick = async (page: Page, field: string, option: string) => {
  const select = page.locator(`[data-field=${field}] .semi-select`);
  await select.click();
  await page.getByRole('option', { name: option }).click();
  await expect(select).toContainText(option);
};

test('warehouse: create, open its detail page by id, record a patrol that shows in the table', async ({ page }) => {
  const errors = collectPageErrors(page);
  await signIn(page, 'admin', 'admin', '/base/warehouse');
  await expect(page.getByTestId('crud-warehouse')).toBeVisible();
  const s = stamp();
  const code = `CK-E2E-${s}`;
  await page.getByTestId('crud-add').click();
  await expect(page.getByText('新增仓库')).toBeVisible();
  await page.locator('#crud-field-code').fill(code);
  await page.locator('#crud-field-name').fill(`测试料场${s}`);
  await pick(page, 'type', '封闭仓库');
  await page.locator('#crud-field-capacityT').fill('1234.5');
  await page.getByTestId('crud-save').click();
  await expect(page.getByText('新增成功')).toBeVisible();
  await expect(rowOf(page, code)).toContainText('1,234.500');

  await rowOf(page, code).getByRole('link', { name: code }).click();
  await expect(page).toHaveURL(/\/base\/warehouse-detail\/\d+$/);
  await expect(page.getByRole('heading', { name: `仓库详情：测试料场${s}（${code}）` })).toBeVisible();
  const card = page.getByTestId('detail-card-环境巡检记录');
  await expect(card).toContainText('暂无数据');

  await page.getByTestId('patrol-add').click();
  await expect(page.getByText('新增环境巡检')).toBeVisible();
  await page.locator('#crud-field-temperature').fill('-3.5');
  await page.locator('#crud-field-humidity').fill('150');
  await page.getByTestId('crud-save').click();
  await expect(page.getByTestId('crud-dialog').getByText('湿度不能大于100')).toBeVisible();
  await page.locator('#crud-field-humidity').fill('62');
  await page.locator('#crud-field-inspector').fill('赵仓管');
  await page.getByTestId('crud-save').click();
  await expect(page.getByText('新增成功').last()).toBeVisible(); // the warehouse's toast may still show
  await expect(card.locator('.semi-table-row').filter({ hasText: '赵仓管' })).toContainText('-3.5');
  await expect(card).toContainText('62.0');
  expect(errors).toEqual([]);
});

test('weighbridge: add with its warehouse and serial port, then edit to a TCP indicator', async ({ page }) => {
  const errors = collectPageErrors(page);
  await signIn(page, 'admin', 'admin', '/base/loadometer');
  await expect(page.getByTestId('crud-weighbridge')).toBeVisible();
  const s = stamp();
  const code = `DB-E2E-${s}`;
  await page.getByTestId('crud-add').click();
  await expect(page.getByText('新增地磅')).toBeVisible();
  await page.locator('#crud-field-code').fill(code);
  await page.locator('#crud-field-name').fill(`测试地磅${s}`);
  await pick(page, 'warehouseId', '一号露天料场');
  await page.locator('#crud-field-maxCapacityKg').fill('80000');
  await page.locator('#crud-field-serialPort').fill('');
  await page.getByTestId('crud-save').click();
  await expect(page.getByTestId('crud-dialog').getByText('请输入串口号')).toBeVisible(); // the contract's refine
  await page.locator('#crud-field-serialPort').fill('COM9');
  await page.getByTestId('crud-save').click();
  await expect(page.getByText('新增成功')).toBeVisible();
  const row = rowOf(page, code);
  await expect(row).toContainText('一号露天料场');
  await expect(row).toContainText('80,000.000');
  await expect(row).toContainText('COM9');

  await row.getByRole('button', { name: '编辑' }).click();
  await expect(page.locator('#crud-field-code')).toBeDisabled();
  await page.locator('#crud-field-name').fill(`测试地磅${s}改`);
  await pick(page, 'connType', '网络(TCP)');
  await page.getByTestId('crud-save').click();
  await expect(page.getByTestId('crud-dialog').getByText('请输入IP地址')).toBeVisible();
  await page.locator('#crud-field-ip').fill('192.168.10.88');
  await page.getByTestId('crud-save').click();
  await expect(page.getByText('修改成功').last()).toBeVisible();
  await expect(rowOf(page, code)).toContainText(`测试地磅${s}改`);
  await expect(rowOf(page, code)).toContainText('网络(TCP)');
  expect(errors).toEqual([]);
});

test('dept config: save the business config of a department; a reload shows the saved value', async ({ page }) => {
  const errors = collectPageErrors(page);
  await signIn(page, 'admin', 'admin', '/base/dept/config');
  const business = page.getByTestId('business-config');
  const tax = business.locator('#crud-field-taxRate');
  await expect(tax).toHaveValue('13.00');
  await tax.fill('105');
  await page.getByTestId('business-config-save').click();
  await expect(business.getByText('税率(%)不能大于100')).toBeVisible();
  await tax.fill('9.5');
  await business.locator('#crud-field-weighStableSeconds').fill('5');
  await page.getByTestId('business-config-save').click();
  await expect(page.getByText('保存成功')).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('business-config').locator('#crud-field-taxRate')).toHaveValue('9.50');
  await expect(page.getByTestId('business-config').locator('#crud-field-weighStableSeconds')).toHaveValue('5');
  // the finance card is saved on its own
  const vat = page.getByTestId('finance-config').locator('#crud-field-vatRate');
  await expect(vat).toHaveValue('13.00');
  expect(errors).toEqual([]);
});

test('cameras: the password is write-only — never in a screen, a dialog or any answer', async ({ page }) => {
  const errors = collectPageErrors(page);
  const secret = `E2eSecret#${stamp()}`;
  const bodies: string[] = [];
  page.on('response', async (r) => {
    if (r.url().includes('/api/izs-sell/cameras')) bodies.push(await r.text().catch(() => ''));
  });
  await signIn(page, 'admin', 'admin', '/base/cameraList');
  await expect(page.getByTestId('crud-cameras')).toBeVisible();
  const name = `E2E摄像头${stamp()}`;
  await page.getByTestId('crud-add').click();
  await page.locator('#crud-field-name').fill(name);
  await pick(page, 'weighbridgeId', '1号地磅(进场)');
  await page.locator('#crud-field-ip').fill('192.168.50.7');
  await page.locator('#crud-field-account').fill('admin');
  await page.locator('#crud-field-password').fill(secret);
  await page.locator('#crud-field-streamUrl').fill('rtsp://admin:pw@192.168.50.7:554/live');
  await page.getByTestId('crud-save').click();
  await expect(page.getByText('新增成功')).toBeVisible();
  const row = rowOf(page, name);
  await expect(row).toContainText('是'); // 已设密码

  await row.getByRole('button', { name: '编辑' }).click();
  await expect(page.locator('#crud-field-password')).toHaveValue('');
  await expect(page.locator('#crud-field-password')).toHaveAttribute('placeholder', '留空则不修改');
  await page.getByTestId('dialog-title-bar').getByLabel('关闭').click();

  await rowOf(page, name).getByRole('button', { name: '查看', exact: true }).click();
  await expect(page.getByText('查看摄像头')).toBeVisible();
  await expect(page.getByTestId('crud-dialog')).not.toContainText(secret);
  await page.getByTestId('dialog-title-bar').getByLabel('关闭').click();

  await rowOf(page, name).getByRole('button', { name: '查看画面' }).click();
  const look = page.getByTestId('camera-look');
  await expect(look).toContainText('rtsp://192.168.50.7:554/live'); // credentials stripped
  await expect(look).not.toContainText('admin:pw');

  expect(await page.content()).not.toContain(secret);
  expect(bodies.length).toBeGreaterThan(2);
  for (const b of bodies) expect(b).not.toContain(secret);
  expect(errors).toEqual([]);
});

test('material categories: a picked category filters with its subtree; add and delete a child in the tree', async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  await signIn(page, 'admin', 'admin', '/base/material');
  const tree = page.getByTestId('tree-material-category');
  await tree.getByText('有色金属', { exact: true }).click();
  await expect(rowOf(page, 'WL0005')).toBeVisible(); // 光亮铜 sits under 有色金属 › 废铜
  await expect(rowOf(page, 'WL0001')).toHaveCount(0);
  const name = `废锌${stamp()}`;
  await tree.getByRole('button', { name: '新增下级物料分类' }).click();
  await expect(page.locator('[data-field=parentId]')).toContainText('有色金属');
  await page.locator('#crud-field-name').fill(name);
  await page.getByTestId('crud-save').click();
  await expect(page.getByText('新增成功')).toBeVisible();
  await tree.getByText(name, { exact: true }).click();
  await expect(page.getByText('暂无数据')).toBeVisible(); // no material in the new category yet
  await tree.getByRole('button', { name: '删除物料分类' }).click();
  await page.getByRole('dialog', { name: '提示' }).getByText('确定', { exact: true }).click();
  await expect(page.getByText('删除成功')).toBeVisible();
  await expect(tree.getByText(name, { exact: true })).toHaveCount(0);
  await tree.getByText('全部物料').click();
  await expect(rowOf(page, 'WL0016')).toBeVisible(); // 废旧冰箱 (电子废弃物) is back in the unfiltered list
  expect(errors).toEqual([]);
});
