/**
 * Scale-out proven (issue 16): two API processes, A and B, on one PostgreSQL database with RabbitMQ Web-STOMP as
 * BROKER_URL (playwright.scale-out.config.ts starts both at once on the empty database; run with
 * `npm run test:scale-out`). Real servers, real PostgreSQL and RabbitMQ, Debian's Chromium:
 *
 * - a weight sent through A — by a browser signed in on A, and by the scale bridge signed in at A — reaches a browser
 *   signed in on B (each browser's department channel is the product's DeptChannel on its own server's socket-config);
 * - a logout through A is honoured by B: B refuses the access token within a second and the refresh token at once,
 *   and the browser on B lands on the login page;
 * - voucher numbers stay gapless and unique when A and B save vouchers of one book and period at once (a period
 *   that already has vouchers, and a new one whose counter row both processes create at once).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, type BrowserContext, expect, type Page, test } from '@playwright/test';
import { build } from 'vite';
import { PORT_A, PORT_B, SCALE_OUT_PORT } from '../../playwright.scale-out.config.ts';

const A = `http://127.0.0.1:${PORT_A}`;
const B = `http://127.0.0.1:${PORT_B}`;
const ROOT = join(import.meta.dirname, '..', '..');
const BASIC = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`;
const TENANT = '000000';
const ACCESS_COOKIE = 'loopyard-access-token';

// ---------------------------------------------------------------- HTTP helpers (plain fetch, no browser)

interface R<T = unknown> {
  status: number;
  body: { code: number; success: boolean; data: T; msg: string };
}

async function api<T = unknown>(
  base: string,
  path: string,
  opts: { token?: string; method?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<R<T>> {
  const headers: Record<string, string> = { Authorization: BASIC, ...(opts.headers ?? {}) };
  if (opts.token) headers['Blade-Auth'] = `bearer ${opts.token}`;
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(new URL(path, base), {
    method: opts.method ?? (opts.body !== undefined ? 'POST' : 'GET'),
    headers,
    body: opts.body !== undefined ? JSON.stringify(opts.body) : undefined,
  });
  return { status: res.status, body: await res.json() };
}

interface Tokens {
  access_token: string;
  refresh_token: string;
}

/** Password grant (the servers run with the captcha off). */
async function signInApi(base: string, account = 'admin', password = 'admin'): Promise<Tokens> {
  const q = new URLSearchParams({
    tenantId: TENANT,
    username: account,
    password: createHash('md5').update(password).digest('hex'),
    grant_type: 'password',
    scope: 'all',
    type: 'account',
  });
  const res = await fetch(`${base}/api/blade-auth/oauth/token?${q}`, {
    method: 'POST',
    headers: { Authorization: BASIC, 'Tenant-Id': TENANT },
  });
  const body = (await res.json()) as Tokens;
  expect(res.status, JSON.stringify(body)).toBe(200);
  return body;
}

async function refreshGrant(base: string, refreshToken: string): Promise<number> {
  const q = new URLSearchParams({
    grant_type: 'refresh_token',
    refresh_token: refreshToken,
    tenant: TENANT,
    scope: 'all',
  });
  const res = await fetch(`${base}/api/blade-auth/oauth/token?${q}`, {
    method: 'POST',
    headers: { Authorization: BASIC, 'Tenant-Id': TENANT },
  });
  await res.text();
  return res.status;
}

interface DeptNode {
  id: string;
  deptName: string;
  children?: DeptNode[];
}

async function deptId(base: string, token: string, name: string): Promise<string> {
  const r = await api<DeptNode[]>(base, '/api/blade-system/dept/list', { token });
  const walk = (ns: DeptNode[]): DeptNode | undefined => {
    for (const n of ns) {
      const hit = n.deptName === name ? n : walk(n.children ?? []);
      if (hit) return hit;
    }
    return undefined;
  };
  const d = walk(r.body.data);
  if (!d) throw new Error(`no department ${name}: ${JSON.stringify(r.body)}`);
  return d.id;
}

// ---------------------------------------------------------------- browser helpers

/** Sign in through the real login form of the page's server. */
async function signIn(page: Page, base: string, account = 'admin', password = 'admin') {
  await page.goto(`${base}/login`);
  await page.getByPlaceholder('账号').fill(account);
  await page.getByPlaceholder('密码').fill(password);
  await page.getByPlaceholder('密码').press('Enter');
  await expect(page).not.toHaveURL(/\/login/);
  await expect(page.getByTestId('sidebar')).toBeVisible();
}

async function accessTokenOf(context: BrowserContext): Promise<string> {
  const c = (await context.cookies()).find((x) => x.name === ACCESS_COOKIE);
  if (!c) throw new Error('no access-token cookie');
  return decodeURIComponent(c.value);
}

/**
 * The product's department channel (features/weighing/dept-channel.ts, with @stomp/stompjs) bundled for the page.
 * No screen opens the channel yet, so the test loads it into the signed-in admin page; evaluated through the
 * DevTools protocol (not an inline script), so the page's own CSP still governs its WebSocket (connect-src).
 */
let channelBundle: string | undefined;
async function deptChannelBundle(): Promise<string> {
  if (channelBundle) return channelBundle;
  const out = await build({
    configFile: false,
    root: ROOT,
    logLevel: 'silent',
    build: {
      write: false,
      minify: false,
      lib: {
        entry: join(ROOT, 'features/weighing/dept-channel.ts'),
        formats: ['iife'],
        name: 'LoopyardDeptChannel',
        fileName: () => 'dept-channel.js',
      },
    },
  });
  const first = Array.isArray(out) ? out[0] : out;
  if (!('output' in first)) throw new Error('vite build answered a watcher');
  channelBundle = first.output[0].code;
  return channelBundle;
}

interface Delivery {
  sender: string;
  content?: string;
  type: string;
}

/**
 * Opens the department channel in a signed-in page: socket-config from the page's own server (with the page's
 * token), then DeptChannel.connect(); every delivery is kept in `window.__deliveries`. Answers the socket-config.
 */
async function openChannel(page: Page, dept: string) {
  await page.evaluate(await deptChannelBundle());
  return page.evaluate(
    async ({ dept, tenant, basic, cookie }) => {
      const token = decodeURIComponent(
        document.cookie
          .split('; ')
          .find((c) => c.startsWith(`${cookie}=`))
          ?.slice(cookie.length + 1) ?? '',
      );
      const res = await fetch('/api/izs-weighing/socket-config', {
        headers: { Authorization: basic, 'Blade-Auth': `bearer ${token}` },
      });
      const config = (await res.json()).data;
      // biome-ignore lint/suspicious/noExplicitAny: the bundle's global and the test's own slots on window
      const w = window as any;
      w.__deliveries = [];
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('channel did not connect in 15 s')), 15_000);
        w.__channel = new w.LoopyardDeptChannel.DeptChannel({
          config,
          token,
          tenantId: tenant,
          deptId: dept,
          onMessage: (m: unknown) => w.__deliveries.push(m),
          onConnected: () => {
            clearTimeout(timer);
            resolve();
          },
          onError: (m: string) => {
            clearTimeout(timer);
            reject(new Error(`STOMP ERROR: ${m}`));
          },
        });
        w.__channel.connect();
      });
      return config as { mode: string; brokerUrl: string; destinations: { subscribe: string } };
    },
    { dept, tenant: TENANT, basic: BASIC, cookie: ACCESS_COOKIE },
  );
}

const deliveries = (page: Page) =>
  page.evaluate(() => (window as unknown as { __deliveries: Delivery[] }).__deliveries.slice());

async function newPage(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext();
  return { context, page: await context.newPage() };
}

// ---------------------------------------------------------------- tests

test('both processes serve one database and one signing key', async () => {
  // one seed although both started at once on the empty database (the startup lock), one key for both
  const a = await signInApi(A);
  const onB = await api<{ account: string }>(B, '/api/blade-system/user/info', { token: a.access_token });
  expect(onB.status).toBe(200);
  expect(onB.body.data.account).toBe('admin');
  const depts = async (base: string) =>
    (await api<DeptNode[]>(base, '/api/blade-system/dept/list', { token: a.access_token })).body.data;
  expect(await depts(B)).toEqual(await depts(A));
  expect((await depts(A)).length).toBe(2); // the company and its branch: the seed ran once
});

test('a weight sent through A reaches a browser signed in on B (RabbitMQ)', async ({ browser }) => {
  const onA = await newPage(browser);
  const onB = await newPage(browser);
  let bridge: ChildProcess | undefined;
  const tokenDir = mkdtempSync(join(tmpdir(), 'loopyard-scale-out-'));
  try {
    await signIn(onB.page, B);
    await signIn(onA.page, A, 'manager', '123456');
    const token = await accessTokenOf(onB.context);
    const dept = await deptId(B, token, '过磅中心');

    const cfgB = await openChannel(onB.page, dept);
    const cfgA = await openChannel(onA.page, dept);
    for (const cfg of [cfgA, cfgB]) {
      expect(cfg).toMatchObject({ mode: 'external', brokerUrl: process.env.TEST_BROKER_URL });
      expect(cfg.destinations.subscribe).toBe('/topic/public.{tenantId}.{deptId}');
    }

    // 1. the browser on A publishes on its channel; the browser on B receives it (resend until B's subscription
    //    is live at the broker: a topic keeps nothing for late subscribers)
    const value = String(30_000 + (Date.now() % 10_000));
    await expect
      .poll(
        async () => {
          await onA.page.evaluate(
            (v) => (window as unknown as { __channel: { sendWeight(c: string): boolean } }).__channel.sendWeight(v),
            value,
          );
          return (await deliveries(onB.page)).filter((d) => d.type === 'CHAT' && d.content === value).length;
        },
        { timeout: 15_000, intervals: [300] },
      )
      .toBeGreaterThan(0);
    const got = (await deliveries(onB.page)).find((d) => d.content === value);
    expect(got).toEqual({ sender: dept, content: value, type: 'CHAT' });

    // 2. the scale bridge, signed in at A with a refresh token, publishes the simulated scale's readings
    const tokenFile = join(tokenDir, 'refresh-token');
    const firstRefresh = (await signInApi(A)).refresh_token;
    writeFileSync(tokenFile, firstRefresh);
    const log: string[] = [];
    bridge = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        'tools/scale-bridge/main.ts',
        '--simulate',
        '--seed',
        '7',
        '--speed',
        '5',
        '--scale',
        `scale-out-${SCALE_OUT_PORT}`,
        '--plugin-port',
        '0',
        '--broker',
        String(process.env.TEST_BROKER_URL),
        '--broker-mode',
        'external',
        '--broker-login',
        String(process.env.TEST_BROKER_LOGIN ?? ''),
        '--broker-passcode',
        String(process.env.TEST_BROKER_PASSCODE ?? ''),
        '--dept',
        dept,
        '--tenant',
        TENANT,
        '--token-file',
        tokenFile,
        '--server',
        A,
      ],
      { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    bridge.stdout?.on('data', (d) => log.push(String(d)));
    bridge.stderr?.on('data', (d) => log.push(String(d)));
    try {
      await expect
        .poll(
          async () =>
            (await deliveries(onB.page))
              .filter((d) => d.type === 'CHAT' && d.content?.startsWith('{'))
              .map((d) => JSON.parse(d.content!) as { scale?: string; unit?: string })
              .filter((w) => w.scale === `scale-out-${SCALE_OUT_PORT}` && w.unit === 'kg').length,
          { timeout: 30_000, message: 'no reading of the bridge reached the browser on B' },
        )
        .toBeGreaterThan(0);
    } catch (e) {
      throw new Error(`${(e as Error).message}\nbridge log:\n${log.join('')}`);
    }
    expect(log.join('')).toContain('上游已连接');
    // the bridge signed in at A with the refresh grant (rotation: the file now holds a new refresh token)
    expect(readFileSync(tokenFile, 'utf8').trim()).not.toBe(firstRefresh);
  } finally {
    bridge?.kill('SIGTERM');
    rmSync(tokenDir, { recursive: true, force: true });
    await onA.context.close();
    await onB.context.close();
  }
});

test('a logout through A is honoured by B', async ({ browser }) => {
  const onB = await newPage(browser);
  const onA = await newPage(browser);
  let polling = true;
  try {
    await signIn(onB.page, B);
    const token = await accessTokenOf(onB.context);
    const refresh = (await onB.context.cookies()).find((c) => c.name === 'loopyard-refresh-token');
    expect(refresh).toBeTruthy();
    // the same session in a second browser that talks to A (cookies are per host, so behind one proxy both
    // processes see them; here the second browser gets a copy)
    await onA.context.addCookies(await onB.context.cookies());
    await onA.page.goto(`${A}/dashboard`);
    await expect(onA.page.getByTestId('sidebar')).toBeVisible();
    expect((await api(B, '/api/blade-system/user/info', { token })).status).toBe(200);

    // B keeps answering the session while it is logged out on A: B has always just verified it (a live session is
    // trusted for up to a second), so the time B takes to refuse it is the cross-process delay
    let refusedAt = 0;
    const poller = (async () => {
      while (polling && !refusedAt) {
        if ((await api(B, '/api/blade-system/user/info', { token })).status === 401) refusedAt = Date.now();
        else await new Promise((r) => setTimeout(r, 50));
      }
    })();
    const logoutAnswer = onA.page.waitForResponse((r) => r.url().startsWith(`${A}/api/blade-auth/oauth/logout`));
    await onA.page.getByTestId('avatar').click();
    await onA.page.getByText('退出登录', { exact: true }).click();
    expect((await logoutAnswer).status()).toBe(200);
    const loggedOut = Date.now();
    await expect(onA.page).toHaveURL(/\/login/);
    await expect
      .poll(() => refusedAt, { timeout: 5_000, message: 'B still accepts the token 5 s after the logout' })
      .toBeGreaterThan(0);
    polling = false;
    await poller;
    console.log(`B refused the logged-out token ${refusedAt - loggedOut} ms after the logout on A answered`);
    expect(refusedAt - loggedOut).toBeLessThan(2_000); // ≤ 1 s by design; slack for a loaded machine
    // and the refresh token at once
    expect(await refreshGrant(B, decodeURIComponent(refresh!.value))).not.toBe(200);

    // the browser on B, which still holds the tokens, is sent to the login page at its next request
    await onB.page.reload();
    await expect(onB.page).toHaveURL(/\/login/);
  } finally {
    polling = false;
    await onA.context.close();
    await onB.context.close();
  }
});

interface Book {
  id: string;
  name: string;
  currentPeriod: string;
}

test('voucher numbers stay gapless when A and B save vouchers at once', async () => {
  const { access_token: token } = await signInApi(A);
  // the demo book belongs to the company (the organisation the administrator signs in to)
  const finance = await deptId(A, token, '绿循再生资源有限公司');
  const books = await api<Book[]>(A, '/api/izs-financing/account-set/list', {
    token,
    headers: { 'Current-Dept-Id': finance },
  });
  const book = books.body.data.find((b) => b.name === '绿循再生 总账');
  expect(book, JSON.stringify(books.body)).toBeTruthy();
  const headers = { 'Current-Dept-Id': finance, 'Current-Account-Set-Id': book!.id };
  const [y, m] = book!.currentPeriod.split('-').map(Number);
  const next = `${m === 12 ? y + 1 : y}-${String(m === 12 ? 1 : m + 1).padStart(2, '0')}`;
  const PER_SERVER = 12;

  // the current period already has the demo's vouchers; the next one has none (both create its counter at once)
  for (const period of [book!.currentPeriod, next]) {
    const date = `${period}-15`;
    const before = await api<{ no: number }>(
      B,
      `/api/izs-financing/voucher/next-no?word=${encodeURIComponent('记')}&date=${date}`,
      {
        token,
        headers,
      },
    );
    const first = before.body.data.no;
    const save = (base: string, i: number) =>
      api<{ no: number; period: string }>(base, '/api/izs-financing/voucher/save', {
        token,
        headers,
        body: {
          word: '记',
          voucherDate: date,
          attachments: 0,
          lines: [
            { summary: `并发凭证 ${base === A ? 'A' : 'B'}${i}`, accountCode: '560205', debit: `${i + 1}.00` },
            { summary: `并发凭证 ${base === A ? 'A' : 'B'}${i}`, accountCode: '1001', credit: `${i + 1}.00` },
          ],
        },
      });
    const saved = await Promise.all(
      Array.from({ length: PER_SERVER * 2 }, (_, i) => save(i % 2 === 0 ? A : B, Math.floor(i / 2))),
    );
    for (const s of saved) expect(s.status, JSON.stringify(s.body)).toBe(200);
    const nos = saved.map((s) => s.body.data.no).sort((a, b) => a - b);
    expect(nos).toEqual(Array.from({ length: PER_SERVER * 2 }, (_, i) => first + i));

    // the whole period, read through the other process: 1..n, no gap, no duplicate
    const all = await api<{ no: number; word: string }[]>(A, `/api/izs-financing/voucher/numbers?period=${period}`, {
      token,
      headers,
    });
    const periodNos = all.body.data
      .filter((v) => v.word === '记')
      .map((v) => v.no)
      .sort((a, b) => a - b);
    expect(periodNos).toEqual(Array.from({ length: periodNos.length }, (_, i) => i + 1));
    expect(periodNos.length).toBe(first - 1 + PER_SERVER * 2);
  }
});
