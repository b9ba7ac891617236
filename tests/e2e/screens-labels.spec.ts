import { axeViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { signIn } from './helpers.ts';

/**
 * Issue 26, every form control labelled: the hand-built 新增应付单 dialog (the engine's 新增 dialogs of every list
 * leaf are checked by the walk, screens-walk.spec.ts).
 */
test('the 新增应付单 dialog: every control with a visible label and a Chinese name (axe)', async ({ page }) => {
  await signIn(page, 'admin', 'admin', '/accounting/payable/payable-order');
  await page.getByRole('button', { name: '新增应付单' }).click();
  const form = page.getByTestId('doc-manual-form');
  await expect(form).toBeVisible();
  for (const name of ['供应商', '单据日期', '价税合计（元）', '税率（%）', '摘要']) {
    await expect(form.locator('.ly-field-label', { hasText: name }).first(), `visible label ${name}`).toBeVisible();
  }
  await expect(form.getByRole('textbox', { name: '价税合计（元）' })).toBeVisible();
  await expect(form.getByRole('textbox', { name: '税率（%）' })).toBeVisible();
  expect(await axeViolations(page, '.semi-modal')).toEqual([]);
});
