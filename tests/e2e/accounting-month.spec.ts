import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { collectPageErrors, openInApp, signIn } from './helpers.ts';

/**
 * An accountant's month on a fresh book (issue: "status 1 forces the create dialog; opening balances; five vouchers
 * keyed by keyboard; post; carry forward; close; balance sheet balanced and income statement read; screenshots of
 * entry, trial balance and both statements; a voucher printed page").
 *
 * 财务部 has no book (status 1: the create dialog opens by itself); the book is then created in 华东分公司 so that
 * 财务部 stays without one for accounting.spec.ts and the company keeps only the demo book. The book starts on the first of this month (on the
 * 1st the browser clock is moved to the 2nd: a book enabled less than a day ago is disabled in the selector).
 */

async function keyVoucher(
  page: Page,
  summary: string,
  debit: [string, string],
  credit: [string, string],
  amount: string,
) {
  const cell = (r: number, c: string) => page.locator(`[data-cell="${r}:${c}"]`);
  await cell(0, 'summary').click();
  await page.keyboard.type(summary);
  await page.keyboard.press('Enter');
  await expect(cell(0, 'account')).toBeFocused();
  await page.keyboard.type(debit[0]);
  await expect(page.getByTestId('voucher-account-options').locator('li').first()).toContainText(debit[1]);
  await page.keyboard.press('Enter');
  await expect(cell(0, 'debit')).toBeFocused();
  await page.keyboard.type(amount);
  await page.keyboard.press('Enter');
  await expect(cell(1, 'summary')).toBeFocused();
  await page.keyboard.press('Enter'); // copies the summary of the line above
  await expect(cell(1, 'summary')).toHaveValue(summary);
  await expect(cell(1, 'account')).toBeFocused(); // the copy moves on to the account: type only once it is there
  await page.keyboard.type(credit[0]);
  await expect(page.getByTestId('voucher-account-options').locator('li').first()).toContainText(credit[1]);
  await page.keyboard.press('Enter');
  await expect(cell(1, 'debit')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(cell(1, 'credit')).toBeFocused();
  await page.keyboard.press('=');
  const shown = Number(amount).toLocaleString('en-US', { minimumFractionDigits: 2 });
  await expect(page.getByTestId('voucher-debit-total')).toHaveText(shown);
  await expect(page.getByTestId('voucher-credit-total')).toHaveText(shown);
}

test('accounting month: new book, openings, five vouchers by keyboard, post, carry forward, close, statements, print', async ({
  page,
  context,
}, info) => {
  test.setTimeout(150_000);
  // the browser runs in Asia/Shanghai (playwright.config.ts): the book's month is that zone's month
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date());
  const period = today.slice(0, 7);
  if (today.endsWith('-01')) await page.clock.setFixedTime(new Date(`${period}-02T12:00:00+08:00`));
  const errors = collectPageErrors(page);
  const shot = (name: string) => page.screenshot({ path: info.outputPath(name), fullPage: true });

  // status 1 (财务部 keeps no book): the create dialog opens by itself on the accounting home
  await signIn(page, 'admin', 'admin', '/accounting/home');
  await page.getByTestId('fin-dept-select').click();
  await page.getByRole('option', { name: '财务部' }).click();
  await expect(page.getByText('新建账套').last()).toBeVisible();
  await expect(page.getByTestId('account-set-dept').locator('input')).toBeDisabled();
  await shot('create-dialog.png');
  await page.getByTestId('dialog-title-bar').getByLabel('关闭').click();

  // a fresh book in 华东分公司
  await page.getByTestId('fin-dept-select').click();
  await page.getByRole('option', { name: '华东分公司' }).click();
  await expect(page.getByTestId('fin-book-select')).toContainText('暂无账套');
  await page.getByTestId('fin-book-create').click();
  const form = page.getByTestId('crud-form');
  const bookName = `月结测试${Date.now().toString(36).toUpperCase()}`;
  await form.locator('[data-field="name"] input').fill(bookName);
  await form.locator('[data-field="dutyParagraph"] input').fill('91310000MA1FL0XX3K');
  await form.locator('[data-field="taxAddress"] .semi-cascader').click();
  await page.locator('.semi-cascader-option', { hasText: '上海市' }).first().click();
  await page.getByTestId('dialog-title-bar').click(); // closes the cascader (Escape would close the dialog)
  await form.locator('[data-field="allowSelfReview"] .semi-switch').click();
  await page.getByTestId('account-set-save').click();
  await expect(page.getByText('添加成功')).toBeVisible();
  await expect(page.getByTestId('fin-book-select')).toContainText(bookName);
  await expect(page.getByTestId('fin-current-period')).toHaveText(period);

  // 应收账款 kept per customer: 辅助核算 客户 set in 财务参数, the customers synced from base data
  await page.goto('/finance/setting/system-config');
  const chart = page.getByTestId('chart');
  await chart.locator('tr[data-code="1122"]').getByRole('button', { name: '编辑' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.locator('.semi-select').last().click();
  await page.locator('.semi-select-option', { hasText: '客户' }).click();
  await dialog.getByText('编辑科目').click(); // closes the dropdown that covers the footer
  await dialog.locator('button', { hasText: '保存' }).click();
  await expect(chart.locator('tr[data-code="1122"]')).toContainText('客户');
  await page.goto('/finance/setting/dimension');
  await page.locator('tr', { hasText: '客户' }).first().getByTestId('dimension-items').click();
  await page.getByTestId('dimension-sync').click();
  await expect(page.getByText(/已从基础资料同步 \d+ 个项目/)).toBeVisible();

  // opening balances: cash 10,000 + bank 100,000 + one customer 5,000 = paid-in capital 115,000
  await page.goto('/finance/setting/initabala');
  const openings = page.getByTestId('openings');
  await expect(openings.locator('tr[data-code="1001"]')).toBeVisible();
  await page.getByTestId('opening-1001|').fill('10000');
  await page.getByTestId('opening-1002|').fill('100000');
  await page.getByTestId('opening-add-aux-1122').click();
  await page.getByRole('dialog').locator('.semi-select').click();
  await page.locator('.semi-select-option').first().click();
  await page.getByRole('dialog').getByText('添加辅助核算').click();
  await page.getByRole('dialog').locator('button', { hasText: '确定' }).click();
  const customerRow = openings.locator('tr.ly-fin-aux[data-code="1122"]');
  await expect(customerRow).toContainText('客户：');
  await customerRow.locator('input').first().fill('5000');
  await page.getByRole('tab', { name: '所有者权益' }).click();
  await page.getByTestId('opening-3001|').fill('115000');
  await page.getByTestId('opening-save').click();
  await expect(page.getByText('保存成功，试算平衡')).toBeVisible();
  const check = page.getByTestId('opening-check');
  await expect(check).toContainText('试算平衡');
  await expect(check).not.toContainText('不平衡');
  await expect(page.getByTestId('opening-debit-total')).toHaveText('115,000.00');
  await expect(page.getByTestId('opening-credit-total')).toHaveText('115,000.00');
  await page.getByRole('tab', { name: '资产' }).click();
  await expect(openings.locator('tr[data-code="1122"]').first()).toContainText('5,000.00');
  await shot('openings.png');

  // five vouchers keyed from the keyboard
  await page.goto('/accounting/edit/voucher');
  await expect(page.getByTestId('voucher-editor')).toBeVisible();
  await expect(page.getByTestId('voucher-no')).toContainText('第 1 号');
  const vouchers: [string, [string, string], [string, string], string, string][] = [
    ['销售废钢收款', ['1002', '银行存款'], ['5001', '主营业务收入'], '10000', '壹万元整'],
    ['采购废钢付款', ['5401', '主营业务成本'], ['1002', '银行存款'], '6000', '陆仟元整'],
    ['购买办公用品', ['560205', '办公费'], ['1001', '库存现金'], '500', '伍佰元整'],
    ['提取备用金', ['1001', '库存现金'], ['1002', '银行存款'], '2000', '贰仟元整'],
    ['报销差旅费', ['560206', '差旅费'], ['1001', '库存现金'], '300', '叁佰元整'],
  ];
  for (const [i, [summary, debit, credit, amount, capital]] of vouchers.entries()) {
    await keyVoucher(page, summary, debit, credit, amount);
    await expect(page.getByTestId('voucher-capital')).toContainText(capital);
    if (i === 0) await shot('voucher-entry.png');
    await page.keyboard.press('Control+s');
    await expect(page.getByText(`保存成功：记-${i + 1}`)).toBeVisible();
    await page.getByRole('button', { name: '新增', exact: true }).click();
    await expect(page.locator('[data-cell="0:summary"]')).toHaveValue('');
    await expect(page.getByTestId('voucher-no')).toContainText(`第 ${i + 2} 号`);
  }

  // review and post them all
  await page.goto('/finance/voucher/posting');
  const table = page.getByTestId('posting-table');
  await expect(table.locator('tr[data-voucher]')).toHaveCount(5);
  await page.getByTestId('posting-review-all').click();
  await expect(page.getByTestId('posting-result')).toContainText('全部审核成功：5 张凭证');
  await expect(page.getByTestId('posting-post-all')).toContainText('5');
  await page.getByTestId('posting-post-all').click();
  await expect(page.getByTestId('posting-result')).toContainText('全部过账成功：5 张凭证');
  await expect(table.locator('tr[data-voucher]', { hasText: '已过账' })).toHaveCount(5);
  await shot('posting.png');

  // the printed voucher 记-1
  const [printed] = await Promise.all([
    context.waitForEvent('page'),
    table.locator('tr[data-voucher="记-1"]').getByRole('button', { name: '打印' }).click(),
  ]);
  await printed.waitForLoadState();
  await expect(printed.locator('body')).toHaveAttribute('data-print-ready', '1');
  await expect(printed.getByTestId('pv-no')).toHaveText('记字 第 1 号');
  await expect(printed.getByTestId('pv-capital')).toContainText('人民币壹万元整');
  await expect(printed.getByTestId('pv-debit-total')).toHaveText('10,000.00');
  await expect(printed.getByTestId('voucher-sheet')).toContainText('1002 银行存款');
  await expect(printed.getByTestId('voucher-sheet')).toContainText('记账：');
  await printed.screenshot({ path: info.outputPath('voucher-print.png'), fullPage: true });
  await printed.getByTestId('pv-print').click(); // a plain browser has no desktop client
  await expect(printed.getByTestId('pv-message')).toHaveText('请在客户端内使用打印功能。');
  await printed.close();

  // carry forward, then close the month
  await page.goto('/finance/carry/down');
  await expect(page.getByTestId('carry-preview')).toContainText('主营业务收入');
  await page.getByTestId('carry-generate').click();
  await expect(page.getByTestId('carry-message')).toContainText('已生成结转损益凭证：记-6');
  await page.getByTestId('carry-post').click();
  await expect(page.getByTestId('carry-message')).toContainText('已审核并过账：记-6');
  await expect(page.getByTestId('close-check')).not.toContainText('✗');
  await expect(page.getByTestId('period-close')).toBeEnabled();
  await shot('carry-down.png');
  await page.getByTestId('period-close').click();
  await expect(page.getByTestId('carry-message')).toContainText(`${period} 已结账`);
  await expect(page.getByTestId('fin-current-period')).not.toHaveText(period);

  // trial balance of the closed month
  await page.goto('/finance/ledger/balance');
  const tb = page.getByTestId('trial-balance');
  await tb.getByRole('textbox').nth(0).fill(period);
  await tb.getByRole('textbox').nth(1).fill(period);
  await tb.getByRole('button', { name: '查询' }).click();
  await expect(page.getByTestId('trial-balance-check')).toContainText('试算平衡');
  await expect(tb).toContainText('本年利润');
  await expect(tb.locator('.semi-button-loading')).toHaveCount(0);
  await shot('trial-balance.png');

  // balance sheet: assets = liabilities + equity; income statement: revenue and profit of the month
  await page.goto('/finance/balance/sheet');
  const bs = page.getByTestId('statement-balance_sheet');
  await bs.getByRole('textbox').first().fill(period);
  await bs.getByRole('button', { name: '查询' }).click();
  await expect(page.getByTestId('statement-check')).toContainText('118,200.00 = 118,200.00');
  await expect(page.getByTestId('statement-check')).not.toContainText('不平衡');
  await expect(bs.locator('.semi-button-loading')).toHaveCount(0);
  await shot('balance-sheet.png');
  await page.goto('/finance/profit/list');
  const is = page.getByTestId('statement-income_statement');
  await is.getByRole('textbox').first().fill(period);
  await is.getByRole('button', { name: '查询' }).click();
  await expect(is.locator('tr', { hasText: '营业收入' }).first()).toContainText('10,000.00');
  await expect(is.locator('tr', { hasText: '净利润' }).first()).toContainText('3,200.00');
  await expect(is.locator('.semi-button-loading')).toHaveCount(0);
  await shot('income-statement.png');

  // the start period is closed: the openings are locked
  await page.goto('/finance/setting/initabala');
  await expect(page.getByTestId('opening-locked')).toBeVisible();
  await expect(page.getByTestId('opening-1001|')).toBeDisabled();

  // 反结账 back to the start period (账套主管): the period is open again and so are the openings
  await page.goto('/finance/carry/down');
  await page.getByTestId(`period-reopen-${period}`).click();
  await page.locator('.semi-modal').locator('button', { hasText: '确定' }).click();
  await expect(page.getByTestId('carry-message')).toContainText(`已反结账到 ${period}`);
  await expect(page.getByTestId('fin-current-period')).toHaveText(period);
  await page.goto('/finance/setting/initabala');
  await expect(page.getByTestId('opening-locked')).toHaveCount(0);
  await expect(page.getByTestId('opening-1001|')).toBeEnabled();
  expect(errors).toEqual([]);
});

/** The other finance screens on the demo book of the company (server/seed/finance.ts): each renders its data. */
test('finance screens on the demo book: settings, units, dimensions, items, words, collect, ledgers, daybook', async ({
  page,
}, info) => {
  test.setTimeout(120_000);
  const errors = collectPageErrors(page);
  const shot = (name: string) => page.screenshot({ path: info.outputPath(name), fullPage: true });

  // the company, where the administrator signs in, holds the demo book: the accounting home opens on it
  await signIn(page, 'admin', 'admin', '/accounting/home');
  await expect(page.getByTestId('fin-book-select')).toContainText('绿循再生 总账');
  await expect(page.getByTestId('fin-current-period')).toHaveText(/^\d{4}-\d{2}$/);
  await openInApp(page, '/finance/setting/system-config');

  // 财务参数: the book's switches and the chart (quantity accounts with their unit, 辅助核算)
  await expect(page.getByTestId('book-reviewRequired')).toBeVisible();
  const chart = page.getByTestId('chart');
  await expect(chart.locator('tr[data-code="140501"]')).toContainText('是（吨）');
  await expect(chart.locator('tr[data-code="1122"]')).toContainText('客户');
  await shot('system-config.png');

  // 期初余额 of the demo book: its start period is closed, so locked; quantities shown
  await openInApp(page, '/finance/setting/initabala');
  await expect(page.getByTestId('opening-locked')).toBeVisible();
  await expect(page.getByTestId('opening-check')).toContainText('试算平衡');
  await expect(page.locator('tr[data-code="140501"] input').last()).toHaveValue('30.0000');
  await shot('initabala-demo.png');

  await openInApp(page, '/finance/setting/unit');
  await expect(page.getByText('千克')).toBeVisible();
  await shot('unit.png');

  await openInApp(page, '/finance/setting/dimension');
  const customer = page.locator('tr', { hasText: '客户' }).first();
  await expect(customer).toBeVisible();
  await shot('dimension.png');
  await customer.getByTestId('dimension-items').click();
  await expect(page).toHaveURL(/\/finance\/setting\/assist-accounting\/\d+/);
  await expect(page.getByText('辅助核算项目：客户')).toBeVisible();
  await page.getByTestId('dimension-sync').click();
  await expect(page.getByText(/已从基础资料同步|基础资料已全部同步/)).toBeVisible();
  await expect(page.getByTestId('dimension-sync')).not.toHaveClass(/loading/);
  await shot('assist-accounting.png');
  await openInApp(page, '/finance/setting/assist-accounting/details');
  const details = page.getByTestId('fin-assist-accounting');
  await expect(details.getByText('辅助核算明细')).toBeVisible();
  await expect(details.getByText('BM001')).toBeVisible();
  await shot('assist-details.png');

  await openInApp(page, '/finance/voucher/type');
  await expect(page.getByText('记账凭证').first()).toBeVisible();
  await shot('voucher-type.png');

  await openInApp(page, '/finance/voucher/collect');
  await expect(page.getByTestId('collect-words')).toContainText('凭证');
  await expect(page.getByTestId('collect-table').locator('tr.is-total')).toBeVisible();
  await shot('voucher-collect.png');

  await openInApp(page, '/finance/subject/detail');
  await page.getByTestId('subsidiary-account').click();
  await page.keyboard.type('1122');
  await page.locator('.semi-select-option', { hasText: '应收账款' }).first().click();
  await expect(page.getByTestId('subsidiary-aux')).toBeVisible();
  await page.getByRole('button', { name: '查询' }).click();
  await expect(page.getByTestId('subsidiary-table')).toContainText('期初余额');
  await shot('subject-detail.png');

  await openInApp(page, '/finance/ledger/list');
  await expect(page.getByTestId('ledger-general').locator('[data-account="1001"]')).toBeVisible();
  await shot('ledger-list.png');

  await openInApp(page, '/accounting/daybook/list');
  await expect(page.getByTestId('ledger-cash')).toContainText('1001');
  await page.getByRole('tab', { name: '银行日记账' }).click();
  await expect(page.getByTestId('ledger-bank')).toContainText('100201');
  await shot('daybook.png');
  expect(errors).toEqual([]);
});
