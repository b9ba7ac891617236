/**
 * Small endpoints of other services until their modules exist: version select (izs-sell) and dashboard summary
 * (izs-toolbox). The account-set check moved to modules/izs-financing; the weighing socket lives in
 * modules/izs-weighing.
 */
import { desc, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { SITE } from '../../../core/contract/blade-system/site.contract.ts';
import type { DashboardSummary, SiteInfo } from '../../../core/contract/blade-system.contract.ts';
import { rows } from '../../db/client.ts';
import { versionInfo } from '../../db/schema/index.ts';
import type { AppContext } from '../../platform/context.ts';
import { endpoints } from '../../platform/endpoint.ts';
import { formatDate, formatDateTime } from '../../platform/time.ts';
import { hasDemoData } from '../../seed/index.ts';

export function registerMiscRoutes(app: FastifyInstance, { database, config, flushApiLog }: AppContext): void {
  const db = database.db;
  const tz = config.tz;

  const r = endpoints(app, db);
  r.handle(SITE.versionSelect, async () => {
    const v = await db
      .select({ version: versionInfo.version })
      .from(versionInfo)
      .orderBy(desc(versionInfo.id))
      .limit(1);
    return { version: v[0]?.version ?? '' };
  });

  let demo: { value: boolean; at: number } | null = null;
  r.handle(SITE.siteInfo, async () => {
    const now = new Date();
    if (!demo || now.getTime() - demo.at > 60_000) demo = { value: await hasDemoData(db), at: now.getTime() };
    const wall = formatDateTime(now, tz); // yyyy-MM-dd HH:mm:ss in TZ
    const [d, t] = wall.split(' ');
    const [y, m, day] = d.split('-').map(Number);
    const [hh, mm, ss] = t.split(':').map(Number);
    const offsetMs = Date.UTC(y, m - 1, day, hh, mm, ss) - Math.floor(now.getTime() / 1000) * 1000;
    const info: SiteInfo = {
      timeZone: tz,
      utcOffsetMinutes: Math.round(offsetMs / 60_000),
      today: d,
      now: now.getTime(),
      demo: demo.value,
    };
    return info;
  });

  r.handle(SITE.dashboardSummary, async ({ user: u }) => {
    await flushApiLog();
    const t = u.tenantId;
    // a time column on one day of the yard's zone, as a range of the column itself (the (tenant_id, create_time)
    // indexes serve it; a cast of the column to a date scanned the whole API log, one row per request — issue 25)
    const zone = tz.replace(/'/g, '');
    const onDay = (col: string, d: SQL) =>
      sql`${sql.raw(col)} >= (${d})::timestamp at time zone ${zone} and ${sql.raw(col)} < ((${d}) + 1)::timestamp at time zone ${zone}`;
    const today = sql`(now() at time zone ${tz})::date`;
    const [c] = await rows<Record<string, number>>(
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
    // the yard's day (server TZ): weighings completed today; purchase nets come in, sale nets go out
    const [w] = await rows<{ n: number; inKg: string; outKg: string }>(
      db,
      sql`select count(*)::int as n,
          coalesce(sum(net_weight) filter (where order_type = 'purchase'), 0)::numeric(16,3)::text as "inKg",
          coalesce(sum(net_weight) filter (where order_type = 'sale'), 0)::numeric(16,3)::text as "outKg"
        from izs_weighing_order
        where tenant_id = ${t} and is_deleted = 0 and weigh_state = 'completed'
          and complete_time is not null and ${onDay('complete_time', today)}`,
    );
    const trendRows = await rows<{ d: string; logins: number; api: number }>(
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
    const summary: DashboardSummary = {
      counts: {
        users: Number(c.users),
        depts: Number(c.depts),
        roles: Number(c.roles),
        menus: Number(c.menus),
        activeSessions: Number(c.activeSessions),
      },
      today: {
        logins: Number(c.logins),
        apiCalls: Number(c.apiCalls),
        operations: Number(c.operations),
        weighCount: Number(w?.n ?? 0),
        inNetKg: w?.inKg ?? '0.000',
        outNetKg: w?.outKg ?? '0.000',
      },
      trend: trendRows.map((r) => ({
        date: r.d || formatDate(new Date(), tz),
        logins: Number(r.logins),
        apiCalls: Number(r.api),
      })),
    };
    return summary;
  });
}
