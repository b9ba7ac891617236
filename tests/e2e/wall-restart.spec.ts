import { type ChildProcess, spawn } from 'node:child_process';
import type { Page } from '@playwright/test';
import { E2E_PORT } from '../../playwright.config.ts';
import { expect, test } from './fixtures.ts';

/**
 * A wall screen outlives its server (issue 15: "recovers by itself when the server restarts"): this spec runs its
 * own server process (own port and data dir, demo data), opens /visual/home, kills the server (SIGKILL, as a crash),
 * the screen keeps the last figures under the 数据更新中断 mark; the server starts again, a weighing completes, and
 * the screen — untouched — shows the new 过磅车次 without the mark. The page's clock is fake so the minute refresh
 * and the retry backoff pass in moments; the server and the network are real.
 */

// far from the E2E ports of engineers running side by side (each takes E2E_PORT and E2E_PORT + 1)
const PORT = E2E_PORT + 1000;
const BASE = `http://127.0.0.1:${PORT}`;
const DATA = `.tmp/e2e-restart-${PORT}`;
let server: ChildProcess | undefined;

function start(): ChildProcess {
  const p = spawn(process.execPath, ['server/start.mjs'], {
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: DATA,
      CAPTCHA_MODE: 'off',
      SCALE_SIMULATOR: '0',
      SEED_HISTORY: '0',
    },
    detached: true, // its own process group: the server and anything it starts are killed together
    stdio: 'ignore',
  });
  return p;
}

async function up(timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const ok = await fetch(`${BASE}/api/blade-auth/oauth/login-config`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server on ${PORT} did not start`);
}

function kill(p: ChildProcess | undefined): void {
  if (p?.pid) {
    try {
      process.kill(-p.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
}

test.beforeAll(async () => {
  test.setTimeout(150_000);
  const { rmSync } = await import('node:fs');
  rmSync(DATA, { recursive: true, force: true });
  server = start();
  await up(140_000); // first start: migrations and the demo data
});

test.afterAll(() => kill(server));

async function token(page: Page): Promise<string> {
  const c = await page.context().cookies(BASE);
  return c.find((x) => x.name === 'loopyard-access-token')?.value ?? '';
}

test('the main screen keeps its figures through a server restart and recovers by itself', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1920, height: 1080 });
  await page.goto(`${BASE}/login`);
  await page.getByPlaceholder('账号').fill('admin');
  await page.getByPlaceholder('密码').fill('admin');
  await page.getByPlaceholder('密码').press('Enter');
  await expect(page.getByTestId('sidebar')).toBeVisible();
  const started = Date.now();
  const headers = {
    'Blade-Auth': `bearer ${await token(page)}`,
    Authorization: `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`,
  };
  const get = async <T>(path: string) =>
    ((await (await fetch(`${BASE}${path}`, { headers })).json()) as { data: T }).data;
  const home = await get<{ todayFigures: { weighCount: number }; materials: { materialId: string }[] }>(
    '/api/izs-visual/home',
  );

  await page.clock.install();
  await page.goto(`${BASE}/visual/home`);
  const count = page.getByTestId('today-count');
  await expect(count).toContainText(String(home.todayFigures.weighCount));
  await expect(page.getByTestId('home-map')).toBeAttached(); // the map's chunk is in (a cut download: boundary.tsx)
  const lap = (what: string) => console.log(`${what}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  lap('screen up');

  kill(server); // a crash: no goodbye
  await page.clock.runFor(61_000); // the minute refresh fails
  await expect(page.getByTestId('wall-stale')).toBeVisible();
  await expect(count).toContainText(String(home.todayFigures.weighCount)); // the last figures stay
  await page.screenshot({ path: '.tmp/shots/restart-stale.png' });

  lap('stale shown');
  server = start();
  await up(45_000); // a loaded CI box: tsx, PGlite and the migrations check take 5–30 s
  lap('server up again');
  // the yard goes on: one more weighing completes on the restarted server (the session survived in the database)
  const board = await get<{ bridges: { id: string }[] }>('/api/izs-visual/data-board');
  const op = await get<{ suppliers: { partyId: string }[] }>('/api/izs-visual/operation?days=30');
  const post = async <T>(path: string, body: unknown) => {
    const r = await fetch(`${BASE}${path}`, {
      method: 'POST',
      headers: { ...headers, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    const j = (await r.json()) as { code: number; data: T; msg: string };
    expect(j.code, j.msg).toBe(200);
    return j.data;
  };
  const W = '/api/izs-weighing/loadometer-order';
  const first = await post<{ id: string }>(`${W}/first-pass`, {
    orderType: 'purchase',
    weighbridgeId: board.bridges[0].id,
    carNumber: '浙B55R03',
    weight: '28800',
    stable: true,
    partyId: op.suppliers[0].partyId,
    materialId: home.materials[0].materialId,
    impurityRate: '0',
  });
  await post(`${W}/second-pass`, { id: first.id, weight: '10400', stable: true, complete: 1 });

  // nobody touches the screen: the backoff retries (≤ 30 s of its clock) pick the server up
  await expect(async () => {
    await page.clock.runFor(10_000);
    await expect(count).toContainText(String(home.todayFigures.weighCount + 1), { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await expect(page.getByTestId('wall-stale')).toHaveCount(0);
  await page.screenshot({ path: '.tmp/shots/restart-recovered.png' });
  console.log(`restart test body: ${((Date.now() - started) / 1000).toFixed(1)} s`);
});
