/**
 * The server log's shape (issue 23): JSON lines (pino's own) for files, services and collectors; a human-readable
 * console (pino-pretty: time, level, message, colours) when `npm start` runs in a terminal. LOG_FORMAT=json|pretty
 * forces either; without it a terminal that is not a test or CI run gets pretty, everything else JSON. LOG_LEVEL
 * (default info) applies to both.
 */
import type { FastifyServerOptions } from 'fastify';

export type LogFormat = 'json' | 'pretty';

type Env = Record<string, string | undefined>;

export function logFormat(env: Env = process.env, isTTY: boolean = process.stdout.isTTY === true): LogFormat {
  const forced = env.LOG_FORMAT?.trim().toLowerCase();
  if (forced === 'json' || forced === 'pretty') return forced;
  if (forced)
    throw new Error(`LOG_FORMAT 应为 json 或 pretty / LOG_FORMAT must be json or pretty, not "${env.LOG_FORMAT}"`);
  const automated = env.NODE_ENV === 'test' || !!env.VITEST || (!!env.CI && env.CI !== 'false' && env.CI !== '0');
  return isTTY && !automated ? 'pretty' : 'json';
}

/** Fastify's `logger` option for `npm start` (server/main.ts). */
export function loggerOptions(
  env: Env = process.env,
  isTTY: boolean = process.stdout.isTTY === true,
): NonNullable<FastifyServerOptions['logger']> {
  const level = env.LOG_LEVEL || 'info';
  if (logFormat(env, isTTY) === 'json') return { level };
  return {
    level,
    transport: {
      target: 'pino-pretty',
      // local time of the process (TZ, the business zone), no pid/hostname noise, one line each
      options: {
        colorize: true,
        translateTime: 'SYS:yyyy-mm-dd HH:MM:ss.l',
        // the jobs' fields (platform/jobs.ts) are in their message already; JSON keeps them for collectors
        ignore: 'pid,hostname,job,why,ms,outcome',
        singleLine: true,
      },
    },
  };
}
