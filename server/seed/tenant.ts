/**
 * What a tenant needs to be signed in to and run (BladeX's tenant/submit): a top department named after it, a role
 * `admin` (管理员) granted every live menu and button — the grants the seed gives a tenant's admin (index.ts) — a post
 * `ceo` (总经理), the user `admin`, and its business dictionaries and parameters (system-data.ts). Used by
 * 租户管理 (server/modules/blade-system/tenant.ts) inside its insert transaction.
 */
import { eq } from 'drizzle-orm';
import { nextIds, type Tx } from '../db/client.ts';
import { dept, menu, post, role, roleMenu, user } from '../db/schema/index.ts';
import { seedTenantData } from './system-data.ts';

export interface TenantCore {
  deptId: string;
  roleId: string;
  postId: string;
  userId: string;
}

/** Grants every live menu and button to the roles (what the seed and syncMenus give administrator / admin roles). */
export async function grantAllMenus(tx: Tx, roleIds: string[]): Promise<void> {
  const menus = await tx.select({ id: menu.id }).from(menu).where(eq(menu.isDeleted, 0));
  const links = roleIds.flatMap((roleId) => menus.map((m) => ({ roleId, menuId: m.id })));
  for (let i = 0; i < links.length; i += 1000) {
    await tx
      .insert(roleMenu)
      .values(links.slice(i, i + 1000))
      .onConflictDoNothing();
  }
}

/** The department, role, post, admin user and tenant data of a new tenant. `adminHash`: hashPassword(md5hex(pw)). */
export async function createTenantCore(
  tx: Tx,
  opts: { tenantId: string; tenantName: string; adminHash: string },
): Promise<TenantCore> {
  const T = opts.tenantId;
  const [deptId, roleId, postId, userId] = await nextIds(tx, 4);
  // audit fields name the tenant's own admin: no row of the new tenant points at another tenant's user
  const by = { createUser: userId, updateUser: userId };
  const name = opts.tenantName.slice(0, 45);
  await tx.insert(dept).values({
    id: deptId,
    tenantId: T,
    parentId: '0',
    ancestors: '0',
    deptName: name,
    fullName: name,
    deptCategory: 1,
    sort: 1,
    ...by,
  });
  await tx.insert(role).values({ id: roleId, tenantId: T, roleName: '管理员', roleAlias: 'admin', sort: 1, ...by });
  await tx
    .insert(post)
    .values({ id: postId, tenantId: T, category: 1, postCode: 'ceo', postName: '总经理', sort: 1, ...by });
  await tx.insert(user).values({
    id: userId,
    tenantId: T,
    code: 'A001',
    account: 'admin',
    password: opts.adminHash,
    name: '管理员',
    realName: '管理员',
    roleId,
    deptId,
    postId,
    ...by,
  });
  await grantAllMenus(tx, [roleId]);
  await seedTenantData(tx, T);
  return { deptId, roleId, postId, userId };
}
