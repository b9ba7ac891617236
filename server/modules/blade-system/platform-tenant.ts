/**
 * Platform-wide catalogues (menus, the system dictionary, OAuth clients, the version history) are shared by every
 * tenant (BladeX keeps them without tenant_id). Reading them is tenant-neutral; changing them is reserved to
 * callers of the platform tenant 000000 (holding the resource's buttons), so a tenant's admin cannot rewrite
 * what other tenants see.
 */
import { DEFAULT_TENANT_ID } from '../../../core/contract/common.ts';
import type { AuthUser } from '../../platform/auth.ts';
import { forbidden } from '../../platform/r.ts';

export const isPlatformTenant = (u: AuthUser) => u.tenantId === DEFAULT_TENANT_ID;

export function requirePlatformTenant(u: AuthUser): void {
  if (!isPlatformTenant(u)) throw forbidden('系统级数据只能由平台租户维护');
}
