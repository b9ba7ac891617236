/**
 * 租户管理 (/system/tenant, bladex-contract §5.7): the tenants of the installation, managed by the administrator of
 * the platform tenant 000000 only (the screen is kept off the sidebar, spec §2.10, and opened by URL).
 *
 * Constraints:
 * - Creating a tenant gives it a 6-digit tenantId (generated, or the one typed when adding; unique among every
 *   tenant, removed ones included) and, in the same transaction, what BladeX creates: a role `admin` (管理员) granted
 *   every menu and button (as the seed grants a tenant's admin), a top department named after the tenant, a post
 *   `ceo` (总经理) and a user `admin` whose password is the one typed, else `admin`; plus the tenant's business
 *   dictionaries and parameters.
 * - tenantId cannot change; the platform tenant 000000 can be neither removed nor disabled. Removing is logical and
 *   its users can no longer sign in.
 * - `select` (any signed-in user) answers the caller's own tenant, or every live tenant for the platform tenant.
 */
import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { ENGINE_HIDDEN } from '../fields.ts';
import { tenantRow } from '../generated/system.ts';
import { flag, opt, req } from '../izs-base/fields.ts';
import { defineResource } from '../resource.ts';

export const tenantEntity = tenantRow.omit(ENGINE_HIDDEN).extend({});
export type TenantRow = z.infer<typeof tenantEntity>;

export const tenantForm = z.object({
  /** Only when adding; empty → generated. */
  tenantId: z
    .string({ error: '租户编号必须是文本' })
    .trim()
    .refine((v) => v === '' || /^\d{6}$/.test(v), { message: '租户编号必须是6位数字' })
    .default(''),
  tenantName: req('租户名称', 45),
  domain: opt('域名地址', 255),
  linkman: opt('联系人', 50),
  contactNumber: opt('联系电话', 30),
  address: opt('联系地址', 255),
  status: flag('状态', 1),
  /** Only when adding: the password of the tenant's `admin` user; empty → `admin`. */
  adminPassword: z
    .string({ error: '管理员密码必须是文本' })
    .refine((v) => v === '' || (v.length >= 6 && v.length <= 32), { message: '管理员密码长度应为6到32个字符' })
    .default(''),
});

export const tenantQuery = z.object({
  tenantId: z.string().max(12).optional(),
  tenantName: z.string().max(100).optional(),
  contactNumber: z.string().max(30).optional(),
});

export const tenantResource = defineResource({
  name: 'tenant',
  title: '租户',
  service: 'blade-system',
  path: '/api/blade-system/tenant',
  permission: 'system_tenant',
  schemas: { entity: tenantEntity, form: tenantForm, query: tenantQuery },
  scope: 'tenant',
  labelField: 'tenantName',
  sortable: ['tenantName', 'createTime'],
  defaultSort: { field: 'createTime', desc: false },
  columns: [
    { field: 'tenantId', label: '租户编号', kind: 'code', width: 110 },
    { field: 'tenantName', label: '租户名称', kind: 'text', width: 200 },
    { field: 'linkman', label: '联系人', kind: 'text', width: 110 },
    { field: 'contactNumber', label: '联系电话', kind: 'text', width: 140 },
    { field: 'address', label: '联系地址', kind: 'text', width: 220 },
    { field: 'domain', label: '域名地址', kind: 'text', width: 180 },
    { field: 'status', label: '状态', kind: 'status', width: 80 },
    { field: 'createTime', label: '创建时间', kind: 'datetime', width: 170 },
  ],
  search: [
    { field: 'tenantId', label: '租户编号', kind: 'text' },
    { field: 'tenantName', label: '租户名称', kind: 'text' },
    { field: 'contactNumber', label: '联系电话', kind: 'text' },
  ],
  form: [
    { field: 'tenantId', label: '租户编号', kind: 'code' },
    { field: 'tenantName', label: '租户名称', kind: 'text', required: true },
    { field: 'linkman', label: '联系人', kind: 'text' },
    { field: 'contactNumber', label: '联系电话', kind: 'text' },
    { field: 'domain', label: '域名地址', kind: 'text' },
    { field: 'status', label: '状态', kind: 'status' },
    { field: 'address', label: '联系地址', kind: 'text' },
    { field: 'adminPassword', label: '管理员密码', kind: 'password' },
  ],
});

export const tenantOption = z.object({ id: z.string(), tenantId: z.string(), tenantName: z.string() });

/** BladeX's `tenant/select` (handler in server/modules/blade-system/tenant.ts). */
export const TENANT = {
  select: endpoint({
    method: 'GET',
    path: `${tenantResource.path}/select`,
    summary: '租户下拉（平台租户看全部，其他租户只看本租户）',
    answer: z.array(tenantOption),
  }),
};
