// @vitest-environment node
/** 页面配置 (params), 版本管理, 安卓版本 and 物料报价单: CRUD, filters, rules, permissions, tenants. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { androidVersion, material, materialQuotesOrder, param } from '../../server/db/schema/index.ts';
import { formatDateTime } from '../../server/platform/time.ts';
import { boot, call, login, type TestApp, tokenRequest } from './helpers.ts';
import { OTHER_TENANT, otherTenantAdmin } from './system-helpers.ts';

let t: TestApp;
let admin: string;
let clerk: string;
beforeAll(async () => {
  t = await boot({ captchaMode: false });
  admin = (await login(t, 'admin')).access_token;
  clerk = (await login(t, 'clerk')).access_token;
});
afterAll(async () => {
  await t?.close();
});

const ids = (r: { body: { data: { records: { id: string }[] } } }) => r.body.data.records.map((x) => x.id);

describe('params (页面配置)', () => {
  const P = '/api/blade-system/param';
  let id: string;

  it('creates, filters, updates, reads and removes a param', async () => {
    const r = await call(t, `${P}/submit`, {
      token: admin,
      body: { paramName: '磅单抬头', paramKey: 'print.memoTitle', paramValue: '绿循过磅单' },
    });
    expect(r.status).toBe(200);
    id = r.body.data.id;
    expect(ids(await call(t, `${P}/page`, { token: admin, query: { paramName: '抬头' } }))).toEqual([id]);
    expect(ids(await call(t, `${P}/page`, { token: admin, query: { paramKey: 'memotitle' } }))).toEqual([id]);
    const seeded = await call(t, `${P}/page`, { token: admin, query: { paramKey: 'account.' } });
    expect(seeded.body.data.records.map((p: { paramKey: string }) => p.paramKey)).toEqual([
      'account.initPassword',
      'account.registerUser',
    ]);
    const u = await call(t, `${P}/submit`, {
      token: admin,
      body: { id, paramValue: '绿循再生过磅单', paramKey: 'x.y' },
    });
    expect(u.status).toBe(200);
    const d = await call(t, `${P}/detail`, { token: admin, query: { id } });
    // the key is fixed once created (editDisabled): only the value changed
    expect(d.body.data).toMatchObject({ paramKey: 'print.memoTitle', paramValue: '绿循再生过磅单' });
    const v = await call(t, '/api/blade-system/param/value', { token: clerk, query: { paramKey: 'print.memoTitle' } });
    expect(v.body.data).toBe('绿循再生过磅单');
    // an unset key answers '' (a public print. key: other keys need the 页面配置 grant, issue 22)
    const none = await call(t, '/api/blade-system/param/value', { token: clerk, query: { paramKey: 'print.noSuch' } });
    expect(none.body.data).toBe('');
    const rm = await call(t, `${P}/remove`, { token: admin, method: 'POST', query: { ids: id } });
    expect(rm.status).toBe(200);
    expect((await call(t, `${P}/detail`, { token: admin, query: { id } })).body.msg).toBe('参数不存在');
  });

  it('refuses bad input, a duplicate key, the clerk and another tenant', async () => {
    const bad = async (body: Record<string, unknown>) =>
      (
        await call(t, `${P}/submit`, {
          token: admin,
          body: { paramName: 'n', paramKey: 'k.k', paramValue: 'v', ...body },
        })
      ).body.msg;
    expect(await bad({ paramKey: '' })).toBe('请输入参数键名');
    expect(await bad({ paramKey: '1abc' })).toBe('参数键名只能以字母开头，含字母、数字和 ._-');
    expect(await bad({ paramValue: '' })).toBe('请输入参数键值');
    expect(await bad({ paramName: undefined })).toBe('请输入参数名称');
    expect(await bad({ paramKey: 'account.initPassword' })).toBe('参数键名已存在');
    const c = await call(t, `${P}/submit`, {
      token: clerk,
      body: { paramName: 'n', paramKey: 'c.c', paramValue: 'v' },
    });
    expect(c.status).toBe(403);
    const [other] = await t.database.db
      .insert(param)
      .values({ tenantId: OTHER_TENANT, paramName: '外', paramKey: 'ext.key', paramValue: '1' })
      .returning({ id: param.id });
    expect((await call(t, `${P}/detail`, { token: admin, query: { id: other.id } })).body.msg).toBe('参数不存在');
    const rm = await call(t, `${P}/remove`, { token: admin, method: 'POST', query: { ids: other.id } });
    expect(rm.body.msg).toBe('参数不存在');
    const v = await call(t, '/api/blade-system/param/value', { token: admin, query: { paramKey: 'ext.key' } });
    expect(v.body.data).toBe('');
  });
  it('account.initPassword is the password reset-password sets', async () => {
    const init = (await call(t, `${P}/page`, { token: admin, query: { paramKey: 'account.initPassword' } })).body.data
      .records[0];
    expect(
      (await call(t, `${P}/submit`, { token: admin, body: { id: init.id, paramValue: 'Yard#2026' } })).status,
    ).toBe(200);
    const users = await call(t, '/api/blade-system/user/page', { token: admin, query: { account: 'clerk' } });
    const clerkId = users.body.data.records[0].id;
    const r = await call(t, '/api/blade-system/user/reset-password', {
      token: admin,
      method: 'POST',
      query: { userIds: clerkId },
    });
    expect(r.body.msg).toBe('重置成功，新密码为 Yard#2026');
    expect((await tokenRequest(t, 'clerk', 'Yard#2026')).status).toBe(200);
    expect((await tokenRequest(t, 'clerk', '123456')).status).toBe(400);
    clerk = (await tokenRequest(t, 'clerk', 'Yard#2026')).body.access_token;
  });
});

describe('versions (版本管理)', () => {
  const V = '/api/izs-sell/version-info';
  const select = () => call(t, `${V}/select`);

  it('insert makes the new version the label; remove falls back; the last one stays', async () => {
    expect((await select()).body.data.version).toBe('1.2.0');
    const r = await call(t, `${V}/insert`, { token: admin, body: { version: '1.2.1', remark: '磅单打印修复' } });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ version: '1.2.1', remark: '磅单打印修复' });
    const id = r.body.data.id;
    expect((await select()).body.data.version).toBe('1.2.1');
    const page = await call(t, `${V}/page`, { token: admin, query: { version: '1.2.1' } });
    expect(ids(page)).toEqual([id]);
    const u = await call(t, `${V}/submit`, { token: admin, body: { id, remark: '磅单打印与导出修复' } });
    expect(u.status).toBe(200);
    expect((await call(t, `${V}/detail`, { token: admin, query: { id } })).body.data.remark).toBe('磅单打印与导出修复');
    const rm = await call(t, `${V}/remove`, { token: admin, method: 'POST', query: { ids: id } });
    expect(rm.status).toBe(200);
    expect((await select()).body.data.version).toBe('1.2.0');
    const first = ids(await call(t, `${V}/page`, { token: admin }));
    const last = await call(t, `${V}/remove`, { token: admin, method: 'POST', query: { ids: first.join(',') } });
    expect(last.status).toBe(400);
    expect(last.body.msg).toBe('至少保留一个版本');
  });

  it('refuses bad input, a duplicate version, the clerk and other tenants', async () => {
    const bad = await call(t, `${V}/insert`, { token: admin, body: { version: 'v2' } });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe('版本号格式应为 1.2.0');
    const dup = await call(t, `${V}/insert`, { token: admin, body: { version: '1.2.0' } });
    expect(dup.body.msg).toBe('版本号已存在');
    expect((await call(t, `${V}/insert`, { token: clerk, body: { version: '9.9.9' } })).status).toBe(403);
    const other = await otherTenantAdmin(t);
    const ext = await call(t, `${V}/insert`, { token: other, body: { version: '9.9.9' } });
    expect(ext.status).toBe(403);
    expect(ext.body.msg).toBe('系统级数据只能由平台租户维护');
    const first = ids(await call(t, `${V}/page`, { token: admin }));
    const rm = await call(t, `${V}/remove`, { token: other, method: 'POST', query: { ids: first[0] } });
    expect(rm.status).toBe(403);
    expect((await select()).body.data.version).toBe('1.2.0');
  });
});

describe('Android versions (安卓版本)', () => {
  const AV = '/api/izs-toolbox/app-version/android';
  let id: string;

  it('records uploads (apk-upload-record), newest code first; latest answers it', async () => {
    const a = await call(t, `${AV}/apk-upload-record`, {
      token: admin,
      body: { version: '1.0.0', versionCode: 10, url: '/oss/apk/weigh-1.0.0.apk', remark: '首个版本' },
    });
    expect(a.status).toBe(200);
    const b = await call(t, `${AV}/submit`, {
      token: admin,
      body: { version: '1.1.0', versionCode: 11, url: 'https://dl.example.com/weigh-1.1.0.apk', forceUpdate: 1 },
    });
    expect(b.status).toBe(200);
    id = b.body.data.id;
    const page = await call(t, `${AV}/page`, { token: admin });
    expect(page.body.data.records.map((v: { versionCode: number }) => v.versionCode)).toEqual([11, 10]);
    expect(ids(await call(t, `${AV}/page`, { token: admin, query: { forceUpdate: 1 } }))).toEqual([id]);
    expect(ids(await call(t, `${AV}/page`, { token: admin, query: { version: '1.1' } }))).toEqual([id]);
    const latest = await call(t, `${AV}/latest`, { token: clerk });
    expect(latest.body.data).toMatchObject({ version: '1.1.0', versionCode: 11, forceUpdate: 1 });
  });

  it('a new code must exceed the newest; codes are fixed once published', async () => {
    const low = await call(t, `${AV}/submit`, {
      token: admin,
      body: { version: '1.0.5', versionCode: 9, url: '/a.apk' },
    });
    expect(low.status).toBe(400);
    expect(low.body.msg).toBe('版本代码必须大于当前最新版本代码(11)');
    const dupVersion = await call(t, `${AV}/submit`, {
      token: admin,
      body: { version: '1.1.0', versionCode: 12, url: '/a.apk' },
    });
    expect(dupVersion.body.msg).toBe('版本号已存在');
    const change = await call(t, `${AV}/submit`, { token: admin, body: { id, versionCode: 15 } });
    expect(change.body.msg).toBe('版本代码发布后不能修改');
    const u = await call(t, `${AV}/submit`, { token: admin, body: { id, forceUpdate: 0, remark: '改为可选更新' } });
    expect(u.status).toBe(200);
    const d = await call(t, `${AV}/detail`, { token: admin, query: { id } });
    expect(d.body.data).toMatchObject({ forceUpdate: 0, remark: '改为可选更新', versionCode: 11 });
  });

  it('refuses bad input, the clerk and another tenant; removes', async () => {
    const bad = async (body: Record<string, unknown>) =>
      (
        await call(t, `${AV}/submit`, {
          token: admin,
          body: { version: '2.0.0', versionCode: 20, url: '/b.apk', ...body },
        })
      ).body.msg;
    expect(await bad({ url: '' })).toBe('请输入安装包地址');
    expect(await bad({ url: 'ftp://x y' })).toBe('安装包地址必须是网址或文件路径');
    expect(await bad({ versionCode: 0 })).toBe('版本代码必须是正整数');
    expect(await bad({ version: '2.0-beta' })).toBe('版本号格式应为 1.2.0');
    expect((await call(t, `${AV}/page`, { token: clerk })).status).toBe(403);
    const [other] = await t.database.db
      .insert(androidVersion)
      .values({ tenantId: OTHER_TENANT, version: '9.0.0', versionCode: 90, url: '/x.apk' })
      .returning({ id: androidVersion.id });
    expect((await call(t, `${AV}/detail`, { token: admin, query: { id: other.id } })).body.msg).toBe('安卓版本不存在');
    expect((await call(t, `${AV}/latest`, { token: admin })).body.data.versionCode).toBe(11);
    const rm = await call(t, `${AV}/remove`, { token: admin, method: 'POST', query: { ids: id } });
    expect(rm.status).toBe(200);
    expect((await call(t, `${AV}/latest`, { token: admin })).body.data.versionCode).toBe(10);
  });
});

describe('material quotes (物料报价单)', () => {
  const Q = '/api/izs-sell/material-quotes-order';
  const today = () => formatDateTime(new Date(), t.config.tz).slice(0, 10);
  let materialId: string;
  let otherMaterialId: string;
  let id: string;

  it('numbers new quotes per day and joins the material', async () => {
    const mats = await call(t, '/api/izs-base/material/select-list', { token: admin });
    materialId = mats.body.data[0].id;
    otherMaterialId = mats.body.data[1].id;
    const body = {
      quoteType: 'purchase',
      materialId,
      price: '2680.5',
      priceUnit: 'yuan_per_tonne',
      effectiveStart: '2026-01-01',
      effectiveEnd: '2026-06-30',
    };
    const a = await call(t, `${Q}/submit`, { token: admin, body });
    expect(a.status).toBe(200);
    const prefix = `BJ${today().replaceAll('-', '')}`;
    expect(a.body.data.code).toBe(`${prefix}001`);
    expect(a.body.data.price).toBe('2680.50');
    id = a.body.data.id;
    const b = await call(t, `${Q}/submit`, {
      token: admin,
      body: {
        ...body,
        quoteType: 'sale',
        materialId: otherMaterialId,
        price: 3100,
        effectiveStart: '2026-07-01',
        effectiveEnd: '',
      },
    });
    expect(b.body.data.code).toBe(`${prefix}002`);
    const d = await call(t, `${Q}/detail`, { token: admin, query: { id } });
    expect(d.body.data.materialName).toBe(mats.body.data[0].name);
  });

  it('pages with each filter', async () => {
    const page = (q: Record<string, string>) => call(t, `${Q}/page`, { token: admin, query: { ...q, size: 100 } });
    const purchase = await page({ quoteType: 'purchase' });
    expect(purchase.body.data.records.every((r: { quoteType: string }) => r.quoteType === 'purchase')).toBe(true);
    expect(ids(purchase)).toContain(id);
    const byMaterial = await page({ materialId });
    expect(byMaterial.body.data.records.every((r: { materialId: string }) => r.materialId === materialId)).toBe(true);
    const byCode = await page({ code: `${today().replaceAll('-', '')}001` });
    expect(ids(byCode)).toEqual([id]);
    const inMarch = await page({ activeOn: '2026-03-15', code: `BJ${today().replaceAll('-', '')}` });
    expect(ids(inMarch)).toEqual([id]);
    const inAugust = await page({ activeOn: '2026-08-01', code: `BJ${today().replaceAll('-', '')}` });
    expect(inAugust.body.data.records.map((r: { quoteType: string }) => r.quoteType)).toEqual(['sale']);
    const range = await page({ effectiveStartBegin: '2025-12-01 00:00:00', effectiveStartEnd: '2026-01-31 23:59:59' });
    expect(ids(range)).toContain(id);
    expect(range.body.data.records.every((r: { effectiveStart: string }) => r.effectiveStart <= '2026-01-31')).toBe(
      true,
    );
    const bad = await page({ activeOn: '2026/03/15' });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe('查询日期格式应为yyyy-MM-dd');
  });

  it('updates and keeps money as fixed decimals', async () => {
    const u = await call(t, `${Q}/submit`, { token: admin, body: { id, price: '2700.10', remark: '上调' } });
    expect(u.status).toBe(200);
    const d = await call(t, `${Q}/detail`, { token: admin, query: { id } });
    expect(d.body.data).toMatchObject({ price: '2700.10', remark: '上调', effectiveEnd: '2026-06-30' });
  });

  it('refuses bad input naming the field, a bad period, a foreign material and a duplicate number', async () => {
    const bad = async (body: Record<string, unknown>) =>
      (
        await call(t, `${Q}/submit`, {
          token: admin,
          body: { quoteType: 'purchase', materialId, price: '1', effectiveStart: '2026-01-01', ...body },
        })
      ).body.msg;
    expect(await bad({ price: 'abc' })).toBe('报价格式不正确，最多2位小数');
    expect(await bad({ price: '1.234' })).toBe('报价格式不正确，最多2位小数');
    expect(await bad({ price: undefined })).toBe('报价格式不正确');
    expect(await bad({ materialId: undefined })).toBe('请选择物料');
    expect(await bad({ quoteType: 'rent' })).toBe('请选择报价类型');
    expect(await bad({ effectiveStart: '' })).toBe('请选择生效日期');
    expect(await bad({ effectiveEnd: '2025-12-31' })).toBe('失效日期不能早于生效日期');
    const [foreign] = await t.database.db
      .insert(material)
      .values({ tenantId: OTHER_TENANT, code: 'EXT', name: '外物料' })
      .returning({ id: material.id });
    expect(await bad({ materialId: foreign.id })).toBe('物料不存在');
    const code = (await call(t, `${Q}/detail`, { token: admin, query: { id } })).body.data.code;
    expect(await bad({ code })).toBe('报价单号已存在');
  });

  it('the clerk is refused with 403; another tenant’s quote is unknown; removes', async () => {
    expect((await call(t, `${Q}/page`, { token: clerk })).status).toBe(403);
    const add = await call(t, `${Q}/submit`, {
      token: clerk,
      body: { quoteType: 'purchase', materialId, price: '1', effectiveStart: '2026-01-01' },
    });
    expect(add.status).toBe(403);
    // the other tenant's quote names the other tenant's material (the composite keys refuse a cross-tenant one)
    const [otherMaterial] = await t.database.db
      .insert(material)
      .values({ tenantId: OTHER_TENANT, code: 'EXT-M1', name: '外租户物料' })
      .returning({ id: material.id });
    const [other] = await t.database.db
      .insert(materialQuotesOrder)
      .values({
        tenantId: OTHER_TENANT,
        code: 'EXT1',
        materialId: otherMaterial.id,
        price: '1',
        effectiveStart: '2026-01-01',
      })
      .returning({ id: materialQuotesOrder.id });
    expect((await call(t, `${Q}/detail`, { token: admin, query: { id: other.id } })).body.msg).toBe('物料报价单不存在');
    const rm = await call(t, `${Q}/remove`, { token: admin, method: 'POST', query: { ids: id } });
    expect(rm.status).toBe(200);
    expect((await call(t, `${Q}/detail`, { token: admin, query: { id } })).body.msg).toBe('物料报价单不存在');
  });
});
