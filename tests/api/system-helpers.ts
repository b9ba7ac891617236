/** Helpers of the system-administration API tests: a signed-in admin of a second tenant, rows of that tenant. */
import { and, eq, like } from 'drizzle-orm';
import { dept, menu, role, roleMenu, tenant, user } from '../../server/db/schema/index.ts';
import { hashPassword, md5hex } from '../../server/platform/password.ts';
import { type TestApp, tokenRequest } from './helpers.ts';

export const OTHER_TENANT = '100001';

/**
 * Creates tenant 100001 with a dept, an `admin` role granted every system_* menu and button, and user `other`
 * (password 123456); answers its access token.
 */
export async function otherTenantAdmin(t: TestApp): Promise<string> {
  const db = t.database.db;
  await db.insert(tenant).values({ tenantId: OTHER_TENANT, tenantName: '另一家回收公司' }).onConflictDoNothing();
  const [d] = await db
    .insert(dept)
    .values({ tenantId: OTHER_TENANT, deptName: '另一家总部', deptCategory: 1 })
    .returning({ id: dept.id });
  const [r] = await db
    .insert(role)
    .values({ tenantId: OTHER_TENANT, roleName: '管理员', roleAlias: 'admin' })
    .returning({ id: role.id });
  const menus = await db
    .select({ id: menu.id })
    .from(menu)
    .where(and(like(menu.code, 'system%'), eq(menu.isDeleted, 0)));
  await db.insert(roleMenu).values(menus.map((m) => ({ roleId: r.id, menuId: m.id })));
  await db.insert(user).values({
    tenantId: OTHER_TENANT,
    account: 'other',
    password: await hashPassword(md5hex('123456')),
    realName: '外租户管理员',
    roleId: r.id,
    deptId: d.id,
  });
  const res = await tokenRequest(t, 'other', '123456', { tenantId: OTHER_TENANT });
  if (res.status !== 200) throw new Error(`login other failed: ${JSON.stringify(res.body)}`);
  return res.body.access_token;
}
