/**
 * The endpoints of 数据权限 / 接口权限 (bladex-contract §5.10–5.11; screens/authority/scope-*.tsx): list (paged, by
 * menu), detail, submit, remove. Administrator / admin role only, the caller's tenant only. The rule schemas and the
 * API-pattern matcher are in scope.contract.ts; handlers in server/modules/blade-system/scope/*.ts.
 */
import { z } from 'zod';
import { idListSchema, idSchema, pageQuerySchema } from '../common.ts';
import { endpoint } from '../endpoint.ts';
import { idOut, none, pageOf } from './fields.ts';
import {
  API_SCOPE_METHODS,
  type ApiScopeRow,
  apiScopeSubmitSchema,
  type DataScopeRow,
  dataScopeSubmitSchema,
  SCOPE_PATHS,
} from './scope.contract.ts';

export const scopeListQuery = pageQuerySchema.extend({
  menuId: z
    .string()
    .trim()
    .optional()
    .refine((v) => !v || /^[1-9]\d{0,18}$/.test(v), { message: '菜单编号格式不正确' }),
  scopeName: z.string().trim().max(100).optional(),
});

export const dataScopeRowSchema = z.object({
  id: idOut,
  menuId: z.string(),
  resourceCode: z.string(),
  scopeName: z.string(),
  scopeColumn: z.string(),
  scopeType: z.number().int(),
  scopeTypeName: z.string(),
  scopeValue: z.string(),
  remark: z.string(),
  status: z.number().int(),
}) satisfies z.ZodType<DataScopeRow>;

export const apiScopeRowSchema = z.object({
  id: idOut,
  menuId: z.string(),
  resourceCode: z.string(),
  scopeName: z.string(),
  scopePath: z.string(),
  scopeMethod: z.enum(API_SCOPE_METHODS),
  scopeType: z.number().int(),
  scopeTypeName: z.string(),
  remark: z.string(),
  status: z.number().int(),
}) satisfies z.ZodType<ApiScopeRow>;

const byId = z.object({ id: idSchema });
const byIds = z.object({ ids: idListSchema });

export const DATA_SCOPE = {
  list: endpoint({
    method: 'GET',
    path: SCOPE_PATHS.dataScopeList,
    summary: '数据权限分页',
    query: scopeListQuery,
    answer: pageOf(dataScopeRowSchema),
    provides: ['DataScope'],
  }),
  detail: endpoint({
    method: 'GET',
    path: SCOPE_PATHS.dataScopeDetail,
    summary: '数据权限详情',
    query: byId,
    answer: dataScopeRowSchema,
    provides: ['DataScope'],
  }),
  submit: endpoint({
    method: 'POST',
    path: SCOPE_PATHS.dataScopeSubmit,
    summary: '新增或修改数据权限',
    body: dataScopeSubmitSchema,
    answer: none,
    invalidates: ['DataScope'],
  }),
  remove: endpoint({
    method: 'POST',
    path: SCOPE_PATHS.dataScopeRemove,
    summary: '删除数据权限（及其授权）',
    query: byIds,
    answer: none,
    invalidates: ['DataScope', 'Grant'],
  }),
};

export const API_SCOPE = {
  list: endpoint({
    method: 'GET',
    path: SCOPE_PATHS.apiScopeList,
    summary: '接口权限分页',
    query: scopeListQuery,
    answer: pageOf(apiScopeRowSchema),
    provides: ['ApiScope'],
  }),
  detail: endpoint({
    method: 'GET',
    path: SCOPE_PATHS.apiScopeDetail,
    summary: '接口权限详情',
    query: byId,
    answer: apiScopeRowSchema,
    provides: ['ApiScope'],
  }),
  submit: endpoint({
    method: 'POST',
    path: SCOPE_PATHS.apiScopeSubmit,
    summary: '新增或修改接口权限',
    body: apiScopeSubmitSchema,
    answer: none,
    invalidates: ['ApiScope'],
  }),
  remove: endpoint({
    method: 'POST',
    path: SCOPE_PATHS.apiScopeRemove,
    summary: '删除接口权限（及其授权）',
    query: byIds,
    answer: none,
    invalidates: ['ApiScope', 'Grant'],
  }),
};
