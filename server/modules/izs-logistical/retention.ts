/**
 * Position retention (documented in the module README):
 *   - the last 7 days: every report (1 Hz trucks: ~86,400 rows per vehicle-day);
 *   - 7 days to 1 year: thinned to one point per 30 s (the first report of each 30-second bucket);
 *   - older than 1 year (or GPS_MAX_AGE_DAYS when that is longer): deleted.
 * The `gps-thinning` job (server/platform/jobs.ts) runs it 5 minutes after start and then hourly (each pass thins
 * everything between a year and 7 days old; after the first pass that is only the newest hour's worth of
 * full-resolution rows). Alarms and orders are kept.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { maxAgeDays } from './ingest.ts';

export const FULL_DAYS = 7;
export const THIN_SECONDS = 30;
/** a year, or longer when GPS_MAX_AGE_DAYS accepts older reports (they must not be deleted as soon as stored) */
export const KEEP_DAYS = Math.max(365, maxAgeDays());

export async function thinPositions(db: Db, now = new Date()): Promise<{ thinned: number; deleted: number }> {
  const fullCut = new Date(now.getTime() - FULL_DAYS * 86_400_000);
  const keepCut = new Date(now.getTime() - KEEP_DAYS * 86_400_000);
  const del = (await db.execute(sql`delete from lg_position where time < ${keepCut}`)) as unknown as {
    affectedRows?: number;
    rowCount?: number;
  };
  const thin = (await db.execute(sql`
    delete from lg_position p using (
      select car_id, time, row_number() over (
        partition by car_id, floor(extract(epoch from time) / ${THIN_SECONDS}) order by time) as rn
      from lg_position where time >= ${keepCut} and time < ${fullCut}
    ) x
    where p.car_id = x.car_id and p.time = x.time and x.rn > 1`)) as unknown as {
    affectedRows?: number;
    rowCount?: number;
  };
  return { thinned: thin.affectedRows ?? thin.rowCount ?? 0, deleted: del.affectedRows ?? del.rowCount ?? 0 };
}
