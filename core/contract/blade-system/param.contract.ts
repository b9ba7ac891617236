/**
 * 页面配置 / 系统参数 (/system/page/config, bladex-contract §5.9): key → value settings of a tenant read by pages
 * and the server (e.g. `account.initPassword`). Constraints: paramKey unique per tenant (参数键名已存在), letters,
 * digits and `._-` only, starting with a letter.
 */
import { z } from 'zod';
import { ENGINE_HIDDEN } from '../fields.ts';
import { paramRow } from '../generated/system.ts';
import { opt, req } from '../izs-base/fields.ts';
import { defineResource } from '../resource.ts';

export const PARAM_PATHS = {
  /** `GET ?paramKey=` → the value of one key for any signed-in user ('' when unset). */
  value: '/api/blade-system/param/value',
} as const;

export const paramEntity = paramRow.omit(ENGINE_HIDDEN).extend({});
export type ParamRow = z.infer<typeof paramEntity>;

export const paramForm = z.object({
  paramName: req('参数名称', 100),
  paramKey: req('参数键名', 100).regex(/^[A-Za-z][A-Za-z0-9._-]*$/, '参数键名只能以字母开头，含字母、数字和 ._-'),
  paramValue: z
    .string({ error: '请输入参数键值' })
    .trim()
    .min(1, '请输入参数键值')
    .max(4000, '参数键值不能超过4000个字符'),
  remark: opt('备注', 255),
});

export const paramQuery = z.object({
  paramName: z.string().max(100).optional(),
  paramKey: z.string().max(100).optional(),
});

export const paramResource = defineResource({
  name: 'param',
  title: '参数',
  service: 'blade-system',
  path: '/api/blade-system/param',
  permission: 'system_page_config',
  schemas: { entity: paramEntity, form: paramForm, query: paramQuery },
  scope: 'tenant',
  labelField: 'paramName',
  sortable: ['paramKey', 'createTime'],
  defaultSort: { field: 'paramKey' },
  unique: [{ fields: ['paramKey'], message: '参数键名已存在' }],
  columns: [
    { field: 'paramName', label: '参数名称', kind: 'text', width: 180 },
    { field: 'paramKey', label: '参数键名', kind: 'code', width: 220 },
    { field: 'paramValue', label: '参数键值', kind: 'text', width: 240 },
    { field: 'remark', label: '备注', kind: 'text', width: 200 },
    { field: 'updateTime', label: '更新时间', kind: 'datetime', width: 170 },
  ],
  search: [
    { field: 'paramName', label: '参数名称', kind: 'text' },
    { field: 'paramKey', label: '参数键名', kind: 'text' },
  ],
  form: [
    { field: 'paramName', label: '参数名称', kind: 'text', required: true },
    { field: 'paramKey', label: '参数键名', kind: 'code', required: true, editDisabled: true },
    { field: 'paramValue', label: '参数键值', kind: 'textarea', required: true },
    { field: 'remark', label: '备注', kind: 'textarea' },
  ],
});
