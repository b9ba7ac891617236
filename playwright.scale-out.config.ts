import { defineConfig } from '@playwright/test';
import base from './playwright.config.ts';

/**
 * The scale-out suite (tests/scale-out/): two API processes (`npm start`'s server, A and B) on one PostgreSQL
 * database and RabbitMQ Web-STOMP as BROKER_URL, driven with Debian's Chromium. Run it with
 * `npm run test:scale-out`: tests/scale-out/run.ts creates the database (SCALE_OUT_DATABASE_URL), runs this config
 * and drops the database; it skips with one line when TEST_DATABASE_URL / TEST_BROKER_URL are not set.
 * The main e2e run (playwright.config.ts) is not affected.
 */
/** SCALE_OUT_PORT moves both servers (A on it, B on the next port). */
export const SCALE_OUT_PORT = Number(process.env.SCALE_OUT_PORT ?? 18084);
export const PORT_A = SCALE_OUT_PORT;
export const PORT_B = SCALE_OUT_PORT + 1;

const databaseUrl = process.env.SCALE_OUT_DATABASE_URL;
if (!databaseUrl) {
  throw new Error('SCALE_OUT_DATABASE_URL is not set: run the suite with `npm run test:scale-out`');
}

const server = (port: number) => ({
  command: `rm -rf .tmp/scale-out-${port} && npx tsx server/main.ts`,
  url: `http://127.0.0.1:${port}/api/blade-auth/oauth/login-config`,
  env: {
    PORT: String(port),
    HOST: '127.0.0.1',
    // uploads only: the data lives in PostgreSQL, the signing key too (no JWT_SECRET: the processes share the kept one)
    DATA_DIR: `.tmp/scale-out-${port}`,
    BUILD_ON_START: '0',
    DATABASE_URL: databaseUrl,
    BROKER_URL: process.env.TEST_BROKER_URL ?? '',
    BROKER_LOGIN: process.env.TEST_BROKER_LOGIN ?? '',
    BROKER_PASSCODE: process.env.TEST_BROKER_PASSCODE ?? '',
    CAPTCHA_MODE: 'off',
    SEED_HISTORY: '0', // the fixture demo: the year's history would be made on PostgreSQL at the first start
  },
  reuseExistingServer: false,
  timeout: 120_000,
  stdout: 'ignore' as const,
  stderr: 'pipe' as const,
});

export default defineConfig({
  testDir: 'tests/scale-out',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  workers: 1,
  retries: 0,
  reporter: [['list']],
  use: { ...base.use, baseURL: `http://127.0.0.1:${PORT_B}` },
  // both start at once on the empty database: migrations and the seed run once, under the startup lock
  webServer: [server(PORT_A), server(PORT_B)],
});
