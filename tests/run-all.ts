/**
 * `npm test`: every test, in stages, independent stages side by side (issue 23, "the loop").
 *
 *   1. lint ‖ typecheck ‖ build (skipped when dist/ is a build of today's sources: `npm ci` made it, `prepare`)
 *   2. unit + API tests on PGlite (Vitest, a worker per core)
 *   3. the browser tests (Playwright, two workers, each with its own server: E2E_WORKERS, default 2 here)
 *   4. the API tests on PostgreSQL (Vitest, a worker per core) ‖ the scale-out suite, then Lighthouse
 *
 * Stages 3 and 4 ran side by side (one e2e worker ‖ one PostgreSQL worker) until issue 23's fourth round: measured
 * on this 2-core machine, the one-worker browser suite took 19 min alone and 35–43 min beside the PostgreSQL pass
 * (and the pass's latency checks failed beside two e2e workers). One after the other, each with both cores, is
 * shorter than either side by side.
 *
 * A stage that fails stops the run after its side-by-side partner has finished (both outputs are shown); the exit
 * code is the first failure's. Each stage prints its time, how busy the machine's cores were meanwhile, and the CPU
 * its own processes used (cores in use on average: what is left to run beside it); the last line sums them up. The
 * output of a stage that runs beside another is kept and printed whole when it ends, so the two never interleave.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';

interface Outcome {
  name: string;
  code: number;
  seconds: number;
  /** The machine's CPU use over the stage, % of all cores ('' where /proc/stat is missing). */
  busy: string;
}

/** The machine's CPU time so far (/proc/stat's first line): busy and total ticks. */
function cpuTicks(): { busy: number; total: number } | null {
  try {
    const f = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
    const total = f.reduce((a, b) => a + b, 0);
    return { busy: total - f[3] - (f[4] ?? 0), total };
  } catch {
    return null;
  }
}

/**
 * CPU seconds of this process's children that have ended (/proc/self/stat cutime + cstime): a stage's own processes
 * (npm, and everything it waited for) whatever else the machine runs — 0 where /proc is missing.
 */
function childCpuSeconds(): number {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(f[13]) + Number(f[14])) / 100; // fields 16, 17; USER_HZ is 100 on Linux
  } catch {
    return 0;
  }
}

function busySince(t: ReturnType<typeof cpuTicks>): string {
  const now = cpuTicks();
  if (!t || !now || now.total === t.total) return '';
  return `${Math.round((100 * (now.busy - t.busy)) / (now.total - t.total))} %`;
}

function run(name: string, script: string, args: string[] = [], buffered = false): Promise<Outcome> {
  const t0 = Date.now();
  const ticks = cpuTicks();
  console.log(`[npm test] ${name}: npm run ${script}${args.length ? ` -- ${args.join(' ')}` : ''}`);
  return new Promise((done) => {
    const child = spawn('npm', ['run', '--silent', script, ...(args.length ? ['--', ...args] : [])], {
      stdio: buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: process.env,
    });
    const chunks: Buffer[] = [];
    child.stdout?.on('data', (c: Buffer) => chunks.push(c));
    child.stderr?.on('data', (c: Buffer) => chunks.push(c));
    child.on('exit', (code, signal) => {
      const seconds = Math.round((Date.now() - t0) / 1000);
      if (buffered) {
        console.log(`\n[npm test] ---- output of ${name} ----`);
        process.stdout.write(Buffer.concat(chunks));
        console.log(`[npm test] ---- end of ${name} ----\n`);
      }
      const status = code ?? (signal ? 1 : 0);
      const busy = busySince(ticks);
      console.log(
        `[npm test] ${name}: ${status === 0 ? 'passed' : `FAILED (${code ?? signal})`} in ${seconds} s${busy ? ` (CPU ${busy} busy)` : ''}`,
      );
      done({ name, code: status, seconds, busy });
    });
  });
}

const outcomes: Outcome[] = [];
const t0 = Date.now();

function finish(): never {
  const total = Math.round((Date.now() - t0) / 1000);
  const failed = outcomes.filter((o) => o.code !== 0);
  console.log(
    `[npm test] stages: ${outcomes.map((o) => `${o.name} ${o.seconds} s${o.busy ? ` (CPU ${o.busy})` : ''}`).join(', ')}; total ${total} s`,
  );
  if (failed.length) console.log(`[npm test] failed: ${failed.map((o) => o.name).join(', ')}`);
  process.exit(failed[0]?.code ?? 0);
}

/** Runs one after the other (a side of a stage): stops at the first failure. */
async function inTurn(...runs: (() => Promise<Outcome>)[]): Promise<Outcome[]> {
  const out: Outcome[] = [];
  for (const r of runs) {
    out.push(await r());
    if (out.at(-1)?.code !== 0) break;
  }
  return out;
}

async function stage(...runs: Promise<Outcome | Outcome[]>[]) {
  const [cpu0, t] = [childCpuSeconds(), Date.now()];
  const results = (await Promise.all(runs)).flat();
  const [cpu, wall] = [childCpuSeconds() - cpu0, (Date.now() - t) / 1000];
  if (cpu > 0 && wall > 0) {
    console.log(
      `[npm test] ${results.map((r) => r.name).join(' ‖ ')}: its processes used ${Math.round(cpu)} CPU s in ${Math.round(wall)} s (${(cpu / wall).toFixed(2)} cores)`,
    );
  }
  outcomes.push(...results);
  if (results.some((r) => r.code !== 0)) finish();
}

// typecheck runs TypeScript 7 with one checker (`--checkers 1`): its default four each check the shared types again,
// 17 s and 29 CPU-s alone on this 2-core machine against 10 s and 11.5 CPU-s with one (issue 23's loop)
await stage(
  run('lint', 'lint', [], true),
  run('typecheck', 'typecheck', [], true),
  run('build', 'build:if-stale', [], true),
);
await stage(run('unit + API (PGlite)', 'test:unit'));
process.env.E2E_WORKERS ??= '2';
await stage(run('browser (Playwright)', 'test:e2e'));
// the PostgreSQL pass leaves a fifth of the cores idle (its files wait on the server's round trips), and the scale-out
// suite and Lighthouse use under half a core: they run beside it, one after the other
await stage(
  run('API (PostgreSQL)', 'test:api:pg', ['--reporter=dot'], true),
  inTurn(
    () => run('scale-out', 'test:scale-out', [], true),
    () => run('Lighthouse', 'lhci', [], true),
  ),
);
finish();
