/**
 * Shared set-up of the stock and weighing API tests: the real app on PGlite with the demo seed, tokens, the ids
 * of the seeded materials / warehouses / parties by code, and small document helpers.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { expect } from 'vitest';
import { material, menu, relatedParty, roleMenu, stock, warehouse, weighbridge } from '../../server/db/schema/index.ts';
import { type BaseCtx, bootBase } from './base-suite.ts';
import { call, type Req, type Res } from './helpers.ts';

export interface StockCtx extends BaseCtx {
  mat: Record<string, string>;
  wh: Record<string, string>;
  party: Record<string, string>;
  wb: Record<string, string>;
}

export async function bootStock(): Promise<StockCtx> {
  const c = await bootBase();
  const db = c.t.database.db;
  const by = <T extends { code: string; id: string }>(rows: T[]) => Object.fromEntries(rows.map((r) => [r.code, r.id]));
  // warehouses of the tests' own (the demo seed already keeps stock in CK01–CK03)
  const company = c.depts['绿循再生资源有限公司'];
  await db.insert(warehouse).values(
    [
      ['T1', '测试料场'],
      ['T2', '测试封闭库'],
      ['T3', '测试分拣车间'],
    ].map(([code, name]) => ({ tenantId: '000000', deptId: company, code, name, type: 'yard' })),
  );
  return {
    ...c,
    mat: by(
      await db.select({ id: material.id, code: material.code }).from(material).where(eq(material.tenantId, '000000')),
    ),
    wh: by(await db.select({ id: warehouse.id, code: warehouse.code }).from(warehouse)),
    party: by(await db.select({ id: relatedParty.id, code: relatedParty.code }).from(relatedParty)),
    wb: by(await db.select({ id: weighbridge.id, code: weighbridge.code }).from(weighbridge)),
  };
}

export type Api = (path: string, r?: Req) => Promise<Res>;

export const apiOf =
  (c: StockCtx, token?: string): Api =>
  (path, r = {}) =>
    call(c.t, path, { token: token ?? c.admin, ...r });

/** POST that must succeed; answers `data`. */
export async function okPost(api: Api, path: string, body: unknown) {
  const r = await api(path, { body });
  expect(r.body?.msg, `${path}: ${JSON.stringify(r.body)}`).toBe('操作成功');
  expect(r.status).toBe(200);
  return r.body.data;
}

/** Creates a draft, submits and reviews it; answers the reviewed document. */
export async function reviewed(api: Api, base: string, body: unknown) {
  const d = await okPost(api, `${base}/submit`, body);
  await okPost(api, `${base}/submit-review`, { id: d.id });
  return okPost(api, `${base}/review`, { id: d.id });
}

/** The stock row (qty, amount) of a warehouse + material straight from the table ('0.000'/'0.00' when none). */
export async function stockRow(c: StockCtx, warehouseId: string, materialId: string) {
  const [r] = await c.t.database.db
    .select({ qty: stock.qty, amount: stock.amount })
    .from(stock)
    .where(and(eq(stock.warehouseId, warehouseId), eq(stock.materialId, materialId)));
  return r ?? { qty: '0.000', amount: '0.00' };
}

export const P = {
  inStock: '/api/izs-stock/in-stock',
  outStock: '/api/izs-stock/out-stock',
  purchaseReturn: '/api/izs-stock/purchase-return',
  saleReturn: '/api/izs-stock/sale-return',
  assembly: '/api/izs-stock/assembly-order',
  disassembly: '/api/izs-stock/disassembly-order',
  conversion: '/api/izs-stock/conver-record',
  purchaseOrder: '/api/izs-stock/purchase-order',
  saleOrder: '/api/izs-stock/sale-order',
  drop: '/api/izs-stock/drop-shipping',
  inventory: '/api/izs-stock/inventory',
} as const;

/** Takes button codes away from a role; answers a function that gives them back. */
export async function revokeCodes(c: StockCtx, roleAlias: string, codes: string[]): Promise<() => Promise<void>> {
  const db = c.t.database.db;
  const rid = c.roleIds[roleAlias];
  const ms = await db.select({ id: menu.id }).from(menu).where(inArray(menu.code, codes));
  const held = await db
    .select({ menuId: roleMenu.menuId })
    .from(roleMenu)
    .where(
      and(
        eq(roleMenu.roleId, rid),
        inArray(
          roleMenu.menuId,
          ms.map((m) => m.id),
        ),
      ),
    );
  if (held.length) {
    await db.delete(roleMenu).where(
      and(
        eq(roleMenu.roleId, rid),
        inArray(
          roleMenu.menuId,
          held.map((h) => h.menuId),
        ),
      ),
    );
  }
  return async () => {
    if (held.length) await db.insert(roleMenu).values(held.map((h) => ({ roleId: rid, menuId: h.menuId })));
  };
}
