/**
 * izs-weighing: weighing records (磅单, weight memos). DESIGN §5 Weighing.
 *
 * Constraints:
 * - two passes per truck; the heavier reading is gross, the lighter tare; weights in kg (numeric, 3 decimals);
 * - deduction = deductWeight + (gross − tare) × impurityRate %, net = gross − tare − deduction ≥ 0,
 *   amount = net in the price unit × unitPrice half-up to the fen — computed by the server (core/stock/weighing.ts);
 * - weighState: first (一次过磅) → completed (已完成) → voided (已作废); never deleted;
 * - a manual reading (no scale) is marked per pass (firstManual / secondManual) and needs its own permission.
 */
import { sql } from 'drizzle-orm';
import {
  check,
  foreignKey,
  index,
  integer,
  numeric,
  pgTable,
  text,
  unique,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { material, relatedParty, weighbridge } from './base.ts';
import { bigintStr, idPk, resourceColumns, resourceIndex, tstz } from './common.ts';
import { tradingContract } from './contracts.ts';
import { lgCar } from './logistics.ts';
import { tradeOrder } from './stock.ts';
import { dept } from './system.ts';

const s = (name: string, length = 64) => varchar(name, { length }).notNull().default('');
const kg = (name: string) => numeric(name, { precision: 14, scale: 3, mode: 'string' });
const money = (name: string) => numeric(name, { precision: 16, scale: 2, mode: 'string' });
const live = sql`is_deleted = 0`;

export const weighingOrder = pgTable(
  'izs_weighing_order',
  {
    ...resourceColumns(),
    orderNo: s('order_no', 32),
    /** purchase | sale | transfer | other */
    orderType: s('order_type', 16),
    /** first | completed | voided */
    weighState: s('weigh_state', 16),
    carNumber: s('car_number', 16),
    driverName: s('driver_name', 32),
    partyId: bigintStr('party_id'),
    materialId: bigintStr('material_id'),
    warehouseId: bigintStr('warehouse_id'),
    weighbridgeId: bigintStr('weighbridge_id'),
    /** purchase order / sale order the truck delivers against (izs_trade_order). */
    sourceOrderId: bigintStr('source_order_id'),
    /** Trading contract executed (issue 12); passed to the in/out-stock the weighing makes. */
    contractId: bigintStr('contract_id'),
    priceUnit: s('price_unit', 32),
    firstWeight: kg('first_weight').notNull(),
    firstTime: tstz('first_time').notNull().defaultNow(),
    firstPhotos: text('first_photos').notNull().default(''),
    firstManual: integer('first_manual').notNull().default(0),
    firstOperator: bigintStr('first_operator'),
    secondWeight: kg('second_weight'),
    secondTime: tstz('second_time'),
    secondPhotos: text('second_photos').notNull().default(''),
    secondManual: integer('second_manual').notNull().default(0),
    secondOperator: bigintStr('second_operator'),
    grossWeight: kg('gross_weight'),
    tareWeight: kg('tare_weight'),
    deductWeight: kg('deduct_weight').notNull().default('0'),
    /** 扣杂率 in percent (1.5 = 1.5 %), like the material's default. */
    impurityRate: numeric('impurity_rate', { precision: 5, scale: 2, mode: 'string' }).notNull().default('0'),
    /** Total deduction = deductWeight + (gross − tare) × impurityRate %. */
    deductionWeight: kg('deduction_weight'),
    netWeight: kg('net_weight'),
    unitPrice: numeric('unit_price', { precision: 14, scale: 2, mode: 'string' }).notNull().default('0'),
    amount: money('amount'),
    completeTime: tstz('complete_time'),
    completeUser: bigintStr('complete_user'),
    /** The in-stock (purchase) or out-stock (sale) order made on completion. */
    stockOrderId: bigintStr('stock_order_id'),
    stockOrderNo: s('stock_order_no', 32),
    printCount: integer('print_count').notNull().default(0),
    lastPrintTime: tstz('last_print_time'),
    voidReason: s('void_reason', 255),
    voidTime: tstz('void_time'),
    voidUser: bigintStr('void_user'),
    remark: s('remark', 255),
    /** issue 24: the trailer / container the truck pulls this time (挂车号 / 箱号), '' = none — picks its tare. */
    trailerNo: s('trailer_no', 32),
    /** issue 24: the 派车单 the truck was weighed under (scanned QR / card at the lane or the station), or null. */
    dispatchSlipId: bigintStr('dispatch_slip_id'),
    /** issue 24: the e-ticket sent to the driver on completion — the weighing's public trace link ('' = none). */
    eticketPath: s('eticket_path', 255),
  },
  (t) => [
    resourceIndex('izs_weighing_order', t),
    uniqueIndex('izs_weighing_order_no_uq').on(t.tenantId, t.orderNo).where(live),
    index('izs_weighing_order_car_idx').on(t.tenantId, t.carNumber),
    index('izs_weighing_order_first_time_idx').on(t.tenantId, t.firstTime),
    // target of the composite foreign keys of the tables that hang off a weighing (exceptions, step times)
    unique('izs_weighing_order_tenant_id_uq').on(t.tenantId, t.id),
    // issue 24: one plate has at most one open first pass (the handler's check, kept by the database under races)
    uniqueIndex('izs_weighing_order_open_car_uq')
      .on(t.tenantId, t.carNumber)
      .where(sql`is_deleted = 0 and weigh_state = 'first'`),
    // issue 24: the slip of the tenant the weighing belongs to (composite foreign key; the slip's id is unique)
    foreignKey({
      name: 'izs_weighing_order_dispatch_slip_fk',
      columns: [t.tenantId, t.dispatchSlipId],
      foreignColumns: [dispatchSlip.tenantId, dispatchSlip.id],
    }),
    check('izs_weighing_order_eticket_ck', sql`${t.eticketPath} = '' or ${t.eticketPath} like '/%'`),
  ],
);

/**
 * 异常过磅 (issue 24): one row per flag a capture raised (core/weighing/anti-cheat.ts FLAG_KINDS), with what the
 * lane saw at that moment — every camera's photo, the plate the camera read, the last 30 s of readings. While a
 * weighing has an open exception it cannot complete; a supervisor (supply_chain_weigh_exception_release)
 * releases it or voids the weighing, with a note.
 *
 *   open ──release──▶ released
 *     └───void (the weighing voided)──▶ voided
 */
export const weighException = pgTable(
  'izs_weigh_exception',
  {
    ...resourceColumns(),
    weighingId: bigintStr('weighing_id').notNull(),
    weighbridgeId: bigintStr('weighbridge_id'),
    /** first | second: the capture that raised it */
    pass: s('pass', 8),
    /** FLAG_KINDS */
    kind: s('kind', 24),
    detail: s('detail', 255),
    carNumber: s('car_number', 16),
    /** The plate the camera read at that moment ('' = none). */
    plateRead: s('plate_read', 16),
    /** The pass's weight and the archive / limit compared with (kg). */
    weight: kg('weight').notNull(),
    reference: kg('reference'),
    /** JSON array of every camera's photo (OSS paths) at that moment. */
    photos: text('photos').notNull().default('[]'),
    /** JSON array of the last 30 s of readings [{t, v, s}] the bridge reported. */
    readings: text('readings').notNull().default('[]'),
    /** open | released | voided */
    state: s('state', 12),
    resolveUser: bigintStr('resolve_user'),
    resolveTime: tstz('resolve_time'),
    resolveNote: s('resolve_note', 255),
  },
  (t) => [
    resourceIndex('izs_weigh_exception', t),
    index('izs_weigh_exception_weighing_idx').on(t.tenantId, t.weighingId),
    index('izs_weigh_exception_open_idx').on(t.tenantId, t.state),
    foreignKey({
      name: 'izs_weigh_exception_weighing_fk',
      columns: [t.tenantId, t.weighingId],
      foreignColumns: [weighingOrder.tenantId, weighingOrder.id],
    }),
    foreignKey({
      name: 'izs_weigh_exception_weighbridge_fk',
      columns: [t.tenantId, t.weighbridgeId],
      foreignColumns: [weighbridge.tenantId, weighbridge.id],
    }),
    check('izs_weigh_exception_pass_ck', sql`${t.pass} in ('first', 'second')`),
    check(
      'izs_weigh_exception_kind_ck',
      sql`${t.kind} in ('tare_deviation', 'over_max_gross', 'quick_reweigh', 'plate_mismatch', 'stable_step', 'photos_missing', 'manual_entry', 'off_profile', 'scale_drift')`,
    ),
    check('izs_weigh_exception_state_ck', sql`${t.state} in ('open', 'released', 'voided')`),
    check('izs_weigh_exception_weight_ck', sql`${t.weight} >= 0`),
    // resolved ⇔ who, when and why
    check(
      'izs_weigh_exception_resolved_ck',
      sql`(${t.state} = 'open') = (${t.resolveTime} is null) and (${t.state} = 'open' or (${t.resolveUser} is not null and ${t.resolveNote} <> ''))`,
    ),
  ],
);

/**
 * The scale house's clock (issue 24; the unattended lane fills the rest): when each step of a weighing's pass
 * happened — arrived, identified, on_deck, stable, captured, flagged, released, printed, barrier_open, left.
 * Filled today: stable (the start of the stable window the capture used), captured, flagged, released.
 */
export const weighingStep = pgTable(
  'izs_weighing_step',
  {
    id: idPk(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    weighingId: bigintStr('weighing_id').notNull(),
    pass: s('pass', 8),
    step: s('step', 16),
    at: tstz('at').notNull(),
  },
  (t) => [
    index('izs_weighing_step_weighing_idx').on(t.tenantId, t.weighingId, t.at),
    foreignKey({
      name: 'izs_weighing_step_weighing_fk',
      columns: [t.tenantId, t.weighingId],
      foreignColumns: [weighingOrder.tenantId, weighingOrder.id],
    }),
    check('izs_weighing_step_pass_ck', sql`${t.pass} in ('first', 'second')`),
    check(
      'izs_weighing_step_step_ck',
      sql`${t.step} in ('arrived', 'identified', 'on_deck', 'stable', 'captured', 'flagged', 'released', 'printed', 'barrier_open', 'left')`,
    ),
  ],
);

/**
 * 皮重档案 (issue 24): the tares an administrator set for a vehicle (lg_car) — the vehicle's own standard tare and
 * the tare of each trailer / container it changes — each with an expiry. Last and average tares are not stored:
 * they come from the plate's completed weighings.
 */
export const vehicleTare = pgTable(
  'izs_vehicle_tare',
  {
    ...resourceColumns(),
    carId: bigintStr('car_id').notNull(),
    /** vehicle | trailer | container */
    kind: s('kind', 12),
    /** 挂车号 / 箱号; '' for the vehicle itself */
    label: s('label', 32),
    tareKg: kg('tare_kg').notNull(),
    /** yyyy-MM-dd, the last day the tare holds; null = no expiry */
    validUntil: varchar('valid_until', { length: 10 }),
    remark: s('remark', 255),
  },
  (t) => [
    resourceIndex('izs_vehicle_tare', t),
    uniqueIndex('izs_vehicle_tare_uq').on(t.tenantId, t.carId, t.kind, t.label).where(live),
    foreignKey({
      name: 'izs_vehicle_tare_car_fk',
      columns: [t.tenantId, t.carId],
      foreignColumns: [lgCar.tenantId, lgCar.id],
    }),
    check('izs_vehicle_tare_kind_ck', sql`${t.kind} in ('vehicle', 'trailer', 'container')`),
    check('izs_vehicle_tare_label_ck', sql`(${t.kind} = 'vehicle') = (${t.label} = '')`),
    check('izs_vehicle_tare_kg_ck', sql`${t.tareKg} > 0`),
    check(
      'izs_vehicle_tare_valid_ck',
      sql`${t.validUntil} is null or ${t.validUntil} ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'`,
    ),
  ],
);

/**
 * 皮重档案变更记录 (issue 24): every change an administrator makes to a vehicle's tares (izs_vehicle_tare) — set a
 * standard / trailer / container tare, change its expiry, remove it — kept with who and when, old → new. Append
 * only; the tare archive screen shows it as the vehicle's history.
 *
 * Constraints: composite references with tenant_id (the vehicle and the user are the tenant's); kind and action
 * from their sets; a trailer / container names its label, the vehicle's own tare does not; a `set` has the new
 * tare (> 0), a `remove` the old one and no new; a first set has no old value; tares > 0; expiries yyyy-MM-dd.
 */
export const vehicleTareChange = pgTable(
  'izs_vehicle_tare_change',
  {
    id: idPk(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    carId: bigintStr('car_id').notNull(),
    /** vehicle | trailer | container */
    kind: s('kind', 12),
    /** 挂车号 / 箱号; '' for the vehicle itself */
    label: s('label', 32),
    /** set | remove */
    action: s('action', 8),
    oldTareKg: kg('old_tare_kg'),
    newTareKg: kg('new_tare_kg'),
    oldValidUntil: varchar('old_valid_until', { length: 10 }),
    newValidUntil: varchar('new_valid_until', { length: 10 }),
    remark: s('remark', 255),
    changeUser: bigintStr('change_user').notNull(),
    changeTime: tstz('change_time').notNull().defaultNow(),
  },
  (t) => [
    index('izs_vehicle_tare_change_car_idx').on(t.tenantId, t.carId, t.changeTime),
    foreignKey({
      name: 'izs_vehicle_tare_change_car_fk',
      columns: [t.tenantId, t.carId],
      foreignColumns: [lgCar.tenantId, lgCar.id],
    }),
    check('izs_vehicle_tare_change_kind_ck', sql`${t.kind} in ('vehicle', 'trailer', 'container')`),
    check('izs_vehicle_tare_change_label_ck', sql`(${t.kind} = 'vehicle') = (${t.label} = '')`),
    check('izs_vehicle_tare_change_action_ck', sql`${t.action} in ('set', 'remove')`),
    check(
      'izs_vehicle_tare_change_values_ck',
      sql`(${t.action} = 'set' and ${t.newTareKg} is not null and ${t.newTareKg} > 0 and (${t.oldTareKg} is null or ${t.oldTareKg} > 0)) or (${t.action} = 'remove' and ${t.newTareKg} is null and ${t.newValidUntil} is null and ${t.oldTareKg} is not null and ${t.oldTareKg} > 0)`,
    ),
    check(
      'izs_vehicle_tare_change_old_valid_ck',
      sql`${t.oldValidUntil} is null or (${t.oldTareKg} is not null and ${t.oldValidUntil} ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$')`,
    ),
    check(
      'izs_vehicle_tare_change_new_valid_ck',
      sql`${t.newValidUntil} is null or ${t.newValidUntil} ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'`,
    ),
  ],
);

/**
 * 派车单 (issue 24, "Unattended lane"): the dispatch slip a truck is sent with, made from a purchase / sales order
 * (izs_trade_order) or a trading contract — party, material, planned quantity, validity and the plate. Its number
 * (PC + yyyyMMdd + 4 digits) is what the slip's QR code carries: the weighing station takes it to identify the
 * truck (plate, party, material) and refuses a slip that is expired, not yet valid or closed.
 *
 * Constraints (named as server/db/integrity.ts names them, so platform/errors.ts answers a Chinese 400): every
 * reference is composite with tenant_id (a slip points only at its own tenant's rows); planned quantity ≥ 0;
 * order type and state from their sets; dates yyyy-MM-dd with validTo ≥ validFrom; a plate is required.
 */
export const dispatchSlip = pgTable(
  'izs_dispatch_slip',
  {
    ...resourceColumns(),
    slipNo: s('slip_no', 32),
    /** purchase (the truck delivers to us) | sale (the truck collects) */
    orderType: s('order_type', 16),
    /** The order / contract number typed (来源单号), '' = none; resolved into one of the two ids below. */
    sourceNo: s('source_no', 32),
    /** The purchase / sales order the slip is made from (izs_trade_order), or null. */
    sourceOrderId: bigintStr('source_order_id'),
    /** The trading contract the slip is made from, or null. */
    contractId: bigintStr('contract_id'),
    partyId: bigintStr('party_id').notNull(),
    materialId: bigintStr('material_id').notNull(),
    carNumber: s('car_number', 16),
    driverName: s('driver_name', 32),
    driverPhone: s('driver_phone', 20),
    /** Planned quantity (kg). */
    plannedKg: kg('planned_kg').notNull().default('0'),
    /** yyyy-MM-dd, first and last day the slip holds. */
    validFrom: s('valid_from', 10),
    validTo: s('valid_to', 10),
    /** open | closed */
    state: s('state', 12),
    remark: s('remark', 255),
  },
  (t) => [
    resourceIndex('izs_dispatch_slip', t),
    uniqueIndex('izs_dispatch_slip_no_uq').on(t.tenantId, t.slipNo).where(live),
    // target of the weighing's composite foreign key (izs_weighing_order.dispatch_slip_id)
    unique('izs_dispatch_slip_tenant_id_uq').on(t.tenantId, t.id),
    index('izs_dispatch_slip_car_idx').on(t.tenantId, t.carNumber),
    foreignKey({
      name: 'fk_izs_dispatch_slip_dept_id',
      columns: [t.tenantId, t.deptId],
      foreignColumns: [dept.tenantId, dept.id],
    }),
    foreignKey({
      name: 'fk_izs_dispatch_slip_source_order_id',
      columns: [t.tenantId, t.sourceOrderId],
      foreignColumns: [tradeOrder.tenantId, tradeOrder.id],
    }),
    foreignKey({
      name: 'fk_izs_dispatch_slip_contract_id',
      columns: [t.tenantId, t.contractId],
      foreignColumns: [tradingContract.tenantId, tradingContract.id],
    }),
    foreignKey({
      name: 'fk_izs_dispatch_slip_party_id',
      columns: [t.tenantId, t.partyId],
      foreignColumns: [relatedParty.tenantId, relatedParty.id],
    }),
    foreignKey({
      name: 'fk_izs_dispatch_slip_material_id',
      columns: [t.tenantId, t.materialId],
      foreignColumns: [material.tenantId, material.id],
    }),
    check('ck_izs_dispatch_slip_planned_kg_nonneg', sql`planned_kg >= 0`),
    check('ck_izs_dispatch_slip_order_type_set', sql`order_type in ('purchase', 'sale')`),
    check('ck_izs_dispatch_slip_state_set', sql`state in ('open', 'closed')`),
    check('ck_izs_dispatch_slip_car_number', sql`car_number <> ''`),
    check(
      'ck_izs_dispatch_slip_validity',
      sql`valid_from ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' and valid_to ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' and valid_to >= valid_from`,
    ),
  ],
);

/**
 * 车道人工接管 (issue 24): a clerk's takeover of a step of the unattended lane, sent from 车道监控 through
 * `POST /api/izs-weighing/lane/takeover` (button supply_chain_lane_monitor_takeover, checked by the server) — the
 * audit of who took over which step of which lane, when and why — and picked up by the lane's driver
 * (`POST /api/izs-weighing/lane/takeover/claim`), which alone acts on it.
 *
 *   pending ──claim (the lane driver)──▶ claimed
 *      └──── not claimed within 60 s (the lane was away) ──▶ expired (found at the next claim, never carried out)
 *
 * Constraints: identify carries a plate; capture a weight > 0 and its reason; claimed ⇔ claim time and user.
 */
export const laneTakeover = pgTable(
  'izs_lane_takeover',
  {
    id: idPk(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    weighbridgeId: bigintStr('weighbridge_id').notNull(),
    /** identify | capture | print | open */
    step: s('step', 12),
    plate: s('plate', 16),
    weight: kg('weight'),
    reason: s('reason', 255),
    /** pending → claimed → done | failed (the lane's report), or pending → expired */
    state: s('state', 12),
    createUser: bigintStr('create_user').notNull(),
    createTime: tstz('create_time').notNull().defaultNow(),
    claimUser: bigintStr('claim_user'),
    claimTime: tstz('claim_time'),
    /** When the lane reported the command carried out (done) or not (failed). */
    resultTime: tstz('result_time'),
    /** Why the lane could not carry it out (failed: the lane's refusal, e.g. 没有待打印的磅单). */
    resultNote: s('result_note', 255),
  },
  (t) => [
    index('izs_lane_takeover_pending_idx').on(t.tenantId, t.weighbridgeId, t.state, t.createTime),
    foreignKey({
      name: 'izs_lane_takeover_weighbridge_fk',
      columns: [t.tenantId, t.weighbridgeId],
      foreignColumns: [weighbridge.tenantId, weighbridge.id],
    }),
    check('izs_lane_takeover_step_ck', sql`${t.step} in ('identify', 'capture', 'print', 'open')`),
    check('izs_lane_takeover_state_ck', sql`${t.state} in ('pending', 'claimed', 'expired', 'done', 'failed')`),
    check(
      'izs_lane_takeover_result_ck',
      sql`(${t.state} in ('done', 'failed')) = (${t.resultTime} is not null) and (${t.state} <> 'failed' or ${t.resultNote} <> '')`,
    ),
    check('izs_lane_takeover_identify_ck', sql`${t.step} <> 'identify' or ${t.plate} <> ''`),
    check('izs_lane_takeover_capture_ck', sql`${t.step} <> 'capture' or (${t.weight} > 0 and ${t.reason} <> '')`),
    check(
      'izs_lane_takeover_claim_ck',
      sql`(${t.state} = 'pending') = (${t.claimTime} is null) and (${t.claimTime} is null) = (${t.claimUser} is null)`,
    ),
  ],
);

/**
 * 检定点 (issue 24, the linearity profile): a weighbridge's calibration points from its last 检定 / calibration —
 * the reference load (weights or a test truck of known mass) and what the scale read under it — entered in 地磅管理
 * (its 检定点 box; saved with the scale, replacing the previous set). core/weighing/linearity.ts reads them: a
 * reading where they say the scale reads off beyond the scale's tolerance (izs_weighbridge.linearity_tol_kg) is
 * flagged off_profile, recent same-truck tare re-weighings drifting beyond it scale_drift.
 *
 * Constraints: the weighbridge is the tenant's (composite reference with tenant_id); one reading per reference load
 * of a scale; reference > 0, reading ≥ 0.
 */
export const weighbridgeCalibration = pgTable(
  'izs_weighbridge_calibration',
  {
    id: idPk(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    weighbridgeId: bigintStr('weighbridge_id').notNull(),
    referenceKg: kg('reference_kg').notNull(),
    readingKg: kg('reading_kg').notNull(),
    createUser: bigintStr('create_user'),
    createTime: tstz('create_time').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('izs_weighbridge_calibration_uq').on(t.tenantId, t.weighbridgeId, t.referenceKg),
    foreignKey({
      name: 'izs_weighbridge_calibration_wb_fk',
      columns: [t.tenantId, t.weighbridgeId],
      foreignColumns: [weighbridge.tenantId, weighbridge.id],
    }),
    check('izs_weighbridge_calibration_ref_ck', sql`${t.referenceKg} > 0`),
    check('izs_weighbridge_calibration_reading_ck', sql`${t.readingKg} >= 0`),
  ],
);
