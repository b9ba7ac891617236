// @vitest-environment node
/**
 * Logistics and the money and goods around a trip, through the real HTTP app (issue 13, second round):
 * - 签收 books the freight as a 应付单 to the carrier (izs-finance-ar createPayable) in the same transaction;
 *   an unknown carrier refuses the sign and nothing is booked; 撤销签收 voids the payable, refused once a payment
 *   settled it (as a voided stock document's receivable);
 * - the order's two ends: an out-stock at loading, the customer's receipt / an in-stock at delivery, the shortfall;
 * - 物流报表 per car / driver / carrier reconciled with the orders and alarms in SQL.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../server/db/client.ts';
import { boot, call, login, type TestApp } from './helpers.ts';

const LG = '/api/izs-logistical';
const ARAP = '/api/izs-finance-ar';
let t: TestApp;
let admin: string;

const get = (path: string, query?: Record<string, string | number | undefined>) =>
  call(t, path, { token: admin, query });
const post = (path: string, body: unknown) => call(t, path, { token: admin, body });
const q = <T>(s: ReturnType<typeof sql>) => rows<T>(t.database.db, s);

beforeAll(async () => {
  t = await boot({ captchaMode: false });
  admin = (await login(t)).access_token;
}, 120_000);
afterAll(async () => {
  await t?.close();
});

async function party(name: string) {
  const [p] = await q<{ id: string }>(
    sql`select id::text from izs_related_party where name = ${name} and is_deleted = 0`,
  );
  return p?.id;
}

/** A new order driven to 已送达 (car 粤E·G2468 is free: its demo trip is delivered). */
async function deliveredOrder(body: Record<string, unknown>) {
  const [site0, , site2] = (await get(`${LG}/site/list`)).body.data as { id: string }[];
  const mark = `运费测试${Math.random().toString(36).slice(2, 8)}`;
  const save = await post(`${LG}/order/save`, {
    source: 'manual',
    originSiteId: site0.id,
    destSiteId: site2.id,
    materialName: '重废',
    plannedWeightT: '30.000',
    freightMode: 'ton',
    freightPrice: '40.00',
    remark: mark,
    ...body,
  });
  expect(save.body).toMatchObject({ code: 200 });
  const [o] = await q<{ id: string; order_no: string }>(
    sql`select id::text, order_no from lg_order where remark = ${mark}`,
  );
  const [car] = await q<{ id: string }>(sql`select id::text from lg_car where plate = '粤E·G2468'`);
  const [drv] = await q<{ id: string }>(sql`select id::text from lg_driver order by id limit 1`);
  expect((await post(`${LG}/order/dispatch`, { id: o.id, carId: car.id, driverId: drv.id })).body.code).toBe(200);
  expect((await post(`${LG}/order/start`, { id: o.id })).body.code).toBe(200);
  const d = await post(`${LG}/order/deliver`, { id: o.id, deliveredWeightT: '29.500' });
  expect(d.body.data).toMatchObject({ state: 'delivered', freightAmount: '1180.00' });
  return { id: o.id, orderNo: o.order_no };
}

const payablesOf = (orderId: string) =>
  q<{
    order_no: string;
    side: string;
    party_id: string;
    amount: string;
    state: string;
    source_type: string;
    source_no: string;
  }>(
    sql`select order_no, side, party_id::text, amount::text, state, source_type, source_no from izs_ar_doc
        where source_id = ${orderId} order by id`,
  );

describe('freight → payable', () => {
  it('签收 books a 应付单 to the carrier for the freight, in the same transaction', async () => {
    const carrier = await party('佛山顺通物流');
    expect(carrier).toBeTruthy();
    const o = await deliveredOrder({ carrierId: carrier });
    const sign = await post(`${LG}/order/sign`, { id: o.id });
    expect(sign.body.data).toMatchObject({ state: 'signed', carrierName: '佛山顺通物流' });
    expect(sign.body.data.payableRef).toMatch(/^YF\d{12}$/);
    const docs = await payablesOf(o.id);
    expect(docs).toEqual([
      {
        order_no: sign.body.data.payableRef,
        side: 'ap',
        party_id: carrier,
        amount: '1180.00',
        state: 'reviewed',
        source_type: 'lg_freight',
        source_no: o.orderNo,
      },
    ]);
    // the payables list of the carrier shows it
    const page = await get(`${ARAP}/doc/page`, { side: 'ap', partyId: carrier, current: 1, size: 50 });
    expect(page.body.data.records.map((r: { orderNo: string }) => r.orderNo)).toContain(sign.body.data.payableRef);

    // 撤销签收 voids it; signing again books a new one
    const un = await post(`${LG}/order/unsign`, { id: o.id, reason: '签收重量有误' });
    expect(un.body.data).toMatchObject({ state: 'delivered', payableRef: '', signTime: null });
    expect((await payablesOf(o.id)).map((d) => d.state)).toEqual(['voided']);
    const again = await post(`${LG}/order/sign`, { id: o.id });
    expect(again.body.data.payableRef).toMatch(/^YF/);
    expect((await payablesOf(o.id)).map((d) => d.state)).toEqual(['voided', 'reviewed']);
  });

  it('a carrier that is no 往来单位 refuses the sign and books nothing; naming it in 往来单位 lets it through', async () => {
    const o = await deliveredOrder({ carrierName: '临时车队' });
    const r = await post(`${LG}/order/sign`, { id: o.id });
    expect(r.body).toMatchObject({ code: 400, success: false });
    expect(r.body.msg).toContain('承运商「临时车队」不是往来单位中的供应商');
    const [row] = await q<{ state: string }>(sql`select state from lg_order where id = ${o.id}`);
    expect(row.state).toBe('delivered');
    expect(await payablesOf(o.id)).toEqual([]);
    const p = await post('/api/izs-base/related-party/save', { code: 'WL9001', name: '临时车队', type: 'supplier' });
    expect(p.body.code).toBe(200);
    const ok = await post(`${LG}/order/sign`, { id: o.id });
    expect(ok.body.data.payableRef).toMatch(/^YF/);
    expect((await payablesOf(o.id))[0]).toMatchObject({ amount: '1180.00', party_id: await party('临时车队') });
  });

  it('撤销签收 is refused once a payment settled the freight, and needs a reason', async () => {
    const carrier = await party('广州捷运物流');
    const o = await deliveredOrder({ carrierId: carrier });
    const sign = await post(`${LG}/order/sign`, { id: o.id });
    expect(sign.body.code).toBe(200);
    const noReason = await post(`${LG}/order/unsign`, { id: o.id, reason: ' ' });
    expect(noReason.body.code).toBe(400);
    const pay = await post(`${ARAP}/cash/create`, {
      side: 'ap',
      partyId: carrier,
      accountType: 'cash',
      method: 'cash',
      cashDate: new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10),
      amount: '500.00',
      auto: true,
    });
    expect(pay.body).toMatchObject({ code: 200 });
    const un = await post(`${LG}/order/unsign`, { id: o.id, reason: '退回' });
    expect(un.body.code).toBe(400);
    expect(un.body.msg).toMatch(/^应付单 YF\d+ 已核销 500\.00 元/);
    const [row] = await q<{ state: string; payable_ref: string }>(
      sql`select state, payable_ref from lg_order where id = ${o.id}`,
    );
    expect(row).toEqual({ state: 'signed', payable_ref: sign.body.data.payableRef });
  });
});

describe('the two ends of an order', () => {
  it('links an out-stock at loading and the customer receipt at delivery; the shortfall is flagged over 3 ‰', async () => {
    const [out] = await q<{ order_no: string; qty: string }>(
      sql`select order_no, total_qty::text as qty from izs_stock_order where doc_type = 'out_stock' and state <> 'voided'
          and is_deleted = 0 and total_qty > 1000 order by id limit 1`,
    );
    const [inDoc] = await q<{ order_no: string }>(
      sql`select order_no from izs_stock_order where doc_type = 'in_stock' and state <> 'voided' and is_deleted = 0 order by id limit 1`,
    );
    const o = await deliveredOrder({ carrierName: '佛山顺通物流' });
    const wrong = await post(`${LG}/order/link-end`, { id: o.id, end: 'load', docNo: inDoc.order_no });
    expect(wrong.body).toMatchObject({
      code: 400,
      msg: `找不到出库单或出厂过磅单 ${inDoc.order_no}（须未作废、已完成过磅）`,
    });
    const none = await post(`${LG}/order/link-end`, { id: o.id, end: 'unload' });
    expect(none.body).toMatchObject({ code: 400, msg: '请输入单据号或签收净重' });

    const load = await post(`${LG}/order/link-end`, { id: o.id, end: 'load', docNo: out.order_no });
    expect(load.body.data.load).toEqual({
      source: 'out_stock',
      docNo: out.order_no,
      netKg: Number(out.qty).toFixed(3),
    });
    expect(load.body.data.gap).toBeNull();
    const received = (Number(out.qty) - 0.005 * Number(out.qty)).toFixed(3); // 5 ‰ short
    const un = await post(`${LG}/order/link-end`, { id: o.id, end: 'unload', docNo: '签收单001', receiptKg: received });
    expect(un.body.data.unload).toEqual({ source: 'receipt', docNo: '签收单001', netKg: received });
    expect(un.body.data.gap).toMatchObject({ permille: '5.00', flagged: true, tolerancePermille: '3' });
    // the delivered weight (tonnes) and the freight follow the receipt until 签收
    const [row] = await q<{ delivered: string; freight: string }>(
      sql`select delivered_weight_t::text as delivered, freight_amount::text as freight from lg_order where id = ${o.id}`,
    );
    expect(row.delivered).toBe((Number(received) / 1000).toFixed(3));
    expect(row.freight).toBe(((Math.round((Number(received) / 1000) * 1000) / 1000) * 40).toFixed(2));
    // the list answers the shortfall
    const page = await get(`${LG}/order/page`, { orderNo: o.orderNo, size: 10 });
    expect(page.body.data.records[0].shortfallKg).toBe((Number(out.qty) - Number(received)).toFixed(3));
    const ends = await get(`${LG}/order/ends`, { id: o.id });
    expect(ends.body.data).toEqual(un.body.data);
  });

  it('an order made from a sale out-stock links its loading end on save; an in-stock stands at delivery', async () => {
    const [out] = await q<{ order_no: string; qty: string }>(
      sql`select order_no, total_qty::text as qty from izs_stock_order where doc_type = 'out_stock' and state <> 'voided' and is_deleted = 0 order by id desc limit 1`,
    );
    const [inDoc] = await q<{ order_no: string; qty: string }>(
      sql`select order_no, total_qty::text as qty from izs_stock_order where doc_type = 'in_stock' and state <> 'voided' and is_deleted = 0 order by id limit 1`,
    );
    const o = await deliveredOrder({ source: 'sale_out', sourceNo: out.order_no, carrierName: '佛山顺通物流' });
    const ends = await get(`${LG}/order/ends`, { id: o.id });
    expect(ends.body.data.load).toMatchObject({ docNo: out.order_no, netKg: Number(out.qty).toFixed(3) });
    const un = await post(`${LG}/order/link-end`, { id: o.id, end: 'unload', docNo: inDoc.order_no });
    expect(un.body.data.unload).toMatchObject({ source: 'in_stock', docNo: inDoc.order_no });
    expect(un.body.data.gap.shortfallKg).toBe((Number(out.qty) - Number(inDoc.qty)).toFixed(3));
  });
});

describe('物流报表', () => {
  const today = () => new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
  const expected = (key: string) =>
    q<{ key: string; trips: number; tonnage: string; freight: string; on_time: number; judged: number }>(sql`
      select ${sql.raw(key)} as key, count(*)::int as trips, coalesce(sum(delivered_weight_t), 0)::numeric(14,3)::text as tonnage,
             coalesce(sum(freight_amount), 0)::numeric(16,2)::text as freight,
             count(*) filter (where deliver_time <= plan_time)::int as on_time, count(plan_time)::int as judged
      from lg_order where is_deleted = 0 and state in ('delivered', 'signed')
        and deliver_time >= (${today()}::date - 40)::timestamp at time zone 'Asia/Shanghai'
        and deliver_time < (${today()}::date + 1)::timestamp at time zone 'Asia/Shanghai'
      group by 1`);
  const begin = () => new Date(Date.now() + 8 * 3600_000 - 40 * 86_400_000).toISOString().slice(0, 10);

  it('per car, driver and carrier: trips, tonnage, freight and on-time rate as the orders say; totals add up', async () => {
    for (const [groupBy, key] of [
      ['car', `coalesce(car_id::text, '')`],
      ['driver', `coalesce(driver_id::text, '')`],
      ['carrier', `coalesce(carrier_id::text, 'name:' || carrier_name)`],
    ] as const) {
      const r = await get('/api/izs-report/logistics', { beginDate: begin(), endDate: today(), groupBy });
      expect(r.body.code).toBe(200);
      const want = await expected(key);
      expect(want.length).toBeGreaterThan(0);
      const got = r.body.data.rows as {
        key: string;
        trips: number;
        tonnageT: string;
        freight: string;
        onTime: number;
        judged: number;
      }[];
      for (const w of want) {
        expect(got.find((g) => g.key === w.key)).toMatchObject({
          trips: w.trips,
          tonnageT: w.tonnage,
          freight: w.freight,
          onTime: w.on_time,
          judged: w.judged,
        });
      }
      const total = r.body.data.total;
      expect(total.trips).toBe(want.reduce((a, w) => a + w.trips, 0));
      const cents = want.reduce((a, w) => a + BigInt(w.freight.replace('.', '')), 0n);
      expect(total.freight).toBe(`${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`);
    }
  });

  it('alarms: every alarm of a car; a driver only those during his trips', async () => {
    const cars = (await get('/api/izs-report/logistics', { beginDate: begin(), endDate: today(), groupBy: 'car' })).body
      .data;
    const perCar = await q<{ car: string; n: number }>(
      sql`select car_id::text as car, count(*)::int as n from lg_alarm
          where time >= (${begin()}::date)::timestamp at time zone 'Asia/Shanghai' group by 1`,
    );
    for (const a of perCar) expect(cars.rows.find((r: { key: string }) => r.key === a.car)?.alarms).toBe(a.n);
    const [during] = await q<{ n: number }>(sql`
      select count(*)::int as n from lg_alarm a join lg_order o on o.car_id = a.car_id
        and a.time >= coalesce(o.start_time, o.dispatch_time) and a.time <= o.deliver_time
      where o.state in ('delivered', 'signed') and o.is_deleted = 0`);
    const drivers = (
      await get('/api/izs-report/logistics', { beginDate: begin(), endDate: today(), groupBy: 'driver' })
    ).body.data;
    expect(drivers.total.alarms).toBe(during.n);
    expect(during.n).toBeGreaterThan(0); // the demo long stop happened during car 5's delivered trip
  });

  it('refuses a bad period with its reason', async () => {
    const r = await get('/api/izs-report/logistics', { beginDate: today(), endDate: '2020-01-01' });
    expect(r.body).toMatchObject({ code: 400, msg: '结束日期不能早于开始日期' });
  });
});
