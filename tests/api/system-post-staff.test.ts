// @vitest-environment node
/** 岗位 and 员工 (/system/post, /system/staff): CRUD through the engine, filters, rules, permissions, tenants. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post, staff } from '../../server/db/schema/index.ts';
import { boot, call, login, type TestApp } from './helpers.ts';
import { OTHER_TENANT } from './system-helpers.ts';

let t: TestApp;
let admin: string;
let clerk: string;
let weighDeptId: string;
beforeAll(async () => {
  t = await boot({ captchaMode: false });
  admin = (await login(t, 'admin')).access_token;
  const c = await login(t, 'clerk');
  clerk = c.access_token;
  weighDeptId = c.dept_id;
});
afterAll(async () => {
  await t?.close();
});

const P = '/api/blade-system/post';
const S = '/api/blade-system/staff';

describe('post', () => {
  let id: string;

  it('creates a post and answers it', async () => {
    const r = await call(t, `${P}/submit`, {
      token: admin,
      body: { category: 3, postCode: 'driver', postName: '司机', sort: 5, remark: '运输' },
    });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ category: 3, postCode: 'driver', postName: '司机', sort: 5, status: 1 });
    id = r.body.data.id;
    expect(id).toMatch(/^\d+$/);
  });

  it('pages with each filter', async () => {
    const all = await call(t, `${P}/page`, { token: admin });
    expect(all.body.data.records.map((p: { postCode: string }) => p.postCode)).toEqual(['ceo', 'weigher', 'driver']);
    const byCategory = await call(t, `${P}/page`, { token: admin, query: { category: 3 } });
    expect(byCategory.body.data.records.map((p: { postCode: string }) => p.postCode).sort()).toEqual([
      'driver',
      'weigher',
    ]);
    const byCode = await call(t, `${P}/page`, { token: admin, query: { postCode: 'RIV' } });
    expect(byCode.body.data.total).toBe(1);
    expect(byCode.body.data.records[0].id).toBe(id);
    const byName = await call(t, `${P}/page`, { token: admin, query: { postName: '总经' } });
    expect(byName.body.data.records.map((p: { postCode: string }) => p.postCode)).toEqual(['ceo']);
    const select = await call(t, `${P}/select`, { token: clerk });
    expect(select.status).toBe(200);
    expect(select.body.data.map((p: { postName: string }) => p.postName)).toEqual(['总经理', '司磅员', '司机']);
  });

  it('updates and reads the detail', async () => {
    const u = await call(t, `${P}/submit`, { token: admin, body: { id, postName: '货车司机', sort: 6 } });
    expect(u.status).toBe(200);
    const d = await call(t, `${P}/detail`, { token: admin, query: { id } });
    expect(d.body.data).toMatchObject({ id, postCode: 'driver', postName: '货车司机', sort: 6, remark: '运输' });
  });

  it('refuses bad input naming the field, and a duplicate code', async () => {
    const noCode = await call(t, `${P}/submit`, { token: admin, body: { category: 1, postName: 'x' } });
    expect(noCode.status).toBe(400);
    expect(noCode.body.msg).toBe('请输入岗位编号');
    const badCategory = await call(t, `${P}/submit`, {
      token: admin,
      body: { category: 9, postCode: 'x1', postName: 'x' },
    });
    expect(badCategory.status).toBe(400);
    expect(badCategory.body.msg).toBe('请选择岗位类型');
    const badCode = await call(t, `${P}/submit`, {
      token: admin,
      body: { category: 1, postCode: '中文', postName: 'x' },
    });
    expect(badCode.body.msg).toBe('岗位编号只能含字母、数字、_ 和 -');
    const dup = await call(t, `${P}/submit`, {
      token: admin,
      body: { category: 1, postCode: 'ceo', postName: '又一个' },
    });
    expect(dup.status).toBe(400);
    expect(dup.body.msg).toBe('岗位编号已存在');
  });

  it('the clerk (no system_post buttons) is refused with 403', async () => {
    const add = await call(t, `${P}/submit`, { token: clerk, body: { category: 1, postCode: 'c1', postName: 'x' } });
    expect(add.status).toBe(403);
    expect(add.body.msg).toBe('没有权限');
    expect((await call(t, `${P}/page`, { token: clerk })).status).toBe(403);
    expect((await call(t, `${P}/remove`, { token: clerk, method: 'POST', query: { ids: id } })).status).toBe(403);
  });

  it("another tenant's post is unknown", async () => {
    const [other] = await t.database.db
      .insert(post)
      .values({ tenantId: OTHER_TENANT, postCode: 'ext', postName: '外岗' })
      .returning({ id: post.id });
    const d = await call(t, `${P}/detail`, { token: admin, query: { id: other.id } });
    expect(d.status).toBe(400);
    expect(d.body.msg).toBe('岗位不存在');
    const u = await call(t, `${P}/submit`, { token: admin, body: { id: other.id, postName: '改' } });
    expect(u.body.msg).toBe('岗位不存在');
    const rm = await call(t, `${P}/remove`, { token: admin, method: 'POST', query: { ids: other.id } });
    expect(rm.body.msg).toBe('岗位不存在');
    const page = await call(t, `${P}/page`, { token: admin, query: { postCode: 'ext' } });
    expect(page.body.data.total).toBe(0);
  });

  it('a post held by a user cannot be removed; a free one can', async () => {
    const ceo = (await call(t, `${P}/page`, { token: admin, query: { postCode: 'ceo' } })).body.data.records[0];
    const held = await call(t, `${P}/remove`, { token: admin, method: 'POST', query: { ids: ceo.id } });
    expect(held.status).toBe(400);
    expect(held.body.msg).toBe('岗位下还有用户(admin)，不能删除');
    const rm = await call(t, `${P}/remove`, { token: admin, method: 'POST', query: { ids: id } });
    expect(rm.status).toBe(200);
    const gone = await call(t, `${P}/detail`, { token: admin, query: { id } });
    expect(gone.body.msg).toBe('岗位不存在');
    // the code is free again once removed
    const again = await call(t, `${P}/submit`, {
      token: admin,
      body: { category: 3, postCode: 'driver', postName: '司机' },
    });
    expect(again.status).toBe(200);
  });
});

describe('staff', () => {
  let id: string;
  let weigherPostId: string;

  it('creates an employee with a post and a department', async () => {
    const posts = (await call(t, `${P}/select`, { token: admin })).body.data;
    weigherPostId = posts.find((p: { postCode: string }) => p.postCode === 'weigher').id;
    const r = await call(t, `${S}/submit`, {
      token: admin,
      body: {
        jobNumber: 'T100',
        name: '赵磅员',
        sex: 1,
        postId: weigherPostId,
        phone: '13900000001',
        idNumber: '11010519800101001x',
        entryDate: '2024-05-06',
        deptId: weighDeptId,
      },
    });
    expect(r.status).toBe(200);
    id = r.body.data.id;
    const d = await call(t, `${S}/detail`, { token: admin, query: { id } });
    expect(d.body.data).toMatchObject({
      jobNumber: 'T100',
      name: '赵磅员',
      postId: weigherPostId,
      postName: '司磅员',
      idNumber: '11010519800101001X',
      entryDate: '2024-05-06',
      deptId: weighDeptId,
      deptName: '过磅中心',
      status: 1,
    });
  });

  it('pages with each filter', async () => {
    const page = (q: Record<string, string | number>) => call(t, `${S}/page`, { token: admin, query: q });
    const byName = await page({ name: '赵磅' });
    expect(byName.body.data.records.map((s: { jobNumber: string }) => s.jobNumber)).toEqual(['T100']);
    const byJob = await page({ jobNumber: 't10' });
    expect(byJob.body.data.records.map((s: { id: string }) => s.id)).toEqual([id]);
    const byPost = await page({ postId: weigherPostId });
    expect(byPost.body.data.records.every((s: { postId: string }) => s.postId === weigherPostId)).toBe(true);
    expect(byPost.body.data.records.some((s: { id: string }) => s.id === id)).toBe(true);
    const byDept = await page({ deptId: weighDeptId });
    expect(byDept.body.data.records.every((s: { deptId: string }) => s.deptId === weighDeptId)).toBe(true);
    await call(t, `${S}/submit`, { token: admin, body: { id, status: 0 } });
    const disabled = await page({ status: 0 });
    expect(disabled.body.data.records.map((s: { id: string }) => s.id)).toEqual([id]);
    const sorted = await page({ ascs: 'jobNumber', size: 100 });
    const codes = sorted.body.data.records.map((s: { jobNumber: string }) => s.jobNumber);
    expect(codes).toEqual([...codes].sort());
  });

  it('updates and reads the detail', async () => {
    const u = await call(t, `${S}/submit`, { token: admin, body: { id, phone: '13900000009', status: 1 } });
    expect(u.status).toBe(200);
    const d = await call(t, `${S}/detail`, { token: admin, query: { id } });
    expect(d.body.data).toMatchObject({ id, phone: '13900000009', status: 1, name: '赵磅员', postName: '司磅员' });
  });

  it('refuses bad input naming the field, a duplicate job number and a foreign post', async () => {
    const bad = async (body: Record<string, unknown>) =>
      (await call(t, `${S}/submit`, { token: admin, body: { jobNumber: 'T200', name: '钱', ...body } })).body.msg;
    expect(await bad({ name: '' })).toBe('请输入员工姓名');
    expect(await bad({ idNumber: '1234' })).toBe('身份证号格式不正确');
    expect(await bad({ entryDate: '2024/05/06' })).toBe('入职日期格式应为yyyy-MM-dd');
    expect(await bad({ sex: 5 })).toBe('请选择性别');
    expect(await bad({ phone: 'abc' })).toBe('联系电话格式不正确');
    expect(await bad({ jobNumber: 'T100' })).toBe('员工工号已存在');
    const [foreign] = await t.database.db
      .insert(post)
      .values({ tenantId: OTHER_TENANT, postCode: 'ext2', postName: '外岗' })
      .returning({ id: post.id });
    expect(await bad({ postId: foreign.id })).toBe('岗位不存在');
  });

  it('the clerk (no system_staff buttons) is refused with 403', async () => {
    expect((await call(t, `${S}/page`, { token: clerk })).status).toBe(403);
    const add = await call(t, `${S}/submit`, { token: clerk, body: { jobNumber: 'C9', name: '无权' } });
    expect(add.status).toBe(403);
  });

  it("another tenant's employee is unknown", async () => {
    const [other] = await t.database.db
      .insert(staff)
      .values({ tenantId: OTHER_TENANT, jobNumber: 'EXT1', name: '外人' })
      .returning({ id: staff.id });
    expect((await call(t, `${S}/detail`, { token: admin, query: { id: other.id } })).body.msg).toBe('员工不存在');
    const rm = await call(t, `${S}/remove`, { token: admin, method: 'POST', query: { ids: other.id } });
    expect(rm.status).toBe(400);
    expect(rm.body.msg).toBe('员工不存在');
  });

  it('removes an employee', async () => {
    const rm = await call(t, `${S}/remove`, { token: admin, method: 'POST', query: { ids: id } });
    expect(rm.status).toBe(200);
    expect((await call(t, `${S}/detail`, { token: admin, query: { id } })).body.msg).toBe('员工不存在');
  });
});
