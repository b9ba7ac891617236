/**
 * 无人值守车道 (issue 24): what the lane driver (tools/scale-bridge/lane-driver.ts, running core/weighing/lane.ts)
 * hands the server besides the capture itself — the step times the capture does not write (arrived, identified,
 * on deck, printed, barrier open, left), so 过磅时效 sees a lane's whole cycle. The capture, the flags and the
 * completion go through WEIGHING.firstPass / secondPass as at the station. Handler:
 * server/modules/izs-weighing-order/lane.ts.
 *
 * 人工接管: a clerk's takeover of a lane step (车道监控) is a call, not a channel message — `takeover` checks the
 * 接管 button (supply_chain_lane_monitor_takeover) on the server, keeps the command as its audit row
 * (izs_lane_takeover) with an operation log, and tells the lane on its department channel that a command waits
 * (`{"laneTakeover": {scale, id}}`, a bell only); the lane driver fetches the commands with `claim` (each handed out
 * once) and acts on nothing else. A `laneCommand` typed into the channel by anyone does nothing.
 */
import { z } from 'zod';
import { LANE_RECORDED } from '../../weighing/lane.ts';
import { endpoint } from '../endpoint.ts';
import { refReq } from '../izs-base/fields.ts';
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

export const LANE_MONITOR_MENU = 'supply_chain_lane_monitor';
export const LANE_TAKEOVER_BUTTON = 'supply_chain_lane_monitor_takeover';
export const TAKEOVER_STEPS = [
  { value: 'identify', label: '人工识别' },
  { value: 'capture', label: '人工采集' },
  { value: 'print', label: '人工打印' },
  { value: 'open', label: '人工抬杆' },
] as const;

const weightKg = z
  .union([z.string(), z.number()], { error: '重量格式不正确' })
  .transform((v) => String(v).trim())
  .refine((v) => /^\d{1,9}(\.\d{1,3})?$/.test(v), { message: '重量格式不正确，最多3位小数' })
  .refine((v) => Number(v) > 0, { message: '重量必须大于0' });

export const laneTakeoverBody = z.discriminatedUnion(
  'step',
  [
    z.object({
      weighbridgeId: refReq('地磅'),
      step: z.literal('identify'),
      plate: z
        .string({ error: '请输入车牌号' })
        .transform((v) => v.replace(/[\s·•.-]/g, '').toUpperCase())
        .refine((v) => v.length > 0, { message: '请输入车牌号' })
        .refine((v) => v.length <= 16, { message: '车牌号不能超过16个字符' }),
    }),
    z.object({
      weighbridgeId: refReq('地磅'),
      step: z.literal('capture'),
      weight: weightKg,
      reason: z
        .string({ error: '手工录入重量必须填写原因' })
        .trim()
        .min(1, '手工录入重量必须填写原因')
        .max(255, '原因不能超过255个字符'),
    }),
    z.object({ weighbridgeId: refReq('地磅'), step: z.literal('print') }),
    z.object({ weighbridgeId: refReq('地磅'), step: z.literal('open') }),
  ],
  { error: '接管步骤应为 identify、capture、print 或 open（人工识别、人工采集、人工打印、人工抬杆）' },
);
export type LaneTakeoverBody = z.input<typeof laneTakeoverBody>;

/** A takeover as the lane driver receives it (core/weighing/lane.ts LaneCommand plus its audit row's id). */
export const laneTakeoverCommand = z.object({
  id: z.string(),
  step: z.enum(['identify', 'capture', 'print', 'open']),
  plate: z.string(),
  weight: z.string(),
  reason: z.string(),
  /** who took over (real name or account) */
  byName: z.string(),
  at: z.string(),
});
export type LaneTakeoverCommand = z.infer<typeof laneTakeoverCommand>;

/** The states of a takeover command as the lane monitor names them. */
export const TAKEOVER_STATES = [
  { value: 'pending', label: '待执行' },
  { value: 'claimed', label: '执行中' },
  { value: 'done', label: '已执行' },
  { value: 'failed', label: '失败' },
  { value: 'expired', label: '已过期' },
] as const;
export type TakeoverState = (typeof TAKEOVER_STATES)[number]['value'];
export const takeoverStateLabel = (s: string) => TAKEOVER_STATES.find((x) => x.value === s)?.label ?? s;

/** The lane's report of a claimed command: carried out (done), or not (failed, with the lane's reason). */
export const laneTakeoverReportBody = z.discriminatedUnion(
  'result',
  [
    z.object({ id: refReq('接管指令'), result: z.literal('done') }),
    z.object({
      id: refReq('接管指令'),
      result: z.literal('failed'),
      reason: z
        .string({ error: '请填写失败原因' })
        .trim()
        .min(1, '请填写失败原因')
        .transform((v) => v.slice(0, 255)),
    }),
  ],
  { error: '执行结果应为 done 或 failed（已执行、失败）' },
);
export type LaneTakeoverReportBody = z.input<typeof laneTakeoverReportBody>;

/** A takeover as the lane monitor lists it (newest first). */
export const laneTakeoverRow = z.object({
  id: z.string(),
  step: z.enum(['identify', 'capture', 'print', 'open']),
  stepName: z.string(),
  plate: z.string(),
  weight: z.string(),
  reason: z.string(),
  state: z.enum(['pending', 'claimed', 'done', 'failed', 'expired']),
  stateName: z.string(),
  /** the lane's reason when failed */
  resultNote: z.string(),
  byName: z.string(),
  at: z.string(),
  resultAt: z.string(),
});
export type LaneTakeoverRow = z.infer<typeof laneTakeoverRow>;

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
  takeover: endpoint({
    method: 'POST',
    path: '/api/izs-weighing/lane/takeover',
    summary: '车道监控：人工接管车道的一步（识别、手工采集、打印、抬杆），需接管按钮权限，记录审计并通知车道',
    body: laneTakeoverBody,
    answer: z.object({ id: z.string(), notified: z.boolean() }),
    permission: { exact: LANE_TAKEOVER_BUTTON },
    message: '接管指令已发送',
    invalidates: ['LaneTakeover'],
  }),
  eticket: endpoint({
    method: 'POST',
    path: '/api/izs-weighing/loadometer-order/eticket',
    summary: '电子磅单：已完成的磅单上链并生成司机的公开溯源链接（带校验码），记在磅单上；再次调用答同一链接',
    body: z.object({ id: refReq('磅单') }),
    answer: z.object({ path: z.string() }),
    permission: WEIGHING_CAPTURE,
  }),
  claim: endpoint({
    method: 'POST',
    path: '/api/izs-weighing/lane/takeover/claim',
    summary: '无人值守车道：车道驱动领取本地磅待执行的人工接管指令（每条只领取一次，按下达顺序）',
    body: z.object({ weighbridgeId: refReq('地磅') }),
    answer: z.object({ commands: z.array(laneTakeoverCommand) }),
    permission: WEIGHING_CAPTURE,
    invalidates: ['LaneTakeover'],
  }),
  report: endpoint({
    method: 'POST',
    path: '/api/izs-weighing/lane/takeover/report',
    summary: '无人值守车道：车道驱动报告已领取的人工接管指令的执行结果（已执行，或失败及原因），每条只报告一次',
    body: laneTakeoverReportBody,
    answer: z.object({ id: z.string(), state: z.enum(['done', 'failed']) }),
    permission: WEIGHING_CAPTURE,
    invalidates: ['LaneTakeover'],
  }),
  takeovers: endpoint({
    method: 'GET',
    path: '/api/izs-weighing/lane/takeover/list',
    summary: '车道监控：本地磅最近的人工接管指令及其状态（待执行、执行中、已执行、失败、已过期），新的在前',
    query: z.object({ weighbridgeId: refReq('地磅') }),
    answer: z.array(laneTakeoverRow),
    permission: { code: LANE_MONITOR_MENU, action: 'view' },
    provides: ['LaneTakeover'],
  }),
};
