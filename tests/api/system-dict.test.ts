// @vitest-environment node
/**
 * 系统字典 / 业务字典: tree CRUD, inherited codes, unique keys, sealed rows (administrators only), the option-source
 * endpoints (dictionary, dictionary-tree), permissions, tenants and the platform-only system dictionary.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dictBiz } from '../../server/db/schema/index.ts';
import { boot, call, login, type TestApp } from './helpers.ts';
import { OTHER_TENANT, otherTenantAdmin } from './system-helpers.ts';

let t: TestApp;
let admin: string;
let manager: string;
let clerk: string;
beforeAll(async () => {
  t = await boot({ captchaMode: false });
  admin = (await login(t, 'admin')).access_token;
  manager = (await login(t, 'manager')).access_token;
  clerk = (await login(t, 'clerk')).access_token;
});
afterAll(async () => {
  await t?.close();
});

const B = '/api/blade-system/dict-biz';
const D = '/api/blade-system/dict';
interface Node {
  id: string;
  code: string;
  dictKey: string;
  dictValue: string;
  parentId: string;
  children?: Node[];
}

describe('business dictionary', () => {
  let root: string;
  let red: string;
  let blue: string;

  it('adds a dictionary (root key -1) and items that take its code', async () => {
    const r = await call(t, `${B}/submit`, {
      token: admin,
      body: { code: 'car_color', dictValue: '车辆颜色', sort: 9 },
    });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ parentId: '0', code: 'car_color', dictKey: '-1', dictValue: '车辆颜色' });
    root = r.body.data.id;
    // an item: the code comes from its root whatever the body says
    const a = await call(t, `${B}/submit`, {
      token: admin,
      body: { parentId: root, code: 'ignored', dictKey: 'red', dictValue: '红色', sort: 2 },
    });
    expect(a.status).toBe(200);
    expect(a.body.data).toMatchObject({ parentId: root, code: 'car_color', dictKey: 'red' });
    red = a.body.data.id;
    const b = await call(t, `${B}/submit`, {
      token: admin,
      body: { parentId: root, code: 'car_color', dictKey: 'blue', dictValue: '蓝色', sort: 1 },
    });
    blue = b.body.data.id;
    const d = await call(t, `${B}/detail`, { token: admin, query: { id: red } });
    expect(d.body.data).toMatchObject({ dictValue: '红色', parentName: '车辆颜色', isSealed: 0 });
  });

  it('dictionary?code= answers the items in sort order for any signed-in user', async () => {
    const r = await call(t, `${B}/dictionary`, { token: clerk, query: { code: 'car_color' } });
    expect(r.status).toBe(200);
    expect(r.body.data.map((i: Node) => [i.dictKey, i.dictValue])).toEqual([
      ['blue', '蓝色'],
      ['red', '红色'],
    ]);
    const missing = await call(t, `${B}/dictionary`, { token: clerk });
    expect(missing.status).toBe(400);
    expect(missing.body.msg).toBe('缺少必要的请求参数: code');
  });

  it('dictionary-tree nests items under items', async () => {
    const dark = await call(t, `${B}/submit`, {
      token: admin,
      body: { parentId: red, dictKey: 'dark_red', dictValue: '深红' },
    });
    expect(dark.body.data.code).toBe('car_color');
    const r = await call(t, `${B}/dictionary-tree`, { token: clerk, query: { code: 'car_color' } });
    const redNode = r.body.data.find((n: Node) => n.dictKey === 'red');
    expect(redNode.children.map((n: Node) => n.dictValue)).toEqual(['深红']);
    expect(redNode).toMatchObject({ title: '红色', key: 'red', value: 'red' });
    await call(t, `${B}/remove`, { token: admin, method: 'POST', query: { ids: dark.body.data.id } });
  });

  it('list answers a tree and filters by code and by name (orphans become roots)', async () => {
    const all = await call(t, `${B}/list`, { token: admin });
    const mine = all.body.data.find((n: Node) => n.id === root);
    expect(mine.children.map((n: Node) => n.dictKey)).toEqual(['blue', 'red']);
    expect(all.body.data.map((n: Node) => n.code)).toContain('material_unit');
    const byCode = await call(t, `${B}/list`, { token: admin, query: { code: 'car_col' } });
    expect(byCode.body.data.map((n: Node) => n.id)).toEqual([root]);
    const byName = await call(t, `${B}/list`, { token: admin, query: { dictValue: '红' } });
    expect(byName.body.data.map((n: Node) => n.dictValue)).toEqual(['红色']);
    const parents = await call(t, `${B}/parent-list`, { token: admin, query: { code: 'car_color' } });
    expect(parents.body.data.total).toBe(1);
    const kids = await call(t, `${B}/child-list`, { token: admin, query: { parentId: root } });
    expect(kids.body.data.map((n: Node) => n.dictKey)).toEqual(['blue', 'red']);
  });

  it('updates an item; a changed root code carries its items along', async () => {
    const u = await call(t, `${B}/submit`, { token: admin, body: { id: red, dictValue: '正红', sort: 0 } });
    expect(u.status).toBe(200);
    const rc = await call(t, `${B}/submit`, { token: admin, body: { id: root, code: 'vehicle_color' } });
    expect(rc.status).toBe(200);
    const items = await call(t, `${B}/dictionary`, { token: clerk, query: { code: 'vehicle_color' } });
    expect(items.body.data.map((i: Node) => i.dictValue)).toEqual(['正红', '蓝色']);
    expect((await call(t, `${B}/dictionary`, { token: clerk, query: { code: 'car_color' } })).body.data).toEqual([]);
  });

  it('refuses bad input, duplicate keys and codes, and cycles', async () => {
    const noKey = await call(t, `${B}/submit`, { token: admin, body: { parentId: root, dictValue: '绿色' } });
    expect(noKey.status).toBe(400);
    expect(noKey.body.msg).toBe('请输入字典键值');
    const noName = await call(t, `${B}/submit`, { token: admin, body: { code: 'x_y' } });
    expect(noName.body.msg).toBe('请输入字典名称');
    const badCode = await call(t, `${B}/submit`, { token: admin, body: { code: '9abc', dictValue: 'x' } });
    expect(badCode.body.msg).toBe('字典编号只能以字母开头，含字母、数字和 _.-');
    const dupKey = await call(t, `${B}/submit`, {
      token: admin,
      body: { parentId: root, dictKey: 'blue', dictValue: '又一个蓝' },
    });
    expect(dupKey.status).toBe(400);
    expect(dupKey.body.msg).toBe('当前字典键值已存在!');
    const dupCode = await call(t, `${B}/submit`, { token: admin, body: { code: 'material_unit', dictValue: '重复' } });
    expect(dupCode.body.msg).toBe('字典编号已存在');
    const cycle = await call(t, `${B}/submit`, { token: admin, body: { id: root, parentId: red } });
    expect(cycle.body.msg).toBe('父节点不可选择自身的子节点!');
    const self = await call(t, `${B}/submit`, { token: admin, body: { id: red, parentId: red } });
    expect(self.body.msg).toBe('父节点不可选择自身!');
  });

  it('sealed rows: only administrators change, remove, seal or unseal them', async () => {
    // the manager (admin role, not administrator) may not seal
    const seal = await call(t, `${B}/submit`, { token: manager, body: { id: blue, isSealed: 1 } });
    expect(seal.status).toBe(400);
    expect(seal.body.msg).toBe('只有超级管理员可以封存或解封字典');
    expect((await call(t, `${B}/submit`, { token: admin, body: { id: blue, isSealed: 1 } })).status).toBe(200);
    const edit = await call(t, `${B}/submit`, { token: manager, body: { id: blue, dictValue: '天蓝' } });
    expect(edit.status).toBe(400);
    expect(edit.body.msg).toBe('封存的字典只有超级管理员可以修改');
    const rm = await call(t, `${B}/remove`, { token: manager, method: 'POST', query: { ids: blue } });
    expect(rm.body.msg).toBe('封存的字典只有超级管理员可以修改');
    const still = await call(t, `${B}/detail`, { token: admin, query: { id: blue } });
    expect(still.body.data.dictValue).toBe('蓝色');
    // the administrator may
    const ok = await call(t, `${B}/submit`, { token: admin, body: { id: blue, dictValue: '天蓝' } });
    expect(ok.status).toBe(200);
    // an unsealed row stays editable for the manager
    const free = await call(t, `${B}/submit`, { token: manager, body: { id: red, remark: '经理改' } });
    expect(free.status).toBe(200);
  });

  it('the clerk (no dictionary buttons) is refused with 403', async () => {
    expect((await call(t, `${B}/list`, { token: clerk })).status).toBe(403);
    const add = await call(t, `${B}/submit`, { token: clerk, body: { code: 'c_x', dictValue: 'x' } });
    expect(add.status).toBe(403);
    const rm = await call(t, `${B}/remove`, { token: clerk, method: 'POST', query: { ids: red } });
    expect(rm.status).toBe(403);
  });

  it("another tenant's rows are unknown and its dictionary is its own", async () => {
    const [other] = await t.database.db
      .insert(dictBiz)
      .values({ tenantId: OTHER_TENANT, code: 'vehicle_color', dictKey: 'green', dictValue: '外绿', parentId: root })
      .returning({ id: dictBiz.id });
    expect((await call(t, `${B}/detail`, { token: admin, query: { id: other.id } })).body.msg).toBe('业务字典不存在');
    const rm = await call(t, `${B}/remove`, { token: admin, method: 'POST', query: { ids: other.id } });
    expect(rm.body.msg).toBe('业务字典不存在');
    const items = await call(t, `${B}/dictionary`, { token: clerk, query: { code: 'vehicle_color' } });
    expect(items.body.data.map((i: Node) => i.dictKey)).not.toContain('green');
  });

  it('removal: refused with children, then item by item', async () => {
    const withKids = await call(t, `${B}/remove`, { token: admin, method: 'POST', query: { ids: root } });
    expect(withKids.status).toBe(400);
    expect(withKids.body.msg).toBe('请先删除子节点');
    const all = await call(t, `${B}/remove`, {
      token: admin,
      method: 'POST',
      query: { ids: `${root},${red},${blue}` },
    });
    expect(all.status).toBe(200);
    const rows = await t.database.db
      .select({ d: dictBiz.isDeleted })
      .from(dictBiz)
      .where(and(eq(dictBiz.id, root), eq(dictBiz.tenantId, '000000')));
    expect(rows[0].d).toBe(1);
  });
});

describe('system dictionary', () => {
  it('is seeded; option sources read it; structural entries are sealed', async () => {
    const sex = await call(t, `${D}/dictionary`, { token: clerk, query: { code: 'sex' } });
    expect(sex.body.data.map((i: Node) => [i.dictKey, i.dictValue])).toEqual([
      ['1', '男'],
      ['2', '女'],
    ]);
    const post = await call(t, `${D}/dictionary`, { token: clerk, query: { code: 'post_category' } });
    expect(post.body.data.map((i: Node) => i.dictValue)).toEqual(['高层', '中层', '基层', '其他']);
    const list = await call(t, `${D}/list`, { token: manager, query: { code: 'menu_category' } });
    const root = list.body.data[0];
    expect(root).toMatchObject({ dictValue: '菜单类型', isSealed: 1 });
    const rm = await call(t, `${D}/remove`, { token: manager, method: 'POST', query: { ids: root.children[0].id } });
    expect(rm.status).toBe(400);
    expect(rm.body.msg).toBe('封存的字典只有超级管理员可以修改');
    const edit = await call(t, `${D}/submit`, { token: manager, body: { id: root.id, dictValue: '改名' } });
    expect(edit.body.msg).toBe('封存的字典只有超级管理员可以修改');
    // an unsealed system entry: the manager may add an item
    const sexRoot = (await call(t, `${D}/list`, { token: manager, query: { code: 'sex' } })).body.data[0];
    const add = await call(t, `${D}/submit`, {
      token: manager,
      body: { parentId: sexRoot.id, dictKey: '3', dictValue: '未知', sort: 3 },
    });
    expect(add.status).toBe(200);
    expect(add.body.data.code).toBe('sex');
  });

  it('only the platform tenant writes it; other tenants still read its items', async () => {
    const other = await otherTenantAdmin(t);
    const add = await call(t, `${D}/submit`, { token: other, body: { code: 'ext_dict', dictValue: '外租户字典' } });
    expect(add.status).toBe(403);
    expect(add.body.msg).toBe('系统级数据只能由平台租户维护');
    const sex = await call(t, `${D}/dictionary`, { token: other, query: { code: 'sex' } });
    expect(sex.body.data.map((i: Node) => i.dictValue)).toEqual(['男', '女', '未知']);
    // business dictionaries stay per tenant: the other tenant starts empty and may add its own
    expect((await call(t, `${B}/dictionary`, { token: other, query: { code: 'material_unit' } })).body.data).toEqual(
      [],
    );
    const own = await call(t, `${B}/submit`, { token: other, body: { code: 'material_unit', dictValue: '单位' } });
    expect(own.status).toBe(200);
    expect(own.body.data.tenantId).toBe(OTHER_TENANT);
  });
});
