/**
 * Small platform endpoints: the server's business day (public: the login page needs it), the desktop client's
 * version (public) and the home dashboard's figures. The client reads the two public ones through zod-free code
 * (core/session/server-clock.ts, core/api/blade-system.api.ts's versionInfo: wire.ts explains why); these
 * descriptors are the server's contract and the OpenAPI text.
 */
import { z } from 'zod';
import { type DashboardSummary, type SiteInfo, SYSTEM_PATHS } from '../blade-system.contract.ts';
import { endpoint } from '../endpoint.ts';
import { weight as kg } from '../fields.ts';

export const siteInfoSchema = z.object({
  timeZone: z.string(),
  utcOffsetMinutes: z.number().int(),
  today: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  now: z.number().int(),
  demo: z.boolean(),
}) satisfies z.ZodType<SiteInfo>;

export const dashboardSummarySchema = z.object({
  counts: z.object({
    users: z.number().int(),
    depts: z.number().int(),
    roles: z.number().int(),
    menus: z.number().int(),
    activeSessions: z.number().int(),
  }),
  today: z.object({
    logins: z.number().int(),
    apiCalls: z.number().int(),
    operations: z.number().int(),
    weighCount: z.number().int(),
    inNetKg: kg,
    outNetKg: kg,
  }),
  trend: z.array(z.object({ date: z.string(), logins: z.number().int(), apiCalls: z.number().int() })),
}) satisfies z.ZodType<DashboardSummary>;

export const SITE = {
  siteInfo: endpoint({
    method: 'GET',
    path: SYSTEM_PATHS.siteInfo,
    summary: '服务器的业务日期与时区、是否有演示数据（公开）',
    answer: siteInfoSchema,
    isPublic: true,
  }),
  versionSelect: endpoint({
    method: 'GET',
    path: SYSTEM_PATHS.versionSelect,
    summary: '客户端最新版本号（公开）',
    answer: z.object({ version: z.string() }),
    isPublic: true,
    silent: true,
    provides: ['Version'],
  }),
  dashboardSummary: endpoint({
    method: 'GET',
    path: SYSTEM_PATHS.dashboardSummary,
    summary: '首页统计（本租户）',
    answer: dashboardSummarySchema,
  }),
};
