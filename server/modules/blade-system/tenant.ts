/**
 * 租户管理 (/system/tenant, bladex-contract §5.7) through the resource engine, plus BladeX's `select`. Every route
 * but `select` is for the administrator of the platform tenant 000000 only; creating a tenant creates, in the
 * same transaction, its top department, admin role (every menu granted), post `ceo` and user `admin`
 * (server/seed/tenant.ts).
 *
 * The engine filters any table with a `tenantId` key by the caller's tenant; tenants are the one table where that
 * column is the row's own key, so the engine is given a view of blade_tenant whose tenant_id column is keyed `code`
 * (the answer renames it back to `tenantId`).
 */
import { and, eq, like } from 'drizzle-orm';
import { pgTable, varchar } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import { TENANT, tenantForm, tenantResource } from '../../../core/contract/blade-system/tenant.contract.ts';
import { DEFAULT_TENANT_ID } from '../../../core/contract/common.ts';
import type { Tx } from '../../db/client.ts';
import { audit, idPk } from '../../db/schema/common.ts';
import type { AuthUser } from '../../platform/auth.ts';
import { type CrudContext, isAdministrator, type Row, registerResource } from '../../platform/crud/index.ts';
import { endpoints } from '../../platform/endpoint.ts';
import { hashPassword, md5hex } from '../../platform/password.ts';
import { badRequest, forbidden } from '../../platform/r.ts';
import { parse } from '../../platform/validate.ts';
import { createTenantCore } from '../../seed/tenant.ts';
import { isPlatformTenant } from './platform-tenant.ts';

/** blade_tenant as the engine sees it: tenant_id keyed `code` so no tenant filter applies. */
const tenantRows = pgTable('blade_tenant', {
  id: idPk(),
  code: varchar('tenant_id', { length: 12 }).notNull(),
  tenantName: varchar('tenant_name', { length: 100 }).notNull(),
  domain: varchar('domain', { length: 255 }).notNull().default(''),
  linkman: varchar('linkman', { length: 50 }).notNull().default(''),
  contactNumber: varchar('contact_number', { length: 30 }).notNull().default(''),
  address: varchar('address', { length: 255 }).notNull().default(''),
  ...audit(),
});

export function requireTenantAdministrator(u: AuthUser): void {
  if (!isPlatformTenant(u) || !isAdministrator(u)) throw forbidden('租户只能由平台租户的超级管理员管理');
}

const escapeLike = (v: unknown) => `%${String(v).replace(/[\\%_]/g, (m) => `\\${m}`)}%`;

/** A 6-digit tenant id no tenant (removed ones included) holds. */
async function freeTenantId(tx: Tx): Promise<string> {
  for (let i = 0; i < 50; i++) {
    const id = String(100000 + Math.floor(Math.random() * 900000));
    const hit = await tx.select({ id: tenantRows.id }).from(tenantRows).where(eq(tenantRows.code, id)).limit(1);
    if (!hit[0]) return id;
  }
  throw badRequest('无法生成租户编号，请手工填写');
}

export function registerTenantRoutes(s: FastifyInstance, ctx: CrudContext): void {
  registerResource(s, ctx, tenantResource, tenantRows, {
    where: (_req, u) => {
      requireTenantAdministrator(u);
      return undefined;
    },
    filters: {
      tenantId: (v) => like(tenantRows.code, escapeLike(v)),
    },
    toEntity: (e) => {
      const { code, ...rest } = e;
      return { ...rest, tenantId: code };
    },
    beforeSave: async (tx, row, c) => {
      requireTenantAdministrator(c.user);
      if (!c.isNew) {
        if (c.prev?.code === DEFAULT_TENANT_ID && row.status === 0) throw badRequest('平台租户不能停用');
        return;
      }
      const form = parse(tenantForm, (c.req.body ?? {}) as Row);
      let id = form.tenantId;
      if (id) {
        const hit = await tx.select({ id: tenantRows.id }).from(tenantRows).where(eq(tenantRows.code, id)).limit(1);
        if (hit[0]) throw badRequest('租户编号已存在');
      } else {
        id = await freeTenantId(tx);
      }
      row.code = id;
    },
    afterSave: async (tx, row, c) => {
      if (!c.isNew) return;
      const form = parse(tenantForm, (c.req.body ?? {}) as Row);
      await createTenantCore(tx, {
        tenantId: String(row.code),
        tenantName: String(row.tenantName),
        adminHash: await hashPassword(md5hex(form.adminPassword || 'admin')),
      });
    },
    beforeRemove: (_tx, rows, { user: u }) => {
      requireTenantAdministrator(u);
      if (rows.some((r) => r.code === DEFAULT_TENANT_ID)) throw badRequest('平台租户不能删除');
    },
    routes: { import: false, importTemplate: false },
  });

  // BladeX `tenant/select`: the platform tenant sees every live tenant, any other caller its own
  endpoints(s, ctx.db).handle(TENANT.select, async ({ user: u }) => {
    const rows = await ctx.db
      .select({ id: tenantRows.id, tenantId: tenantRows.code, tenantName: tenantRows.tenantName })
      .from(tenantRows)
      .where(and(eq(tenantRows.isDeleted, 0), isPlatformTenant(u) ? undefined : eq(tenantRows.code, u.tenantId)))
      .orderBy(tenantRows.createTime, tenantRows.id);
    return rows;
  });
}
