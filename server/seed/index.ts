/**
 * First-start seed (DESIGN §2): runs only when the database has no tenant row, in one transaction.
 * SEED_DEMO=0 seeds what sign-in needs (tenant, client, top dept, roles, admin, menus, regions).
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  APP_VERSION,
  DEFAULT_CLIENT_ID,
  DEFAULT_CLIENT_SECRET,
  DEFAULT_TENANT_ID,
} from '../../core/contract/common.ts';
import {
  BUTTON_NAMES,
  type ButtonAction,
  DEFAULT_BUTTONS,
  MENU_TREE,
  type MenuSeed,
  menuCode,
} from '../../core/router/menu-tree.ts';
import { type Db, nextIds, type Tx } from '../db/client.ts';
import { client, dept, menu, post, region, role, roleMenu, tenant, user, versionInfo } from '../db/schema/index.ts';
import { hashClientSecret } from '../platform/client-secret.ts';
import { hashPassword, md5hex } from '../platform/password.ts';
import { seedArapDemo } from './arap.ts';
import { seedArapReverseDemo } from './arap-reverse.ts';
import { seedBaseData } from './base.ts';
import { seedContractData } from './contracts.ts';
import { seedFinanceDemo } from './finance.ts';
import { historyStart } from './history/index.ts';
import { seedLogistics } from './logistics.ts';
import { regionRows } from './regions.ts';
import { seedStockData } from './stock.ts';
import { seedSystemData } from './system-data.ts';
import { seedTraceChain } from './trace.ts';
import { seedVisualSites } from './visual.ts';

export interface SeedOptions {
  adminPassword: string;
  seedDemo: boolean;
  /** > 0: the demo book starts that many months back (the current one included) and keeps no hand-written
   * vouchers; server/seed/history makes its business and books once the app is up (main.ts) */
  historyMonths?: number;
}

/** Top-level catalogues the `user` role (业务员) gets. */
const USER_TOP_PATHS = ['/dashboard', '/supply-chain', '/logistical', '/business', '/contract', '/ledger'];
const USER_BUTTONS: ButtonAction[] = ['add', 'view', 'refresh', 'search', 'export'];

async function insertBatched<T>(n: number, items: T[], fn: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < items.length; i += n) await fn(items.slice(i, i + n));
}

type MenuRow = typeof menu.$inferInsert & { id: string };

/** The menu catalogue of core/router/menu-tree.ts as rows, parents first; ids are placeholders `p<n>`. */
function menuRows(): { rows: MenuRow[]; userGrants: string[] } {
  const rows: MenuRow[] = [];
  const userGrants: string[] = [];
  const walk = (nodes: MenuSeed[], parentId: string, forUser: boolean) => {
    nodes.forEach((n, i) => {
      const id = `p${rows.length}`; // placeholder, replaced by a sequence id
      const isLeaf = !n.children?.length;
      const granted = forUser || (parentId === '0' && USER_TOP_PATHS.includes(n.path));
      rows.push({
        id,
        parentId,
        code: menuCode(n.path),
        name: n.name,
        alias: 'menu',
        path: isLeaf ? (n.menuPath ?? n.path) : n.path,
        source: n.icon ?? '',
        sort: i + 1,
        category: 1,
        action: 0,
        isOpen: n.newWindow ? 2 : 1,
        isHidden: n.hidden ? 1 : 0,
        remark: n.path,
      });
      if (granted) userGrants.push(id);
      if (isLeaf) {
        const buttons = n.buttons ?? DEFAULT_BUTTONS;
        buttons.forEach((b, j) => {
          const bid = `p${rows.length}`;
          rows.push({
            id: bid,
            parentId: id,
            code: `${menuCode(n.path)}_${b}`,
            name: BUTTON_NAMES[b],
            alias: b,
            path: '',
            source: '',
            sort: j + 1,
            category: 2,
            action: b === 'edit' || b === 'view' || b === 'delete' ? 2 : 1,
            isOpen: 1,
            isHidden: 0,
            remark: '',
          });
          if (granted && USER_BUTTONS.includes(b)) userGrants.push(bid);
        });
      } else {
        walk(n.children ?? [], id, granted);
      }
    });
  };
  walk(MENU_TREE, '0', false);
  return { rows, userGrants };
}

async function seedMenus(tx: Tx, roleIds: { administrator: string; admin: string; user: string }) {
  const { rows, userGrants } = menuRows();
  const ids = await nextIds(tx, rows.length);
  const map = (placeholder: string): string => ids[Number(placeholder.slice(1))];
  const finalRows = rows.map((r) => ({
    ...r,
    id: map(r.id),
    parentId: r.parentId === '0' ? '0' : map(r.parentId ?? '0'),
  }));
  await insertBatched(500, finalRows, (chunk) => tx.insert(menu).values(chunk));
  const links: { roleId: string; menuId: string }[] = [];
  for (const r of finalRows) {
    links.push({ roleId: roleIds.administrator, menuId: r.id }, { roleId: roleIds.admin, menuId: r.id });
  }
  for (const g of userGrants) links.push({ roleId: roleIds.user, menuId: map(g) });
  await insertBatched(1000, links, (chunk) => tx.insert(roleMenu).values(chunk));
}

/**
 * An existing database gets the menus and buttons a newer release added (seeding runs only on an empty one, so
 * without this an upgraded yard never saw e.g. 凭证模板). A code already present — even deleted by the
 * administrator — is left alone, and so is anything under a menu that is no longer there. New entries are granted
 * to every tenant's administrator and admin roles, as a fresh seed grants them; other roles get them only when an
 * administrator assigns them. Answers the codes it added.
 */
export async function syncMenus(db: Db): Promise<string[]> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`lock table blade_menu in exclusive mode`);
    const existing = await tx.select({ id: menu.id, code: menu.code, isDeleted: menu.isDeleted }).from(menu);
    const known = new Set(existing.map((m) => m.code));
    const live = new Map(existing.filter((m) => m.isDeleted === 0).map((m) => [m.code, m.id]));
    const { rows } = menuRows();
    const codeOf = new Map(rows.map((r) => [r.id, r.code]));
    const missing = rows.filter((r) => !known.has(r.code));
    if (!missing.length) return [];
    const ids = await nextIds(tx, missing.length);
    const added: MenuRow[] = [];
    missing.forEach((r, i) => {
      const parentCode = r.parentId === '0' ? undefined : codeOf.get(r.parentId ?? '0');
      const parentId = parentCode === undefined ? '0' : live.get(parentCode);
      if (parentId === undefined) return; // its parent was deleted (or skipped): leave the branch out
      const row = { ...r, id: ids[i], parentId };
      live.set(r.code, row.id);
      added.push(row);
    });
    if (!added.length) return [];
    await insertBatched(500, added, (chunk) => tx.insert(menu).values(chunk));
    const admins = await tx
      .select({ id: role.id })
      .from(role)
      .where(and(inArray(role.roleAlias, ['administrator', 'admin']), eq(role.isDeleted, 0)));
    const links = admins.flatMap((a) => added.map((m) => ({ roleId: a.id, menuId: m.id })));
    await insertBatched(1000, links, (chunk) => tx.insert(roleMenu).values(chunk).onConflictDoNothing());
    return added.map((m) => m.code);
  });
}

/** The demo data was seeded (SEED_DEMO=1 on the first start): its demo accounts exist in the default tenant. */
export async function hasDemoData(db: Db): Promise<boolean> {
  const r = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(user)
    .where(
      and(eq(user.tenantId, DEFAULT_TENANT_ID), inArray(user.account, ['manager', 'clerk']), eq(user.isDeleted, 0)),
    );
  return (r[0]?.n ?? 0) > 0;
}

export async function isEmpty(db: Db): Promise<boolean> {
  const r = await db.select({ n: sql<number>`count(*)::int` }).from(tenant);
  return (r[0]?.n ?? 0) === 0;
}

/** Seeds an empty database; returns false (and does nothing) when a tenant already exists. */
export async function seedIfEmpty(db: Db, opts: SeedOptions): Promise<boolean> {
  if (!(await isEmpty(db))) return false;
  const adminHash = await hashPassword(md5hex(opts.adminPassword || 'admin'));
  const demoHash = opts.seedDemo ? await hashPassword(md5hex('123456')) : '';
  return db.transaction(async (tx) => {
    // re-check inside the transaction (another process may have seeded meanwhile)
    await tx.execute(sql`lock table blade_tenant in exclusive mode`);
    const again = await tx.select({ n: sql<number>`count(*)::int` }).from(tenant);
    if ((again[0]?.n ?? 0) > 0) return false;
    const T = DEFAULT_TENANT_ID;
    await tx.insert(tenant).values({
      tenantId: T,
      tenantName: '绿循再生资源有限公司',
      linkman: '管理员',
      contactNumber: '',
      address: '',
    });
    await tx.insert(client).values({
      clientId: DEFAULT_CLIENT_ID,
      clientSecret: hashClientSecret(DEFAULT_CLIENT_SECRET),
      scope: 'all',
      authorizedGrantTypes: 'password,captcha,refresh_token',
      accessTokenValidity: 3600,
      refreshTokenValidity: 604800,
    });
    const [company] = await tx
      .insert(dept)
      .values({
        tenantId: T,
        parentId: '0',
        ancestors: '0',
        deptName: '绿循再生资源有限公司',
        fullName: '绿循再生资源有限公司',
        deptCategory: 1,
        sort: 1,
      })
      .returning({ id: dept.id });
    const deptIds: Record<string, string> = { company: company.id };
    if (opts.seedDemo) {
      const [branch] = await tx
        .insert(dept)
        .values({
          tenantId: T,
          parentId: '0',
          ancestors: '0',
          deptName: '华东分公司',
          fullName: '绿循再生资源有限公司华东分公司',
          deptCategory: 1,
          sort: 2,
        })
        .returning({ id: dept.id });
      const subs: [string, string, string][] = [
        ['purchase', '采购部', company.id],
        ['sale', '销售部', company.id],
        ['weigh', '过磅中心', company.id],
        ['finance', '财务部', company.id],
        ['station', '过磅站', branch.id],
        ['store', '仓储部', branch.id],
      ];
      deptIds.branch = branch.id;
      let sort = 0;
      for (const [k, name, parent] of subs) {
        const [d] = await tx
          .insert(dept)
          .values({
            tenantId: T,
            parentId: parent,
            ancestors: `0,${parent}`,
            deptName: name,
            fullName: name,
            deptCategory: 2,
            sort: ++sort,
          })
          .returning({ id: dept.id });
        deptIds[k] = d.id;
      }
    }
    const roles = await tx
      .insert(role)
      .values([
        { tenantId: T, roleName: '超级管理员', roleAlias: 'administrator', sort: 1 },
        { tenantId: T, roleName: '管理员', roleAlias: 'admin', sort: 2 },
        { tenantId: T, roleName: '业务员', roleAlias: 'user', sort: 3 },
      ])
      .returning({ id: role.id, alias: role.roleAlias });
    const rid = (a: string) => roles.find((r) => r.alias === a)!.id;
    const posts = await tx
      .insert(post)
      .values([
        { tenantId: T, category: 1, postCode: 'ceo', postName: '总经理', sort: 1 },
        { tenantId: T, category: 3, postCode: 'weigher', postName: '司磅员', sort: 2 },
      ])
      .returning({ id: post.id });
    await tx.insert(user).values({
      tenantId: T,
      code: 'A001',
      account: 'admin',
      password: adminHash,
      name: '管理员',
      realName: '管理员',
      email: 'admin@loopyard.local',
      sex: 1,
      roleId: `${rid('administrator')},${rid('admin')}`,
      deptId: company.id,
      postId: posts[0].id,
    });
    if (opts.seedDemo) {
      await tx.insert(user).values([
        {
          tenantId: T,
          code: 'M001',
          account: 'manager',
          password: demoHash,
          name: '王经理',
          realName: '王经理',
          phone: '13800000001',
          sex: 1,
          roleId: rid('admin'),
          deptId: `${company.id},${deptIds.branch}`,
          postId: posts[0].id,
        },
        {
          tenantId: T,
          code: 'C001',
          account: 'clerk',
          password: demoHash,
          name: '李过磅',
          realName: '李过磅',
          phone: '13800000002',
          sex: 2,
          roleId: rid('user'),
          deptId: deptIds.weigh,
          postId: posts[1].id,
        },
      ]);
      // demo base data (materials, warehouses, weighbridges, cameras, parties…): server/seed/base.ts
      const [adminRow] = await tx.select({ id: user.id }).from(user).where(sql`${user.account} = 'admin'`);
      await seedBaseData(tx, { tenantId: T, depts: deptIds, adminId: adminRow.id, postIds: posts.map((p) => p.id) });
      // demo account set of the company (the organisation the administrator signs in to) with a closed month of
      // vouchers: server/seed/finance.ts
      await seedFinanceDemo(tx, {
        tenantId: T,
        deptId: company.id,
        adminId: adminRow.id,
        historyStart: opts.historyMonths ? historyStart(opts.historyMonths) : undefined,
      });
      // demo weighings, documents and stock (issue 4): server/seed/stock.ts
      await seedStockData(tx, { tenantId: T, depts: deptIds });
      // demo contracts, ledgers and supply-chain finance (issue 12): server/seed/contracts.ts
      await seedContractData(tx, { tenantId: T, depts: deptIds });
      // demo receivables, payables, collections and payments (issue 11): server/seed/arap.ts
      await seedArapDemo(tx, { tenantId: T, adminId: adminRow.id, deptId: deptIds.company ?? null });
      await seedArapReverseDemo(tx, { tenantId: T, adminId: adminRow.id, deptId: deptIds.company ?? null });
      // demo fleet, sites, orders, tracks and alarms (issue 13): server/seed/logistics.ts
      await seedLogistics(tx, { tenantId: T, deptId: deptIds.company, adminId: adminRow.id });
      // the demo's completed weighings and reviewed documents on the trace chain (issue 14): server/seed/trace.ts
      await seedTraceChain(tx, T);
      // the demo sites' coordinates on the main wall screen's map (issue 15): server/seed/visual.ts
      await seedVisualSites(tx, T);
    }
    await seedMenus(tx, { administrator: rid('administrator'), admin: rid('admin'), user: rid('user') });
    await insertBatched(1000, regionRows(), (chunk) => tx.insert(region).values(chunk));
    await tx.insert(versionInfo).values({ version: APP_VERSION, remark: '初始版本' });
    await seedSystemData(tx, T);
    return true;
  });
}
