/**
 * 岗位 (/system/post, bladex-contract §5.4): posts of a tenant, assigned to users (user.postId) and staff.
 * Constraints: postCode unique per tenant (岗位编号已存在); a post held by a user or an employee cannot be removed.
 */
import { z } from 'zod';
import { ENGINE_HIDDEN } from '../fields.ts';
import { postRow } from '../generated/system.ts';
import { num } from '../input.ts';
import { flag, int, opt, req } from '../izs-base/fields.ts';
import { defineResource } from '../resource.ts';

/** dict `post_category` (system dictionary). */
export const POST_CATEGORY = { dict: 'post_category', system: true } as const;
export const POST_SELECT = {
  endpoint: '/api/blade-system/post/select-list',
  labelKey: 'postName',
  valueKey: 'id',
} as const;

export const postEntity = postRow.omit(ENGINE_HIDDEN).extend({});
export type PostRow = z.infer<typeof postEntity>;

export const postForm = z.object({
  category: num({ error: '请选择岗位类型' }).int('请选择岗位类型').min(1, '请选择岗位类型').max(4, '请选择岗位类型'),
  postCode: req('岗位编号', 30).regex(/^[A-Za-z0-9_-]+$/, '岗位编号只能含字母、数字、_ 和 -'),
  postName: req('岗位名称', 50),
  sort: int('排序', 0, 99999, 0),
  status: flag('状态', 1),
  remark: opt('备注', 255),
});

export const postQuery = z.object({
  category: num({ error: '岗位类型格式不正确' }).int('岗位类型格式不正确').optional(),
  postCode: z.string().max(30).optional(),
  postName: z.string().max(50).optional(),
});

export const postResource = defineResource({
  name: 'post',
  title: '岗位',
  service: 'blade-system',
  path: '/api/blade-system/post',
  permission: 'system_post',
  schemas: { entity: postEntity, form: postForm, query: postQuery },
  scope: 'tenant',
  labelField: 'postName',
  sortable: ['sort', 'postCode', 'createTime'],
  defaultSort: { field: 'sort' },
  unique: [{ fields: ['postCode'], message: '岗位编号已存在' }],
  columns: [
    { field: 'category', label: '岗位类型', kind: 'select', options: POST_CATEGORY, width: 110 },
    { field: 'postCode', label: '岗位编号', kind: 'code', width: 140 },
    { field: 'postName', label: '岗位名称', kind: 'text', width: 160 },
    { field: 'sort', label: '排序', kind: 'number', width: 80 },
    { field: 'status', label: '状态', kind: 'status', width: 80 },
    { field: 'remark', label: '备注', kind: 'text', width: 200 },
    { field: 'createTime', label: '创建时间', kind: 'datetime', width: 170 },
  ],
  search: [
    { field: 'category', label: '岗位类型', kind: 'select' },
    { field: 'postCode', label: '岗位编号', kind: 'text' },
    { field: 'postName', label: '岗位名称', kind: 'text' },
  ],
  form: [
    { field: 'category', label: '岗位类型', kind: 'select', required: true, options: POST_CATEGORY },
    { field: 'postCode', label: '岗位编号', kind: 'code', required: true },
    { field: 'postName', label: '岗位名称', kind: 'text', required: true },
    { field: 'sort', label: '排序', kind: 'number' },
    { field: 'status', label: '状态', kind: 'status' },
    { field: 'remark', label: '备注', kind: 'textarea' },
  ],
});
