import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { expect, test } from './fixtures.ts';

/**
 * Issue 16's front-end weight: the JavaScript a browser fetches to show the login form, measured as the browser
 * loads it (every script request, preloads included), each file gzip-compressed at level 9 as `npm run bench` does.
 */
const LOGIN_BUDGET_KB = 133;
const dist = join(import.meta.dirname, '..', '..', 'dist');

test('the login page loads at most 133 kB gzip of JavaScript and none of the menu pages', async ({ page }) => {
  const scripts: string[] = [];
  page.on('response', (r) => {
    const url = new URL(r.url());
    if (url.pathname.endsWith('.js')) scripts.push(url.pathname);
  });
  await page.goto('/login');
  await expect(page.getByPlaceholder('账号')).toBeVisible();
  await page.waitForLoadState('networkidle');

  const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8')) as Record<
    string,
    { file: string }
  >;
  const pageMap = manifest['entries/admin/screens.ts']?.file;
  expect(pageMap, 'the page map is its own chunk').toBeTruthy();
  expect(scripts, 'the page map is not loaded before sign-in').not.toContain(`/${pageMap}`);

  const kb = scripts.reduce((sum, p) => sum + gzipSync(readFileSync(join(dist, p)), { level: 9 }).length, 0) / 1024;
  console.log(`login first-load JS: ${scripts.length} files, ${kb.toFixed(1)} kB gzip`);
  expect(kb).toBeGreaterThan(50); // the measurement saw the real bundle
  expect(kb).toBeLessThanOrEqual(LOGIN_BUDGET_KB);
});
