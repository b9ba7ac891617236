import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { collectPageErrors, signIn } from './helpers.ts';

/**
 * Business vouchers end to end on the demo book of the company: the seeded yard day's reviewed out-stock becomes a voucher
 * from its template, its cost is carried (借 主营业务成本 贷 库存商品-废钢), and the cost and current-assets pages show
 * the figures.
 */

async function chooseFinanceDept(page: Page) {
  await expect(page.getByTestId('account-set-bar')).toBeVisible();
  await page.getByTestId('fin-dept-select').click();
  await page.getByRole('option', { name: '绿循再生资源有限公司' }).click();
  await expect(page.getByTestId('fin-book-select')).toContainText('绿循再生 总账');
  await expect(page.getByTestId('fin-current-period')).toHaveText(/^\d{4}-\d{2}$/);
}

test('business vouchers: generate from an out-stock, carry its cost, read the cost pages', async ({ page }, info) => {
  const errors = collectPageErrors(page);

  // the company, where the administrator signs in, holds the demo book: the page opens at once
  await signIn(page, 'admin', 'admin', '/finance/voucher/template');
  await chooseFinanceDept(page);
  await page.goto('/finance/voucher/template');

  // 业务单据生成凭证: the seeded out-stock of today, not generated yet
  const docs = page.getByTestId('biz-documents');
  await expect(docs).toBeVisible();
  const row = docs.locator('tr', { hasText: '销售出库' }).first();
  await expect(row).toBeVisible();
  await expect(row).toContainText('未生成');
  // other specs of the same run may have left out-stocks of their own in the company: follow this one by its number
  const orderNo = ((await row.locator('td').nth(2).textContent()) ?? '').trim();
  expect(orderNo).toMatch(/^CK\d+$/);
  await page.screenshot({ path: info.outputPath('biz-documents.png'), fullPage: true });
  await row.locator('.semi-checkbox').first().click();
  await page.getByTestId('biz-generate').click();
  await expect(page.getByText(/已生成 1 张凭证：\S+-\d+/)).toBeVisible();
  await expect(docs.locator('tr', { hasText: orderNo })).toHaveCount(0);

  // 凭证模板: the book's defaults
  await page.getByTestId('fin-voucher-template').getByRole('tab', { name: '凭证模板' }).click();
  const tpl = page.getByTestId('biz-template-销售出库');
  await expect(tpl).toContainText('1122 应收账款');
  await expect(tpl).toContainText('[往来单位');
  await page.screenshot({ path: info.outputPath('biz-templates.png'), fullPage: true });
  // the editor opens with the template's lines and saves them back unchanged
  await tpl.getByRole('button', { name: '编辑' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('编辑凭证模板：销售出库');
  await expect(dialog).toContainText('1122 应收账款');
  await page.screenshot({ path: info.outputPath('biz-template-editor.png') });
  await dialog.getByText('保存', { exact: true }).click();
  await expect(page.getByText('保存成功')).toBeVisible();
  await expect(page.getByText('编辑凭证模板：销售出库')).toHaveCount(0);

  // 销售成本 → 结转成本: the carry voucher equals the sales cost
  await page.goto('/finance/sell/cost');
  const total = page.getByTestId('sell-cost-total');
  await expect(total).toBeVisible();
  const cost = (await total.locator('td').nth(4).textContent())?.trim() ?? '';
  expect(cost).toMatch(/^[\d,]+\.\d{2}$/);
  await page.screenshot({ path: info.outputPath('sell-cost.png'), fullPage: true });
  await page.goto('/finance/carry/down/cost');
  await expect(page.getByTestId('carry-cost-figures')).toContainText(`待结转成本 ${cost}`);
  await expect(page.getByTestId('carry-down-cost')).toContainText('库存商品-废钢');
  await page.screenshot({ path: info.outputPath('carry-down-cost.png'), fullPage: true });
  await page.getByRole('button', { name: '生成凭证' }).click();
  await expect(page.getByText(/已生成凭证 \S+-\d+/)).toBeVisible();
  await page.goto('/finance/carry/down/cost');
  await expect(page.getByTestId('carry-cost-figures')).toContainText(`已结转 ${cost}`);

  // 存货成本 and 流动资产报表
  await page.goto('/finance/cost/manage/stock');
  await expect(page.getByTestId('stock-cost')).toContainText('重废钢');
  await expect(page.getByTestId('stock-cost-check')).toContainText('存货科目余额');
  await page.screenshot({ path: info.outputPath('stock-cost.png'), fullPage: true });
  await page.goto('/finance/current/assets/report');
  await expect(page.getByTestId('ca-total')).toContainText('流动资产合计');
  await expect(page.getByTestId('ca-receivable')).toContainText(/[\d,]+\.\d{2}/);
  await page.screenshot({ path: info.outputPath('current-assets.png'), fullPage: true });
  expect(errors).toEqual([]);
});
