/**
 * One set of figures (issue 21): the named metrics every screen that shows a business figure reads — the home
 * dashboard, the wall screens under /visual and the reports. Each has a Chinese label and a one-line definition (shown
 * on hover); the server's query for each name lives in server/modules/izs-visual/metrics.ts (a Record over these
 * names, so no metric is without its query).
 *
 * Where two figures count different things on purpose, the label says which: 过磅 figures (completed weighings) are
 * not 入库 figures (reviewed documents).
 *
 *   GET /api/izs-visual/metrics?names=a,b → MetricValue[] (in the order asked; value null when the caller may not
 *   view the metric's source list)
 */
import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { VISUAL } from './fields.ts';
import { METRIC_NAMES, type MetricName } from './metric-defs.ts';

// the definitions are zod-free (metric-defs.ts): the home page shows their labels on the first load after sign-in
export { METRIC_NAMES, METRICS, type MetricDef, type MetricName, metricHint } from './metric-defs.ts';

const metricName = z.enum(METRIC_NAMES as [MetricName, ...MetricName[]], { message: '指标名称不正确' });

export const metricValue = z.object({
  name: metricName,
  label: z.string(),
  definition: z.string(),
  unit: z.enum(['yuan', 'kg']),
  /** yuan: 2 decimals; kg: 3 decimals; null: the caller may not view the metric's source list */
  value: z.string().nullable(),
});
export type MetricValue = z.infer<typeof metricValue>;

export const METRIC_ENDPOINTS = {
  values: endpoint({
    method: 'GET',
    path: `${VISUAL}/metrics`,
    summary: '统一指标（名称、口径说明与数值）',
    query: z.object({
      /** comma list of metric names (METRICS keys) */
      names: z.string({ message: '请填写指标名称' }).regex(/^[A-Za-z]+(,[A-Za-z]+)*$/, '指标名称不正确'),
    }),
    answer: z.array(metricValue),
  }),
};
