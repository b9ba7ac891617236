import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { signIn } from './helpers.ts';
import { LEAVES, openClientSide } from './menu-walk.ts';

/**
 * Issue 26, every form control labelled: the 新增 dialog of every list leaf that has one (the list engine's
 * `crud-add`), checked by axe-core's form-name rules, and every control's accessible name in Chinese.
 */
const require = createRequire(import.meta.url);
const AXE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

async function axeViolations(page: Page, selector: string): Promise<string[]> {
  await page.evaluate(AXE); // CDP evaluation: the page's CSP allows no injected <script>
  return page.evaluate(async (sel) => {
    const w = window as unknown as {
      axe: {
        run: (el: Element, o: unknown) => Promise<{ violations: { id: string; nodes: { target: string[] }[] }[] }>;
      };
    };
    const el = document.querySelector(sel);
    if (!el) return [`${sel} not found`];
    const r = await w.axe.run(el, {
      runOnly: { type: 'rule', values: ['label', 'aria-input-field-name', 'select-name', 'button-name'] },
    });
    return r.violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`));
  }, selector);
}

test('every 新增 dialog of the list leaves: each control labelled, its accessible name in Chinese (axe)', async ({
  page,
}) => {
  test.setTimeout(25 * 60_000);
  await signIn(page);
  const found: string[] = [];
  let opened = 0;
  for (const leaf of LEAVES) {
    await openClientSide(page, leaf.path);
    const add = page.getByTestId('crud-add');
    if ((await add.count()) !== 1) continue;
    await add.click();
    const dialog = page.locator('.semi-modal').last();
    if (!(await dialog.isVisible().catch(() => false))) continue;
    opened++;
    await page.waitForTimeout(200);
    const bad = await axeViolations(page, '.semi-modal');
    const yaml = await page.getByRole('dialog').last().ariaSnapshot();
    const names = [
      ...yaml.matchAll(/- (textbox|combobox|checkbox|spinbutton|radio|switch|listbox)(?: "([^"]*)")?/g),
    ].map((m) => `${m[1]} ${m[2] ?? ''}`.trim());
    const notChinese = names.filter((n) => !/[\u4e00-\u9fa5]/.test(n));
    if (bad.length || notChinese.length)
      found.push(
        `${leaf.name} ${leaf.path}: ${[...bad, ...notChinese.map((n) => `无中文名称 ${n}`)].slice(0, 6).join('；')}`,
      );
    await page.keyboard.press('Escape');
    await page
      .locator('.semi-modal')
      .last()
      .waitFor({ state: 'hidden', timeout: 3000 })
      .catch(() => undefined);
  }
  expect(opened, 'dialogs opened').toBeGreaterThan(20);
  expect(found, found.join('\n')).toEqual([]);
});

test('the 新增应付单 dialog: every control with a visible label and a Chinese name (axe)', async ({ page }) => {
  await signIn(page);
  await page.goto('/accounting/payable/payable-order');
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
