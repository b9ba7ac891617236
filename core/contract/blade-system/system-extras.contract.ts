/**
 * The few hand-written endpoints beside four resource-engine screens of 系统管理 (handlers in the resource's own
 * module file): BladeX's `post/select` (every live post, for dropdowns), `param/value?paramKey=` (one setting),
 * version-info `insert` (= save, platform tenant) and the Android app's `apk-upload-record` (= save) and `latest`.
 * Reads serve any signed-in user; the two inserts check the resource's add button in the engine (as save does).
 */
import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { ANDROID_VERSION_PATHS, androidVersionEntity, androidVersionForm } from './android-version.contract.ts';
import { PARAM_PATHS } from './param.contract.ts';
import { postResource } from './post.contract.ts';
import { VERSION_PATHS, versionEntity, versionForm } from './version.contract.ts';

export const postOptionSchema = z.object({
  id: z.string(),
  category: z.number().int(),
  postCode: z.string(),
  postName: z.string(),
});
export type PostOption = z.infer<typeof postOptionSchema>;

export const versionAnswer = versionEntity.loose();
export const androidVersionAnswer = androidVersionEntity.loose();

export const SYSTEM_EXTRAS = {
  postSelect: endpoint({
    method: 'GET',
    path: `${postResource.path}/select`,
    summary: '岗位下拉（本租户全部岗位）',
    answer: z.array(postOptionSchema),
  }),
  /**
   * One key's value. Without the 页面配置 (system_page_config) grant only PUBLIC_PARAM_KEYS are answered (403
   * otherwise): `account.initPassword` and whatever else an administrator keeps there is not for every user.
   */
  paramValue: endpoint({
    method: 'GET',
    path: PARAM_PATHS.value,
    summary: '系统参数：某键名的值（未设置为空串；无页面配置权限时仅可读公开参数）',
    query: z.object({
      paramKey: z.string({ error: '缺少必要的请求参数: paramKey' }).trim().min(1, '请输入参数键名'),
    }),
    answer: z.string(),
  }),
  versionInsert: endpoint({
    method: 'POST',
    path: VERSION_PATHS.insert,
    summary: '新增版本（平台租户）',
    body: versionForm,
    answer: versionAnswer,
    invalidates: ['Version'],
  }),
  apkUploadRecord: endpoint({
    method: 'POST',
    path: ANDROID_VERSION_PATHS.apkUploadRecord,
    summary: '安卓安装包发布记录（同保存）',
    body: androidVersionForm,
    answer: androidVersionAnswer,
  }),
  androidLatest: endpoint({
    method: 'GET',
    path: ANDROID_VERSION_PATHS.latest,
    summary: '安卓应用最新启用版本（无则 null）',
    answer: androidVersionAnswer.nullable(),
  }),
};

/**
 * System parameters any signed-in user may read through `param/value` (issue 22): harmless display settings — the
 * system title, the registration switch the sign-in page may show, the scale's stable time, and the `print.` keys
 * (texts printed on documents anyone with the document prints). Every other key needs the 页面配置 grant.
 */
export const PUBLIC_PARAM_KEYS: readonly string[] = ['system.title', 'account.registerUser', 'weigh.stableSeconds'];
export const PUBLIC_PARAM_PREFIXES: readonly string[] = ['print.'];
export const isPublicParamKey = (key: string) =>
  PUBLIC_PARAM_KEYS.includes(key) || PUBLIC_PARAM_PREFIXES.some((p) => key.startsWith(p));
