// @vitest-environment node
/**
 * The job registry (platform/jobs.ts, issue 23): a registered job runs on its croner schedule, never overlaps itself,
 * logs each run's outcome and duration, reads cron expressions in the business zone, and stops — timers cleared, a
 * run in progress awaited — when the app closes.
 */
import { describe, expect, it } from 'vitest';
import { croner, JobRegistry, SCHEDULES } from './jobs.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function logger() {
  const lines: { level: string; fields: Record<string, unknown>; msg: string }[] = [];
  const at = (level: string) => (fields: object, msg?: string) =>
    void lines.push({ level, fields: fields as Record<string, unknown>, msg: msg ?? '' });
  return { lines, log: { info: at('info'), debug: at('debug'), error: at('error') } as never };
}

/** the wall-clock hour and minute of `d` in `tz` */
const hm = (d: Date, tz: string) =>
  new Intl.DateTimeFormat('en-GB', { timeZone: tz, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(d);

// the tests run side by side (each its own registry, waiting on real time): 5 s for the file instead of 12
describe.concurrent('job registry', () => {
  it('a job runs on its schedule, logs outcome and duration, and stops on close', async () => {
    const { lines, log } = logger();
    const jobs = new JobRegistry({ tz: 'Asia/Shanghai', log });
    const runs: string[] = [];
    jobs.add(
      'gps-offline-sweep',
      async ({ why }) => {
        runs.push(why);
        return `run ${runs.length}`;
      },
      { schedule: { everySeconds: 1 } },
    );
    expect(runs).toEqual([]); // nothing before start
    jobs.start();
    await sleep(2600);
    expect(runs.length).toBeGreaterThanOrEqual(2);
    expect(runs.every((w) => w === 'scheduled')).toBe(true);
    const ok = lines.filter((l) => l.fields.job === 'gps-offline-sweep');
    expect(ok[0]).toMatchObject({
      level: 'info',
      fields: { why: 'scheduled', outcome: 'run 1', ms: expect.any(Number) },
    });
    expect(ok[0].msg).toMatch(/^车辆离线检查 \/ gps-offline-sweep, scheduled: run 1 \(\d+ ms\)$/);

    await jobs.stop();
    const n = runs.length;
    expect(jobs.describe()[0].next).toBeNull(); // croner's timer is gone
    await sleep(1500);
    expect(runs.length).toBe(n);
    // a job added after close is not started
    jobs.add('webhook-delivery', async () => void runs.push('late'), { schedule: { everySeconds: 1 } });
    await sleep(1200);
    expect(runs).not.toContain('late');
  }, 10_000);

  it('never overlaps a run with itself (croner protect); close waits for the run in progress', async () => {
    const { lines, log } = logger();
    const jobs = new JobRegistry({ tz: 'Asia/Shanghai', log });
    let active = 0;
    let most = 0;
    let done = 0;
    jobs.add(
      'gps-thinning',
      async () => {
        active++;
        most = Math.max(most, active);
        await sleep(1800);
        active--;
        done++;
      },
      { schedule: { cron: '* * * * * *' }, afterStartMs: 0 }, // every second, and at once
    );
    jobs.start();
    await sleep(50);
    expect(active).toBe(1); // the start-up run
    expect(await jobs.trigger('gps-thinning')).toBe(false); // busy: a manual run is refused too
    await sleep(2500);
    expect(most).toBe(1);
    expect(lines.some((l) => l.msg.includes('上一次仍在运行'))).toBe(true);
    await jobs.stop();
    expect(active).toBe(0); // the run in progress ended before stop() resolved
    expect(done).toBeGreaterThanOrEqual(1);
  }, 10_000);

  it('a failing run is logged as an error with its duration; the schedule goes on', async () => {
    const { lines, log } = logger();
    const jobs = new JobRegistry({ tz: 'Asia/Shanghai', log });
    let n = 0;
    jobs.add(
      'webhook-delivery',
      async () => {
        n++;
        throw new Error('数据库已关闭');
      },
      { schedule: { everySeconds: 1 } },
    );
    jobs.start();
    await sleep(2600);
    await jobs.stop();
    expect(n).toBeGreaterThanOrEqual(2);
    const errors = lines.filter((l) => l.level === 'error');
    expect(errors.length).toBe(n);
    expect(errors[0].msg).toMatch(/^Webhook 投递失败 \/ webhook-delivery failed, scheduled: 数据库已关闭 \(\d+ ms\)$/);
  }, 10_000);

  it('the nightly jobs keep their hours in the business zone (TZ), whatever the machine’s zone', async () => {
    for (const tz of ['Asia/Shanghai', 'America/Los_Angeles']) {
      const jobs = new JobRegistry({ tz, log: logger().log });
      const noop = async () => undefined;
      jobs.add('reconcile', noop, { afterStartMs: null });
      jobs.add('api-log-retention', noop, { afterStartMs: null });
      jobs.add('ingest-reject-retention', noop, { afterStartMs: null });
      jobs.add('vacuum', noop, { afterStartMs: null });
      jobs.start();
      const next = Object.fromEntries(jobs.describe().map((j) => [j.name, hm(j.next!, tz)]));
      expect(next).toEqual({
        reconcile: '02:00',
        'api-log-retention': '03:00',
        'ingest-reject-retention': '03:05',
        vacuum: '03:10',
      });
      await jobs.stop();
    }
    expect(SCHEDULES.reconcile.schedule).toEqual({ cron: '0 2 * * *' });
  });

  it('a name is registered once', () => {
    const jobs = new JobRegistry({ tz: 'Asia/Shanghai', log: logger().log });
    jobs.add('vacuum', async () => undefined);
    expect(() => jobs.add('vacuum', async () => undefined)).toThrow(/twice/);
  });

  it('intervals become croner patterns; over 30 s they must be cron expressions', () => {
    expect(croner({ everySeconds: 1 })).toEqual({ pattern: '* * * * * *' });
    expect(croner({ everySeconds: 2 })).toEqual({ pattern: '*/2 * * * * *' });
    expect(croner({ everySeconds: 30 })).toEqual({ pattern: '*/30 * * * * *' });
    expect(croner({ everySeconds: 7 })).toEqual({ pattern: '* * * * * *', interval: 7 });
    expect(croner({ everySeconds: 0.2 })).toEqual({ pattern: '* * * * * *' });
    expect(() => croner({ everySeconds: 45 })).toThrow(/cron expression/);
    expect(croner({ cron: '0 2 * * *' })).toEqual({ pattern: '0 2 * * *' });
  });
});
