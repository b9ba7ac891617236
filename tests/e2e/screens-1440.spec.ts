import { mkdirSync } from 'node:fs';
import { expect, test } from './fixtures.ts';
import { signIn } from './helpers.ts';
import { LEAVES, offScreen, openClientSide } from './menu-walk.ts';

/**
 * Issue 26, 1440×900: every list of the menu shows its key columns (number, party, 状态, 金额, and 毛利 / 逾期 /
 * 证件提醒 / 净重 where a list has them) without a sideways scroll, and no page scrolls sideways.
 * SHOTS_DIR=<dir> also saves a screenshot of every leaf with a table (before/after comparisons).
 */
const SHOTS = process.env.SHOTS_DIR;

test('1440×900: every list leaf keeps its key columns in view, no page scrolls sideways', async ({ page }) => {
  test.setTimeout(25 * 60_000);
  if (SHOTS) mkdirSync(SHOTS, { recursive: true });
  await signIn(page);
  expect(page.viewportSize()).toEqual({ width: 1440, height: 900 });
  const found: string[] = [];
  for (const leaf of LEAVES) {
    await openClientSide(page, leaf.path);
    const problems = await offScreen(page);
    if (problems.length) found.push(`${leaf.name} ${leaf.path}: ${problems.join('；')}`);
    if (SHOTS && (await page.locator('.ly-content .semi-table-wrapper').count())) {
      await page.screenshot({ path: `${SHOTS}/${leaf.path.slice(1).replaceAll('/', '-')}.png` });
    }
  }
  expect(found, found.join('\n')).toEqual([]);
});
