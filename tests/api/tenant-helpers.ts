/**
 * A second tenant for the isolation tests: tenant 200002 created the way an operator creates one — tenant 000000's
 * administrator calls POST /api/blade-system/tenant/submit (issue 22) — which makes its top department, its `admin`
 * role granted every menu and button of the product (so every permission check passes and only the tenant separates
 * it from 000000) and its user `admin` (password 123456 as typed here).
 */
import { and, eq, sql } from 'drizzle-orm';
import { rows } from '../../server/db/client.ts';
import { user } from '../../server/db/schema/index.ts';
import { boot, call, login, type TestApp, tokenRequest } from './helpers.ts';

export const SECOND_TENANT = '200002';

export interface SecondTenant {
  tenantId: string;
  token: string;
  userId: string;
  deptId: string;
  roleId: string;
}

/** The test app (captcha off) with the second tenant seeded: the setup of every isolation suite. */
export async function bootWithSecondTenant(): Promise<{ t: TestApp; other: SecondTenant }> {
  const t = await boot({ captchaMode: false });
  return { t, other: await seedSecondTenant(t) };
}

/** Query / body keys that name a row: a sweep puts tenant 000000's id in each of them. */
export const ROW_ID_PARAMS = [
  'id',
  'ids',
  'orderId',
  'userId',
  'userIds',
  'roleId',
  'roleIds',
  'deptId',
  'parentId',
  'stockId',
  'warehouseId',
  'materialId',
  'partyId',
  'weighbridgeId',
  'menuId',
] as const;

export async function seedSecondTenant(t: TestApp): Promise<SecondTenant> {
  const admin = (await login(t, 'admin')).access_token;
  const made = await call(t, '/api/blade-system/tenant/submit', {
    token: admin,
    body: { tenantId: SECOND_TENANT, tenantName: '第二家再生资源公司', adminPassword: '123456' },
  });
  if (made.status !== 200 || made.body.data?.tenantId !== SECOND_TENANT) {
    throw new Error(`tenant/submit failed: ${JSON.stringify(made.body)}`);
  }
  const [u] = await t.database.db
    .select({ id: user.id, roleId: user.roleId, deptId: user.deptId })
    .from(user)
    .where(and(eq(user.tenantId, SECOND_TENANT), eq(user.account, 'admin')));
  const res = await tokenRequest(t, 'admin', '123456', { tenantId: SECOND_TENANT });
  if (res.status !== 200) throw new Error(`login admin of ${SECOND_TENANT} failed: ${JSON.stringify(res.body)}`);
  return { tenantId: SECOND_TENANT, token: res.body.access_token, userId: u.id, deptId: u.deptId, roleId: u.roleId };
}

/** Tables of tenant data (a tenant_id column), with the first tenant-000000 id of each (when it has an id column). */
export async function tenantTables(t: TestApp): Promise<{ table: string; id?: string }[]> {
  const db = t.database.db;
  const tables = await rows<{ table_name: string; has_id: boolean }>(
    db,
    sql`select c.table_name, exists(select 1 from information_schema.columns i where i.table_name = c.table_name
          and i.column_name = 'id' and i.table_schema = 'public') as has_id
          from information_schema.columns c
         where c.table_schema = 'public' and c.column_name = 'tenant_id' order by 1`,
  );
  const out: { table: string; id?: string }[] = [];
  for (const x of tables) {
    if (!x.has_id) {
      out.push({ table: x.table_name });
      continue;
    }
    const r = await rows<{ id: string }>(
      db,
      sql`select id::text as id from ${sql.identifier(x.table_name)} where tenant_id = '000000' order by id limit 1`,
    );
    out.push({ table: x.table_name, id: r[0]?.id });
  }
  return out;
}

/** Every id of tenant 000000's rows (ids come from one sequence, so an id names one row of one table). */
export async function tenantIds(t: TestApp, tables: { table: string; id?: string }[]): Promise<Set<string>> {
  const out = new Set<string>();
  for (const { table, id } of tables) {
    if (id === undefined) continue;
    const r = await rows<{ id: string }>(
      t.database.db,
      sql`select id::text as id from ${sql.identifier(table)} where tenant_id = '000000'`,
    );
    for (const x of r) out.add(x.id);
  }
  return out;
}

/** A checksum of every tenant-000000 row of every tenant table (logs and sign-in bookkeeping left out). */
export async function snapshot(t: TestApp, tables: { table: string }[]): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const { table } of tables) {
    if (/^blade_log_|login_attempt|auth_session|loopyard_row_count/.test(table)) continue;
    const [r] = await rows<{ h: string }>(
      t.database.db,
      sql`select md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as h
            from ${sql.identifier(table)} x where x.tenant_id = '000000'`,
    );
    out[table] = r.h;
  }
  return out;
}
