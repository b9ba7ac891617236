// @vitest-environment node
/**
 * The demo book (server/seed/finance.ts) serves every demo material: each finds a 库存商品 leaf of its own kind, so
 * generating a stock document's voucher or carrying the sales cost is never refused for a demo material.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { costCarryAccounts, materialSubAccount } from '../../core/accounting/business-voucher.ts';
import { accountSet, material } from '../../server/db/schema/index.ts';
import { loadBookChart, toBook } from '../../server/modules/izs-financing/book.ts';
import { materialNames } from '../../server/modules/izs-financing/business-vouchers.ts';
import { boot, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await boot({ captchaMode: false });
});
afterAll(async () => {
  await t?.close();
});

describe('demo book', () => {
  it('every demo material has a 库存商品 sub-account of its kind', async () => {
    const db = t.database.db;
    const [row] = await db.select().from(accountSet).where(eq(accountSet.name, '绿循再生 总账'));
    const bc = await loadBookChart(db, toBook(row));
    const goods = costCarryAccounts(bc.chart).goods;
    expect(goods).toBe('1405');
    const mats = await db
      .select({ id: material.id, code: material.code, name: material.name })
      .from(material)
      .where(and(eq(material.tenantId, '000000'), eq(material.isDeleted, 0)));
    expect(mats.length).toBeGreaterThanOrEqual(16);
    const names = await materialNames(
      db,
      '000000',
      mats.map((m) => m.id),
    );
    const leafOf = Object.fromEntries(
      mats.map((m) => [m.name, materialSubAccount(bc.chart, '1405', names.get(m.id) ?? [m.name])]),
    );
    const nameOf = (code: string | null) => (code ? bc.chart.byCode.get(code)?.name : null);
    expect(Object.entries(leafOf).filter(([, code]) => !code)).toEqual([]);
    expect(nameOf(leafOf['重废钢'])).toBe('废钢');
    expect(nameOf(leafOf['统料破碎料'])).toBe('统料');
    expect(nameOf(leafOf['钢屑'])).toBe('铁屑');
    expect(nameOf(leafOf['黄板纸'])).toBe('废纸');
    expect(nameOf(leafOf['304不锈钢'])).toBe('废不锈钢');
    expect(nameOf(leafOf['废铅酸蓄电池'])).toBe('废铅');
    expect(nameOf(leafOf['废旧冰箱'])).toBe('电子废弃物');
  });
});
