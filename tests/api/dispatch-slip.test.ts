// @vitest-environment node
/**
 * 派车单 (issue 24, unattended lane) through the real HTTP app: a slip made from a purchase order or a trading
 * contract takes its direction, party and material from it; the refusals of a bad slip (no source and no party, a
 * party the order does not name, a validity that ends before it starts, another tenant's order — the database's
 * composite key); the station's scan of the slip's number / QR identifies the truck, refuses an expired, not yet
 * valid or closed slip, and flags a plate that differs.
 */
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispatchSlip } from '../../server/db/schema/index.ts';
import { formatDate } from '../../server/platform/time.ts';
import { apiOf, bootStock, okPost, P, type StockCtx } from './stock-helpers.ts';

const S = '/api/izs-weighing/dispatch-slip';
const TC = '/api/izs-sell/trading-contract';

let c: StockCtx;
beforeAll(async () => {
  c = await bootStock();
}, 180_000);
afterAll(async () => {
  await c?.t.close();
});

const admin = () => apiOf(c);
const clerk = () => apiOf(c, c.clerk);
const db = () => c.t.database.db;
const today = () => formatDate(new Date(), 'Asia/Shanghai');
const shift = (days: number) => formatDate(new Date(Date.now() + days * 86_400_000), 'Asia/Shanghai');
const slips = async () => Number((await db().select({ n: count() }).from(dispatchSlip))[0].n);

async function refused(body: Record<string, unknown>, msg: string | RegExp) {
  const before = await slips();
  const r = await admin()(`${S}/submit`, { body });
  expect(r.status, JSON.stringify(r.body)).toBe(400);
  if (typeof msg === 'string') expect(r.body.msg).toBe(msg);
  else expect(r.body.msg).toMatch(msg);
  expect(await slips()).toBe(before); // nothing half-written
}

let po: { id: string; orderNo: string };
let slipNo = '';

describe('派车单: made from an order or a contract', () => {
  it('from a purchase order: direction, party and the first line’s material come from it; PC + day + 4 digits', async () => {
    po = await okPost(admin(), `${P.purchaseOrder}/submit`, {
      partyId: c.party.GYS001,
      lines: [
        { materialId: c.mat.WL0014, qty: '20000', unitPrice: '2100' },
        { materialId: c.mat.WL0013, qty: '5000', unitPrice: '3800' },
      ],
    });
    const s = await okPost(admin(), `${S}/submit`, {
      sourceNo: po.orderNo,
      carNumber: ' 浙b·12345 ',
      plannedKg: '20000.5',
      validFrom: today(),
      validTo: shift(3),
    });
    expect(s.slipNo).toMatch(new RegExp(`^PC${today().replace(/-/g, '')}\\d{4}$`));
    const d = (await admin()(`${S}/detail`, { query: { id: s.id } })).body.data;
    expect(d).toMatchObject({
      orderType: 'purchase',
      sourceOrderId: po.id,
      contractId: null,
      partyId: c.party.GYS001,
      materialId: c.mat.WL0014,
      carNumber: '浙B12345',
      plannedKg: '20000.500',
      state: 'open',
    });
    slipNo = s.slipNo;
  });

  it('from a sale contract: a sale slip for the contract’s customer; a chosen material must be on it', async () => {
    const k = await okPost(admin(), `${TC}/save-with-lines`, {
      title: '派车单测试合同',
      side: 'sale',
      partyId: c.party.KH001,
      signDate: today(),
      deliveryStart: today(),
      deliveryEnd: shift(30),
      deliveryPlace: '买方厂内',
      lines: [{ materialId: c.mat.WL0001, qty: '100', priceType: 'fixed', unitPrice: '1534' }],
    });
    const s = await okPost(admin(), `${S}/submit`, {
      sourceNo: k.contractNo,
      materialId: c.mat.WL0001,
      carNumber: '苏E88888',
      validFrom: today(),
      validTo: today(),
    });
    const d = (await admin()(`${S}/detail`, { query: { id: s.id } })).body.data;
    expect(d).toMatchObject({ orderType: 'sale', contractId: k.id, partyId: c.party.KH001, materialId: c.mat.WL0001 });
    await refused(
      { sourceNo: k.contractNo, materialId: c.mat.WL0014, carNumber: '苏E88888', validFrom: today(), validTo: today() },
      '物料不在来源单号的明细中',
    );
  });

  it('refuses what is not a slip, writing nothing', async () => {
    const base = { carNumber: '浙B54321', validFrom: today(), validTo: today() };
    await refused({ ...base, orderType: 'purchase', materialId: c.mat.WL0014 }, '请选择往来单位（或填写来源单号）');
    await refused({ ...base, sourceNo: 'CG-NOPE-1' }, '来源单号 CG-NOPE-1 不是本租户的采购/销售订单或贸易合同');
    await refused({ ...base, sourceNo: po.orderNo, partyId: c.party.KH001 }, '往来单位与来源单号的往来单位不一致');
    await refused({ ...base, sourceNo: po.orderNo, orderType: 'sale' }, /^类型与来源单号不一致/);
    await refused({ ...base, sourceNo: po.orderNo, validTo: shift(-1) }, '有效期止不能早于有效期起');
    await refused({ ...base, sourceNo: po.orderNo, carNumber: '  ' }, '请输入车牌号');
    await refused({ ...base, sourceNo: po.orderNo, plannedKg: '-5' }, /^计划数量\(kg\)格式不正确/);
  });

  it('the database keeps the rules the handler checks: composite keys within the tenant, CHECKs', async () => {
    const [row] = await db().select().from(dispatchSlip).where(eq(dispatchSlip.slipNo, slipNo));
    const base = { ...row, id: undefined, slipNo: 'PCTEST' };
    // another tenant's order: the composite (tenant_id, source_order_id) key has no target
    await expect(
      db()
        .insert(dispatchSlip)
        .values({ ...base, tenantId: '999999', deptId: null }),
    ).rejects.toThrow();
    await expect(
      db()
        .insert(dispatchSlip)
        .values({ ...base, plannedKg: '-1' }),
    ).rejects.toThrow();
    await expect(
      db()
        .insert(dispatchSlip)
        .values({ ...base, state: 'lost' }),
    ).rejects.toThrow();
    await expect(
      db()
        .insert(dispatchSlip)
        .values({ ...base, validTo: '2000-01-01' }),
    ).rejects.toThrow();
    await expect(
      db()
        .insert(dispatchSlip)
        .values({ ...base, carNumber: '' }),
    ).rejects.toThrow();
    const n = await db()
      .select({ n: count() })
      .from(dispatchSlip)
      .where(and(eq(dispatchSlip.slipNo, 'PCTEST')));
    expect(Number(n[0].n)).toBe(0);
  });

  it('the list searches by plate', async () => {
    const page = (await admin()(`${S}/page`, { query: { carNumber: '浙B12345' } })).body.data;
    expect(page.records.map((r: { slipNo: string }) => r.slipNo)).toContain(slipNo);
    expect(page.records[0]).toMatchObject({ partyName: expect.any(String), materialName: expect.any(String) });
  });
});

describe('the station scans a slip', () => {
  const scan = (code: string, carNumber?: string) => clerk()(`${S}/scan`, { query: { code, carNumber } });

  it('identifies the truck from the number or a text holding it (the QR), the clerk’s 过磅 button suffices', async () => {
    const r = await scan(`https://yard.example/slip/${slipNo}`, '浙B12345');
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data).toMatchObject({
      slipNo,
      orderType: 'purchase',
      partyId: c.party.GYS001,
      materialId: c.mat.WL0014,
      carNumber: '浙B12345',
      plateMismatch: false,
      warning: '',
    });
    expect(r.body.data.partyName).not.toBe('');
  });

  it('flags a plate that differs (camera or typed), without refusing', async () => {
    const r = await scan(slipNo, '浙B99999');
    expect(r.status).toBe(200);
    expect(r.body.data.plateMismatch).toBe(true);
    expect(r.body.data.warning).toBe('车牌 浙B99999 与派车单车牌 浙B12345 不一致');
  });

  it('refuses an expired, a not yet valid, a closed and an unknown slip', async () => {
    await db()
      .update(dispatchSlip)
      .set({ validFrom: shift(-5), validTo: shift(-1) })
      .where(eq(dispatchSlip.slipNo, slipNo));
    let r = await scan(slipNo);
    expect(r.status).toBe(400);
    expect(r.body.msg).toBe(`派车单 ${slipNo} 已过期（有效期至 ${shift(-1)}）`);
    await db()
      .update(dispatchSlip)
      .set({ validFrom: shift(1), validTo: shift(2) })
      .where(eq(dispatchSlip.slipNo, slipNo));
    r = await scan(slipNo);
    expect(r.body.msg).toBe(`派车单 ${slipNo} 尚未生效（有效期 ${shift(1)} 至 ${shift(2)}）`);
    await db()
      .update(dispatchSlip)
      .set({ validFrom: today(), validTo: today(), state: 'closed' })
      .where(eq(dispatchSlip.slipNo, slipNo));
    r = await scan(slipNo);
    expect(r.body.msg).toBe(`派车单 ${slipNo} 已关闭，不能过磅`);
    r = await scan('PC209901010001');
    expect(r.body.msg).toBe('派车单 PC209901010001 不存在');
    r = await scan('no slip here');
    expect(r.body.msg).toBe('派车单号格式不正确（应为PC加12位数字）');
  });
});
