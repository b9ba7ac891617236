import { defineConfig } from '@playwright/test';

/**
 * End-to-end tests in Debian's Chromium against the real server (`npm start`'s server on a fresh data dir,
 * serving the built entries). No browser download: executablePath points at /usr/bin/chromium.
 * Two servers: the main one with the captcha off (so flows can sign in), one with the captcha on.
 */
/** E2E_PORT moves both servers (engineers running e2e side by side use different ports). */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 18080);
export const E2E_CAPTCHA_PORT = E2E_PORT + 1;
const server = (port: number, captcha: 'on' | 'off') => ({
  command: `rm -rf .tmp/e2e-${port} && npx tsx server/main.ts`,
  url: `http://127.0.0.1:${port}/api/blade-auth/oauth/login-config`,
  // SCALE_SIMULATOR=0: weighing specs start their own plugin link on a free port; nothing takes 9610
  env: {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: `.tmp/e2e-${port}`,
    // the suite runs on the build `npm test` made (server/platform/front-end-build.ts)
    BUILD_ON_START: '0',
    CAPTCHA_MODE: captcha,
    SCALE_SIMULATOR: '0',
  },
  reuseExistingServer: false,
  timeout: 90_000,
  stdout: 'ignore' as const,
  stderr: 'pipe' as const,
});

export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 45_000,
  expect: { timeout: 10_000 },
  workers: 1,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    viewport: { width: 1440, height: 900 },
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
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
  webServer: [server(E2E_PORT, 'off'), server(E2E_CAPTCHA_PORT, 'on')],
});
