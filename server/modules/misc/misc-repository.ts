/**
 * The queries of the small endpoints (routes.ts): the latest version, and the dashboard summary's counts, today's
 * completed weighings and the week's sign-ins / API calls — a time column on one day of the yard's zone taken as a
 * range of the column itself (the (tenant_id, create_time) indexes serve it; a cast of the column to a date scanned
 * the whole API log, one row per request — issue 25).
 */
import { desc, type SQL, sql } from 'drizzle-orm';
import { type Db, rows } from '../../db/client.ts';
import { versionInfo } from '../../db/schema/index.ts';

/** The latest version row. */
export const latestVersion = (db: Db) =>
  db.select({ version: versionInfo.version }).from(versionInfo).orderBy(desc(versionInfo.id)).limit(1);

/** `col` on day `d` of the zone, as a range of the column. */
function onDayOf(tz: string) {
  const zone = tz.replace(/'/g, '');
  return (col: string, d: SQL) =>
    sql`${sql.raw(col)} >= (${d})::timestamp at time zone ${zone} and ${sql.raw(col)} < ((${d}) + 1)::timestamp at time zone ${zone}`;
}
const todayIn = (tz: string) => sql`(now() at time zone ${tz})::date`;

/** The tenant's users, depts, roles, menus, live sessions, and today's sign-ins, API calls and operations. */
export function summaryCounts(db: Db, tz: string, t: string) {
  const onDay = onDayOf(tz);
  const today = todayIn(tz);
  return rows<Record<string, number>>(
    db,
    sql`select
        (select count(*)::int from blade_user where tenant_id = ${t} and is_deleted = 0) as users,
        (select count(*)::int from blade_dept where tenant_id = ${t} and is_deleted = 0) as depts,
        (select count(*)::int from blade_role where tenant_id = ${t} and is_deleted = 0) as roles,
        (select count(*)::int from blade_menu where category = 1 and is_deleted = 0) as menus,
        (select count(*)::int from blade_auth_session where tenant_id = ${t} and revoked_at is null
           and access_expires_at > now()) as "activeSessions",
        (select count(*)::int from blade_login_attempt where tenant_id = ${t} and success
           and ${onDay('create_time', today)}) as logins,
        (select count(*)::int from blade_log_api where tenant_id = ${t} and ${onDay('create_time', today)}) as "apiCalls",
        (select count(*)::int from blade_log_operation where tenant_id = ${t}
           and ${onDay('create_time', today)}) as operations`,
  );
}

/** The yard's day (server TZ): weighings completed today; purchase nets come in, sale nets go out. */
export function todaysWeighings(db: Db, tz: string, t: string) {
  const onDay = onDayOf(tz);
  const today = todayIn(tz);
  return rows<{ n: number; inKg: string; outKg: string }>(
    db,
    sql`select count(*)::int as n,
          coalesce(sum(net_weight) filter (where order_type = 'purchase'), 0)::numeric(16,3)::text as "inKg",
          coalesce(sum(net_weight) filter (where order_type = 'sale'), 0)::numeric(16,3)::text as "outKg"
        from izs_weighing_order
        where tenant_id = ${t} and is_deleted = 0 and weigh_state = 'completed'
          and complete_time is not null and ${onDay('complete_time', today)}`,
  );
}

/** Sign-ins and API calls of each of the last seven days. */
export function weekTrend(db: Db, tz: string, t: string) {
  const onDay = onDayOf(tz);
  const today = todayIn(tz);
  return rows<{ d: string; logins: number; api: number }>(
    db,
    sql`with days as (
          select (${today} - g)::date as d from generate_series(0, 6) g)
        select to_char(days.d, 'YYYY-MM-DD') as d,
          (select count(*)::int from blade_login_attempt a where a.tenant_id = ${t} and a.success
             and ${onDay('a.create_time', sql`days.d`)}) as logins,
          (select count(*)::int from blade_log_api l where l.tenant_id = ${t}
             and ${onDay('l.create_time', sql`days.d`)}) as api
        from days order by days.d`,
  );
}
