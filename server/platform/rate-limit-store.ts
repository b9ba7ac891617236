/**
 * A store for @fastify/rate-limit shared by every API process on one database (issue 14 open platform per-app limit,
 * issue 16 sign-in throttle): one row per key in `izs_rate_limit` (window start, count, window end — a window opens
 * at the key's first call, like the plugin's memory and Redis stores), counted with one atomic `insert … on
 * conflict do update … returning`, so two processes never both see the same count. Rows whose window ended are
 * deleted at most once a minute per process.
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

/**
 * Counts one call of `key`: a window opens at the key's first call (as the plugin's own stores do) and the count
 * starts again once it ended. One statement, atomic under the row's lock: two processes never both see a count.
 */
export async function countCall(
  db: Executor,
  key: string,
  windowMs: number,
  now = Date.now(),
): Promise<RateLimitCount> {
  const w = Math.max(1, Math.trunc(windowMs));
  const [r] = await rows<{ count: number; expires: string | number }>(
    db,
    sql`insert into izs_rate_limit as r (key, window_start, count, expires_ms)
        values (${key}, ${now}, 1, ${now + w})
        on conflict (key) do update set
          count = case when r.expires_ms <= ${now} then 1 else r.count + 1 end,
          window_start = case when r.expires_ms <= ${now} then ${now} else r.window_start end,
          expires_ms = case when r.expires_ms <= ${now} then ${now + w} else r.expires_ms end
        returning count, expires_ms as expires`,
  );
  return { current: Number(r.count), ttl: Math.max(0, Number(r.expires) - now) };
}

/** The count of `key` in its current window, without counting (0 and ttl 0 when none). */
export async function readCalls(db: Executor, key: string, now = Date.now()): Promise<RateLimitCount> {
  const [r] = await rows<{ count: number; expires: string | number }>(
    db,
    sql`select count, expires_ms as expires from izs_rate_limit where key = ${key} and expires_ms > ${now}`,
  );
  if (!r) return { current: 0, ttl: 0 };
  return { current: Number(r.count), ttl: Number(r.expires) - now };
}

/** Deletes the windows that ended. */
export async function pruneRateLimits(db: Executor, now = Date.now()): Promise<void> {
  await db.execute(sql`delete from izs_rate_limit where expires_ms <= ${now}`);
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
    read(key: string, cb: Cb): void {
      readCalls(db, keyOf(key)).then(
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
