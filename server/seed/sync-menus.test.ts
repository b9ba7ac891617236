// @vitest-environment node
import { and, eq, inArray, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase, runMigrations } from '../db/client.ts';
import { menu, role, roleMenu } from '../db/schema/index.ts';
import { seedIfEmpty, syncMenus } from './index.ts';

let database: Database;
beforeAll(async () => {
  database = await openDatabase('memory');
  await runMigrations(database);
  expect(await seedIfEmpty(database.db, { adminPassword: 'admin', seedDemo: false })).toBe(true);
});
afterAll(async () => {
  await database?.close();
});

const byCode = async (code: string) => (await database.db.select().from(menu).where(eq(menu.code, code)))[0];

describe('syncMenus: an upgraded database gets the menus a newer release added', () => {
  it('adds nothing to a freshly seeded database', async () => {
    expect(await syncMenus(database.db)).toEqual([]);
  });

  it('puts back a page and its buttons that an older release lacked, granted to administrator and admin only', async () => {
    const db = database.db;
    // two leaf pages with buttons: one "not yet released" (its rows never existed), one the administrator deleted
    const leaves = await db
      .select({ id: menu.id, code: menu.code, parentId: menu.parentId })
      .from(menu)
      .where(and(eq(menu.category, 1), like(menu.path, '/finance/%')))
      .orderBy(menu.code)
      .limit(2);
    const [absent, removed] = leaves;
    const absentButtons = await db
      .select({ id: menu.id, code: menu.code })
      .from(menu)
      .where(eq(menu.parentId, absent.id));
    expect(absentButtons.length).toBeGreaterThan(0);
    const gone = [absent.id, ...absentButtons.map((b) => b.id)];
    await db.delete(roleMenu).where(inArray(roleMenu.menuId, gone));
    await db.delete(menu).where(inArray(menu.id, gone));
    await db.update(menu).set({ isDeleted: 1 }).where(eq(menu.id, removed.id));

    const added = await syncMenus(db);
    expect(added.sort()).toEqual([absent.code, ...absentButtons.map((b) => b.code)].sort());

    const page = await byCode(absent.code);
    expect(page.parentId).toBe(absent.parentId);
    expect(page.isDeleted).toBe(0);
    for (const b of absentButtons) expect((await byCode(b.code)).parentId).toBe(page.id);
    // the deleted one stays deleted
    expect((await byCode(removed.code)).isDeleted).toBe(1);

    const grants = await db
      .select({ alias: role.roleAlias })
      .from(roleMenu)
      .innerJoin(role, eq(role.id, roleMenu.roleId))
      .where(eq(roleMenu.menuId, page.id));
    expect(grants.map((g) => g.alias).sort()).toEqual(['admin', 'administrator']);

    expect(await syncMenus(db)).toEqual([]);
    const [n] = await db.select({ n: sql<number>`count(*)::int` }).from(menu).where(eq(menu.code, absent.code));
    expect(n.n).toBe(1);
  });
});
