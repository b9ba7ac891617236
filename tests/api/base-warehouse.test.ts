// @vitest-environment node
/** /base/warehouse, /base/loadometer, /base/cameraList: warehouses (+ patrols), weighbridges, cameras. */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  WAREHOUSE_READS,
  type WarehouseEnvironment,
  warehouseResource,
} from '../../core/contract/izs-base/warehouse.contract.ts';
import { weighbridgeResource } from '../../core/contract/izs-base/weighbridge.contract.ts';
import { cameraAddresses, camerasResource, withoutCredentials } from '../../core/contract/izs-sell/cameras.contract.ts';
import { cameras, operationLog, warehouse, weighbridge } from '../../server/db/schema/index.ts';
import { type BaseCtx, bootBase, grantCodes, OTHER_TENANT, resourceSuite, scopeRule, sqlRows } from './base-suite.ts';
import { call } from './helpers.ts';

let c: BaseCtx;
const wh: Record<string, string> = {};
const wb: Record<string, string> = {};

beforeAll(async () => {
  c = await bootBase();
  const db = c.t.database.db;
  for (const r of await db.select().from(warehouse)) wh[r.code] = r.id;
  for (const r of await db.select().from(weighbridge)) wb[r.code] = r.id;
});
afterAll(async () => {
  await c?.t.close();
});

const get = () => c;
let camSeq = 0;
const api = (path: string, r: Parameters<typeof call>[2] = {}) => call(c.t, path, { token: c.admin, ...r });

resourceSuite(get, {
  def: warehouseResource,
  table: warehouse,
  make: (s) => ({
    code: `CKT${s}`,
    name: `测试料场${s}`,
    type: 'yard',
    regionCode: '330206',
    address: '宁波市北仑区测试路1号',
    managerName: '赵仓管',
    phone: '0574-86880001',
    capacityT: '1500.5',
    status: 1,
    remark: '',
  }),
  edit: {
    body: { name: '改名料场', capacityT: '2000', type: 'store' },
    expect: { capacityT: '2000.000', type: 'store' },
  },
  bad: [
    { body: { name: '' }, msg: '请输入仓库名称' },
    { body: { type: 'cave' }, msg: '请选择仓库类型' },
    { body: { capacityT: '1.2345' }, msg: '库容(吨)格式不正确，最多3位小数' },
    { body: { phone: 'abc' }, msg: '联系电话格式不正确' },
    { body: { status: 3 }, msg: '状态格式不正确' },
  ],
  uniqueMessage: '仓库编码已存在',
  importRows: (s) => ({
    header: ['仓库编码', '仓库名称', '仓库类型', '库容(吨)'],
    good: [`IMW${s}`, `导入仓库${s}`, '封闭仓库', '300'],
    bad: [`IMWB${s}`, `坏仓库${s}`, '地下室', '300'],
    badField: '仓库类型',
  }),
});

resourceSuite(get, {
  def: weighbridgeResource,
  table: weighbridge,
  make: (s) => ({
    code: `DBT${s}`,
    name: `测试地磅${s}`,
    warehouseId: wh.CK01,
    maxCapacityKg: '100000',
    divisionKg: '20',
    connType: 'serial',
    serialPort: 'COM7',
    baudRate: 9600,
    indicatorModel: '耀华 XK3190-A9',
    stableSeconds: 3,
    status: 1,
  }),
  edit: {
    body: { connType: 'tcp', ip: '192.168.10.99', port: 4001, stableSeconds: 5 },
    expect: { connType: 'tcp', ip: '192.168.10.99', port: 4001, stableSeconds: 5 },
  },
  bad: [
    { body: { maxCapacityKg: undefined }, msg: '最大称量(kg)格式不正确' },
    { body: { connType: 'serial', serialPort: '' }, msg: '请输入串口号' },
    { body: { connType: 'tcp', ip: '' }, msg: '请输入IP地址' },
    { body: { connType: 'tcp', ip: '300.1.1' }, msg: 'IP地址格式不正确' },
    { body: { stableSeconds: 0 }, msg: '稳定时间(秒)不能小于1' },
    { body: { baudRate: 'fast' }, msg: '波特率必须是整数' },
    { body: { warehouseId: '123456789' }, msg: '所属仓库不存在' },
  ],
  uniqueMessage: '地磅编码已存在',
});

resourceSuite(get, {
  def: camerasResource,
  table: cameras,
  make: (s) => ({
    name: `测试摄像头${s}`,
    weighbridgeId: wb.DB01,
    position: 'front',
    brand: 'hikvision',
    ip: `10.77.${Math.floor(++camSeq / 250)}.${(camSeq % 250) + 1}`,
    port: 80,
    channel: 1,
    account: 'admin',
    password: 'Secret#123',
    status: 1,
  }),
  edit: { body: { position: 'rear', port: 8080 }, expect: { position: 'rear', port: 8080 } },
  bad: [
    { body: { name: '' }, msg: '请输入摄像头名称' },
    { body: { ip: '192.168.1' }, msg: 'IP地址格式不正确' },
    { body: { weighbridgeId: undefined }, msg: '请选择所属地磅' },
    { body: { weighbridgeId: '123456789' }, msg: '所属地磅不存在' },
    { body: { channel: 65 }, msg: '通道号不能大于64' },
    { body: { streamUrl: 'ftp://x' }, msg: '视频流地址应以 http://、https://、rtsp:// 或 ws:// 开头' },
  ],
  uniqueMessage: '该IP和通道的摄像头已存在',
  foreign: (s) => ({ name: `外租户摄像头${s}`, ip: '10.9.9.9', password: 'x' }),
});

describe('warehouse patrols and detail page', () => {
  it("the select-list answers what its descriptor says (the print settings page's warehouse list)", async () => {
    const list = (await api(WAREHOUSE_READS.selectList.path)).body.data;
    expect(list.length).toBeGreaterThan(0);
    expect(WAREHOUSE_READS.selectList.answer.safeParse(list).error?.issues ?? []).toEqual([]);
  });
  it('records a patrol (negative temperatures allowed) and the detail answers the patrols, newest first', async () => {
    const a = await api('/api/izs-base/warehouse/environment', {
      method: 'POST',
      body: { warehouseId: wh.CK01, temperature: '-3.5', humidity: '62', fireCheck: 1, inspector: '赵仓管' },
    });
    expect(a.status, JSON.stringify(a.body)).toBe(200);
    const b = await api('/api/izs-base/warehouse/environment', {
      method: 'POST',
      body: { warehouseId: wh.CK01, temperature: '12.0', humidity: '55.5', fireCheck: 0, remark: '灭火器过期' },
    });
    expect(b.status).toBe(200);
    const d = await api('/api/izs-base/warehouse/detail', { query: { id: wh.CK01 } });
    expect(d.status).toBe(200);
    expect(d.body.data.code).toBe('CK01');
    const env = d.body.data.environments as WarehouseEnvironment[];
    expect(env.map((e) => e.id)).toEqual([b.body.data.id, a.body.data.id]);
    expect(env[1]).toMatchObject({ temperature: '-3.5', humidity: '62.0', fireCheck: 1, inspector: '赵仓管' });
    expect(env[0]).toMatchObject({ temperature: '12.0', fireCheck: 0, remark: '灭火器过期' });
    expect(env[0].recordTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const list = await api('/api/izs-base/warehouse/environment-list', { query: { warehouseId: wh.CK01 } });
    expect(list.body.data.map((e: { id: string }) => e.id)).toEqual(env.map((e) => e.id));
    // the page never carries patrols
    const page = await api('/api/izs-base/warehouse/page', { query: { code: 'CK01' } });
    expect(page.body.data.records[0]).not.toHaveProperty('environments');
  });

  it('refuses bad patrols, unknown / foreign warehouses and callers without the edit button', async () => {
    const hot = await api('/api/izs-base/warehouse/environment', {
      method: 'POST',
      body: { warehouseId: wh.CK01, temperature: '95' },
    });
    expect(hot.status).toBe(400);
    expect(hot.body.msg).toBe('温度不能大于80');
    const wet = await api('/api/izs-base/warehouse/environment', {
      method: 'POST',
      body: { warehouseId: wh.CK01, humidity: '50.55' },
    });
    expect(wet.status).toBe(400);
    expect(wet.body.msg).toBe('湿度格式不正确，最多1位小数');
    const none = await api('/api/izs-base/warehouse/environment', { method: 'POST', body: {} });
    expect(none.status).toBe(400);
    expect(none.body.msg).toBe('请选择仓库');
    const [foreign] = await c.t.database.db
      .insert(warehouse)
      .values({ tenantId: OTHER_TENANT, code: 'X1', name: '外租户仓库' })
      .returning();
    const other = await api('/api/izs-base/warehouse/environment', {
      method: 'POST',
      body: { warehouseId: foreign.id, temperature: '20' },
    });
    expect(other.status).toBe(400);
    expect(other.body.msg).toBe('仓库不存在');
    const rows = await sqlRows(
      c,
      sql`select count(*)::int as n from izs_warehouse_environment where warehouse_id = ${foreign.id}`,
    );
    expect(Number(rows[0].n)).toBe(0);
    const clerk = await call(c.t, '/api/izs-base/warehouse/environment', {
      method: 'POST',
      token: c.clerk,
      body: { warehouseId: wh.CK01, temperature: '20' },
    });
    expect(clerk.status).toBe(403);
  });

  it('refuses deleting a warehouse that still has weighbridges', async () => {
    const r = await api('/api/izs-base/warehouse/remove', { method: 'POST', query: { ids: wh.CK01 } });
    expect(r.status).toBe(400);
    expect(r.body.msg).toBe('仓库下还有地磅，不能删除');
  });
});

describe('weighbridge detail-deptid (spec §7.6)', () => {
  it("answers the department's first enabled weighbridge, null for a department without one", async () => {
    const company = c.depts['绿循再生资源有限公司'];
    const r = await api('/api/izs-base/weighbridge/detail-deptid', { query: { deptId: company } });
    expect(r.status).toBe(200);
    expect(r.body.data.code).toBe('DB01');
    expect(r.body.data.warehouseName).toBe('一号露天料场');
    expect(r.body.data.maxCapacityKg).toBe('100000.000');
    const branch = await api('/api/izs-base/weighbridge/detail-deptid', { query: { deptId: c.depts['华东分公司'] } });
    expect(branch.body.data.code).toBe('DB03');
    const empty = await api('/api/izs-base/weighbridge/detail-deptid', { query: { deptId: c.depts['财务部'] } });
    expect(empty.status).toBe(200);
    expect(empty.body.data).toBeNull();
    const bad = await api('/api/izs-base/weighbridge/detail-deptid', { query: { deptId: 'x' } });
    expect(bad.status).toBe(400);
  });

  it('follows the data scope of base_loadometer for the clerk', async () => {
    const revoke = await grantCodes(c, 'user', ['base_loadometer', 'base_loadometer_view']);
    const unscope = await scopeRule(c, 'user', 'base_loadometer');
    try {
      const r = await call(c.t, '/api/izs-base/weighbridge/detail-deptid', {
        token: c.clerk,
        query: { deptId: c.depts['绿循再生资源有限公司'] },
      });
      expect(r.status).toBe(200);
      expect(r.body.data).toBeNull(); // DB01 belongs to the company, the clerk sees only 过磅中心
    } finally {
      await unscope();
      await revoke();
    }
  });
});

describe('cameras: password never answered, look addresses', () => {
  it('keeps the password out of page, detail, list, select-list, export and the operation log', async () => {
    const add = await api('/api/izs-sell/cameras/submit', {
      method: 'POST',
      body: { name: '密码测试', weighbridgeId: wb.DB02, ip: '192.168.77.7', password: 'TopSecret#9', account: 'ops' },
    });
    expect(add.status, JSON.stringify(add.body)).toBe(200);
    const id = add.body.data.id as string;
    const answers = [
      add.body,
      (await api('/api/izs-sell/cameras/page', { query: { name: '密码测试' } })).body,
      (await api('/api/izs-sell/cameras/detail', { query: { id } })).body,
      (await api('/api/izs-sell/cameras/list')).body,
      (await api('/api/izs-sell/cameras/select-list')).body,
      (await api('/api/izs-sell/cameras/look', { query: { id } })).body,
    ];
    for (const a of answers) {
      expect(JSON.stringify(a)).not.toContain('TopSecret');
      expect(JSON.stringify(a)).not.toMatch(/"password"/);
    }
    const d = (await api('/api/izs-sell/cameras/detail', { query: { id } })).body.data;
    expect(d.hasPassword).toBe(1);
    expect(d.account).toBe('ops');
    expect(d.weighbridgeName).toBe('2号地磅(出场)');
    const logs = await c.t.database.db.select().from(operationLog).where(sql`${operationLog.title} = '新增摄像头'`);
    expect(logs.length).toBeGreaterThan(0);
    expect(JSON.stringify(logs)).not.toContain('TopSecret');
    // stored for the camera login
    const [row] = await c.t.database.db.select().from(cameras).where(eq(cameras.id, id));
    expect(row.password).toBe('TopSecret#9');
  });

  it('an edit without a password keeps the stored one; a new password replaces it', async () => {
    const add = await api('/api/izs-sell/cameras/submit', {
      method: 'POST',
      body: { name: '保留密码', weighbridgeId: wb.DB01, ip: '192.168.77.8', password: 'Keep#1' },
    });
    const id = add.body.data.id as string;
    const stored = async () => (await c.t.database.db.select().from(cameras).where(eq(cameras.id, id)))[0].password;
    expect(
      (await api('/api/izs-sell/cameras/update', { method: 'POST', body: { id, name: '保留密码2' } })).status,
    ).toBe(200);
    expect(await stored()).toBe('Keep#1');
    await api('/api/izs-sell/cameras/update', { method: 'POST', body: { id, password: '' } });
    expect(await stored()).toBe('Keep#1');
    await api('/api/izs-sell/cameras/update', { method: 'POST', body: { id, password: 'New#2' } });
    expect(await stored()).toBe('New#2');
  });

  it('look answers the brand addresses, or the configured ones without credentials', async () => {
    const seeded = (await api('/api/izs-sell/cameras/page', { query: { name: '1号磅车头' } })).body.data.records[0];
    const look = await api('/api/izs-sell/cameras/look', { query: { id: seeded.id } });
    expect(look.status).toBe(200);
    expect(look.body.data).toEqual({
      id: seeded.id,
      name: '1号磅车头',
      brand: 'hikvision',
      position: 'front',
      weighbridgeName: '1号地磅(进场)',
      snapshotUrl: 'http://192.168.10.31/ISAPI/Streaming/channels/101/picture',
      streamUrl: 'rtsp://192.168.10.31:554/Streaming/Channels/101',
    });
    const custom = await api('/api/izs-sell/cameras/submit', {
      method: 'POST',
      body: {
        name: '自定义地址',
        weighbridgeId: wb.DB01,
        ip: '192.168.77.9',
        brand: 'other',
        streamUrl: 'rtsp://admin:pw@192.168.77.9:554/live',
        snapshotUrl: 'http://192.168.77.9/snap.jpg',
      },
    });
    const l2 = await api('/api/izs-sell/cameras/look', { query: { id: custom.body.data.id } });
    expect(l2.body.data.streamUrl).toBe('rtsp://192.168.77.9:554/live');
    expect(l2.body.data.snapshotUrl).toBe('http://192.168.77.9/snap.jpg');
    const missing = await api('/api/izs-sell/cameras/look', { query: { id: '123' } });
    expect(missing.status).toBe(400);
    expect(missing.body.msg).toBe('摄像头不存在');
    const clerk = await call(c.t, '/api/izs-sell/cameras/look', { token: c.clerk, query: { id: seeded.id } });
    expect(clerk.status).toBe(403);
  });

  it('cameraAddresses: Dahua and Uniview paths, non-default ports, credentials stripped', () => {
    const base = { ip: '10.0.0.5', port: 8000, channel: 2, snapshotUrl: '', streamUrl: '' };
    expect(cameraAddresses({ ...base, brand: 'dahua' })).toEqual({
      snapshotUrl: 'http://10.0.0.5:8000/cgi-bin/snapshot.cgi?channel=2',
      streamUrl: 'rtsp://10.0.0.5:554/cam/realmonitor?channel=2&subtype=0',
    });
    expect(cameraAddresses({ ...base, brand: 'uniview' }).streamUrl).toBe('rtsp://10.0.0.5:554/unicast/c2/s0/live');
    expect(cameraAddresses({ ...base, brand: 'other' })).toEqual({ snapshotUrl: '', streamUrl: '' });
    expect(withoutCredentials('http://u:p@h/x')).toBe('http://h/x');
    expect(withoutCredentials('http://h/x?a=b@c')).toBe('http://h/x?a=b@c');
  });
});
