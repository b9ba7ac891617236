import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { collectPageErrors, signIn } from './helpers.ts';

/** Issue 5 accounting screens end to end on the demo book of the company (server/seed/finance.ts). */

async function chooseFinanceDept(page: Page) {
  const bar = page.getByTestId('account-set-bar');
  await expect(bar).toBeVisible();
  await page.getByTestId('fin-dept-select').click();
  await page.getByRole('option', { name: '绿循再生资源有限公司' }).click();
  await expect(page.getByTestId('fin-book-select')).toContainText('绿循再生 总账');
  await expect(page.getByTestId('fin-current-period')).toHaveText(/^\d{4}-\d{2}$/);
}

test('accounting: select the demo book, key a voucher from the keyboard, review, post, books balance', async ({
  page,
}, info) => {
  const errors = collectPageErrors(page);

  // 财务部 keeps no book (spec §2.1 rule 7): choosing it, the create dialog opens by itself and accounting pages
  // lead back to the home page
  await signIn(page, 'admin', 'admin', '/accounting/home');
  await page.getByTestId('fin-dept-select').click();
  await page.getByRole('option', { name: '财务部' }).click();
  await expect(page.getByText('新建账套').last()).toBeVisible();
  await expect(page.getByTestId('account-set-dept').locator('input')).toBeDisabled();
  await page.getByTestId('dialog-title-bar').getByLabel('关闭').click();
  await page.goto('/accounting/edit/voucher');
  await expect(page).toHaveURL(/\/accounting\/home/);
  await expect(page.getByText('请先创建账套')).toBeVisible();
  await page.getByTestId('dialog-title-bar').getByLabel('关闭').click();
  // the company, where the administrator signs in, holds the demo book
  await chooseFinanceDept(page);
  await expect(page.getByTestId('accounting-home')).toBeVisible();
  await page.screenshot({ path: info.outputPath('accounting-home.png') });
  // 账套管理: a row's 账套用户 and 编辑 open with that very book (read from the books' typed query, not a cast row)
  await page.goto('/finance/setting/setofbook');
  const bookRow = page
    .getByTestId('fin-setofbook')
    .locator('.semi-table-tbody .semi-table-row', { hasText: '绿循再生 总账' });
  await bookRow.getByRole('button', { name: '账套用户' }).click();
  await expect(page.getByText('账套用户 — 绿循再生 总账')).toBeVisible();
  await page.getByTestId('dialog-title-bar').getByLabel('关闭').click();
  await bookRow.getByRole('button', { name: '编辑' }).click();
  await expect(page.getByText('编辑账套')).toBeVisible();
  await page.getByTestId('dialog-title-bar').getByLabel('关闭').click();
  await page.goto('/accounting/edit/voucher');
  const editor = page.getByTestId('voucher-editor');
  await expect(editor).toBeVisible();
  const stamp = `E2E${Date.now().toString(36).toUpperCase()}`;

  // line 1: summary → Enter → account by code → Enter → debit → Enter (skips credit) → next line
  const cell = (r: number, c: string) => page.locator(`[data-cell="${r}:${c}"]`);
  await cell(0, 'summary').click();
  await page.keyboard.type(`提现${stamp}`);
  await page.keyboard.press('Enter');
  await expect(cell(0, 'account')).toBeFocused();
  await page.keyboard.type('1001');
  await expect(page.getByTestId('voucher-account-options')).toContainText('库存现金');
  await page.keyboard.press('Enter');
  await expect(cell(0, 'debit')).toBeFocused();
  await expect(cell(0, 'account')).toHaveValue(/1001 库存现金/);
  await page.keyboard.type('1234.5');
  await page.keyboard.press('Enter');
  // line 2: Enter on an empty summary copies the line above; bank account by name; `=` balances
  await expect(cell(1, 'summary')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(cell(1, 'summary')).toHaveValue(`提现${stamp}`);
  await page.keyboard.type('银行存款');
  await page.keyboard.press('Enter');
  await expect(cell(1, 'debit')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(cell(1, 'credit')).toBeFocused();
  await page.keyboard.press('=');
  await expect(cell(1, 'credit')).toHaveValue('1234.50');
  await expect(page.getByTestId('voucher-debit-total')).toHaveText('1,234.50');
  await expect(page.getByTestId('voucher-credit-total')).toHaveText('1,234.50');
  await expect(page.getByTestId('voucher-capital')).toContainText('壹仟贰佰叁拾肆元伍角');
  // Enter at the end of the last line adds a row
  const rowsBefore = await page.locator('[data-testid^="voucher-row-"]').count();
  await cell(rowsBefore - 1, 'credit').click();
  await page.keyboard.press('Enter');
  await expect(page.locator('[data-testid^="voucher-row-"]')).toHaveCount(rowsBefore + 1);
  await page.screenshot({ path: info.outputPath('voucher-entry.png') });

  await page.keyboard.press('Control+s');
  await expect(page.getByText(/保存成功：记-\d+/)).toBeVisible();

  // the list: find it, review and post it
  await page.goto('/finance/voucher/list/0');
  const table = page.getByTestId('voucher-table');
  const first = table.locator('tr', { hasText: `提现${stamp}` }).first();
  await expect(first).toBeVisible();
  await expect(first).toContainText('1,234.50');
  const voucherNo = await first.getAttribute('data-voucher');
  await first.locator('.semi-checkbox').first().click();
  await page.getByTestId('voucher-review').click();
  await expect(page.getByText('审核成功')).toBeVisible();
  await expect(table.locator(`tr[data-voucher="${voucherNo}"]`).first()).toContainText('已审核');
  await first.locator('.semi-checkbox').first().click();
  await page.getByTestId('voucher-post').click();
  await expect(page.getByText('过账成功')).toBeVisible();
  await expect(table.locator(`tr[data-voucher="${voucherNo}"]`).first()).toContainText('已过账');
  await page.screenshot({ path: info.outputPath('voucher-list.png'), fullPage: true });

  // trial balance and balance sheet balance
  await page.goto('/finance/ledger/balance');
  await expect(page.getByTestId('trial-balance-check')).toContainText('试算平衡');
  await expect(page.getByTestId('trial-balance')).toContainText('库存现金');
  await page.screenshot({ path: info.outputPath('trial-balance.png'), fullPage: true });
  await page.goto('/finance/balance/sheet');
  await expect(page.getByTestId('statement-check')).toContainText('平衡');
  await expect(page.getByTestId('statement-check')).not.toContainText('不平衡');
  await page.screenshot({ path: info.outputPath('balance-sheet.png'), fullPage: true });
  expect(errors).toEqual([]);
});

test('voucher editor: typed at machine speed, Tab keeps a typed account, Enter walks through 1122 客户', async ({
  page,
}, info) => {
  const errors = collectPageErrors(page);
  await signIn(page, 'admin', 'admin', '/accounting/home');
  await chooseFinanceDept(page);
  await page.goto('/accounting/edit/voucher');
  await expect(page.getByTestId('voucher-editor')).toBeVisible();
  const cell = (r: number, c: string) => page.locator(`[data-cell="${r}:${c}"]`);
  const stamp = `KB${Date.now().toString(36).toUpperCase()}`;
  await cell(0, 'summary').click();
  // bursts with no waits: 摘要 ⏎ 1001 Tab 880.5 ⏎ | ⏎ (copies 摘要) 1122 ⏎ 客户 ⏎ (借方) ⏎ (贷方) =
  await page.keyboard.type(`收回货款${stamp}\n1001`);
  await page.keyboard.press('Tab');
  await page.keyboard.type('880.5\n\n1122\n宁波钢铁\n\n=');
  await expect(cell(0, 'account')).toHaveValue(/^1001 库存现金/);
  await expect(cell(0, 'debit')).toHaveValue('880.5');
  await expect(cell(1, 'summary')).toHaveValue(`收回货款${stamp}`);
  await expect(cell(1, 'account')).toHaveValue(/^1122 应收账款/);
  await expect(page.getByLabel('第2行 客户', { exact: true })).toHaveValue(/宁波钢铁/);
  await expect(cell(1, 'credit')).toHaveValue('880.50');
  await page.screenshot({ path: info.outputPath('voucher-keyboard.png') });
  await page.keyboard.press('Control+s');
  await expect(page.getByText(/保存成功：记-\d+/)).toBeVisible();
  await expect(page.getByTestId('voucher-error')).toHaveCount(0);
  expect(errors).toEqual([]);
});
