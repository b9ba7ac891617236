// @vitest-environment node
/** The console of `npm start` (issue 23): pino-pretty in a terminal, JSON lines otherwise; LOG_FORMAT forces either. */
import { prettyFactory } from 'pino-pretty';
import { describe, expect, it } from 'vitest';
import { logFormat, loggerOptions } from './log-format.ts';

describe('log format', () => {
  it('a terminal gets pino-pretty; a pipe, a file or a service gets JSON lines', () => {
    const tty = loggerOptions({}, true) as { level: string; transport?: { target: string } };
    expect(tty.level).toBe('info');
    expect(tty.transport?.target).toBe('pino-pretty');
    expect(loggerOptions({}, false)).toEqual({ level: 'info' });
    expect(loggerOptions({ LOG_LEVEL: 'debug' }, false)).toEqual({ level: 'debug' });
  });

  it('tests and CI stay JSON even in a terminal', () => {
    expect(logFormat({ NODE_ENV: 'test' }, true)).toBe('json');
    expect(logFormat({ VITEST: 'true' }, true)).toBe('json');
    expect(logFormat({ CI: 'true' }, true)).toBe('json');
    expect(logFormat({ CI: 'false' }, true)).toBe('pretty');
  });

  it('LOG_FORMAT=json|pretty forces either; anything else is refused, naming the variable', () => {
    expect(logFormat({ LOG_FORMAT: 'pretty' }, false)).toBe('pretty');
    expect(logFormat({ LOG_FORMAT: 'JSON' }, true)).toBe('json');
    expect(logFormat({ LOG_FORMAT: 'pretty', CI: 'true' }, false)).toBe('pretty');
    expect(() => logFormat({ LOG_FORMAT: 'xml' }, true)).toThrow(/LOG_FORMAT/);
  });

  it('the pretty console reads as a line of time, level and message', () => {
    const opts = loggerOptions({}, true) as { transport: { options: Record<string, unknown> } };
    const format = prettyFactory({ ...opts.transport.options, colorize: false });
    const line = format(
      JSON.stringify({
        level: 30,
        time: Date.UTC(2026, 0, 5, 1, 2, 3),
        pid: 42,
        hostname: 'yard',
        msg: '业财对账 / reconcile',
      }),
    );
    expect(line).toMatch(/^\[2026-01-0\d \d\d:02:03\.000\] INFO: 业财对账 \/ reconcile\n$/);
    expect(line).not.toContain('yard');
    const job = format(
      JSON.stringify({
        level: 30,
        time: 0,
        job: 'vacuum',
        why: 'scheduled',
        ms: 12,
        outcome: 'ok',
        msg: '数据库维护 (12 ms)',
      }),
    );
    expect(job).toMatch(/INFO: 数据库维护 \(12 ms\)\n$/); // the job's fields are not repeated after its message
  });
});
