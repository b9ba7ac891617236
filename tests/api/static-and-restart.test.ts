// @vitest-environment node
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { DataDirLockedError, openDatabase } from '../../server/db/client.ts';
import { boot, call, login, type TestApp } from './helpers.ts';

const tmp = mkdtempSync(join(tmpdir(), 'loopyard-static-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

function fakeDist(): string {
  const dist = join(tmp, 'dist');
  for (const e of ['admin', 'visual', 'print', 'trace']) {
    mkdirSync(join(dist, 'entries', e), { recursive: true });
    writeFileSync(join(dist, 'entries', e, 'index.html'), `<!doctype html><title>${e}</title>`);
    writeFileSync(join(dist, 'entries', e, 'index.html.gz'), gzipSync(`<!doctype html><title>${e}</title>`));
  }
  mkdirSync(join(dist, 'assets'), { recursive: true });
  writeFileSync(join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
  writeFileSync(join(dist, 'assets', 'app-abc123.js.gz'), gzipSync('console.log(1)'));
  return dist;
}

/** A GET with exactly these headers (fetch always sends Accept-Encoding; curl and wget do not). */
function rawGet(url: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; type: string; encoding: string; body: Buffer }>((resolve, reject) => {
    const req = request(url, { headers }, (res) => {
      const parts: Buffer[] = [];
      res.on('data', (c: Buffer) => parts.push(c));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          type: String(res.headers['content-type'] ?? ''),
          encoding: String(res.headers['content-encoding'] ?? ''),
          body: Buffer.concat(parts),
        }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

describe('static files and history fallback', () => {
  let t: TestApp;
  afterAll(async () => {
    await t?.close();
  });

  it('serves each entry for its URL space', async () => {
    const ossDir = join(tmp, 'oss');
    mkdirSync(join(ossDir, 'upload'), { recursive: true });
    writeFileSync(join(ossDir, 'upload', 'a.txt'), 'hello oss');
    t = await boot({ distDir: fakeDist(), ossDir });
    const cases: [string, string][] = [
      ['/', 'admin'],
      ['/dashboard', 'admin'],
      ['/supply-chain/loadometer/1', 'admin'],
      ['/login', 'admin'],
      ['/visual/home', 'visual'],
      ['/visual/tax/1', 'visual'],
      ['/print-template/weight-memo', 'print'],
      ['/print/statements/index', 'print'],
      ['/setting-print', 'print'],
      ['/blockchain-info/1/SO20240101001', 'trace'],
    ];
    for (const [path, entry] of cases) {
      const r = await fetch(t.base + path);
      expect(r.status, path).toBe(200);
      expect(await r.text(), path).toContain(`<title>${entry}</title>`);
      expect(r.headers.get('cache-control')).toBe('no-cache');
      expect(r.headers.get('content-type')).toContain('text/html');
    }
  }, 120_000);

  it('serves pages and assets to a client that accepts no encoding (curl), compressed to one that does', async () => {
    for (const [path, entry] of [
      ['/', 'admin'],
      ['/index.html', 'admin'],
      ['/dashboard', 'admin'],
      ['/visual/index.html', 'visual'],
    ]) {
      const r = await rawGet(t.base + path);
      expect(r.status, path).toBe(200);
      expect(r.type, path).toContain('text/html');
      expect(r.encoding, path).toBe('');
      expect(r.body.toString(), path).toContain(`<title>${entry}</title>`);
    }
    const plain = await rawGet(`${t.base}/assets/app-abc123.js`);
    expect(plain.status).toBe(200);
    expect(plain.encoding).toBe('');
    expect(plain.body.toString()).toBe('console.log(1)');
    const zipped = await rawGet(`${t.base}/assets/app-abc123.js`, { 'accept-encoding': 'gzip' });
    expect(zipped.encoding).toBe('gzip');
    expect(gunzipSync(zipped.body).toString()).toBe('console.log(1)');
    // a directory is neither listed nor a 403
    const dir = await rawGet(`${t.base}/assets/`);
    expect(dir.status).toBe(404);
    expect(JSON.parse(dir.body.toString()).msg).toBe('404 没找到请求');
  });

  it('assets are cached for long, missing assets are 404, /api stays JSON', async () => {
    const a = await fetch(`${t.base}/assets/app-abc123.js`);
    expect(a.status).toBe(200);
    expect(a.headers.get('cache-control')).toContain('immutable');
    expect((await fetch(`${t.base}/assets/missing-1.js`)).status).toBe(404);
    const api = await call(t, '/api/nope');
    expect(api.status).toBe(404);
    expect(api.body.msg).toBe('404 没找到请求');
    const oss = await fetch(`${t.base}/oss/upload/a.txt`);
    expect(await oss.text()).toBe('hello oss');
  });
});

describe('without a build', () => {
  it('answers pages with 503 and a hint', async () => {
    const t = await boot({ distDir: join(tmp, 'nowhere') });
    try {
      const r = await fetch(`${t.base}/dashboard`);
      expect(r.status).toBe(503);
      expect(await r.text()).toContain('请先运行 npm run build');
    } finally {
      await t.close();
    }
  }, 120_000);
});

describe.skipIf(!!process.env.DATABASE_URL)('file-backed PGlite', () => {
  it('keeps data across a restart and locks the data directory', async () => {
    const dataDir = join(tmp, 'data');
    const db1 = await openDatabase({ dataDir });
    // a second open of the same DATA_DIR while the first is open is refused
    await expect(openDatabase({ dataDir })).rejects.toBeInstanceOf(DataDirLockedError);
    await expect(openDatabase({ dataDir })).rejects.toThrow(/数据目录已被另一个进程/);
    const t1 = await boot({ captchaMode: false, dataDir }, db1);
    const admin = (await login(t1)).access_token;
    const company = (await call(t1, '/api/blade-system/dept/lazy-list', { token: admin })).body.data[0];
    const add = await call(t1, '/api/blade-system/dept/submit', {
      token: admin,
      body: { parentId: company.id, deptName: '重启测试部' },
    });
    expect(add.status).toBe(200);
    await t1.close();

    // a stale lock (dead pid) is taken over
    writeFileSync(join(dataDir, 'loopyard.lock'), '999999');
    const db2 = await openDatabase({ dataDir });
    const t2 = await boot({ captchaMode: false, dataDir }, db2);
    try {
      const again = (await login(t2)).access_token;
      const kids = await call(t2, '/api/blade-system/dept/lazy-list', {
        token: again,
        query: { deptName: '重启测试部' },
      });
      expect(kids.body.data).toHaveLength(1);
      const users = await call(t2, '/api/izs-toolbox/dashboard/summary', { token: again });
      expect(users.body.data.counts.users).toBe(3); // not seeded twice
    } finally {
      await t2.close();
    }
  }, 180_000);
});
