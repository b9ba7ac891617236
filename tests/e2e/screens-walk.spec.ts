import { mkdirSync } from 'node:fs';
import { axeViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { signIn } from './helpers.ts';
import { FOREIGN_DATE, LEAVES, offScreen, openClientSide, UNGROUPED } from './menu-walk.ts';

/**
 * Issue 26, one walk over every menu leaf at 1440×900 (one visit a leaf: the walk is the e2e suite's longest part,
 * issue 23's loop), three checks on each page:
 *  - formats: no amount ≥ 1,000 written ungrouped (283575.00), no date in the browser's own format, no native
 *    date input;
 *  - 1440 px: the key columns (number, party, 状态, 金额, and 毛利 / 逾期 / 证件提醒 / 净重 where a list has
 *    them) in view without a sideways scroll, and no page scrolling sideways;
 *  - labels: every control of the page (search bars included) named, axe-core's form-name rules, and no name in
 *    English; and the list's 新增 dialog (the engine's `crud-add`), where it has one, checked by axe-core's
 *    form-name rules, and every control's accessible name in Chinese.
 * Each check keeps its own list of findings and fails on its own (soft assertions), so one walk names them all.
 * SHOTS_DIR=<dir> also saves a screenshot of every leaf with a table (before/after comparisons).
 */
const SHOTS = process.env.SHOTS_DIR;

test('every menu leaf at 1440×900: grouped money and Chinese dates, key columns in view, a labelled 新增 dialog', async ({
  page,
}) => {
  test.setTimeout(30 * 60_000);
  if (SHOTS) mkdirSync(SHOTS, { recursive: true });
  await signIn(page);
  expect(page.viewportSize()).toEqual({ width: 1440, height: 900 });
  const formats: string[] = [];
  const offView: string[] = [];
  const labels: string[] = [];
  let dialogs = 0;
  for (const leaf of LEAVES) {
    const where = `${leaf.name} ${leaf.path}`;
    await openClientSide(page, leaf.path);

    const text = await page.locator('#root').innerText();
    const nativeDates = await page.locator('input[type=date]').count();
    const bad = [...new Set([...(text.match(UNGROUPED) ?? []), ...(text.match(FOREIGN_DATE) ?? [])])];
    if (bad.length || nativeDates)
      formats.push(`${where}: ${bad.slice(0, 5).join(' ')}${nativeDates ? ' <input type=date>' : ''}`);

    const unnamed = await axeViolations(page, '.ly-content');
    if (unnamed.length) labels.push(`${where}（页面）: ${unnamed.slice(0, 6).join('；')}`);
    // names in English (Semi's own: "selected" on a select with a value, Previous / Page 2 on a table's pager)
    const english = await page.locator('.ly-content').evaluate((root) =>
      [...root.querySelectorAll('[aria-label]')]
        .filter((e) => e.getAttribute('role') !== 'img')
        .map((e) => e.getAttribute('aria-label') ?? '')
        .filter((n) => /[A-Za-z]/.test(n) && !/[\u4e00-\u9fa5]/.test(n)),
    );
    if (english.length) labels.push(`${where}（英文名称）: ${[...new Set(english)].slice(0, 6).join('；')}`);

    const problems = await offScreen(page);
    if (problems.length) offView.push(`${where}: ${problems.join('；')}`);
    if (SHOTS && (await page.locator('.ly-content .semi-table-wrapper').count())) {
      await page.screenshot({ path: `${SHOTS}/${leaf.path.slice(1).replaceAll('/', '-')}.png` });
    }

    const add = page.getByTestId('crud-add');
    if ((await add.count()) !== 1) continue;
    await add.click();
    const dialog = page.locator('.semi-modal').last();
    if (!(await dialog.isVisible().catch(() => false))) continue;
    dialogs++;
    // its opening has ended (no transition or animation left in it: the tests run with reduced motion); an animation
    // the dialog cancels as it re-renders rejects `finished` with an AbortError, and has ended all the same
    await dialog.evaluate((el) =>
      Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished.catch(() => undefined))),
    );
    const violations = await axeViolations(page, '.semi-modal');
    const yaml = await page.getByRole('dialog').last().ariaSnapshot();
    const names = [
      ...yaml.matchAll(/- (textbox|combobox|checkbox|spinbutton|radio|switch|listbox)(?: "([^"]*)")?/g),
    ].map((m) => `${m[1]} ${m[2] ?? ''}`.trim());
    const notChinese = names.filter((n) => !/[\u4e00-\u9fa5]/.test(n));
    if (violations.length || notChinese.length)
      labels.push(`${where}: ${[...violations, ...notChinese.map((n) => `无中文名称 ${n}`)].slice(0, 6).join('；')}`);
    await page.keyboard.press('Escape');
    await page
      .locator('.semi-modal')
      .last()
      .waitFor({ state: 'hidden', timeout: 3000 })
      .catch(() => undefined);
  }
  expect.soft(formats, `formats:\n${formats.join('\n')}`).toEqual([]);
  expect.soft(offView, `1440 px:\n${offView.join('\n')}`).toEqual([]);
  expect.soft(dialogs, '新增 dialogs opened').toBeGreaterThan(20);
  expect.soft(labels, `labels:\n${labels.join('\n')}`).toEqual([]);
});
