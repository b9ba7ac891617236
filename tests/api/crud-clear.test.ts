// @vitest-environment node
/** Clearing fields on edit: the form sends null for an emptied field and the engine clears it. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boot, call, login, type TestApp } from './helpers.ts';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await boot({ captchaMode: false });
  token = (await login(t, 'admin')).access_token;
});
afterAll(async () => {
  await t?.close();
});

const api = (path: string, body?: unknown, query?: Record<string, string>) => call(t, path, { token, body, query });

describe('clearing fields on edit', () => {
  it('null clears a nullable reference, resets a defaulted field, and is refused for a required one', async () => {
    const cats = await api('/api/izs-base/material-category/list');
    const categoryId = cats.body.data[0].id as string;
    const add = await api('/api/izs-base/material/submit', {
      code: 'CLR-1',
      name: '清空测试',
      categoryId,
      spec: '块状',
      defaultPrice: '2350.50',
      remark: '备注',
    });
    expect(add.status).toBe(200);
    const id = add.body.data.id as string;

    const upd = await api('/api/izs-base/material/submit', {
      id,
      code: 'CLR-1',
      name: '清空测试',
      categoryId: null,
      spec: null,
      defaultPrice: null,
      remark: null,
    });
    expect(upd.status).toBe(200);
    const d = await api('/api/izs-base/material/detail', undefined, { id });
    expect(d.body.data.categoryId).toBeNull();
    expect(d.body.data.spec).toBe('');
    expect(d.body.data.defaultPrice).toBe('0.00');
    expect(d.body.data.remark).toBe('');

    // a field left out keeps its value; a required one cannot be cleared
    const keep = await api('/api/izs-base/material/submit', { id, spec: '压块' });
    expect(keep.status).toBe(200);
    expect((await api('/api/izs-base/material/detail', undefined, { id })).body.data.name).toBe('清空测试');
    const bad = await api('/api/izs-base/material/submit', { id, name: null });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe('请输入物料名称');
  });

  it('null on add means empty: defaults apply', async () => {
    const add = await api('/api/izs-base/material/submit', {
      code: 'CLR-2',
      name: '新增空值',
      spec: null,
      categoryId: null,
    });
    expect(add.status).toBe(200);
    expect(add.body.data.spec).toBe('');
  });
});
