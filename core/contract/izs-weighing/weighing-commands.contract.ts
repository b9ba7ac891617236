/**
 * The weighing workstation's commands on a record (磅单, orders.contract.ts): first pass, second pass, complete,
 * void, the memo for printing and its print count, the open record of a plate. Handlers in
 * server/modules/izs-weighing-order/ (one file per path). A capture needs 过磅 or 磅单 新增 (either button:
 * `permission: anyOf(...)`), a void 磅单 作废, the reads the view of 磅单 — all checked by the descriptor.
 *
 * Answers: the record as the resource's detail answers it (every column of the engine entity, the listed ones
 * typed), the memo, the print count. A command changes the record, its lists and the stock (the in/out-stock it
 * makes or voids), so it invalidates every resource row (`Resource`) and the stock queries.
 */
import { z } from 'zod';
import { idSchema } from '../common.ts';
import { anyOf, endpoint } from '../endpoint.ts';
import {
  completeBody,
  firstPassBody,
  secondPassBody,
  WEIGHING_ORDER_PATHS,
  weighingOrderEntity,
  weighingOrderResource,
  weighingVoidBody,
} from './orders.contract.ts';

/** The record as answered: the entity's typed fields and whatever else the engine answers with them. */
export const weighingOrderAnswer = weighingOrderEntity.loose();
export type WeighingOrderAnswer = z.infer<typeof weighingOrderAnswer>;

export const weightMemoSchema = z.object({
  id: z.string(),
  orderNo: z.string(),
  orderType: z.string(),
  orderTypeName: z.string(),
  weighState: z.string(),
  companyName: z.string(),
  deptName: z.string().nullable(),
  carNumber: z.string(),
  driverName: z.string(),
  partyName: z.string().nullable(),
  materialName: z.string().nullable(),
  warehouseName: z.string().nullable(),
  weighbridgeName: z.string().nullable(),
  grossWeight: z.string().nullable(),
  grossTime: z.string().nullable(),
  grossManual: z.boolean(),
  tareWeight: z.string().nullable(),
  tareTime: z.string().nullable(),
  tareManual: z.boolean(),
  deductWeight: z.string(),
  impurityRate: z.string(),
  deductionWeight: z.string().nullable(),
  netWeight: z.string().nullable(),
  unitPrice: z.string(),
  priceUnit: z.string(),
  priceUnitName: z.string(),
  amount: z.string().nullable(),
  /** 人民币大写 of the amount ('' until completed). */
  amountInWords: z.string(),
  /** true when either pass was entered by hand (印 手工录入 on the memo). */
  manual: z.boolean(),
  firstOperatorName: z.string().nullable(),
  secondOperatorName: z.string().nullable(),
  printCount: z.number().int(),
  printTime: z.string(),
  remark: z.string(),
});
export type WeightMemo = z.infer<typeof weightMemoSchema>;

const view = { code: weighingOrderResource.permission, action: 'view' } as const;
/** A pass or completion: the 过磅 (地磅) or the 磅单 新增 button. */
export const WEIGHING_CAPTURE = anyOf('supply_chain_loadometer_add', 'supply_chain_weight_memo_add');
/** A void: the 磅单 作废 button. */
export const WEIGHING_VOID = anyOf('supply_chain_weight_memo_void');
const CHANGES = ['Resource', 'StockQuery', 'WeighException'] as const;
const READS = [{ type: 'Resource', id: weighingOrderResource.name }] as const;

export const WEIGHING = {
  firstPass: endpoint({
    method: 'POST',
    path: WEIGHING_ORDER_PATHS.firstPass,
    summary: '一次过磅（过磅 / 磅单 新增按钮）',
    body: firstPassBody,
    answer: weighingOrderAnswer,
    invalidates: CHANGES,
    permission: WEIGHING_CAPTURE,
  }),
  secondPass: endpoint({
    method: 'POST',
    path: WEIGHING_ORDER_PATHS.secondPass,
    summary: '二次过磅（complete = 1 时同时完成）',
    body: secondPassBody,
    answer: weighingOrderAnswer,
    invalidates: CHANGES,
    permission: WEIGHING_CAPTURE,
  }),
  complete: endpoint({
    method: 'POST',
    path: WEIGHING_ORDER_PATHS.complete,
    summary: '完成过磅（生成入库单 / 出库单）',
    body: completeBody,
    answer: weighingOrderAnswer,
    invalidates: CHANGES,
    permission: WEIGHING_CAPTURE,
  }),
  void: endpoint({
    method: 'POST',
    path: WEIGHING_ORDER_PATHS.void,
    summary: '作废磅单（磅单 作废按钮；已生成的单据一并作废）',
    body: weighingVoidBody,
    answer: weighingOrderAnswer,
    invalidates: CHANGES,
    permission: WEIGHING_VOID,
  }),
  memo: endpoint({
    method: 'GET',
    path: WEIGHING_ORDER_PATHS.memo,
    summary: '磅单打印内容',
    query: z.object({ id: idSchema }),
    answer: weightMemoSchema,
    permission: view,
    provides: READS,
  }),
  print: endpoint({
    method: 'POST',
    path: WEIGHING_ORDER_PATHS.print,
    summary: '磅单打印次数 + 1',
    body: z.object({ id: idSchema }),
    answer: z.object({ printCount: z.number().int() }),
    permission: view,
    invalidates: READS,
  }),
  /** A background look-up of the workstation: no error toast. */
  open: endpoint({
    method: 'GET',
    path: WEIGHING_ORDER_PATHS.open,
    summary: '车辆未完成的磅单（一次过磅状态）',
    query: z.object({ carNumber: z.string({ error: '请输入车牌号' }).trim().min(1, '请输入车牌号').max(16) }),
    answer: weighingOrderAnswer.nullable(),
    permission: view,
    provides: READS,
    silent: true,
  }),
};
