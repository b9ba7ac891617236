// @vitest-environment node
/**
 * 计量单位 of a book (/api/izs-financing/unit): presets of a new book, unique names, the book header's isolation, and
 * a unit an account counts in keeps its name and cannot be removed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, bootFinance, createBook, FIN, type FinCtx, okGet, okPost, refused } from './finance-helpers.ts';

let c: FinCtx;
let a: Api;
let b: Api;
beforeAll(async () => {
  c = await bootFinance();
  a = (await createBook(c, c.financeDept, { name: '单位账套A', enableDate: '2025-01-01' })).api;
  b = (await createBook(c, c.financeDept, { name: '单位账套B', enableDate: '2025-01-01' })).api;
}, 120_000);
afterAll(async () => {
  await c?.t.close();
});

type Unit = { id: string; name: string; code: string; precision: number };

describe('计量单位', () => {
  it('a new book starts with 吨, 千克, 件, 台', async () => {
    const list: Unit[] = await okGet(a, `${FIN}/unit/list`);
    expect(list.map((u) => u.name)).toEqual(['吨', '千克', '件', '台']);
    expect(list[0]).toMatchObject({ code: 't', precision: 4 });
  });

  it('names are unique per book; another book may reuse them and cannot see them', async () => {
    const box: Unit = await okPost(a, `${FIN}/unit/save`, { name: '箱', code: 'box', precision: 0 });
    await refused(a(`${FIN}/unit/save`, { method: 'POST', body: { name: '箱' } }), 400, '计量单位「箱」已存在');
    await okPost(b, `${FIN}/unit/save`, { name: '箱' });
    const page = await okGet(b, `${FIN}/unit/page`, { current: 1, size: 50 });
    expect(page.records.filter((u: Unit) => u.name === '箱')).toHaveLength(1);
    await refused(b(`${FIN}/unit/detail`, { query: { id: box.id } }), 400, '计量单位不存在');
    await refused(b(`${FIN}/unit/remove`, { method: 'POST', query: { ids: box.id } }), 400);
  });

  it('a unit used by a 数量核算 account keeps its name and stays', async () => {
    const list: Unit[] = await okGet(a, `${FIN}/unit/list`);
    const ton = list.find((u) => u.name === '吨')!;
    await okPost(a, `${FIN}/account/save`, { parentCode: '1405', name: '废钢', quantity: 1, unit: '吨' });
    await refused(
      a(`${FIN}/unit/update`, { method: 'POST', body: { id: ton.id, name: '公吨' } }),
      400,
      /已被科目 \d+ 使用，不能改名/,
    );
    await refused(a(`${FIN}/unit/remove`, { method: 'POST', query: { ids: ton.id } }), 400, /不能删除/);
    const kg = list.find((u) => u.name === '千克')!;
    await okPost(a, `${FIN}/unit/update`, { id: kg.id, name: '公斤' });
    await okPost(a, `${FIN}/unit/remove`, {}, { ids: kg.id });
    expect((await okGet(a, `${FIN}/unit/list`)).map((u: Unit) => u.name)).not.toContain('公斤');
  });
});
