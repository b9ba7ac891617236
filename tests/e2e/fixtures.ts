/**
 * The e2e suite's `test`: every Playwright worker has its own server (`npm start`'s server on a fresh data dir with
 * the demo, serving the built entries), so two workers never share a database and a spec sees the demo as a new
 * user would, whatever the other worker is doing. `baseURL` (and so `page.goto('/…')`, `request` and
 * `browser.newContext()`) points at the worker's server.
 *
 * A worker whose test failed is replaced by Playwright; its replacement starts a fresh server on the same port.
 * Specs import `test` and `expect` from here, not from '@playwright/test'.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { test as base, expect } from '@playwright/test';
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

export const test = base.extend<object, { workerServer: string }>({
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
  baseURL: async ({ workerServer }, use) => use(workerServer),
});
