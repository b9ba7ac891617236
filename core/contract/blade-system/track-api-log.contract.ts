/**
 * 接口跟踪日志 (/system/track-api-log): the API log (C's /monitor/log/api contract, blade-log/api-log.contract.ts)
 * narrowed to the calls worth tracking down — the ones that failed (HTTP status ≥ 400) or were slow
 * (≥ TRACK_SLOW_MS) — for the caller's tenant. Same row shape, read-only, with two extra filters: `kind`
 * (error | slow) and `minTime` (ms). The spec names the route only; this reading is recorded in the report.
 */
import { z } from 'zod';
import { apiLogEntity, apiLogQuery, apiLogResource } from '../blade-log/api-log.contract.ts';
import { num } from '../input.ts';
import { defineResource, type Option } from '../resource.ts';

/** A call at least this long (ms) counts as slow. */
export const TRACK_SLOW_MS = 1000;

export const TRACK_KINDS: Option[] = [
  { label: '失败(状态≥400)', value: 'error' },
  { label: `慢请求(≥${TRACK_SLOW_MS}ms)`, value: 'slow' },
];

export const trackApiLogQuery = apiLogQuery.extend({
  kind: z.enum(['error', 'slow'], { error: '跟踪类型不正确' }).optional(),
  minTime: num({ error: '最短耗时必须是数字' }).int('最短耗时必须是整数').min(0, '最短耗时不能小于0').optional(),
});

export const trackApiLogResource = defineResource({
  ...apiLogResource,
  name: 'track-api-log',
  title: '接口跟踪日志',
  service: 'blade-system',
  path: '/api/blade-system/track-api-log',
  permission: 'system_track_api_log',
  schemas: { entity: apiLogEntity, form: z.object({}), query: trackApiLogQuery },
  defaultSort: { field: 'createTime', desc: true },
  search: [{ field: 'kind', label: '跟踪类型', kind: 'select' }, ...apiLogResource.search],
});
