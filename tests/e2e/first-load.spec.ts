import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { expect, test } from './fixtures.ts';

/**
 * Issue 16's front-end weight: the JavaScript a browser fetches to show the login form, measured as the browser
 * loads it (every script request, preloads included), each file gzip-compressed at level 9 as `npm run bench` does.
 */
const LOGIN_BUDGET_KB = 133;
/** Issue 25: the first load after sign-in — the admin entry, the shell layout and the home page — as `npm run bench`. */
const AFTER_SIGN_IN_BUDGET_KB = 200;
const dist = join(import.meta.dirname, '..', '..', 'dist');
// a first-time visitor's browser: nothing cached (fixtures.ts)
test.use({ freshContext: true });

interface Chunk {
  file: string;
  imports?: string[];
}

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

test('the first load after sign-in (admin entry + layout + home page) is at most 200 kB gzip', () => {
  const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8')) as Record<string, Chunk>;
  // the static closure of each, as the browser's module preload fetches it (bench/bundle-size.ts counts the same)
  const files = new Set<string>();
  const walk = (key: string) => {
    const chunk = manifest[key];
    expect(chunk, `${key} is in the build`).toBeTruthy();
    if (files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const i of chunk.imports ?? []) walk(i);
  };
  for (const key of ['entries/admin/index.html', 'features/shell/layout.tsx', 'screens/shell/dashboard.tsx']) walk(key);
  const js = [...files].filter((f) => f.endsWith('.js'));
  const kb = js.reduce((sum, f) => sum + gzipSync(readFileSync(join(dist, f)), { level: 9 }).length, 0) / 1024;
  console.log(`after sign-in first-load JS: ${js.length} files, ${kb.toFixed(1)} kB gzip`);
  expect(kb).toBeGreaterThan(100); // the measurement saw the real bundle
  expect(kb).toBeLessThanOrEqual(AFTER_SIGN_IN_BUDGET_KB);
});
