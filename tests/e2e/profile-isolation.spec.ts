import { expect, test } from './fixtures.ts';
import { signIn } from './helpers.ts';

/**
 * A worker's tests share its Chromium profile (fixtures.ts): what one test leaves — a session cookie, local storage,
 * IndexedDB, a granted permission — is gone for the next, as in a new context; the compiled scripts stay.
 */
test.describe.configure({ mode: 'serial' });

test('a test signs in and leaves storage, a database and a permission behind', async ({ page, context }) => {
  await signIn(page);
  await page.evaluate(async () => {
    localStorage.setItem('left-behind', '1');
    await new Promise((done) => {
      const r = indexedDB.open('left-behind', 1);
      r.onupgradeneeded = () => r.result.createObjectStore('s');
      r.onsuccess = () => {
        r.result.close();
        done(null);
      };
    });
  });
  await context.grantPermissions(['clipboard-read']);
  expect((await context.cookies()).map((c) => c.name)).toContain('loopyard-access-token');
});

test('the next test of the worker starts signed out, with nothing stored and no permission', async ({
  page,
  context,
}) => {
  expect(await context.cookies()).toEqual([]);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login/); // the guard: no session
  const left = await page.evaluate(async () => ({
    storage: localStorage.getItem('left-behind'),
    databases: (await indexedDB.databases()).map((d) => d.name),
    clipboard: (await navigator.permissions.query({ name: 'clipboard-read' as PermissionName })).state,
  }));
  expect(left).toEqual({ storage: null, databases: [], clipboard: 'prompt' });
});
