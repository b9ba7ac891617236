/**
 * Stopping the server (`npm start`'s process): SIGTERM / SIGINT closes it gracefully, but a request whose client
 * stalls (a body that never finishes) no longer keeps it up until Node's 5-minute request timeout — it exits after
 * SHUTDOWN_GRACE_MS — and a second signal exits at once. The server runs as its own process, as `npm start` runs it
 * (PGlite in a temporary DATA_DIR); the PostgreSQL pass has nothing more to say about it.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect, createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.ts';

const root = join(import.meta.dirname, '../..');

async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const { port } = s.address() as { port: number };
  await new Promise((r) => s.close(r));
  return port;
}

interface Server {
  child: ChildProcess;
  port: number;
  log: () => string;
  exited: Promise<{ code: number | null; at: number }>;
}

const started: { server: Server; dir: string; sockets: Socket[] }[] = [];

async function startServer(graceMs: number): Promise<Server & { sockets: Socket[] }> {
  const dir = mkdtempSync(join(tmpdir(), 'loopyard-shutdown-'));
  const port = await freePort();
  const child = spawn(process.execPath, ['server/start.mjs'], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: '',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dir,
      DIST_DIR: join(dir, 'no-dist'),
      SEED_HISTORY: '0',
      CAPTCHA_MODE: 'off',
      BUILD_ON_START: '0',
      SCALE_SIMULATOR: '0',
      SHUTDOWN_GRACE_MS: String(graceMs),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (d) => {
    out += String(d);
  });
  child.stderr?.on('data', (d) => {
    out += String(d);
  });
  const exited = new Promise<{ code: number | null; at: number }>((r) =>
    child.on('exit', (code) => r({ code, at: Date.now() })),
  );
  const sockets: Socket[] = [];
  const server = { child, port, log: () => out, exited, sockets };
  started.push({ server, dir, sockets });
  const t0 = Date.now();
  while (!out.includes('started: http')) {
    if (child.exitCode !== null) throw new Error(`the server ended before it started:\n${out}`);
    if (Date.now() - t0 > 60_000) throw new Error(`the server did not start in 60 s:\n${out}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return server;
}

/** A client that sends a request's head and part of its body, then stalls. */
async function stalledRequest(s: Server & { sockets: Socket[] }): Promise<void> {
  const socket = connect(s.port, '127.0.0.1');
  s.sockets.push(socket);
  socket.on('error', () => {});
  await new Promise<void>((r) => socket.once('connect', () => r()));
  socket.write(
    'POST /api/blade-auth/oauth/token HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
      'Content-Length: 100\r\n\r\n{"tenantId":',
  );
  await new Promise((r) => setTimeout(r, 200)); // the server is reading its body
}

afterEach(async () => {
  for (const { server, dir, sockets } of started.splice(0)) {
    for (const s of sockets) s.destroy();
    if (server.child.exitCode === null) {
      server.child.kill('SIGKILL');
      await server.exited;
    }
    rmSync(dir, { recursive: true, force: true });
  }
});

describe.skipIf(!!process.env.DATABASE_URL)('stopping the server', () => {
  it('SHUTDOWN_GRACE_MS: default 20 s, 100–600000 ms, nonsense refused', () => {
    expect(loadConfig({}).shutdownGraceMs).toBe(20_000);
    expect(loadConfig({ SHUTDOWN_GRACE_MS: '1500' }).shutdownGraceMs).toBe(1500);
    for (const bad of ['0', '99', '600001', '2s', '-5', '1.5'])
      expect(() => loadConfig({ SHUTDOWN_GRACE_MS: bad })).toThrow(/SHUTDOWN_GRACE_MS/);
  });

  it('exits after SHUTDOWN_GRACE_MS when a stalled request keeps it from closing', async () => {
    const s = await startServer(1500);
    await stalledRequest(s);
    const t0 = Date.now();
    s.child.kill('SIGTERM');
    const { code, at } = await s.exited;
    expect(at - t0).toBeGreaterThanOrEqual(1400);
    expect(at - t0).toBeLessThan(10_000);
    expect(code).toBe(1);
    expect(s.log()).toMatch(/SIGTERM: not closed after 1500 ms/);
  }, 90_000);

  it('exits at once on a second signal while closing', async () => {
    const s = await startServer(60_000);
    await stalledRequest(s);
    s.child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 300));
    expect(s.child.exitCode).toBeNull(); // still closing: the stalled request holds it
    const t0 = Date.now();
    s.child.kill('SIGINT');
    const { code, at } = await s.exited;
    expect(at - t0).toBeLessThan(3000);
    expect(code).toBe(1);
    expect(s.log()).toMatch(/SIGINT again: exiting without waiting/);
  }, 90_000);

  it('closes at once when nothing is in progress', async () => {
    const s = await startServer(60_000);
    const t0 = Date.now();
    s.child.kill('SIGTERM');
    const { code, at } = await s.exited;
    expect(code).toBe(0);
    expect(at - t0).toBeLessThan(5000);
  }, 90_000);
});
