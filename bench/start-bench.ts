/**
 * `npm run bench:start` — the first start of a fresh clone (issue 25): `git clone` of this checkout's HEAD into a
 * temporary folder, its node_modules linked to this checkout's (the package download is not what is measured), no
 * dist/ and no database. Then, as a newcomer runs them:
 *   1. the install's preparation (`npm run prepare`, what `npm ci` runs after installing the packages: the front-end
 *      build and the migrated database template, server/prepare.ts);
 *   2. `npm start` until GET /login answers the sign-in page (200, HTML) — the first start, database made and seeded;
 *   3. the same again after stopping it (second start: the database is there).
 * Prints `figure: first start to sign-in s`, `figure: install prepare s`, `figure: second start to sign-in s` and the
 * machine's load, and the CPU seconds the start's processes used (what the wall time tends to on a quiet machine). `BENCH_NO_PREPARE=1` skips step 1, so `npm start` builds (the start without the install's build).
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { templateFile } from '../server/db/pglite-template.ts';
import { freePort, loadLine, ROOT, treeCpuSeconds } from './lib.ts';

const dir = mkdtempSync(join(tmpdir(), 'loopyard-start-'));
const s = (ms: number) => (ms / 1000).toFixed(1);

function untilSignIn(child: ChildProcess, port: number, limitMs: number): Promise<number> {
  const t0 = Date.now();
  return new Promise((done, fail) => {
    child.on('exit', (code) => fail(new Error(`npm start exited with ${code} before the sign-in page answered`)));
    const poll = async () => {
      if (Date.now() - t0 > limitMs) return fail(new Error(`no sign-in page after ${limitMs} ms`));
      try {
        const r = await fetch(`http://127.0.0.1:${port}/login`);
        const html = await r.text();
        if (r.status === 200 && html.includes('<div id="root"')) return done(Date.now() - t0);
      } catch {
        // not listening yet
      }
      setTimeout(poll, 100);
    };
    poll();
  });
}

async function start(port: number): Promise<{ ms: number; cpu: number; stop: () => Promise<void> }> {
  const t0 = Date.now();
  const child = spawn('npm', ['start', '--silent'], {
    cwd: dir,
    env: { ...process.env, PORT: String(port), DATA_DIR: join(dir, 'data'), LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  await untilSignIn(child, port, 300_000);
  const ms = Date.now() - t0;
  return {
    ms,
    cpu: treeCpuSeconds(child.pid as number),
    stop: () =>
      new Promise<void>((done) => {
        child.removeAllListeners('exit');
        child.on('exit', () => done());
        process.kill(-(child.pid as number), 'SIGTERM');
      }),
  };
}

try {
  console.log(`load before: ${loadLine()}`);
  execFileSync('git', ['clone', '--quiet', ROOT, dir]);
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'));
  let build = 0;
  if (process.env.BENCH_NO_PREPARE !== '1') {
    rmSync(templateFile(), { force: true }); // the install makes it (shared node_modules: another run's may be there)
    const t0 = Date.now();
    execFileSync('npm', ['run', '--silent', 'prepare'], { cwd: dir, stdio: ['ignore', 'ignore', 'inherit'] });
    build = Date.now() - t0;
  }
  const port = await freePort();
  const first = await start(port);
  await first.stop();
  const second = await start(port);
  await second.stop();
  console.log(`load after: ${loadLine()}`);
  if (build) console.log(`figure: install prepare s = ${s(build)}`);
  console.log(`figure: first start to sign-in s = ${s(first.ms)}`);
  console.log(`figure: second start to sign-in s = ${s(second.ms)}`);
  // CPU of the start's processes until the sign-in page answered: what a quiet machine's wall time tends to
  console.log(`first start cpu s = ${first.cpu.toFixed(1)}, second start cpu s = ${second.cpu.toFixed(1)}`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
