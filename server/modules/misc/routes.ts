/**
 * Small endpoints of other services until their modules exist: version select (izs-sell) and dashboard summary
 * (izs-toolbox). The account-set check moved to modules/izs-financing; the weighing socket lives in
 * modules/izs-weighing.
 */
import type { FastifyInstance } from 'fastify';
import { SITE } from '../../../core/contract/blade-system/site.contract.ts';
import type { DashboardSummary, SiteInfo } from '../../../core/contract/blade-system.contract.ts';
import type { Db } from '../../db/client.ts';
import type { AppContext } from '../../platform/context.ts';
import { endpoints, type Handler } from '../../platform/endpoint.ts';
import { formatDate, formatDateTime } from '../../platform/time.ts';
import { hasDemoData } from '../../seed/index.ts';
import { latestVersion, summaryCounts, todaysWeighings, weekTrend } from './misc-repository.ts';

export function registerMiscRoutes(app: FastifyInstance, { database, config, flushApiLog }: AppContext): void {
  const db = database.db;
  const tz = config.tz;

  const r = endpoints(app, db);
  r.handle(SITE.versionSelect, async () => {
    const v = await latestVersion(db);
    return { version: v[0]?.version ?? '' };
  });
  r.handle(SITE.siteInfo, siteInfo(db, tz));
  r.handle(SITE.dashboardSummary, dashboardSummary(db, tz, flushApiLog));
}

function siteInfo(db: Db, tz: string): Handler<typeof SITE.siteInfo> {
  let demo: { value: boolean; at: number } | null = null;
  return async () => {
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
  };
}

function dashboardSummary(
  db: Db,
  tz: string,
  flushApiLog: AppContext['flushApiLog'],
): Handler<typeof SITE.dashboardSummary> {
  return async ({ user: u }) => {
    await flushApiLog();
    const t = u.tenantId;
    const [c] = await summaryCounts(db, tz, t);
    const [w] = await todaysWeighings(db, tz, t);
    const trendRows = await weekTrend(db, tz, t);
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
  };
}
