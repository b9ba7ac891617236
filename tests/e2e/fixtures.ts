/**
 * The e2e suite's `test`: every Playwright worker has its own server (`npm start`'s server on a fresh data dir with
 * the demo, serving the built entries), so two workers never share a database and a spec sees the demo as a new
 * user would, whatever the other worker is doing. `baseURL` (and so `page.goto('/…')`, `request` and
 * `browser.newContext()`) points at the worker's server.
 *
 * A worker whose test failed is replaced by Playwright; its replacement starts a fresh server on the same port.
 * A worker's tests share its Chromium profile, emptied before each test (`context` below), unless a test asks for a
 * fresh context. Specs import `test` and `expect` from here, not from '@playwright/test'.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { type BrowserContext, test as base, expect } from '@playwright/test';
import { E2E_PORT, workerServerEnv } from '../../playwright.config.ts';

export { expect };

/** The port of worker `index`'s server: beside E2E_PORT (18080) and the captcha server (E2E_PORT + 1). */
export const workerPort = (index: number) => E2E_PORT + 5 + index;

/** SEED_HISTORY=<months> (server/seed/history): the worker server makes the demo's history before it listens */
const HISTORY = Number(process.env.SEED_HISTORY || 0) > 0;

/** Waits until `url` answers 200; fails with the server's log when it exits or the time is up. */
export async function ready(
  url: string,
  child: ChildProcess,
  log: () => string,
  timeoutMs = HISTORY ? 900_000 : 240_000,
) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`e2e server exited (${child.exitCode}):\n${log()}`);
    try {
      const r = await fetch(url);
      if (r.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`e2e server not ready after ${timeoutMs} ms:\n${log()}`);
}

/**
 * A server of the suite on `port` (`npm start`'s server on a fresh data dir under .tmp, the demo seeded, the built
 * entries served), answering once it is ready; `stop` ends it.
 */
export async function startServer(
  port: number,
  captcha: 'on' | 'off' = 'off',
): Promise<{ origin: string; stop: () => Promise<void> }> {
  const own = workerServerEnv(port, captcha);
  rmSync(own.DATA_DIR, { recursive: true, force: true });
  // the captcha server needs no history; SEED_HISTORY=<months> reaches the worker servers
  const env = { ...process.env, ...own, ...(captcha === 'on' ? { SEED_HISTORY: '0' } : {}) };
  const child = spawn(process.execPath, ['server/start.mjs'], { env, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (c: Buffer) => {
    stderr = (stderr + c.toString()).slice(-8000);
  });
  const stop = async () => {
    child.kill('SIGTERM');
    await new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)));
  };
  const origin = `http://127.0.0.1:${port}`;
  try {
    await ready(`${origin}/api/blade-auth/oauth/login-config`, child, () => stderr);
  } catch (e) {
    await stop();
    throw e;
  }
  return { origin, stop };
}

/** The context options a test may change (test.use); a test that changes one gets a context of its own. */
type ProfileOptions = {
  viewport: { width: number; height: number } | null;
  locale: string | undefined;
  timezoneId: string | undefined;
  reducedMotion: 'reduce' | 'no-preference' | null | undefined;
};
const sameOptions = (a: ProfileOptions, b: ProfileOptions) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The test's browser context. By default every test of a worker gets the worker's Chromium profile on disk (its
 * cookies, storage and pages cleared before the test), not a new incognito context: V8 keeps the compiled code of
 * the app's scripts in the profile's code cache, so a test's first page does not compile React, Semi and the shell
 * again (measured: a new context and its first admin page 1.57–1.61 CPU-s, the profile 1.02–1.08). `freshContext`
 * (test.use) gives a test a new incognito context, as a first-time visitor has; so does a test that changes the
 * viewport, locale, time zone or motion.
 */
export const test = base.extend<
  { freshContext: boolean },
  { workerServer: string; workerProfile: { context: BrowserContext; options: ProfileOptions } }
>({
  workerServer: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixture's dependencies from this pattern
    async ({}, use, workerInfo) => {
      const server = await startServer(workerPort(workerInfo.parallelIndex));
      try {
        await use(server.origin);
      } finally {
        await server.stop();
      }
    },
    { scope: 'worker', timeout: HISTORY ? 930_000 : 270_000 },
  ],
  workerProfile: [
    async ({ playwright, launchOptions, workerServer }, use, workerInfo) => {
      const { use: config } = workerInfo.project;
      const options: ProfileOptions = {
        viewport: config.viewport ?? null,
        locale: config.locale,
        timezoneId: config.timezoneId,
        reducedMotion: config.reducedMotion,
      };
      const dir = `.tmp/e2e-profile-${workerInfo.workerIndex}`;
      rmSync(dir, { recursive: true, force: true });
      const context = await playwright.chromium.launchPersistentContext(dir, {
        ...launchOptions,
        ...options,
        baseURL: workerServer,
      });
      try {
        await use({ context, options });
      } finally {
        await context.close();
        rmSync(dir, { recursive: true, force: true });
      }
    },
    { scope: 'worker' },
  ],
  freshContext: [false, { option: true }],
  context: async (
    { workerProfile, freshContext, browser, viewport, locale, timezoneId, reducedMotion, baseURL },
    use,
  ) => {
    const wanted: ProfileOptions = { viewport, locale, timezoneId, reducedMotion };
    if (freshContext || !sameOptions(wanted, workerProfile.options)) {
      const own = await browser.newContext({ ...wanted, baseURL });
      await use(own);
      await own.close();
      return;
    }
    const { context } = workerProfile;
    await resetProfile(context);
    // (`screenshot: 'only-on-failure'` still shoots the test's pages when it fails: Playwright follows every context)
    await use(context);
    for (const p of context.pages()) await p.close();
  },
  baseURL: async ({ workerServer }, use) => use(workerServer),
});

/**
 * The profile as a new context has it: no page, no cookie, nothing stored for any origin a test opened (local
 * storage, IndexedDB), no permission or route a test set. The HTTP cache and V8's code cache stay. (An empty storage
 * state costs 0.005 CPU-s; clearing each origin through a page's DevTools session cost 0.065.)
 */
async function resetProfile(context: BrowserContext) {
  for (const p of context.pages()) await p.close();
  await context.setStorageState({ cookies: [], origins: [] });
  await context.clearPermissions();
  await context.unrouteAll({ behavior: 'ignoreErrors' });
}
