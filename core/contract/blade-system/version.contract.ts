/**
 * 版本管理 (/system/version, spec §7.8 version-info insert / select): the product version history. The newest row
 * is what `select` answers and the sidebar shows as its version label (spec §1, §3 "Version info: version").
 * Constraints: version is dotted digits (1.2.0), unique (版本号已存在); the last remaining version cannot be
 * removed (the label would go blank). The history is platform-wide: only the platform tenant (000000) writes it.
 */
import { z } from 'zod';
import { opt } from '../izs-base/fields.ts';
import { defineResource } from '../resource.ts';

export const VERSION_PATHS = {
  /** POST: add a version (the spec's insert; same as save). */
  insert: '/api/izs-sell/version-info/insert',
  /** GET (public): `{version}` of the newest row. */
  select: '/api/izs-sell/version-info/select',
} as const;

export const versionEntity = z.object({
  id: z.string(),
  version: z.string(),
  remark: z.string(),
  createTime: z.string(),
});
export type VersionRow = z.infer<typeof versionEntity>;

export const versionForm = z.object({
  version: z
    .string({ error: '请输入版本号' })
    .trim()
    .min(1, '请输入版本号')
    .max(30, '版本号不能超过30个字符')
    .regex(/^\d+(\.\d+){0,3}$/, '版本号格式应为 1.2.0'),
  remark: opt('更新内容', 2000),
});

export const versionQuery = z.object({
  version: z.string().max(30).optional(),
});

export const versionResource = defineResource({
  name: 'version-info',
  title: '版本',
  service: 'izs-sell',
  path: '/api/izs-sell/version-info',
  permission: 'system_version',
  schemas: { entity: versionEntity, form: versionForm, query: versionQuery },
  scope: 'tenant',
  labelField: 'version',
  sortable: ['createTime'],
  defaultSort: { field: 'createTime', desc: true },
  unique: [{ fields: ['version'], message: '版本号已存在' }],
  columns: [
    { field: 'version', label: '版本号', kind: 'code', width: 140 },
    { field: 'remark', label: '更新内容', kind: 'text', width: 420 },
    { field: 'createTime', label: '发布时间', kind: 'datetime', width: 170 },
  ],
  search: [{ field: 'version', label: '版本号', kind: 'text' }],
  form: [
    { field: 'version', label: '版本号', kind: 'code', required: true },
    { field: 'remark', label: '更新内容', kind: 'textarea' },
  ],
});
