/**
 * 过磅时效 — the scale house's clock (issue 24): the report of a date range per lane (weighbridge) computed by
 * core/weighing/timing.ts from the step times (izs_weighing_step) and 异常过磅 rows. One definition serves the
 * 过磅时效 screen (screens/supply-chain/weighing/weigh-timing.tsx) and the weighbridge wall screen's panel
 * (screens/visual/data-board.tsx). Handler: server/modules/izs-weighing-order/timing.ts.
 */
import { z } from 'zod';
import { endpoint } from '../endpoint.ts';

export const TIMING_MENU = 'supply_chain_weigh_timing';
const W = '/api/izs-weighing';

const day = (label: string) =>
  z
    .string({ error: `${label}格式应为yyyy-MM-dd` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label}格式应为yyyy-MM-dd`)
    .refine(
      (v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
      {
        message: `${label}不是有效日期`,
      },
    );

/** The longest range a report covers (days). */
export const TIMING_MAX_DAYS = 366;

const box = { n: z.number(), min: z.number(), q1: z.number(), median: z.number(), q3: z.number(), max: z.number() };
export const laneTiming = z.object({
  lane: z.string(),
  name: z.string(),
  passes: z.number(),
  cycles: z.number(),
  cycleMedianMs: z.number().nullable(),
  cycleP90Ms: z.number().nullable(),
  busyHours: z.number(),
  trucksPerHour: z.string().nullable(),
  queueMean: z.string().nullable(),
  queueMax: z.number().nullable(),
  exceptions: z.array(z.object({ kind: z.string(), label: z.string(), count: z.number() })),
  exceptionTotal: z.number(),
  steps: z.array(z.object({ segment: z.string(), label: z.string(), ...box })),
});
export type LaneTimingAnswer = z.infer<typeof laneTiming>;

export const timingAnswer = z.object({
  from: z.string(),
  to: z.string(),
  lanes: z.array(laneTiming),
  all: laneTiming,
  heatmap: z.array(z.object({ weekday: z.number(), hour: z.number(), trucks: z.number(), perHour: z.string() })),
  /** The tenant's weighbridges in the user's scope (the lane filter) with the tare tolerance of their flags (%). */
  options: z.array(z.object({ id: z.string(), name: z.string(), tareTolerancePct: z.string() })),
});
export type TimingAnswer = z.infer<typeof timingAnswer>;

export const WEIGH_TIMING = {
  report: endpoint({
    method: 'GET',
    path: `${W}/timing/report`,
    summary: '过磅时效（每条磅道的周期中位数与P90、每小时车次、排队、异常；步骤耗时与星期×小时分布）',
    query: z
      .object({
        from: day('开始日期').optional(),
        to: day('结束日期').optional(),
        weighbridgeId: z
          .string()
          .regex(/^[1-9]\d{0,18}$/, '地磅格式不正确')
          .optional(),
      })
      .refine((q) => !q.from || !q.to || q.from <= q.to, { message: '开始日期不能晚于结束日期', path: ['from'] })
      .refine(
        (q) =>
          !q.from ||
          !q.to ||
          (Date.parse(`${q.to}T00:00:00Z`) - Date.parse(`${q.from}T00:00:00Z`)) / 86_400_000 < TIMING_MAX_DAYS,
        { message: `日期范围不能超过${TIMING_MAX_DAYS}天`, path: ['to'] },
      ),
    answer: timingAnswer,
    permission: { code: TIMING_MENU, action: 'view' },
    provides: ['WeighTiming'],
  }),
};
