import type { Page } from '@playwright/test';
import { addDays, todayStr } from '../api/dates.ts';
import { expect, test } from './fixtures.ts';
import { collectPageErrors, signIn } from './helpers.ts';

/** 收支管理 and 票据管理 end to end on the demo book of the company: record an income, receive a bill and discount it. */

async function chooseFinanceDept(page: Page) {
  await expect(page.getByTestId('account-set-bar')).toBeVisible();
  await page.getByTestId('fin-dept-select').click();
  await page.getByRole('option', { name: '绿循再生资源有限公司' }).click();
  await expect(page.getByTestId('fin-book-select')).toContainText('绿循再生 总账');
  await expect(page.getByTestId('fin-current-period')).toHaveText(/^\d{4}-\d{2}$/);
}

async function pick(page: Page, field: string, option?: string | RegExp) {
  await page.locator(`[data-field=${field}]:visible .semi-select`).click();
  const o = option ? page.getByRole('option', { name: option }) : page.getByRole('option');
  await o.first().click();
}

async function setDate(page: Page, field: string, value: string) {
  const input = page.locator(`[data-field=${field}]:visible input`);
  await input.click();
  await input.fill(value);
  await input.press('Enter');
  // close the calendar (it stays open after Enter and would cover the dialog's buttons)
  await page.locator('[data-testid=dialog-title-bar]:visible').click({ position: { x: 10, y: 10 } });
}

/** `days` after today in the server's zone (the UTC date is yesterday's before 08:00 Shanghai). */
const plusDays = (days: number) => addDays(todayStr(), days);

test('收支管理: an income writes its voucher and the totals follow', async ({ page }, info) => {
  const errors = collectPageErrors(page);
  await signIn(page, 'admin', 'admin', '/accounting/income-expend');
  await chooseFinanceDept(page);
  await page.goto('/accounting/income-expend');
  const period = (await page.getByTestId('fin-current-period').textContent())?.trim() ?? '';
  await expect(page.getByTestId('income-expend')).toBeVisible();
  await expect(page.getByTestId('ie-income')).toHaveText(/\d/);

  await page.getByTestId('crud-add').click();
  await setDate(page, 'entryDate', `${period}-12`);
  await pick(page, 'kind', '收入');
  await pick(page, 'cashAccount', /银行存款/);
  await pick(page, 'categoryAccount', /主营业务收入/);
  await page.locator('#crud-field-amount').fill('1234.56');
  await page.locator('#crud-field-summary').fill('收到废铜货款');
  await page.screenshot({ path: info.outputPath('income-expend-add.png') });
  await page.getByTestId('crud-save').click();
  await expect(page.getByText('新增成功').last()).toBeVisible();
  const row = page.getByTestId('crud-income-expend').locator('tr', { hasText: '收到废铜货款' });
  await expect(row).toContainText('1,234.56');
  await expect(row).toContainText('主营业务收入');
  await expect(row).toContainText(/记-\d+/);
  await expect(page.getByTestId('ie-income')).toHaveText('1,234.56');
  await expect(page.getByTestId('ie-net')).toHaveText('1,234.56');
  await page.screenshot({ path: info.outputPath('income-expend.png'), fullPage: true });
  expect(errors).toEqual([]);
});

test('票据管理: receive a bill due soon, discount it', async ({ page }, info) => {
  const errors = collectPageErrors(page);
  await signIn(page, 'admin', 'admin', '/accounting/bill/manage');
  await chooseFinanceDept(page);
  await page.goto('/accounting/bill/manage');
  const period = (await page.getByTestId('fin-current-period').textContent())?.trim() ?? '';
  await expect(page.getByTestId('bill-manage')).toBeVisible();
  // bills already held (the demo's collection by 承兑汇票, other specs'): the totals move by this bill's 50,000
  const total = async (id: string) => {
    await expect(page.getByTestId(id)).not.toHaveText('—');
    return Number(((await page.getByTestId(id).textContent()) ?? '0').replaceAll(',', ''));
  };
  const yuan = (n: number) => n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const [held, soon] = [await total('bill-receivable'), await total('bill-due-soon')];

  await page.getByTestId('crud-add').click();
  await page.locator('#crud-field-billNo').fill('31000051202611230001');
  await pick(page, 'billKind', '银行承兑汇票');
  await pick(page, 'direction', '应收票据');
  await pick(page, 'counterparty', /客户/);
  await page.locator('#crud-field-amount').fill('50000');
  await setDate(page, 'entryDate', `${period}-02`);
  await setDate(page, 'issueDate', `${period}-01`);
  await setDate(page, 'dueDate', plusDays(20));
  await page.locator('#crud-field-acceptor').fill('中国工商银行上海分行');
  await page.screenshot({ path: info.outputPath('bill-add.png') });
  await page.getByTestId('crud-save').click();
  await expect(page.getByText('新增成功').last()).toBeVisible();
  const row = page.getByTestId('crud-fin-bill').locator('tr', { hasText: '31000051202611230001' });
  await expect(row).toContainText('持有');
  await expect(row).toContainText('天后）');
  await expect(row.getByTestId('bill-due-tag')).toBeVisible();
  await expect(page.getByTestId('bill-receivable')).toHaveText(yuan(held + 50000));
  await expect(page.getByTestId('bill-due-soon')).toHaveText(yuan(soon + 50000));
  await page.screenshot({ path: info.outputPath('bill-manage.png'), fullPage: true });

  // 贴现: 借 银行存款 49,800 + 财务费用 200 贷 应收票据 50,000
  await row.getByTestId('bill-act').click();
  await page.getByTestId('bill-discount').click();
  await setDate(page, 'date', `${period}-15`);
  await page.locator('#crud-field-interest').fill('200');
  await page.screenshot({ path: info.outputPath('bill-discount.png') });
  await page.locator('[data-testid=crud-save]:visible').click();
  await expect(row).toContainText('已贴现');
  await expect(page.getByTestId('bill-receivable')).toHaveText(yuan(held));
  await row.getByTestId('bill-history').click();
  await expect(page.getByTestId('bill-events')).toContainText('贴现');
  await expect(page.getByTestId('bill-events')).toContainText(/记-\d+/);
  await page.screenshot({ path: info.outputPath('bill-history.png') });
  expect(errors).toEqual([]);
});
