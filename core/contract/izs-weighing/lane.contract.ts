/**
 * 无人值守车道 (issue 24): what the lane driver (tools/scale-bridge/lane-driver.ts, running core/weighing/lane.ts)
 * hands the server besides the capture itself — the step times the capture does not write (arrived, identified,
 * on deck, printed, barrier open, left), so 过磅时效 sees a lane's whole cycle. The capture, the flags and the
 * completion go through WEIGHING.firstPass / secondPass as at the station. Handler:
 * server/modules/izs-weighing-order/lane.ts.
 */
import { z } from 'zod';
import { LANE_RECORDED } from '../../weighing/lane.ts';
import { endpoint } from '../endpoint.ts';
import { WEIGHING_CAPTURE } from './weighing-commands.contract.ts';

const STEP_LABEL: Record<string, string> = {
  arrived: '到达',
  identified: '识别',
  on_deck: '上磅',
  printed: '打印',
  barrier_open: '抬杆',
  left: '离开',
};

export const laneStepsBody = z.object({
  weighingId: z.string({ error: '请指定磅单' }).regex(/^[1-9]\d{0,18}$/, '磅单格式不正确'),
  pass: z.enum(['first', 'second'], { error: '过磅次序应为 first 或 second' }),
  steps: z
    .array(
      z.object({
        step: z.enum(LANE_RECORDED as [string, ...string[]], {
          error: `步骤应为 ${LANE_RECORDED.map((s) => STEP_LABEL[s]).join('、')} 之一`,
        }),
        at: z
          .number({ error: '步骤时间应为毫秒时间戳' })
          .int('步骤时间应为毫秒时间戳')
          .positive('步骤时间应为毫秒时间戳'),
      }),
      { error: '步骤必须是列表' },
    )
    .min(1, '至少记录一个步骤')
    .max(LANE_RECORDED.length, `最多记录${LANE_RECORDED.length}个步骤`),
});
export type LaneStepsBody = z.input<typeof laneStepsBody>;
export const laneStepLabel = (s: string) => STEP_LABEL[s] ?? s;

export const WEIGH_LANE = {
  steps: endpoint({
    method: 'POST',
    path: '/api/izs-weighing/lane/steps',
    summary: '无人值守车道：记录一次过磅的车道步骤时间（到达、识别、上磅、打印、抬杆、离开）',
    body: laneStepsBody,
    answer: z.object({ recorded: z.number().int() }),
    permission: WEIGHING_CAPTURE,
    invalidates: ['WeighTiming'],
  }),
};
