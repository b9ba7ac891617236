/**
 * 安卓版本 (/system/android-version, spec §7.8 `app-version/android/apk-upload-record`): releases of the Android
 * weighing app. The APK itself lives in file storage: `url` is an absolute download address or an /oss path
 * (spec §9 prefix rule); the app asks `latest` whether it must update.
 *
 * Constraints: version is dotted digits (1.2.0) and unique per tenant (版本号已存在); versionCode is a positive
 * integer, unique, and a new record's code must be greater than every existing one (the app compares codes).
 */
import { z } from 'zod';
import { ENGINE_HIDDEN } from '../fields.ts';
import { androidVersionRow } from '../generated/base.ts';
import { num } from '../input.ts';
import { flag, opt } from '../izs-base/fields.ts';
import { defineResource } from '../resource.ts';

export const ANDROID_VERSION_PATHS = {
  /** POST: the upload record (same as save). */
  apkUploadRecord: '/api/izs-toolbox/app-version/android/apk-upload-record',
  /** GET: the newest enabled release for any signed-in user (null when none). */
  latest: '/api/izs-toolbox/app-version/android/latest',
} as const;

export const androidVersionEntity = androidVersionRow.omit(ENGINE_HIDDEN).extend({});
export type AndroidVersionRow = z.infer<typeof androidVersionEntity>;

export const androidVersionForm = z.object({
  version: z
    .string({ error: '请输入版本号' })
    .trim()
    .min(1, '请输入版本号')
    .max(30, '版本号不能超过30个字符')
    .regex(/^\d+(\.\d+){0,3}$/, '版本号格式应为 1.2.0'),
  versionCode: num({ error: '版本代码必须是正整数' })
    .int('版本代码必须是正整数')
    .min(1, '版本代码必须是正整数')
    .max(2100000000, '版本代码过大'),
  url: z
    .string({ error: '请输入安装包地址' })
    .trim()
    .min(1, '请输入安装包地址')
    .max(500, '安装包地址不能超过500个字符')
    .refine((v) => /^https?:\/\/\S+$/.test(v) || /^\/?[\w\-./]+$/.test(v), {
      message: '安装包地址必须是网址或文件路径',
    }),
  forceUpdate: flag('强制更新', 0),
  status: flag('状态', 1),
  remark: opt('更新说明', 500),
});

export const androidVersionQuery = z.object({
  version: z.string().max(30).optional(),
  forceUpdate: num().int().optional(),
});

export const androidVersionResource = defineResource({
  name: 'android-version',
  title: '安卓版本',
  service: 'izs-toolbox',
  path: '/api/izs-toolbox/app-version/android',
  permission: 'system_android_version',
  schemas: { entity: androidVersionEntity, form: androidVersionForm, query: androidVersionQuery },
  scope: 'tenant',
  labelField: 'version',
  sortable: ['versionCode', 'createTime'],
  defaultSort: { field: 'versionCode', desc: true },
  unique: [
    { fields: ['version'], message: '版本号已存在' },
    { fields: ['versionCode'], message: '版本代码已存在' },
  ],
  columns: [
    { field: 'version', label: '版本号', kind: 'code', width: 110 },
    { field: 'versionCode', label: '版本代码', kind: 'number', width: 120 },
    { field: 'url', label: '安装包', kind: 'file', width: 220 },
    { field: 'forceUpdate', label: '强制更新', kind: 'bool', width: 90 },
    { field: 'status', label: '状态', kind: 'status', width: 80 },
    { field: 'remark', label: '更新说明', kind: 'text', width: 240 },
    { field: 'createTime', label: '发布时间', kind: 'datetime', width: 170 },
  ],
  search: [
    { field: 'version', label: '版本号', kind: 'text' },
    { field: 'forceUpdate', label: '强制更新', kind: 'bool' },
  ],
  form: [
    { field: 'version', label: '版本号', kind: 'code', required: true },
    { field: 'versionCode', label: '版本代码', kind: 'number', required: true },
    { field: 'url', label: '安装包地址', kind: 'file', required: true },
    { field: 'forceUpdate', label: '强制更新', kind: 'bool' },
    { field: 'status', label: '状态', kind: 'status' },
    { field: 'remark', label: '更新说明', kind: 'textarea' },
  ],
});
