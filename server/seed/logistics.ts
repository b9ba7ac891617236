/**
 * Demo logistics (issue 13): two car groups, four drivers, six trucks with simulator GPS terminals (the in-process
 * simulator drives them after start), five shared sites around 佛山/广州 with geofences, transport orders in each
 * state, ships, ports, voyages, a replayable track from earlier today with a stop, and two alarms.
 */

import { randomBytes } from 'node:crypto';
import Decimal from 'decimal.js';
import { and, asc, eq } from 'drizzle-orm';
import { moneyFixed, weightFixed } from '../../core/format/amounts.ts';
import type { LonLat } from '../../core/logistics/geo.ts';
import { DEMO_SITES, simEnds, simPhone, simRoute } from '../../core/logistics/simulate.ts';
import type { Tx } from '../db/client.ts';
import {
  lgAlarm,
  lgCar,
  lgCarGroup,
  lgDriver,
  lgOrder,
  lgPort,
  lgPosition,
  lgShip,
  lgSite,
  lgVoyage,
  relatedParty,
  stockOrder,
} from '../db/schema/index.ts';
import { onSigned } from '../modules/izs-logistical/freight.ts';
import { drawOrderNo } from '../platform/numbering.ts';

export interface LogisticsSeedContext {
  tenantId: string;
  deptId: string;
  adminId: string;
}

/** A square geofence of ±d degrees around a point (closed ring). */
const square = (lon: number, lat: number, d = 0.004): LonLat[] => [
  [lon - d, lat - d],
  [lon + d, lat - d],
  [lon + d, lat + d],
  [lon - d, lat + d],
  [lon - d, lat - d],
];

const dayOffset = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

export async function seedLogistics(tx: Tx, c: LogisticsSeedContext): Promise<void> {
  const base = {
    tenantId: c.tenantId,
    deptId: c.deptId,
    createUser: c.adminId,
    updateUser: c.adminId,
    createDept: c.deptId,
  };
  const groups = await tx
    .insert(lgCarGroup)
    .values([
      { ...base, name: '短驳车队', remark: '市内收货、料场短驳' },
      { ...base, name: '长途车队', remark: '送钢厂、冶炼厂' },
    ])
    .returning({ id: lgCarGroup.id });
  // the carriers freight is payable to (往来单位 of type 供应商: the payables side pays suppliers)
  const carriers = await tx
    .insert(relatedParty)
    .values([
      { ...base, code: 'WL101', name: '佛山顺通物流', type: 'supplier', contact: '邓调度', phone: '0757-83301234' },
      { ...base, code: 'WL102', name: '广州捷运物流', type: 'supplier', contact: '罗经理', phone: '020-84405678' },
    ])
    .returning({ id: relatedParty.id, name: relatedParty.name });
  const carrierId = (name: string) => carriers.find((x) => x.name === name)?.id ?? null;
  const drivers = await tx
    .insert(lgDriver)
    .values([
      {
        ...base,
        name: '陈建国',
        phone: '13800138001',
        licenceClass: 'A2',
        licenceExpiry: dayOffset(900),
        carrierName: '佛山顺通物流',
      },
      {
        ...base,
        name: '黄志强',
        phone: '13800138002',
        licenceClass: 'A2',
        licenceExpiry: dayOffset(20),
        carrierName: '佛山顺通物流',
      },
      {
        ...base,
        name: '林海',
        phone: '13800138003',
        licenceClass: 'B2',
        licenceExpiry: dayOffset(400),
        carrierName: '广州捷运物流',
      },
      {
        ...base,
        name: '周伟',
        phone: '13800138004',
        licenceClass: 'A2',
        licenceExpiry: dayOffset(-5),
        carrierName: '广州捷运物流',
      },
    ])
    .returning({ id: lgDriver.id });
  const plates = ['粤E·A1234', '粤E·B5678', '粤A·C9012', '粤E·D3456', '粤A·F7890', '粤E·G2468'];
  const cars = await tx
    .insert(lgCar)
    .values(
      plates.map((plate, i) => ({
        ...base,
        plate,
        carType: i % 3 === 0 ? 'tractor' : i % 3 === 1 ? 'dump' : 'stake',
        axles: i % 3 === 0 ? 6 : 4,
        loadT: i % 3 === 0 ? '40.000' : '25.000',
        groupId: groups[i < 3 ? 0 : 1].id,
        driverId: drivers[i % drivers.length].id,
        transportCertNo: `440600${String(100000 + i * 137)}`,
        transportCertExpiry: dayOffset(i === 2 ? -10 : 300 + i * 30),
        insuranceExpiry: dayOffset(i === 1 ? 15 : 200 + i * 20),
        gpsDeviceId: simPhone(i),
        // the terminal's 鉴权码: random per installation (a guessable demo token would open the anonymous ingest)
        deviceToken: randomBytes(12).toString('hex'),
        speedLimitKmh: 80,
      })),
    )
    .returning({ id: lgCar.id });
  const sites = await tx
    .insert(lgSite)
    .values(
      DEMO_SITES.map(([name, kind, lon, lat, address], i) => ({
        ...base,
        name,
        kind,
        lon,
        lat,
        address,
        contact: ['何生', '梁工', '收货组', '冯生', '李主管'][i],
        phone: `0757-8${String(3000000 + i * 1111)}`,
        fence: JSON.stringify(square(lon, lat)),
      })),
    )
    .returning({ id: lgSite.id });
  const points = DEMO_SITES.map(([, , lon, lat]) => [lon, lat] as LonLat);

  // orders: cars 0–3 are on the road (their planned route is the simulator's road), the rest show each state
  const now = Date.now();
  const hoursAgo = (h: number) => new Date(now - h * 3600_000);
  const orders: (typeof lgOrder.$inferInsert)[] = [];
  const day = new Date(now + 8 * 3600_000).toISOString().slice(0, 10).replace(/-/g, '');
  // numbers of the one numbering service (YD…; the 运输单 of databases seeded before issue 23 keep their YS…)
  const tz = process.env.TZ || 'Asia/Shanghai';
  const nos: string[] = [];
  for (let i = 0; i < 8; i++) nos.push(await drawOrderNo(tx, 'transportOrder', { tenantId: c.tenantId, tz }));
  const no = (n: number) => nos[n - 1];
  for (let i = 0; i < 4; i++) {
    const [a, b] = simEnds(i, points.length);
    orders.push({
      ...base,
      orderNo: no(i + 1),
      state: i === 3 ? 'dispatched' : 'in_transit',
      source: i % 2 ? 'purchase_pickup' : 'sale_out',
      sourceNo: i % 2 ? `CG${day}00${i}` : `XS${day}00${i}`,
      originSiteId: sites[a].id,
      destSiteId: sites[b].id,
      materialName: ['重废', '破碎料', '废铜', '黄板纸'][i],
      plannedWeightT: ['32.000', '28.500', '12.000', '20.000'][i],
      carId: cars[i].id,
      driverId: drivers[i % drivers.length].id,
      carrierName: i < 2 ? '佛山顺通物流' : '广州捷运物流',
      freightMode: i === 2 ? 'trip' : i === 1 ? 'ton_km' : 'ton',
      freightPrice: i === 2 ? '650.00' : i === 1 ? '0.60' : '38.00',
      distanceKm: '35.0',
      freightAmount: i === 2 ? '650.00' : i === 1 ? '598.50' : i === 0 ? '1216.00' : '760.00',
      route: JSON.stringify(simRoute(i, points)),
      dispatchTime: hoursAgo(2),
      startTime: i === 3 ? null : hoursAgo(1.5),
      planTime: hoursAgo(-1),
    });
  }
  orders.push(
    {
      ...base,
      orderNo: no(5),
      state: 'pending',
      source: 'manual',
      originSiteId: sites[2].id,
      destSiteId: sites[4].id,
      materialName: '废钢边角料',
      plannedWeightT: '30.000',
      carrierName: '佛山顺通物流',
      freightMode: 'ton',
      freightPrice: '42.00',
      distanceKm: '28.0',
      freightAmount: '1260.00',
    },
    {
      ...base,
      orderNo: no(6),
      state: 'signed',
      source: 'sale_out',
      sourceNo: `XS${day}009`,
      originSiteId: sites[1].id,
      destSiteId: sites[2].id,
      materialName: '重废',
      plannedWeightT: '33.000',
      deliveredWeightT: '32.860',
      carId: cars[4].id,
      driverId: drivers[0].id,
      carrierName: '佛山顺通物流',
      freightMode: 'ton',
      freightPrice: '38.00',
      distanceKm: '31.0',
      freightAmount: '1248.68',
      dispatchTime: hoursAgo(30),
      startTime: hoursAgo(29.5),
      planTime: hoursAgo(28),
      deliverTime: hoursAgo(28.6),
      signTime: hoursAgo(28.2),
    },
    {
      ...base,
      orderNo: no(7),
      state: 'cancelled',
      source: 'purchase_pickup',
      originSiteId: sites[3].id,
      destSiteId: sites[1].id,
      materialName: '废铝',
      plannedWeightT: '8.000',
      carrierName: '广州捷运物流',
      freightMode: 'trip',
      freightPrice: '500.00',
      freightAmount: '500.00',
      cancelTime: hoursAgo(5),
      cancelReason: '供应商货未备齐',
    },
  );
  // a finished trip of car 5 today (its track below): loaded against a reviewed sale out-stock of the demo, the
  // customer's receipt 60 kg short; 已送达, waiting for 签收 (which books its freight as a payable)
  const [out] = await tx
    .select({ orderNo: stockOrder.orderNo, qty: stockOrder.totalQty })
    .from(stockOrder)
    .where(
      and(eq(stockOrder.tenantId, c.tenantId), eq(stockOrder.docType, 'out_stock'), eq(stockOrder.state, 'reviewed')),
    )
    .orderBy(asc(stockOrder.id))
    .limit(1);
  const shanghaiDay = (t: number) => new Date(t + 8 * 3600_000).toISOString().slice(0, 10);
  // the track lies within one Asia/Shanghai day (a day's replay shows it whole): shifted back when it would cross midnight
  let start = now - 3 * 3600_000;
  if (shanghaiDay(start) !== shanghaiDay(start + 80 * 60_000)) start -= 2 * 3600_000;
  const loadKg = out ? new Decimal(out.qty) : new Decimal('31860');
  orders.push({
    ...base,
    orderNo: no(8),
    state: 'delivered',
    source: 'sale_out',
    sourceNo: out?.orderNo ?? '',
    originSiteId: sites[1].id,
    destSiteId: sites[3].id,
    materialName: '破碎料',
    plannedWeightT: weightFixed(loadKg.div(1000)),
    deliveredWeightT: weightFixed(loadKg.minus(60).div(1000)),
    carId: cars[5].id,
    driverId: drivers[1].id,
    carrierName: '佛山顺通物流',
    freightMode: 'ton',
    freightPrice: '36.00',
    distanceKm: '33.0',
    freightAmount: moneyFixed(loadKg.minus(60).div(1000).mul(36)),
    loadSource: out ? 'out_stock' : '',
    loadDocNo: out?.orderNo ?? '',
    loadNetKg: out ? weightFixed(loadKg) : null,
    unloadSource: 'receipt',
    unloadDocNo: '客户签收单',
    unloadNetKg: weightFixed(loadKg.minus(60)),
    dispatchTime: new Date(start - 20 * 60_000),
    startTime: new Date(start),
    planTime: new Date(start + 90 * 60_000),
    deliverTime: new Date(start + 80 * 60_000),
  });
  for (const o of orders) o.carrierId = carrierId(o.carrierName ?? '');
  const saved = await tx.insert(lgOrder).values(orders).returning();
  // the signed order's freight is a payable to its carrier (as 签收 does)
  for (const o of saved.filter((x) => x.state === 'signed')) {
    const booked = await onSigned(tx, {
      tenantId: c.tenantId,
      deptId: c.deptId,
      userId: c.adminId,
      orderId: o.id,
      orderNo: o.orderNo,
      carrierId: o.carrierId,
      carrierName: o.carrierName,
      freightAmount: o.freightAmount,
      route: '',
      materialName: o.materialName,
      signTime: o.signTime ?? new Date(),
      tz: 'Asia/Shanghai',
    });
    await tx.update(lgOrder).set({ payableRef: booked.payableRef }).where(eq(lgOrder.id, o.id));
  }

  // a replayable track of car 5 earlier today (every 5 s for 80 minutes, with a 12-minute stop)
  const track: (typeof lgPosition.$inferInsert)[] = [];
  const route = simRoute(1, points);
  const legs = route.length - 1;
  for (let k = 0; k < 960; k++) {
    const t = start + k * 5000;
    const moving = k < 400 || k >= 544; // stop from 400 to 544 (12 minutes)
    const prog = k < 400 ? k / 816 : k < 544 ? 400 / 816 : (k - 144) / 816;
    const x = Math.min(prog * legs, legs - 1e-9);
    const i = Math.floor(x);
    const f = x - i;
    const [a, b] = [route[i], route[i + 1]];
    track.push({
      carId: cars[5].id,
      time: new Date(t),
      tenantId: c.tenantId,
      lon: a[0] + (b[0] - a[0]) * f,
      lat: a[1] + (b[1] - a[1]) * f,
      speed: moving ? 48 + (k % 7) : 0,
      direction: 135,
      source: 'jt808',
    });
  }
  for (let i = 0; i < track.length; i += 500) await tx.insert(lgPosition).values(track.slice(i, i + 500));

  await tx.insert(lgAlarm).values([
    {
      tenantId: c.tenantId,
      deptId: c.deptId,
      carId: cars[5].id,
      type: 'long_stop',
      time: new Date(start + 544 * 5000),
      lon: track[400].lon,
      lat: track[400].lat,
      speed: 0,
      detail: '停车已 12 分钟',
      handleState: 2,
      ackUser: c.adminId,
      ackTime: new Date(start + 560 * 5000),
      handleUser: c.adminId,
      handleTime: new Date(start + 600 * 5000),
      handleNote: '司机电话确认：排队卸货',
    },
    {
      tenantId: c.tenantId,
      deptId: c.deptId,
      carId: cars[2].id,
      type: 'fence_out',
      time: hoursAgo(1.4),
      lon: points[2][0],
      lat: points[2][1],
      speed: 32,
      detail: `离开围栏「${DEMO_SITES[2][0]}」`,
    },
  ]);

  const ships = await tx
    .insert(lgShip)
    .values([
      { ...base, name: '粤佛山货1168', mmsi: '413812345', deadweightT: '3200.000', owner: '佛山市顺航航运有限公司' },
      { ...base, name: '桂平货2209', mmsi: '413923456', deadweightT: '1850.000', owner: '桂平市西江船务公司' },
    ])
    .returning({ id: lgShip.id });
  const ports = await tx
    .insert(lgPort)
    .values([
      { ...base, code: 'CNFOS', name: '佛山新港', lon: 113.146, lat: 22.973 },
      { ...base, code: 'CNNSA', name: '广州南沙港', lon: 113.614, lat: 22.757 },
      { ...base, code: 'CNGUG', name: '贵港港', lon: 109.6, lat: 23.09 },
    ])
    .returning({ id: lgPort.id });
  await tx.insert(lgVoyage).values([
    {
      ...base,
      voyageNo: `HC${day}01`,
      shipId: ships[0].id,
      fromPortId: ports[2].id,
      toPortId: ports[0].id,
      materialName: '重废',
      loadT: '3050.000',
      departDate: dayOffset(-3),
      arriveDate: dayOffset(1),
    },
    {
      ...base,
      voyageNo: `HC${day}02`,
      shipId: ships[1].id,
      fromPortId: ports[0].id,
      toPortId: ports[1].id,
      materialName: '破碎料',
      loadT: '1720.500',
      departDate: dayOffset(-1),
      arriveDate: '',
    },
  ]);
}
