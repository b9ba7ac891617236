/**
 * A store for @fastify/rate-limit shared by every API process on one database (issue 14 open platform per-app limit,
 * issue 16 sign-in throttle): fixed windows in `izs_rate_limit` ((key, window start) → count), counted with one
 * atomic `insert … on conflict do update … returning`, so two processes never both see the same count. Windows
 * that ended are pruned (at most once a minute per process, and by the nightly upkeep's vacuum reading less).
 *
 * Register it as `store: dbRateLimitStore(db)` (the plugin constructs it with its options and calls `child` per
 * limiter; `incr` counts, `read` peeks for `{ increment: false }`).
 */
import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { rows } from '../db/client.ts';

type Cb = (err: Error | null, res?: { current: number; ttl: number }) => void;

export interface RateLimitCount {
  current: number;
  ttl: number;
}

const PRUNE_EVERY_MS = 60_000;

/** Start of the fixed window `now` falls in (epoch ms). */
export function windowStartOf(now: number, windowMs: number): number {
  const w = Math.max(1, Math.trunc(windowMs));
  return Math.floor(now / w) * w;
}

/** Counts one call of `key` in its current window; answers the count and the milliseconds left. */
export async function countCall(
  db: Executor,
  key: string,
  windowMs: number,
  now = Date.now(),
): Promise<RateLimitCount> {
  const start = windowStartOf(now, windowMs);
  const end = start + Math.max(1, Math.trunc(windowMs));
  const [r] = await rows<{ count: number }>(
    db,
    sql`insert into izs_rate_limit (key, window_start, count, expires_at)
        values (${key}, ${start}, 1, ${new Date(end).toISOString()}::timestamptz)
        on conflict (key, window_start) do update set count = izs_rate_limit.count + 1
        returning count`,
  );
  return { current: Number(r?.count ?? 1), ttl: end - now };
}

/** The count of `key` in its current window, without counting (0 and ttl 0 when none). */
export async function readCalls(
  db: Executor,
  key: string,
  windowMs: number,
  now = Date.now(),
): Promise<RateLimitCount> {
  const start = windowStartOf(now, windowMs);
  const [r] = await rows<{ count: number }>(
    db,
    sql`select count from izs_rate_limit where key = ${key} and window_start = ${start}`,
  );
  if (!r) return { current: 0, ttl: 0 };
  return { current: Number(r.count), ttl: start + Math.max(1, Math.trunc(windowMs)) - now };
}

/** Deletes the windows that ended. */
export async function pruneRateLimits(db: Executor): Promise<void> {
  await db.execute(sql`delete from izs_rate_limit where expires_at < now()`);
}

/** The store class @fastify/rate-limit takes as `store` (keys are at most 200 characters: longer ones are hashed). */
export function dbRateLimitStore(db: Executor) {
  let lastPrune = 0;
  const keyOf = (k: string) => (k.length <= 200 ? k : `${k.slice(0, 150)}#${hashKey(k)}`);
  const prune = () => {
    const now = Date.now();
    if (now - lastPrune < PRUNE_EVERY_MS) return;
    lastPrune = now;
    pruneRateLimits(db).catch(() => {
      lastPrune = 0;
    });
  };
  return class DbRateLimitStore {
    incr(key: string, cb: Cb, timeWindow: number): void {
      prune();
      countCall(db, keyOf(key), timeWindow).then(
        (r) => cb(null, r),
        (e: Error) => cb(e),
      );
    }
    read(key: string, cb: Cb, timeWindow: number): void {
      readCalls(db, keyOf(key), timeWindow).then(
        (r) => cb(null, r),
        (e: Error) => cb(e),
      );
    }
    child(): DbRateLimitStore {
      return new DbRateLimitStore();
    }
  };
}

/** FNV-1a of a long key (only to fit the column; collisions would merely share a count). */
function hashKey(s: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(16);
}
