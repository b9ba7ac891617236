/**
 * Logistics (issue 13): vehicles, drivers, groups, shared sites with geofences, ships, ports, voyages, transport
 * orders, positions and alarms. Positions are keyed (car_id, time): a day's track is one primary-key range, and a
 * position sent twice (a terminal re-sending what the gateway could not acknowledge) is stored once.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  doublePrecision,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
  unique,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { bigintStr, idPk, resourceColumns, resourceIndex, tstz } from './common.ts';

const s = (name: string, length = 64) => varchar(name, { length }).notNull().default('');
const dec = (name: string, precision: number, scale: number) => numeric(name, { precision, scale, mode: 'string' });
const live = sql`is_deleted = 0`;

export const lgCarGroup = pgTable(
  'lg_car_group',
  { ...resourceColumns(), name: s('name'), remark: s('remark', 255) },
  (t) => [resourceIndex('lg_car_group', t)],
);

export const lgDriver = pgTable(
  'lg_driver',
  {
    ...resourceColumns(),
    name: s('name', 32),
    phone: s('phone', 30),
    idCard: s('id_card', 18),
    licenceClass: s('licence_class', 8),
    licenceExpiry: varchar('licence_expiry', { length: 10 }),
    carrierName: s('carrier_name', 100),
    remark: s('remark', 255),
  },
  (t) => [resourceIndex('lg_driver', t)],
);

export const lgCar = pgTable(
  'lg_car',
  {
    ...resourceColumns(),
    plate: s('plate', 16),
    carType: s('car_type', 16),
    axles: integer('axles').notNull().default(2),
    loadT: dec('load_t', 10, 3).notNull().default('0'),
    groupId: bigintStr('group_id'),
    driverId: bigintStr('driver_id'),
    transportCertNo: s('transport_cert_no', 32),
    transportCertExpiry: varchar('transport_cert_expiry', { length: 10 }),
    insuranceExpiry: varchar('insurance_expiry', { length: 10 }),
    /** JT/T 808 terminal phone number (digits, no leading zeros) or a phone app's device id */
    gpsDeviceId: s('gps_device_id', 20),
    /** per-device secret: JT/T 808 鉴权码 and the HTTP ingest token of phone apps */
    deviceToken: s('device_token', 64),
    speedLimitKmh: integer('speed_limit_kmh').notNull().default(80),
    remark: s('remark', 255),
    /** issue 24: 行驶证 总质量 (registered maximum gross, kg; 核定载质量 + 整备质量); 0 = not registered */
    maxGrossKg: dec('max_gross_kg', 12, 3).notNull().default('0'),
  },
  (t) => [
    resourceIndex('lg_car', t),
    unique('lg_car_tenant_id_uq').on(t.tenantId, t.id),
    check('lg_car_max_gross_ck', sql`${t.maxGrossKg} >= 0`),
    uniqueIndex('lg_car_plate_uq').on(t.tenantId, t.plate).where(live),
    uniqueIndex('lg_car_device_uq').on(t.gpsDeviceId).where(sql`is_deleted = 0 and gps_device_id <> ''`),
  ],
);

/** 公共客户: shared collection / receiving sites with coordinates and a geofence ring (JSON [[lon,lat],…]). */
export const lgSite = pgTable(
  'lg_site',
  {
    ...resourceColumns(),
    name: s('name', 100),
    kind: s('kind', 16),
    contact: s('contact', 32),
    phone: s('phone', 30),
    address: s('address', 255),
    lon: doublePrecision('lon'),
    lat: doublePrecision('lat'),
    fence: text('fence').notNull().default(''),
    remark: s('remark', 255),
  },
  (t) => [resourceIndex('lg_site', t)],
);

export const lgShip = pgTable(
  'lg_ship',
  {
    ...resourceColumns(),
    name: s('name', 64),
    mmsi: s('mmsi', 9),
    deadweightT: dec('deadweight_t', 12, 3).notNull().default('0'),
    owner: s('owner', 100),
    remark: s('remark', 255),
  },
  (t) => [resourceIndex('lg_ship', t), uniqueIndex('lg_ship_mmsi_uq').on(t.tenantId, t.mmsi).where(live)],
);

export const lgPort = pgTable(
  'lg_port',
  {
    ...resourceColumns(),
    code: s('code', 16),
    name: s('name', 64),
    lon: doublePrecision('lon'),
    lat: doublePrecision('lat'),
    remark: s('remark', 255),
  },
  (t) => [resourceIndex('lg_port', t)],
);

export const lgVoyage = pgTable(
  'lg_voyage',
  {
    ...resourceColumns(),
    voyageNo: s('voyage_no', 32),
    shipId: bigintStr('ship_id').notNull(),
    fromPortId: bigintStr('from_port_id').notNull(),
    toPortId: bigintStr('to_port_id').notNull(),
    materialName: s('material_name', 64),
    loadT: dec('load_t', 12, 3).notNull().default('0'),
    departDate: varchar('depart_date', { length: 10 }),
    arriveDate: varchar('arrive_date', { length: 10 }),
    remark: s('remark', 255),
  },
  (t) => [resourceIndex('lg_voyage', t)],
);

export const lgOrder = pgTable(
  'lg_order',
  {
    ...resourceColumns(),
    orderNo: s('order_no', 32),
    state: s('state', 16),
    source: s('source', 16),
    sourceNo: s('source_no', 32),
    originSiteId: bigintStr('origin_site_id'),
    destSiteId: bigintStr('dest_site_id'),
    materialName: s('material_name', 64),
    plannedWeightT: dec('planned_weight_t', 12, 3),
    deliveredWeightT: dec('delivered_weight_t', 12, 3),
    carId: bigintStr('car_id'),
    driverId: bigintStr('driver_id'),
    /** the carrier the freight is payable to (a related party, or the name alone) */
    carrierId: bigintStr('carrier_id'),
    carrierName: s('carrier_name', 100),
    freightMode: s('freight_mode', 8),
    freightPrice: dec('freight_price', 12, 2).notNull().default('0'),
    distanceKm: dec('distance_km', 10, 1),
    /** planned route as JSON [[lon,lat],…] ('' = none: no off-route check) */
    route: text('route').notNull().default(''),
    freightAmount: dec('freight_amount', 14, 2),
    /** number of the 应付单 booked for the freight at 签收 (izs-finance-ar createPayable); '' before / after 撤销签收 */
    payableRef: s('payable_ref', 32),
    /** loading end: the out-stock (stock) or weighing that left the origin, its net weight in kg */
    loadSource: s('load_source', 16),
    loadDocNo: s('load_doc_no', 32),
    loadNetKg: dec('load_net_kg', 14, 3),
    /** delivery end: the in-stock / weighing at the destination, or the customer's receipt (receipt) */
    unloadSource: s('unload_source', 16),
    unloadDocNo: s('unload_doc_no', 32),
    unloadNetKg: dec('unload_net_kg', 14, 3),
    planTime: tstz('plan_time'),
    dispatchTime: tstz('dispatch_time'),
    startTime: tstz('start_time'),
    deliverTime: tstz('deliver_time'),
    signTime: tstz('sign_time'),
    cancelTime: tstz('cancel_time'),
    cancelReason: s('cancel_reason', 255),
    remark: s('remark', 255),
  },
  (t) => [
    resourceIndex('lg_order', t),
    uniqueIndex('lg_order_no_uq').on(t.tenantId, t.orderNo),
    index('lg_order_car_idx').on(t.carId, t.state),
  ],
);

export const lgPosition = pgTable(
  'lg_position',
  {
    carId: bigintStr('car_id').notNull(),
    time: tstz('time').notNull(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    lon: doublePrecision('lon').notNull(),
    lat: doublePrecision('lat').notNull(),
    /** coordinate system as received: wgs84 (terminals, phone GPS) or gcj02 (some phone SDKs) */
    crs: varchar('crs', { length: 8 }).notNull().default('wgs84'),
    speed: real('speed').notNull().default(0),
    direction: integer('direction').notNull().default(0),
    altitude: integer('altitude').notNull().default(0),
    alarmBits: bigint('alarm_bits', { mode: 'number' }).notNull().default(0),
    mileageKm: real('mileage_km'),
    source: varchar('source', { length: 8 }).notNull().default('jt808'),
    /**
     * 1 = 补传: received late (a 0x0704 盲区补报 batch, older than the car's last report or than LATE_AFTER_MS) —
     * stored as history, never run through the alarm rules nor pushed as the live position.
     */
    late: smallint('late').notNull().default(0),
    receivedAt: tstz('received_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.carId, t.time] })],
);

export const lgAlarm = pgTable(
  'lg_alarm',
  {
    id: idPk(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    deptId: bigintStr('dept_id'),
    carId: bigintStr('car_id').notNull(),
    type: varchar('type', { length: 16 }).notNull(),
    time: tstz('time').notNull(),
    lon: doublePrecision('lon'),
    lat: doublePrecision('lat'),
    speed: real('speed'),
    detail: s('detail', 255),
    fenceId: bigintStr('fence_id'),
    /** 0 未处理, 1 已确认, 2 已处理 */
    handleState: integer('handle_state').notNull().default(0),
    ackUser: bigintStr('ack_user'),
    ackTime: tstz('ack_time'),
    handleUser: bigintStr('handle_user'),
    handleTime: tstz('handle_time'),
    handleNote: s('handle_note', 255),
  },
  (t) => [index('lg_alarm_tenant_time_idx').on(t.tenantId, t.time), index('lg_alarm_car_idx').on(t.carId, t.time)],
);

/** Refused ingest (bad checksum, unknown terminal, future time…): logged, never stored as a position. */
export const lgIngestReject = pgTable(
  'lg_ingest_reject',
  {
    id: idPk(),
    time: tstz('time').notNull().defaultNow(),
    source: varchar('source', { length: 8 }).notNull(),
    terminal: s('terminal', 24),
    reason: s('reason', 64),
    raw: text('raw').notNull().default(''),
  },
  (t) => [index('lg_ingest_reject_time_idx').on(t.time)],
);
