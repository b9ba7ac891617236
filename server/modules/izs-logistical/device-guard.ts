/**
 * The anonymous surfaces of position ingest under abuse (issue 22 "Anonymous surfaces"): the phone-app ingest
 * (`POST /api/izs-logistical/ingest/device`) and the JT/T 808 terminals behind tools/gps-gateway (registration 0x0100
 * and authentication 0x0102, asked of the server with the terminal's own address; frames the gateway refused).
 * Counted in the shared rate-limit table (platform/rate-limit-store.ts), so every API process sees the same counts:
 *
 * - calls: at most CALLS_PER_ADDRESS a minute from one client address and CALLS_PER_DEVICE a minute for one device
 *   id (a phone batches its points; one call every few seconds is plenty) — past either, 429;
 * - failed sign-ins (unknown device or wrong token): at most FAILURES_PER_ADDRESS from one address and
 *   FAILURES_PER_DEVICE for one device id in FAILURE_WINDOW_MS — past either, 429 until the window ends, so a token
 *   cannot be guessed from one address nor from many;
 * - failures are counted, not written one row each: lg_ingest_reject gets one row for a device id's first failure
 *   in a window (with the window's count kept in the counter), and lg_ingest_reject itself is pruned after
 *   INGEST_REJECT_RETENTION_DAYS (pruneIngestRejects, scheduled like the API log's retention);
 * - the gateway's terminals share these counters: a failed 0x0102 鉴权 or a 0x0100 注册 of an unknown terminal is a
 *   failed sign-in of that terminal (device id = its phone number) from its address; past either limit the gateway
 *   is told `locked` (it answers the terminal 失败 and closes the connection) without the code being checked;
 * - a refused frame (bad checksum, escape, format) is logged once per address or terminal and reason in a window
 *   (`onceInWindow`), the rest only counted.
 */
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { rows } from '../../db/client.ts';
import { ApiError } from '../../platform/r.ts';
import { countCall, readCalls } from '../../platform/rate-limit-store.ts';

export const CALLS_PER_ADDRESS = 600;
export const CALLS_PER_DEVICE = 120;
export const CALL_WINDOW_MS = 60_000;
export const FAILURES_PER_ADDRESS = 20;
export const FAILURES_PER_DEVICE = 10;
export const FAILURE_WINDOW_MS = 10 * 60_000;

export const TOO_MANY_CALLS = '上报过于频繁，请稍后再试';
export const TOO_MANY_FAILURES = '设备鉴权失败次数过多，请稍后再试';

const minutes = (ms: number) => Math.max(1, Math.ceil(ms / 60_000));

export interface DeviceGuard {
  /** Counts the call and refuses (429) an address or device past its call limit or its failed sign-ins. */
  admit(req: FastifyRequest, deviceId: string): Promise<void>;
  /** Counts one failed sign-in; answers whether it is the device id's first in the window (then log one row). */
  failed(req: FastifyRequest | string, deviceId: string): Promise<boolean>;
  /** Ms until an address or device past its failed sign-ins may try again (0: it may now). Counts nothing. */
  lockedFor(address: string, deviceId: string): Promise<number>;
  /** Counts one event under `key`; answers whether it is the first in the failure window (then log one row). */
  onceInWindow(key: string): Promise<boolean>;
}

export function deviceGuard(db: Db): DeviceGuard {
  const addressOf = (req: FastifyRequest | string) => (typeof req === 'string' ? req : req.ip);
  const keys = (req: FastifyRequest | string, deviceId: string) => ({
    callIp: `ingest-call:ip:${addressOf(req)}`,
    callDev: `ingest-call:dev:${deviceId}`,
    failIp: `ingest-fail:ip:${addressOf(req)}`,
    failDev: `ingest-fail:dev:${deviceId}`,
  });
  const lockedFor = async (address: string, deviceId: string) => {
    const k = keys(address, deviceId);
    for (const [key, max] of [
      [k.failIp, FAILURES_PER_ADDRESS],
      [k.failDev, FAILURES_PER_DEVICE],
    ] as const) {
      const seen = await readCalls(db, key);
      if (seen.current >= max) return Math.max(1, seen.ttl);
    }
    return 0;
  };
  return {
    lockedFor,
    async admit(req, deviceId) {
      const k = keys(req, deviceId);
      const wait = await lockedFor(req.ip, deviceId);
      if (wait) throw new ApiError(429, `${TOO_MANY_FAILURES}（${minutes(wait)}分钟后）`);
      const byIp = await countCall(db, k.callIp, CALL_WINDOW_MS);
      if (byIp.current > CALLS_PER_ADDRESS) throw new ApiError(429, TOO_MANY_CALLS);
      const byDev = await countCall(db, k.callDev, CALL_WINDOW_MS);
      if (byDev.current > CALLS_PER_DEVICE) throw new ApiError(429, TOO_MANY_CALLS);
    },
    async failed(req, deviceId) {
      const k = keys(req, deviceId);
      await countCall(db, k.failIp, FAILURE_WINDOW_MS);
      const dev = await countCall(db, k.failDev, FAILURE_WINDOW_MS);
      return dev.current === 1;
    },
    async onceInWindow(key) {
      return (await countCall(db, `ingest-once:${key}`, FAILURE_WINDOW_MS)).current === 1;
    },
  };
}

const PRUNE_BATCH = 5000;

/** Deletes ingest refusals older than `days` (0 keeps everything), in batches; answers how many. */
export async function pruneIngestRejects(db: Db, days: number): Promise<number> {
  if (!(days > 0)) return 0;
  let total = 0;
  for (;;) {
    const gone = await rows<{ id: string }>(
      db,
      sql`delete from lg_ingest_reject where id in (
            select id from lg_ingest_reject
             where time < now() - make_interval(days => ${Math.floor(days)})
             limit ${PRUNE_BATCH})
          returning id`,
    );
    total += gone.length;
    if (gone.length < PRUNE_BATCH) return total;
    await new Promise((r) => setImmediate(r));
  }
}
