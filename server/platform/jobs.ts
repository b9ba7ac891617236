/**
 * The server's scheduled jobs, on croner (issue 23): every schedule is in `SCHEDULES` below — the one place that says
 * what runs when — and every job runs through one `JobRegistry` (`app.jobs`, made by buildApp): started with the app
 * (onReady), stopped on close (the timers cleared, a run in progress awaited, so tests and `npm start`'s SIGTERM end
 * cleanly), never overlapping itself (croner's `protect`; a start-up or manual run skips while a run is busy), each
 * run logged with its outcome and duration. Cron expressions are read in the server's business zone (`TZ`, the zone
 * of `GET /api/blade-system/site-info` and core/format/business-day.ts).
 *
 * A module registers its job by name: `app.jobs.add('webhook-delivery', async () => …)`; the run answers a short
 * outcome ("12 rows deleted") or nothing. Jobs added after the app is ready start at once.
 */
import { Cron } from 'croner';
import type { FastifyBaseLogger } from 'fastify';

/** A cron expression in the business zone (5 fields, or 6 with seconds), or a plain interval in whole seconds. */
export type Schedule = { cron: string } | { everySeconds: number };

export interface JobSchedule {
  /** 中文 name for the log */
  label: string;
  schedule: Schedule;
  /** also run once this long after start (0: at once) */
  afterStartMs?: number;
  /** a run that did nothing worth saying is logged at debug level (frequent pollers) */
  quiet?: boolean;
}

/**
 * Every scheduled job of the server. The nightly ones keep the hours they had on the hand-made clocks: 业财对账 in the
 * 02:00 hour, the retentions and the PGlite upkeep in the 03:00 hour (the prunes first, then VACUUM (ANALYZE) sees
 * their deletions).
 */
export const SCHEDULES = {
  /** 业财对账 of every book's current period (modules/izs-financing/reconcile.ts; started by main.ts) */
  reconcile: { label: '业财对账', schedule: { cron: '0 2 * * *' }, afterStartMs: 30_000 },
  /** API log retention, API_LOG_RETENTION_DAYS (platform/logs.ts) */
  'api-log-retention': { label: '接口日志保留', schedule: { cron: '0 3 * * *' }, afterStartMs: 0 },
  /** refused position reports / failed device sign-ins, INGEST_REJECT_RETENTION_DAYS (izs-logistical) */
  'ingest-reject-retention': { label: '位置上报拒收记录保留', schedule: { cron: '5 3 * * *' }, afterStartMs: 0 },
  /** PGlite only: VACUUM (ANALYZE) (db/maintenance.ts; started by main.ts) */
  vacuum: { label: '数据库维护', schedule: { cron: '10 3 * * *' }, afterStartMs: 60_000 },
  /** GPS positions thinned and aged out (izs-logistical/retention.ts): hourly, and 5 minutes after start */
  'gps-thinning': { label: '轨迹抽稀', schedule: { cron: '20 * * * *' }, afterStartMs: 5 * 60_000 },
  /** vehicles silent too long are marked offline (izs-logistical/ingest.ts) */
  'gps-offline-sweep': { label: '车辆离线检查', schedule: { everySeconds: 30 }, quiet: true },
  /** the open platform's webhook outbox (izs-toolbox/open/webhooks.ts); WEBHOOK_POLL_MS, in whole seconds */
  'webhook-delivery': { label: 'Webhook 投递', schedule: { everySeconds: 2 }, quiet: true },
} satisfies Record<string, JobSchedule>;

export type JobName = keyof typeof SCHEDULES;

/**
 * One run. `why` is 'scheduled', 'after start' or 'manual'; `signal` aborts when the app closes (a long drain stops
 * between its steps). Answers a short outcome for the log, or nothing.
 */
export type JobRun = (ctx: { why: string; signal: AbortSignal }) => Promise<string | undefined>;

export interface AddJobOptions {
  /** false: not registered (e.g. off under test) */
  enabled?: boolean;
  /** replaces the schedule of SCHEDULES (an environment setting, a test) */
  schedule?: Schedule;
  afterStartMs?: number | null;
}

interface Job {
  name: string;
  spec: JobSchedule;
  run: JobRun;
  cron?: Cron;
  first?: ReturnType<typeof setTimeout>;
  /** the run in progress (croner's own promise is not exposed) */
  current?: Promise<void>;
  /** why the next croner invocation runs (set just before `cron.trigger()`) */
  why?: string;
}

type Log = Pick<FastifyBaseLogger, 'info' | 'debug' | 'error'>;

/**
 * A schedule as croner takes it. An interval that divides a minute is a seconds pattern (every 2 s: a step of 2 in
 * the seconds field); another one up to 30 s is croner's `interval` over an every-second pattern (without `startAt`:
 * croner would then walk every interval since the start on each tick). Longer intervals are cron expressions: croner
 * re-checks its timer every 30 s and measures `interval` from that moment, so an interval over 30 s would never come
 * due.
 */
export function croner(s: Schedule): { pattern: string; interval?: number } {
  if ('cron' in s) return { pattern: s.cron };
  const n = Math.max(1, Math.round(s.everySeconds));
  if (n > 30) throw new Error(`every ${n} s: give a cron expression for intervals over 30 s`);
  if (60 % n === 0) return { pattern: n === 1 ? '* * * * * *' : `*/${n} * * * * *` };
  return { pattern: '* * * * * *', interval: n };
}

export class JobRegistry {
  private readonly jobs = new Map<string, Job>();
  private state: 'idle' | 'started' | 'stopped' = 'idle';
  private readonly closing = new AbortController();

  constructor(private readonly opts: { tz: string; log: Log }) {}

  /** Registers a job of SCHEDULES; a second job of one name is refused. */
  add(name: JobName, run: JobRun, options: AddJobOptions = {}): void {
    if (options.enabled === false || this.state === 'stopped') return;
    if (this.jobs.has(name)) throw new Error(`job ${name} is registered twice`);
    const base: JobSchedule = SCHEDULES[name];
    const spec: JobSchedule = {
      ...base,
      schedule: options.schedule ?? base.schedule,
      afterStartMs: options.afterStartMs === null ? undefined : (options.afterStartMs ?? base.afterStartMs),
    };
    const job: Job = { name, spec, run };
    this.jobs.set(name, job);
    if (this.state === 'started') this.startJob(job);
  }

  /** Starts every registered job (buildApp calls it on ready). */
  start(): void {
    if (this.state !== 'idle') return;
    this.state = 'started';
    for (const job of this.jobs.values()) this.startJob(job);
  }

  /** Stops the timers and waits for the runs in progress. */
  async stop(): Promise<void> {
    this.state = 'stopped';
    this.closing.abort();
    const runs: Promise<void>[] = [];
    for (const job of this.jobs.values()) {
      job.cron?.stop();
      if (job.first) clearTimeout(job.first);
      if (job.current) runs.push(job.current);
    }
    await Promise.all(runs);
  }

  /**
   * Runs a job now, unless a run of it is in progress (then it answers false and runs nothing). Resolves when the
   * run ends.
   */
  async trigger(name: JobName, why = 'manual'): Promise<boolean> {
    const job = this.jobs.get(name);
    if (!job?.cron || this.state !== 'started') return false;
    if (job.cron.isBusy()) {
      this.opts.log.info(
        { job: name, why },
        `${job.spec.label} / ${name}: 上一次仍在运行，跳过 (skipped, still running)`,
      );
      return false;
    }
    job.why = why;
    await job.cron.trigger(); // croner marks the job busy for the run: its schedule does not overlap it
    return true;
  }

  /** The registered jobs and their next scheduled run (for tests and diagnostics). */
  describe(): { name: string; schedule: Schedule; timezone: string; next: Date | null; busy: boolean }[] {
    return [...this.jobs.values()].map((j) => ({
      name: j.name,
      schedule: j.spec.schedule,
      timezone: this.opts.tz,
      next: j.cron?.nextRun() ?? null,
      busy: j.cron?.isBusy() ?? false,
    }));
  }

  private startJob(job: Job): void {
    const { pattern, interval } = croner(job.spec.schedule);
    job.cron = new Cron(
      pattern,
      {
        name: undefined, // croner's global name list stays empty: two apps in one test process do not collide
        timezone: this.opts.tz,
        protect: () => this.opts.log.info({ job: job.name }, `${job.spec.label} / ${job.name}: 上一次仍在运行，跳过`),
        unref: true,
        ...(interval ? { interval } : {}),
      },
      () => this.execute(job),
    );
    const after = job.spec.afterStartMs;
    if (after === 0)
      void this.trigger(job.name as JobName, 'at start'); // its run is in progress before start() returns
    else if (after !== undefined) {
      job.first = setTimeout(() => void this.trigger(job.name as JobName, 'after start'), after);
      job.first.unref();
    }
  }

  /** One run: the outcome and duration logged; errors logged, never thrown into croner. */
  private execute(job: Job): Promise<void> {
    const why = job.why ?? 'scheduled';
    job.why = undefined;
    const t0 = performance.now();
    const { log } = this.opts;
    const p = (async () => {
      try {
        const outcome = await job.run({ why, signal: this.closing.signal });
        const ms = Math.round(performance.now() - t0);
        const text = `${job.spec.label} / ${job.name}, ${why}: ${outcome || 'ok'} (${ms} ms)`;
        const fields = { job: job.name, why, ms, outcome: outcome || 'ok' };
        if (job.spec.quiet && !outcome) log.debug(fields, text);
        else log.info(fields, text);
      } catch (e) {
        const ms = Math.round(performance.now() - t0);
        log.error(
          { job: job.name, why, ms, err: e },
          `${job.spec.label}失败 / ${job.name} failed, ${why}: ${(e as Error).message} (${ms} ms)`,
        );
      }
    })();
    job.current = p;
    return p.finally(() => {
      if (job.current === p) job.current = undefined;
    });
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The scheduled jobs (platform/jobs.ts): started on ready, stopped on close. */
    jobs: JobRegistry;
  }
}
