/**
 * The weighbridge's anti-cheat (issue 24): 异常过磅 — the exceptions a capture's flags opened (the rules are
 * core/weighing/anti-cheat.ts), held until a supervisor releases the weighing or voids it — and 皮重档案, each
 * vehicle's tare archive (the administrator's standard / trailer / container tares with their expiry, the last and
 * average tares of its completed weighings, the registered maximum gross). Handlers:
 * server/modules/izs-weighing-order/exceptions.ts and tare-archive.ts.
 *
 * Buttons: the list needs the view of 异常过磅 (supply_chain_weigh_exception); release and void need its 放行
 * button (supply_chain_weigh_exception_release) — a supervisor's, not the clerk's; the archive's changes need the
 * edit of 皮重档案 (supply_chain_tare_archive_edit).
 */
import { z } from 'zod';
import { FLAG_KIND_VALUES } from '../../weighing/anti-cheat.ts';
import { anyOf, endpoint } from '../endpoint.ts';
import { decimal, refReq, req } from '../izs-base/fields.ts';

export const EXCEPTION_STATES = [
  { label: '待处理', value: 'open' },
  { label: '已放行', value: 'released' },
  { label: '已作废', value: 'voided' },
] as const;

export const EXCEPTION_MENU = 'supply_chain_weigh_exception';
export const EXCEPTION_RELEASE = 'supply_chain_weigh_exception_release';
export const TARE_MENU = 'supply_chain_tare_archive';

const W = '/api/izs-weighing';
const page = {
  current: z.coerce.number().int('页码必须是整数').min(1, '页码必须大于0').default(1),
  size: z.coerce.number().int('每页条数必须是整数').min(1, '每页条数必须大于0').max(200, '每页最多200条').default(20),
};

export const exceptionRow = z.object({
  id: z.string(),
  weighingId: z.string(),
  orderNo: z.string(),
  weighState: z.string(),
  weighbridgeName: z.string().nullable(),
  pass: z.string(),
  kind: z.string(),
  kindName: z.string(),
  detail: z.string(),
  carNumber: z.string(),
  plateRead: z.string(),
  weight: z.string(),
  reference: z.string().nullable(),
  /** OSS paths of every camera's photo at that moment. */
  photos: z.array(z.string()),
  /** The last 30 s of readings: [{t, v, s}]. */
  readings: z.array(z.object({ t: z.number(), v: z.string(), s: z.boolean() })),
  state: z.string(),
  stateName: z.string(),
  createTime: z.string(),
  operatorName: z.string().nullable(),
  resolveUserName: z.string().nullable(),
  resolveTime: z.string().nullable(),
  resolveNote: z.string(),
});
export type ExceptionRow = z.infer<typeof exceptionRow>;

export const exceptionCounts = z.object({
  /** Open exceptions (weighings held), all dates. */
  open: z.number(),
  /** Held weighings (a weighing with several flags counts once). */
  heldWeighings: z.number(),
  /** Exceptions opened today. */
  today: z.number(),
  byKind: z.array(z.object({ kind: z.string(), label: z.string(), open: z.number(), today: z.number() })),
});
export type ExceptionCounts = z.infer<typeof exceptionCounts>;

const resolveBody = (label: string) =>
  z.object({
    weighingId: refReq('磅单'),
    note: req(label, 255),
  });

export const WEIGH_EXCEPTION = {
  page: endpoint({
    method: 'GET',
    path: `${W}/exception/page`,
    summary: '异常过磅列表',
    query: z.object({
      ...page,
      state: z.enum(['open', 'released', 'voided'], { error: '状态不正确' }).optional(),
      kind: z.enum(FLAG_KIND_VALUES, { error: '异常类型不正确' }).optional(),
      carNumber: z.string().trim().max(16, '车牌号不能超过16个字符').optional(),
      weighingId: z
        .string()
        .regex(/^[1-9]\d{0,18}$/, '磅单格式不正确')
        .optional(),
    }),
    answer: z.object({ records: z.array(exceptionRow), total: z.number() }),
    permission: { code: EXCEPTION_MENU, action: 'view' },
    provides: ['WeighException'],
  }),
  counts: endpoint({
    method: 'GET',
    path: `${W}/exception/counts`,
    summary: '异常过磅统计（待处理、今日，按类型）',
    answer: exceptionCounts,
    permission: { code: EXCEPTION_MENU, action: 'view' },
    provides: ['WeighException'],
  }),
  release: endpoint({
    method: 'POST',
    path: `${W}/exception/release`,
    summary: '放行异常过磅（主管；之后磅单可以完成）',
    body: resolveBody('放行说明'),
    answer: z.object({ released: z.number() }),
    permission: anyOf(EXCEPTION_RELEASE),
    invalidates: ['WeighException', 'Resource'],
  }),
  void: endpoint({
    method: 'POST',
    path: `${W}/exception/void`,
    summary: '作废异常过磅的磅单（主管；填写作废原因）',
    body: resolveBody('作废原因'),
    answer: z.object({ voided: z.number() }),
    permission: anyOf(EXCEPTION_RELEASE),
    invalidates: ['WeighException', 'Resource', 'StockQuery'],
  }),
};

export const TARE_KINDS = [
  { label: '整车标准皮重', value: 'vehicle' },
  { label: '挂车皮重', value: 'trailer' },
  { label: '集装箱皮重', value: 'container' },
] as const;

export const tareRow = z.object({
  id: z.string(),
  kind: z.string(),
  kindName: z.string(),
  label: z.string(),
  tareKg: z.string(),
  validUntil: z.string().nullable(),
  /** Not expired today. */
  valid: z.boolean(),
  remark: z.string(),
  updateTime: z.string(),
});

export const tareArchive = z.object({
  carId: z.string(),
  plate: z.string(),
  maxGrossKg: z.string(),
  tares: z.array(tareRow),
  /** The plate's completed weighings, newest first (tare, time, order). */
  history: z.array(z.object({ orderNo: z.string(), tareKg: z.string(), grossKg: z.string(), time: z.string() })),
  lastTareKg: z.string().nullable(),
  averageTareKg: z.string().nullable(),
  /** What the rules compare a tare with now (valid standard tare, else mean of the last three). */
  referenceTareKg: z.string().nullable(),
  /** 变更记录: the administrators' changes of the vehicle's tares, newest first (who, when, old → new). */
  changes: z.array(
    z.object({
      id: z.string(),
      time: z.string(),
      userName: z.string(),
      kind: z.string(),
      kindName: z.string(),
      label: z.string(),
      /** set | remove */
      action: z.string(),
      oldTareKg: z.string().nullable(),
      newTareKg: z.string().nullable(),
      oldValidUntil: z.string().nullable(),
      newValidUntil: z.string().nullable(),
      remark: z.string(),
    }),
  ),
});
export type TareArchiveAnswer = z.infer<typeof tareArchive>;

export const tareListRow = z.object({
  carId: z.string(),
  plate: z.string(),
  maxGrossKg: z.string(),
  standardTareKg: z.string().nullable(),
  standardValidUntil: z.string().nullable(),
  standardValid: z.boolean(),
  trailerCount: z.number(),
  lastTareKg: z.string().nullable(),
  averageTareKg: z.string().nullable(),
  weighings: z.number(),
});

const day = z
  .string({ error: '有效期格式应为yyyy-MM-dd' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, '有效期格式应为yyyy-MM-dd')
  .nullable()
  .optional();

export const TARE_ARCHIVE = {
  page: endpoint({
    method: 'GET',
    path: `${W}/tare-archive/page`,
    summary: '皮重档案（每辆车的标准皮重、最近与平均皮重）',
    query: z.object({ ...page, plate: z.string().trim().max(16, '车牌号不能超过16个字符').optional() }),
    answer: z.object({ records: z.array(tareListRow), total: z.number() }),
    permission: { code: TARE_MENU, action: 'view' },
    provides: ['TareArchive'],
  }),
  detail: endpoint({
    method: 'GET',
    path: `${W}/tare-archive/detail`,
    summary: '一辆车的皮重档案',
    query: z.object({ carId: z.string().regex(/^[1-9]\d{0,18}$/, '请选择车辆') }),
    answer: tareArchive,
    permission: { code: TARE_MENU, action: 'view' },
    provides: ['TareArchive'],
  }),
  save: endpoint({
    method: 'POST',
    path: `${W}/tare-archive/save`,
    summary: '设置标准皮重 / 挂车 / 集装箱皮重（管理员）',
    body: z.object({
      carId: refReq('车辆'),
      kind: z.enum(['vehicle', 'trailer', 'container'], { error: '请选择皮重类型' }),
      label: z.string({ error: '挂车号/箱号必须是文本' }).trim().max(32, '挂车号/箱号不能超过32个字符').default(''),
      tareKg: decimal('皮重', 3, '999999').refine((v) => Number(v) > 0, { message: '皮重必须大于0' }),
      validUntil: day,
      remark: z.string().trim().max(255, '备注不能超过255个字符').default(''),
    }),
    answer: tareArchive,
    permission: { code: TARE_MENU, action: 'edit' },
    invalidates: ['TareArchive'],
  }),
  remove: endpoint({
    method: 'POST',
    path: `${W}/tare-archive/remove`,
    summary: '删除一条皮重',
    body: z.object({ id: refReq('皮重') }),
    answer: tareArchive,
    permission: { code: TARE_MENU, action: 'edit' },
    invalidates: ['TareArchive'],
  }),
  maxGross: endpoint({
    method: 'POST',
    path: `${W}/tare-archive/max-gross`,
    summary: '设置核定总质量（行驶证）',
    body: z.object({ carId: refReq('车辆'), maxGrossKg: decimal('核定总质量', 3, '999999') }),
    answer: tareArchive,
    permission: { code: TARE_MENU, action: 'edit' },
    invalidates: ['TareArchive'],
  }),
};
