// @vitest-environment node
/** Clearing fields on edit: the form sends null for an emptied field and the engine clears it. */

import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../server/db/client.ts';
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

const rowsOf = <T>(q: SQL) => rows<T>(t.database.db, q);
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

  it('a department the caller cannot use is refused, not silently replaced', async () => {
    const bad = await api('/api/izs-base/warehouse/submit', {
      code: 'CLR-W1',
      name: '清空仓',
      deptId: '1999999999999999999',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe('所属部门不存在');
    const manager = (await login(t, 'manager')).access_token;
    const rows = await rowsOf<{ id: string; mine: boolean }>(
      sql`select d.id::text as id, d.id::text = any(string_to_array(u.dept_id, ',')) as mine
          from blade_dept d, blade_user u where u.account = 'manager' and d.is_deleted = 0 and d.tenant_id = u.tenant_id`,
    );
    const foreign = rows.find((d) => !d.mine)?.id;
    if (!foreign) throw new Error('the demo seed has departments the manager does not belong to');
    const r = await call(t, '/api/izs-base/warehouse/submit', {
      token: manager,
      body: { code: 'CLR-W2', name: '他部门仓', deptId: foreign },
    });
    expect(r.status).toBe(400);
    expect(r.body.msg).toBe('不能选择不属于自己的部门');
  });
});
