import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';

/**
 * End-to-end tests in Debian's Chromium against the real server (`npm start`'s server on a fresh data dir,
 * serving the built entries). No browser download: executablePath points at Debian's Chromium (CHROMIUM_PATH).
 * Each worker starts its own server with the captcha off (tests/e2e/fixtures.ts: two workers never share a
 * database); the captcha's test starts one with it on when it runs (shell.spec.ts), not before the suite.
 */
/** E2E_PORT moves the servers (engineers running e2e side by side use different ports; see fixtures.ts). */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 18080);
export const E2E_CAPTCHA_PORT = E2E_PORT + 1;
/**
 * E2E_WORKERS: how many specs run side by side, each with its own server. 1 by default (an engineer running a spec
 * beside other work); `npm test` runs this suite alone on the machine with E2E_WORKERS=2 (tests/run-all.ts).
 */
const WORKERS = Number(process.env.E2E_WORKERS ?? 1);

/** The environment of an e2e server on `port` (a fresh data dir under .tmp). */
export function workerServerEnv(port: number, captcha: 'on' | 'off' = 'off'): Record<string, string> {
  return {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: `.tmp/e2e-${port}`,
    // the suite runs on the build `npm test` made (server/platform/front-end-build.ts)
    BUILD_ON_START: '0',
    CAPTCHA_MODE: captcha,
    // weighing specs start their own plugin link on a free port; nothing takes 9610
    SCALE_SIMULATOR: '0',
    // the tests' fixture demo (server/seed), not the year of history `npm start` opens; SEED_HISTORY=<months> runs
    // the suite on the history (one-figure.spec's history test)
    SEED_HISTORY: process.env.SEED_HISTORY || '0',
  };
}

/**
 * The browser: CHROMIUM_PATH, else Debian's `chromium-headless-shell` when installed, else its `chromium`. The shell is
 * the same Chromium build (one Debian source package) without the desktop browser around it — what Playwright itself
 * runs headless. Measured here on the whole suite (111 tests, 2 workers, issue 23's loop): 372 s against 419 s with
 * `chromium --headless`; a new context and its first page cost 0.25 CPU-s against 0.55–1.0 (browser process 0.06
 * against 0.28). Lighthouse keeps the full `chromium` (lighthouserc.json): its figures are a real browser's.
 */
const CHROMIUM =
  process.env.CHROMIUM_PATH ??
  (existsSync('/usr/bin/chromium-headless-shell') ? '/usr/bin/chromium-headless-shell' : '/usr/bin/chromium');

export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 45_000,
  expect: { timeout: 10_000 },
  workers: WORKERS,
  // one retry: two workers, their servers and the PostgreSQL pass share 2 cores; a test that fails twice fails, and
  // the list reporter names every test that needed its retry (flaky)
  retries: Number(process.env.E2E_RETRIES ?? 1),
  reporter: [['list']],
  use: {
    // baseURL: each worker's own server (tests/e2e/fixtures.ts)
    viewport: { width: 1440, height: 900 },
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    screenshot: 'only-on-failure',
    // the system's "reduce motion" (features/ui/motion.css): transitions end at once and charts draw without animation,
    // so a test waits for no animation and the software-rendered frames they cost (issue 23's loop: with the sign-in
    // below, 381 → 353 s for the suite); E2E_MOTION=1 runs with motion, as most users see it
    reducedMotion: process.env.E2E_MOTION ? 'no-preference' : 'reduce',
    launchOptions: {
      executablePath: CHROMIUM,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
});
