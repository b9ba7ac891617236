import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { collectPageErrors, openInApp, signIn } from './helpers.ts';

/** Fixed assets end to end on the demo book of the company: add a card, run the month's depreciation, see its voucher. */

async function chooseFinanceDept(page: Page) {
  await expect(page.getByTestId('account-set-bar')).toBeVisible();
  await page.getByTestId('fin-dept-select').click();
  await page.getByRole('option', { name: '绿循再生资源有限公司' }).click();
  await expect(page.getByTestId('fin-book-select')).toContainText('绿循再生 总账');
  await expect(page.getByTestId('fin-current-period')).toHaveText(/^\d{4}-\d{2}$/);
}

/** yyyy-MM-15 of the month before `period`. */
function dayInPreviousMonth(period: string) {
  const [y, m] = period.split('-').map(Number);
  const d = new Date(Date.UTC(y, m - 2, 15));
  return d.toISOString().slice(0, 10);
}

test('fixed assets: add a card, run depreciation for the current period, open the voucher', async ({ page }, info) => {
  const errors = collectPageErrors(page);

  // the company, where the administrator signs in, holds the demo book: the page opens at once
  await signIn(page, 'admin', 'admin', '/finance/fixed-assets/fixed-assets-list');
  await chooseFinanceDept(page);
  await page.goto('/finance/fixed-assets/fixed-assets-list');
  const period = (await page.getByTestId('fin-current-period').textContent())?.trim() ?? '';
  const list = page.getByTestId('crud-fixed-asset-card');
  await expect(list).toBeVisible();

  // 新增: an electronic device put into service last month (depreciation starts this month)
  const code = `E2E${Date.now().toString(36).toUpperCase()}`;
  await page.getByTestId('crud-add').click();
  await page.locator('#crud-field-code').fill(code);
  await page.locator('#crud-field-name').fill('监控主机');
  await page.locator('[data-field=typeId] .semi-select').click();
  await page.getByRole('option', { name: '电子设备' }).click();
  await page.locator('#crud-field-useDept').fill('仓储部');
  const date = page.locator('[data-field=inServiceDate] input');
  await date.click();
  await date.fill(dayInPreviousMonth(period));
  await date.press('Enter');
  await page.locator('#crud-field-cost').fill('12000');
  await page.screenshot({ path: info.outputPath('fixed-assets-add.png') });
  await page.getByTestId('crud-save').click();
  await expect(page.getByText('新增成功').last()).toBeVisible();
  const row = list.locator('tr', { hasText: code });
  await expect(row).toContainText('监控主机');
  await expect(row).toContainText('12,000.00');
  await page.screenshot({ path: info.outputPath('fixed-assets-list.png') });

  // 计提折旧: 12,000 × 95 % ÷ 36 = 316.67 for this card
  await page.goto('/finance/fixed-assets/fixed-assets-depreciation');
  const screen = page.getByTestId('fa-depreciation');
  await expect(screen).toBeVisible();
  await expect(screen.locator('tr', { hasText: code })).toContainText('316.67');
  await page.screenshot({ path: info.outputPath('fixed-assets-depreciation.png') });
  await page.getByTestId('fa-depr-generate').click();
  await expect(page.getByText('已生成折旧凭证')).toBeVisible();

  // the voucher opens: 借 管理费用-折旧费 / 贷 累计折旧
  const editor = page.getByTestId('voucher-editor');
  await expect(editor).toBeVisible();
  await expect(page.locator('[data-cell="0:summary"]')).toHaveValue(/计提.*固定资产折旧/);
  await expect(page.locator('[data-cell="0:account"]')).toHaveValue(/管理费用/);
  await expect(page.locator('[data-cell="1:account"]')).toHaveValue(/1602 累计折旧/);
  await expect(page.getByTestId('voucher-debit-total')).toHaveText('316.67');
  await expect(page.getByTestId('voucher-credit-total')).toHaveText('316.67');
  await page.screenshot({ path: info.outputPath('fixed-assets-voucher.png') });

  // the run is listed; the asset ledger shows the accumulated depreciation
  await page.goto('/finance/fixed-assets/fixed-assets-depreciation');
  await expect(page.getByTestId('fa-depr-runs')).toContainText(period);
  await page.goto('/asset/normal');
  await expect(page.getByTestId('crud-fixed-asset-card').locator('tr', { hasText: code })).toContainText('316.67');
  expect(errors).toEqual([]);
});

test('fixed assets: types, history, subsidiary book, schedule and summary screens render the run', async ({
  page,
}, info) => {
  const errors = collectPageErrors(page);
  await signIn(page, 'admin', 'admin', '/finance/fixed-assets/fixed-assets-type');
  await chooseFinanceDept(page);
  const period = (await page.getByTestId('fin-current-period').textContent())?.trim() ?? '';

  await openInApp(page, '/finance/fixed-assets/fixed-assets-type');
  const types = page.getByTestId('crud-fixed-asset-type');
  await expect(types.locator('tr', { hasText: '房屋及建筑物' })).toContainText('240');
  await page.screenshot({ path: info.outputPath('fixed-assets-type.png') });

  // history from the card's code
  await openInApp(page, '/finance/fixed-assets/fixed-assets-list');
  await page.getByTestId('crud-fixed-asset-card').locator('a.ly-crud-link').first().click();
  await expect(page.getByTestId('fa-history-changes')).toContainText('新增');
  await expect(page.getByTestId('fa-history-depr')).toContainText('316.67');
  await page.screenshot({ path: info.outputPath('fixed-assets-history.png') });

  await openInApp(page, '/finance/fixed-assets/fixed-assets-subsidiary-books');
  const books = page.getByTestId('query-fa-subsidiary');
  await expect(books.locator('tr', { hasText: '监控主机' }).first()).toContainText('316.67');
  await page.screenshot({ path: info.outputPath('fixed-assets-subsidiary.png') });

  await openInApp(page, '/asset/depr');
  await page.locator('.ly-crud-search .semi-select').first().click();
  await page.getByRole('option').first().click();
  await page.getByTestId('query-search').click();
  await expect(page.getByTestId('query-asset-depr').locator('tr', { hasText: period })).toContainText('316.67');
  await page.screenshot({ path: info.outputPath('asset-depr.png') });

  await openInApp(page, '/asset/accounting');
  await expect(page.getByTestId('query-asset-accounting').locator('tr', { hasText: '电子设备' }).first()).toContainText(
    '316.67',
  );
  await expect(page.getByTestId('asset-accounting-runs')).toContainText(period);
  await page.screenshot({ path: info.outputPath('asset-accounting.png') });

  // 处置 this month (already depreciated by the run), then 生成凭证 from its history: 固定资产清理 → 营业外支出
  await page.goto('/finance/fixed-assets/fixed-assets-list');
  const card = page.getByTestId('crud-fixed-asset-card').locator('tr', { hasText: '监控主机' }).first();
  await card.getByRole('button', { name: '处置' }).click();
  await expect(page.getByText('资产处置：监控主机')).toBeVisible();
  await page.getByTestId('crud-save').click();
  await expect(card).toContainText('已处置');
  await card.locator('a.ly-crud-link').click();
  const changes = page.getByTestId('fa-history-changes');
  const disposal = changes.locator('tr', { hasText: '处置' }).last();
  await disposal.getByRole('button', { name: '生成凭证' }).click();
  await expect(page.getByText('生成处置凭证（固定资产清理）')).toBeVisible();
  await page.screenshot({ path: info.outputPath('fixed-assets-dispose-voucher.png') });
  await page.getByTestId('crud-save').click();
  await expect(disposal).toContainText(/[\u4e00-\u9fa5]+-\d+/);
  await expect(disposal.getByRole('button', { name: '生成凭证' })).toHaveCount(0);
  await page.screenshot({ path: info.outputPath('fixed-assets-history-voucher.png') });
  expect(errors).toEqual([]);
});
