/**
 * A second tenant for the isolation tests: tenant 200002 with a department, an `admin` role granted every menu and
 * button of the product (so every permission check passes and only the tenant separates it from 000000), and user
 * `tenant2` (password 123456). Seeded directly: the product has no tenant administration screen yet.
 */
import { eq } from 'drizzle-orm';
import { dept, menu, role, roleMenu, tenant, user } from '../../server/db/schema/index.ts';
import { hashPassword, md5hex } from '../../server/platform/password.ts';
import { type TestApp, tokenRequest } from './helpers.ts';

export const SECOND_TENANT = '200002';

export interface SecondTenant {
  tenantId: string;
  token: string;
  userId: string;
  deptId: string;
  roleId: string;
}

export async function seedSecondTenant(t: TestApp): Promise<SecondTenant> {
  const db = t.database.db;
  await db.insert(tenant).values({ tenantId: SECOND_TENANT, tenantName: '第二家再生资源公司' }).onConflictDoNothing();
  const [d] = await db
    .insert(dept)
    .values({ tenantId: SECOND_TENANT, deptName: '第二家总部', deptCategory: 1 })
    .returning({ id: dept.id });
  const [r] = await db
    .insert(role)
    .values({ tenantId: SECOND_TENANT, roleName: '管理员', roleAlias: 'admin' })
    .returning({ id: role.id });
  const menus = await db.select({ id: menu.id }).from(menu).where(eq(menu.isDeleted, 0));
  await db.insert(roleMenu).values(menus.map((m) => ({ roleId: r.id, menuId: m.id })));
  const [u] = await db
    .insert(user)
    .values({
      tenantId: SECOND_TENANT,
      account: 'tenant2',
      password: await hashPassword(md5hex('123456')),
      realName: '第二租户管理员',
      roleId: r.id,
      deptId: d.id,
    })
    .returning({ id: user.id });
  const res = await tokenRequest(t, 'tenant2', '123456', { tenantId: SECOND_TENANT });
  if (res.status !== 200) throw new Error(`login tenant2 failed: ${JSON.stringify(res.body)}`);
  return { tenantId: SECOND_TENANT, token: res.body.access_token, userId: u.id, deptId: d.id, roleId: r.id };
}
