/**
 * Business cache (spec §3 "Business data cache", §6, §7.6): POST /api/izs-base/select-data/list with flags
 * answers the lists the weighing and order screens pick from. Role administrator: unfiltered; others: rows of
 * their departments (or of `deptId` when it is one of theirs).
 */
import { z } from 'zod';
import { endpoint } from '../endpoint.ts';

export const SELECT_DATA_PATHS = {
  list: '/api/izs-base/select-data/list',
  user: '/api/izs-base/select-data/user',
} as const;

const flagOn = z
  .union([z.boolean(), z.number(), z.string()])
  .transform((v) => v === true || v === 1 || v === '1' || v === 'true')
  .optional();

export const selectDataBody = z.object({
  userEnable: flagOn,
  customerEnable: flagOn,
  supplierEnable: flagOn,
  materialEnable: flagOn,
  warehouseEnable: flagOn,
  weighbridgeEnable: flagOn,
  deptId: z.union([z.string(), z.number()]).transform(String).optional(),
});
export type SelectDataBody = z.input<typeof selectDataBody>;

/** A row of a list: its id, name, code and department, and the list's own fields (unit, priceUnit…). */
export const selectItemSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    code: z.string().optional(),
    deptId: z.string().nullable().optional(),
  })
  .loose();
export type SelectItem = z.infer<typeof selectItemSchema>;

export const selectDataSchema = z.object({
  userList: z.array(selectItemSchema),
  customerList: z.array(selectItemSchema),
  supplierList: z.array(selectItemSchema),
  materialList: z.array(selectItemSchema),
  warehouseList: z.array(selectItemSchema),
  weighbridgeList: z.array(selectItemSchema),
});
export type SelectData = z.infer<typeof selectDataSchema>;

export const selectUserQuery = z.object({
  deptId: z.string().trim().optional(),
  name: z.string().trim().max(50).optional(),
});

/** 业务数据缓存 (any signed-in user; handlers in server/modules/izs-base/select-data.ts). */
export const SELECT_DATA = {
  list: endpoint({
    method: 'POST',
    path: SELECT_DATA_PATHS.list,
    summary: '业务数据缓存（按开关返回用户、客户、供应商、物料、仓库、地磅）',
    body: selectDataBody,
    answer: selectDataSchema,
  }),
  user: endpoint({
    method: 'GET',
    path: SELECT_DATA_PATHS.user,
    summary: '可选用户（本机构或指定机构）',
    query: selectUserQuery,
    answer: z.array(selectItemSchema),
    provides: ['BizCache'],
  }),
};
