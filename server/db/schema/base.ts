/** izs-base: base data of the yard (material, category, warehouse, weighbridge, bank, parties, …) and per-dept configs. */
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  unique,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { bigintStr, resourceColumns, resourceIndex, tstz } from './common.ts';

const s = (name: string, length = 64) => varchar(name, { length }).notNull().default('');
const dec = (name: string, precision: number, scale: number) => numeric(name, { precision, scale, mode: 'string' });
const live = sql`is_deleted = 0`;

/**
 * Live-row counts per (table, tenant, department), kept by statement-level triggers (migration
 * 0008_row_count_triggers) on the resource tables listed there. The engine answers the `total` of an unfiltered
 * page from here (a sum over the caller's data-scope departments) instead of count(*) over every row — the page
 * benchmark's 100,000-material list (bench/page-bench.ts). Filtered pages still count the matching rows.
 */
export const rowCount = pgTable(
  'loopyard_row_count',
  {
    tableName: varchar('table_name', { length: 64 }).notNull(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    /** 0 for rows without a department. */
    deptId: bigintStr('dept_id').notNull().default('0'),
    n: bigint('n', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.tableName, t.tenantId, t.deptId] })],
);

export const materialCategory = pgTable(
  'izs_material_category',
  {
    ...resourceColumns(),
    parentId: bigintStr('parent_id').notNull().default('0'),
    code: s('code', 32),
    name: s('name'),
    sort: integer('sort').notNull().default(0),
    remark: s('remark', 255),
  },
  (t) => [resourceIndex('izs_material_category', t)],
);

export const material = pgTable(
  'izs_material',
  {
    ...resourceColumns(),
    code: s('code', 32),
    name: s('name'),
    categoryId: bigintStr('category_id'),
    spec: s('spec'),
    unit: s('unit', 16),
    priceUnit: s('price_unit', 32),
    defaultPrice: dec('default_price', 14, 2).notNull().default('0'),
    deductRate: dec('deduct_rate', 5, 2).notNull().default('0'),
    gbCode: s('gb_code', 20),
    isHazardous: integer('is_hazardous').notNull().default(0),
    remark: s('remark', 255),
  },
  (t) => [
    resourceIndex('izs_material', t),
    uniqueIndex('izs_material_code_uq').on(t.tenantId, t.code).where(live),
    index('izs_material_category_idx').on(t.tenantId, t.categoryId),
    // 参考单价 sorting (page benchmark): the top of a filtered list without sorting every match
    index('izs_material_price_idx').on(t.tenantId, t.defaultPrice, t.id).where(live),
    // contains-search on 物料编码 (engine: code collate "C" ILIKE '%…%') through trigrams; pg_trgm is created in
    // migration 0014 (drizzle-kit cannot), and PGlite loads it in db/client.ts
    index('izs_material_code_trgm_idx').using('gin', sql`(${t.code} collate "C") gin_trgm_ops`).where(live),
  ],
);

export const warehouse = pgTable(
  'izs_warehouse',
  {
    ...resourceColumns(),
    code: s('code', 32),
    name: s('name'),
    type: s('type', 16),
    regionCode: s('region_code', 12),
    address: s('address', 255),
    managerName: s('manager_name', 32),
    phone: s('phone', 30),
    capacityT: dec('capacity_t', 14, 3).notNull().default('0'),
    remark: s('remark', 255),
  },
  (t) => [resourceIndex('izs_warehouse', t), uniqueIndex('izs_warehouse_code_uq').on(t.tenantId, t.code).where(live)],
);

export const warehouseEnvironment = pgTable(
  'izs_warehouse_environment',
  {
    ...resourceColumns(),
    warehouseId: bigintStr('warehouse_id').notNull(),
    recordTime: tstz('record_time').notNull().defaultNow(),
    temperature: dec('temperature', 5, 1),
    humidity: dec('humidity', 5, 1),
    fireCheck: integer('fire_check').notNull().default(1),
    inspector: s('inspector', 32),
    remark: s('remark', 255),
  },
  (t) => [resourceIndex('izs_warehouse_environment', t)],
);

export const weighbridge = pgTable(
  'izs_weighbridge',
  {
    ...resourceColumns(),
    code: s('code', 32),
    name: s('name'),
    warehouseId: bigintStr('warehouse_id'),
    maxCapacityKg: dec('max_capacity_kg', 12, 3).notNull().default('0'),
    divisionKg: dec('division_kg', 10, 3).notNull().default('0'),
    connType: s('conn_type', 16),
    serialPort: s('serial_port', 32),
    baudRate: integer('baud_rate').notNull().default(9600),
    ip: s('ip', 64),
    port: integer('port').notNull().default(0),
    indicatorModel: s('indicator_model'),
    stableSeconds: integer('stable_seconds').notNull().default(3),
    remark: s('remark', 255),
    // anti-cheat settings (issue 24, core/weighing/anti-cheat.ts)
    // null = the global default (core/weighing/anti-cheat.ts DEFAULT_ANTI_CHEAT; 地磅管理 leaves the box empty)
    /** Minimum capture, kg; null or 0 = 20 divisions (OIML R76 class III Min). */
    minWeightKg: dec('min_weight_kg', 12, 3),
    /** 1: the lane has positioning sensors (红外对射); a live capture needs them reported clear. */
    positionSensors: integer('position_sensors').notNull().default(0),
    /** ± % of the tare archive; 0 = off, null = 10. */
    tareTolerancePct: dec('tare_tolerance_pct', 5, 2),
    /** Same plate weighed in again within N minutes of completing; 0 = off, null = 15. */
    reweighMinutes: integer('reweigh_minutes'),
    /** A step from one steady value to another above N divisions (10 = 200 kg at e = 20 kg); 0 = off, null = 10. */
    stepDivisions: integer('step_divisions'),
    checkPlate: integer('check_plate').notNull().default(1),
    /**
     * 1: a pass with fewer photos than the scale's cameras is flagged. Off by default: it needs the scale's cameras to
     * answer snapshots (the station takes one per camera); an administrator turns it on once they do.
     */
    checkPhotos: integer('check_photos').notNull().default(0),
    checkMaxGross: integer('check_max_gross').notNull().default(1),
    /**
     * The settled-run window (ms) of this scale's readings (core/weighing/anti-cheat.ts settledWindowMs); null = the
     * global default SETTLED_MS (1 s).
     */
    settledMs: integer('settled_ms'),
    /**
     * The linearity profile's tolerance (kg) around its calibration points (izs_weighbridge_calibration,
     * core/weighing/linearity.ts); null = 3 divisions, 0 = off.
     */
    linearityTolKg: dec('linearity_tol_kg', 10, 3),
  },
  (t) => [
    resourceIndex('izs_weighbridge', t),
    uniqueIndex('izs_weighbridge_code_uq').on(t.tenantId, t.code).where(live),
    unique('izs_weighbridge_tenant_id_uq').on(t.tenantId, t.id),
    check('izs_weighbridge_min_weight_ck', sql`${t.minWeightKg} >= 0`),
    check('izs_weighbridge_tare_tol_ck', sql`${t.tareTolerancePct} >= 0 and ${t.tareTolerancePct} <= 100`),
    check('izs_weighbridge_reweigh_ck', sql`${t.reweighMinutes} >= 0 and ${t.reweighMinutes} <= 1440`),
    check('izs_weighbridge_step_ck', sql`${t.stepDivisions} >= 0 and ${t.stepDivisions} <= 1000`),
    check('izs_weighbridge_linearity_tol_ck', sql`${t.linearityTolKg} >= 0`),
    check(
      'izs_weighbridge_settled_ms_ck',
      sql`${t.settledMs} is null or (${t.settledMs} >= 200 and ${t.settledMs} <= 10000)`,
    ),
    check(
      'izs_weighbridge_flags_ck',
      sql`${t.positionSensors} in (0, 1) and ${t.checkPlate} in (0, 1) and ${t.checkPhotos} in (0, 1) and ${t.checkMaxGross} in (0, 1)`,
    ),
  ],
);

export const bank = pgTable(
  'izs_bank',
  {
    ...resourceColumns(),
    bankName: s('bank_name', 100),
    accountName: s('account_name', 100),
    bankAccount: s('bank_account', 40),
    bankCode: s('bank_code', 20),
    isDefault: integer('is_default').notNull().default(0),
    remark: s('remark', 255),
  },
  (t) => [resourceIndex('izs_bank', t), uniqueIndex('izs_bank_account_uq').on(t.tenantId, t.bankAccount).where(live)],
);

export const relatedParty = pgTable(
  'izs_related_party',
  {
    ...resourceColumns(),
    code: s('code', 32),
    name: s('name', 100),
    type: s('type', 16),
    contact: s('contact', 32),
    phone: s('phone', 30),
    taxpayerId: s('taxpayer_id', 20),
    regionCode: s('region_code', 12),
    address: s('address', 255),
    bankName: s('bank_name', 100),
    bankAccount: s('bank_account', 40),
    remark: s('remark', 255),
  },
  (t) => [
    resourceIndex('izs_related_party', t),
    uniqueIndex('izs_related_party_code_uq').on(t.tenantId, t.code).where(live),
  ],
);

export const financialExpenses = pgTable(
  'izs_financial_expenses',
  {
    ...resourceColumns(),
    code: s('code', 32),
    name: s('name'),
    category: s('category', 16),
    remark: s('remark', 255),
  },
  (t) => [
    resourceIndex('izs_financial_expenses', t),
    uniqueIndex('izs_financial_expenses_code_uq').on(t.tenantId, t.code).where(live),
  ],
);

export const salesman = pgTable(
  'izs_salesman',
  {
    ...resourceColumns(),
    code: s('code', 32),
    name: s('name', 32),
    phone: s('phone', 30),
    remark: s('remark', 255),
  },
  (t) => [resourceIndex('izs_salesman', t), uniqueIndex('izs_salesman_code_uq').on(t.tenantId, t.code).where(live)],
);

export const orgManage = pgTable(
  'izs_org_manage',
  {
    ...resourceColumns(),
    name: s('name', 100),
    creditCode: s('credit_code', 18),
    legalPerson: s('legal_person', 32),
    phone: s('phone', 30),
    regionCode: s('region_code', 12),
    address: s('address', 255),
    licenseImage: s('license_image', 500),
    remark: s('remark', 255),
  },
  (t) => [
    resourceIndex('izs_org_manage', t),
    uniqueIndex('izs_org_manage_credit_uq').on(t.tenantId, t.creditCode).where(live),
  ],
);

/** One row per (tenant, dept): created with defaults on first read. */
export const businessConfig = pgTable(
  'izs_business_config',
  {
    ...resourceColumns(),
    allowNegativeStock: integer('allow_negative_stock').notNull().default(0),
    weighStableSeconds: integer('weigh_stable_seconds').notNull().default(3),
    manualWeighAllowed: integer('manual_weigh_allowed').notNull().default(0),
    defaultWarehouseId: bigintStr('default_warehouse_id'),
    pricePrecision: integer('price_precision').notNull().default(2),
    weightPrecision: integer('weight_precision').notNull().default(3),
    taxRate: dec('tax_rate', 5, 2).notNull().default('13'),
    autoReview: integer('auto_review').notNull().default(0),
  },
  (t) => [uniqueIndex('izs_business_config_dept_uq').on(t.tenantId, t.deptId).where(live)],
);

export const financeConfig = pgTable(
  'izs_finance_config',
  {
    ...resourceColumns(),
    accountingSystem: integer('accounting_system').notNull().default(1),
    taxNature: s('tax_nature', 2),
    vatRate: dec('vat_rate', 5, 2).notNull().default('13'),
    incomeTaxRate: dec('income_tax_rate', 5, 2).notNull().default('25'),
    autoVoucher: integer('auto_voucher').notNull().default(0),
    amountPrecision: integer('amount_precision').notNull().default(2),
  },
  (t) => [uniqueIndex('izs_finance_config_dept_uq').on(t.tenantId, t.deptId).where(live)],
);

export const cameras = pgTable(
  'izs_camera',
  {
    ...resourceColumns(),
    name: s('name'),
    ip: s('ip', 64),
    port: integer('port').notNull().default(80),
    channel: integer('channel').notNull().default(1),
    weighbridgeId: bigintStr('weighbridge_id'),
    position: s('position', 16),
    brand: s('brand', 32),
    /** Login of the camera's web/RTSP service; the password is never answered (engine `hidden`). */
    account: s('account', 64),
    password: s('password', 128),
    snapshotUrl: s('snapshot_url', 500),
    streamUrl: s('stream_url', 500),
    remark: s('remark', 255),
  },
  (t) => [resourceIndex('izs_camera', t)],
);

/**
 * 库存磅单 (stock weigh order): a weighing done for stock (盘点过磅, transfers between stores) rather than a purchase
 * or sale. Constraints: gross ≥ tare; net = gross − tare − deduction ≥ 0 (kg, 3 decimals), computed by the server.
 */
export const stockWeighOrder = pgTable(
  'izs_stock_weigh_order',
  {
    ...resourceColumns(),
    orderNo: s('order_no', 32),
    warehouseId: bigintStr('warehouse_id').notNull(),
    weighbridgeId: bigintStr('weighbridge_id'),
    materialId: bigintStr('material_id').notNull(),
    carNumber: s('car_number', 16),
    grossKg: dec('gross_kg', 12, 3).notNull().default('0'),
    tareKg: dec('tare_kg', 12, 3).notNull().default('0'),
    deductKg: dec('deduct_kg', 12, 3).notNull().default('0'),
    netKg: dec('net_kg', 12, 3).notNull().default('0'),
    weighTime: tstz('weigh_time').notNull().defaultNow(),
    weigher: s('weigher', 32),
    remark: s('remark', 255),
  },
  (t) => [
    resourceIndex('izs_stock_weigh_order', t),
    uniqueIndex('izs_stock_weigh_order_no_uq').on(t.tenantId, t.orderNo).where(live),
  ],
);

export const materialQuotesOrder = pgTable(
  'izs_material_quotes_order',
  {
    ...resourceColumns(),
    code: s('code', 32),
    materialId: bigintStr('material_id'),
    quoteType: s('quote_type', 16),
    price: dec('price', 14, 2).notNull().default('0'),
    priceUnit: s('price_unit', 32),
    effectiveStart: s('effective_start', 10),
    effectiveEnd: s('effective_end', 10),
    remark: s('remark', 255),
  },
  (t) => [
    resourceIndex('izs_material_quotes_order', t),
    uniqueIndex('izs_material_quotes_order_code_uq').on(t.tenantId, t.code).where(live),
  ],
);

/** blade-system generic resources. */
export const staff = pgTable(
  'izs_staff',
  {
    ...resourceColumns(),
    jobNumber: s('job_number', 32),
    name: s('name', 32),
    sex: integer('sex').notNull().default(1),
    postId: bigintStr('post_id'),
    phone: s('phone', 30),
    idNumber: s('id_number', 18),
    entryDate: s('entry_date', 10),
    remark: s('remark', 255),
  },
  (t) => [resourceIndex('izs_staff', t), uniqueIndex('izs_staff_job_uq').on(t.tenantId, t.jobNumber).where(live)],
);

export const pageConfig = pgTable(
  'izs_page_config',
  {
    ...resourceColumns(),
    pageCode: s('page_code', 100),
    pageName: s('page_name', 100),
    config: text('config').notNull().default('{}'),
    remark: s('remark', 255),
  },
  (t) => [
    resourceIndex('izs_page_config', t),
    uniqueIndex('izs_page_config_code_uq').on(t.tenantId, t.pageCode).where(live),
  ],
);

export const androidVersion = pgTable(
  'izs_android_version',
  {
    ...resourceColumns(),
    version: s('version', 30),
    versionCode: integer('version_code').notNull().default(1),
    url: s('url', 500),
    forceUpdate: integer('force_update').notNull().default(0),
    remark: s('remark', 500),
  },
  (t) => [
    resourceIndex('izs_android_version', t),
    uniqueIndex('izs_android_version_uq').on(t.tenantId, t.version).where(live),
  ],
);
