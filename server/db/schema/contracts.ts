/**
 * Contracts (trading contracts with lines and signatures, supplier contracts, projects with sites, site orders, the
 * resource engine's demonstration table) and supply-chain finance (fund providers, financing contracts with their
 * repayments, 金单 with their trail). Issue 12.
 *
 * Constraints:
 * - contract quantities are tonnes (numeric 14,3), stock quantities kg (numeric 14,3), money numeric 16,2, rates
 *   percent numeric 8,4 — decimal strings end to end;
 * - a trading contract's state: draft → pending (提交审核) → executing (审核通过) → completed | terminated; never
 *   deleted once out of draft; who and when of each step are columns;
 * - a signature row keeps the SHA-256 of the printed contract at signing time: a later change is seen by hashing
 *   again;
 * - a 金单 split: Σ children.face = parent.face (to the fen); children keep the parent's issuer and maturity.
 */
import { sql } from 'drizzle-orm';
import { index, integer, numeric, pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { bigintStr, idPk, resourceColumns, resourceIndex, tstz } from './common.ts';

const s = (name: string, length = 64) => varchar(name, { length }).notNull().default('');
const ton = (name: string) => numeric(name, { precision: 14, scale: 3, mode: 'string' });
const kg = (name: string) => numeric(name, { precision: 14, scale: 3, mode: 'string' });
const money = (name: string) => numeric(name, { precision: 16, scale: 2, mode: 'string' });
const pct = (name: string) => numeric(name, { precision: 8, scale: 4, mode: 'string' });
const live = sql`is_deleted = 0`;

/** 贸易合同. side: purchase (we buy) | sale (we sell). */
export const tradingContract = pgTable(
  'izs_trading_contract',
  {
    ...resourceColumns(),
    contractNo: s('contract_no', 32),
    title: s('title', 100),
    side: s('side', 16),
    partyId: bigintStr('party_id').notNull(),
    signDate: s('sign_date', 10),
    deliveryStart: s('delivery_start', 10),
    deliveryEnd: s('delivery_end', 10),
    deliveryPlace: s('delivery_place', 200),
    /** 溢短装 ± percent of each line's quantity. */
    tolerancePct: pct('tolerance_pct').notNull().default('0'),
    /** seller | buyer: whose option the tolerance is. */
    toleranceOption: s('tolerance_option', 16),
    /** supplier | buyer | agreed: whose scale settles. */
    weightBasis: s('weight_basis', 16),
    prepaymentPct: pct('prepayment_pct').notNull().default('0'),
    balanceDays: integer('balance_days').notNull().default(0),
    /** Quality deductions as text (扣杂 / 扣水 / multipliers), shown on the printed contract. */
    deductions: text('deductions').notNull().default(''),
    /** OSS paths, JSON array. */
    attachments: text('attachments').notNull().default(''),
    totalQty: ton('total_qty').notNull().default('0'),
    totalAmount: money('total_amount').notNull().default('0'),
    /** draft | pending | executing | completed | terminated */
    state: s('state', 16),
    submitUser: bigintStr('submit_user'),
    submitTime: tstz('submit_time'),
    approveUser: bigintStr('approve_user'),
    approveTime: tstz('approve_time'),
    approveRemark: s('approve_remark', 255),
    completeUser: bigintStr('complete_user'),
    completeTime: tstz('complete_time'),
    terminateUser: bigintStr('terminate_user'),
    terminateTime: tstz('terminate_time'),
    terminateReason: s('terminate_reason', 255),
    remark: s('remark', 255),
  },
  (t) => [
    resourceIndex('izs_trading_contract', t),
    uniqueIndex('izs_trading_contract_no_uq').on(t.tenantId, t.contractNo).where(live),
    index('izs_trading_contract_party_idx').on(t.tenantId, t.partyId, t.state),
  ],
);

/** One material of a trading contract. priceType: fixed | pricing (点价: reference price on a date + premium). */
export const tradingContractLine = pgTable(
  'izs_trading_contract_line',
  {
    id: idPk(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    contractId: bigintStr('contract_id').notNull(),
    lineNo: integer('line_no').notNull(),
    materialId: bigintStr('material_id').notNull(),
    qty: ton('qty').notNull(),
    priceType: s('price_type', 16),
    /** 点价: name of the reference (e.g. SHFE 铜 当月结算价, Mysteel 普碳废钢指数). */
    refName: s('ref_name', 64),
    refDate: s('ref_date', 10),
    refPrice: money('ref_price'),
    premium: money('premium'),
    /** Yuan per tonne: fixed, or refPrice + premium once fixed (provisional before). */
    unitPrice: money('unit_price').notNull(),
    amount: money('amount').notNull(),
    remark: s('remark', 255),
  },
  (t) => [index('izs_trading_contract_line_idx').on(t.contractId)],
);

/** Signatures of a contract (built-in or external e-signature provider). */
export const contractSignature = pgTable(
  'izs_contract_signature',
  {
    id: idPk(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    contractId: bigintStr('contract_id').notNull(),
    provider: s('provider', 32),
    signerId: bigintStr('signer_id'),
    signerName: s('signer_name', 64),
    signedAt: tstz('signed_at').notNull().defaultNow(),
    /** SHA-256 (hex) of the printed contract at signing. */
    docHash: s('doc_hash', 64),
    /** provider's reference (external providers) */
    externalRef: s('external_ref', 128),
  },
  (t) => [index('izs_contract_signature_idx').on(t.contractId)],
);

/** 供应商合同: a framework agreement with a supplier (no lines). */
export const supplierContract = pgTable(
  'izs_supplier_contract',
  {
    ...resourceColumns(),
    contractNo: s('contract_no', 32),
    partyId: bigintStr('party_id').notNull(),
    title: s('title', 100),
    signDate: s('sign_date', 10),
    validFrom: s('valid_from', 10),
    validTo: s('valid_to', 10),
    amount: money('amount').notNull().default('0'),
    attachments: text('attachments').notNull().default(''),
    remark: s('remark', 255),
  },
  (t) => [resourceIndex('izs_supplier_contract', t)],
);

/** 项目订单: a clearance or demolition project for a client. kind: clearance | demolition. */
export const project = pgTable(
  'izs_project',
  {
    ...resourceColumns(),
    projectNo: s('project_no', 32),
    name: s('name', 100),
    kind: s('kind', 16),
    partyId: bigintStr('party_id'),
    address: s('address', 200),
    startDate: s('start_date', 10),
    endDate: s('end_date', 10),
    amount: money('amount').notNull().default('0'),
    remark: s('remark', 255),
  },
  (t) => [resourceIndex('izs_project', t)],
);

/** Sites of a project. */
export const projectSite = pgTable(
  'izs_project_site',
  {
    ...resourceColumns(),
    projectId: bigintStr('project_id').notNull(),
    name: s('name', 100),
    address: s('address', 200),
    contact: s('contact', 32),
    phone: s('phone', 20),
    estimatedQty: ton('estimated_qty').notNull().default('0'),
  },
  (t) => [resourceIndex('izs_project_site', t)],
);

/** 现场订单: an order placed against a project's site. */
export const siteOrder = pgTable(
  'izs_site_order',
  {
    ...resourceColumns(),
    orderNo: s('order_no', 32),
    projectId: bigintStr('project_id').notNull(),
    siteId: bigintStr('site_id').notNull(),
    materialId: bigintStr('material_id'),
    qty: ton('qty').notNull().default('0'),
    unitPrice: money('unit_price').notNull().default('0'),
    orderDate: s('order_date', 10),
    /** open | done | cancelled */
    orderState: s('order_state', 16),
    remark: s('remark', 255),
  },
  (t) => [resourceIndex('izs_site_order', t)],
);

/** 测试页 (/ledger/easy-crud): one column of every field kind of the resource engine. */
export const easyCrudDemo = pgTable(
  'izs_easy_crud_demo',
  {
    ...resourceColumns(),
    code: s('code', 32),
    name: s('name', 100),
    note: text('note').notNull().default(''),
    sortNo: integer('sort_no').notNull().default(0),
    amount: money('amount').notNull().default('0'),
    weight: kg('weight').notNull().default('0'),
    qty: ton('qty').notNull().default('0'),
    rate: pct('rate').notNull().default('0'),
    day: s('day', 10),
    happenedAt: s('happened_at', 19),
    color: s('color', 16),
    regionCode: s('region_code', 12),
    flag: integer('flag').notNull().default(0),
    images: text('images').notNull().default(''),
    files: text('files').notNull().default(''),
  },
  (t) => [resourceIndex('izs_easy_crud_demo', t)],
);

/** 资金方: a bank or factoring company with a credit line. */
export const fundProvider = pgTable(
  'izs_fund_provider',
  {
    ...resourceColumns(),
    name: s('name', 100),
    /** bank | factoring | other */
    kind: s('kind', 16),
    creditLine: money('credit_line').notNull().default('0'),
    /** Annual rate, percent. */
    annualRate: pct('annual_rate').notNull().default('0'),
    /** Pledge ratio (质押率), percent of the collateral value lent. */
    pledgeRatio: pct('pledge_ratio').notNull().default('0'),
    contact: s('contact', 32),
    phone: s('phone', 20),
    remark: s('remark', 255),
  },
  (t) => [resourceIndex('izs_fund_provider', t)],
);

/**
 * 融资合同. kind: pledge (库存质押: pledgedQty kg of a material in a warehouse) | receivable | prepayment.
 * Interest ACT/360 on the outstanding principal, day by day (core/scf/interest.ts). state: active | closed.
 */
export const financeContract = pgTable(
  'izs_finance_contract',
  {
    ...resourceColumns(),
    contractNo: s('contract_no', 32),
    providerId: bigintStr('provider_id').notNull(),
    kind: s('kind', 16),
    principal: money('principal').notNull(),
    annualRate: pct('annual_rate').notNull(),
    startDate: s('start_date', 10),
    termDays: integer('term_days').notNull(),
    warehouseId: bigintStr('warehouse_id'),
    materialId: bigintStr('material_id'),
    pledgedQty: kg('pledged_qty').notNull().default('0'),
    releasedQty: kg('released_qty').notNull().default('0'),
    repaidPrincipal: money('repaid_principal').notNull().default('0'),
    paidInterest: money('paid_interest').notNull().default('0'),
    /** receivable / prepayment financing: the trading contract it rests on */
    tradingContractId: bigintStr('trading_contract_id'),
    state: s('state', 16),
    remark: s('remark', 255),
  },
  (t) => [
    resourceIndex('izs_finance_contract', t),
    index('izs_finance_contract_pledge_idx').on(t.tenantId, t.warehouseId, t.materialId, t.state),
  ],
);

export const financeRepayment = pgTable(
  'izs_finance_repayment',
  {
    id: idPk(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    contractId: bigintStr('contract_id').notNull(),
    repayDate: s('repay_date', 10),
    principal: money('principal').notNull(),
    interest: money('interest').notNull(),
    releasedQty: kg('released_qty').notNull().default('0'),
    createUser: bigintStr('create_user'),
    createTime: tstz('create_time').notNull().defaultNow(),
  },
  (t) => [index('izs_finance_repayment_idx').on(t.contractId)],
);

/**
 * 金单. status: holding (the current holder keeps it) | split (replaced by its children) | discounted | settled.
 * holderPartyId null = our company.
 */
export const goldCert = pgTable(
  'izs_gold_cert',
  {
    ...resourceColumns(),
    certNo: s('cert_no', 40),
    parentId: bigintStr('parent_id'),
    rootId: bigintStr('root_id'),
    issuerName: s('issuer_name', 100),
    holderPartyId: bigintStr('holder_party_id'),
    face: money('face').notNull(),
    issueDate: s('issue_date', 10),
    maturityDate: s('maturity_date', 10),
    status: s('cert_status', 16),
    /** The payable it was issued against (text reference: invoice, contract). */
    payableRef: s('payable_ref', 100),
    discountProviderId: bigintStr('discount_provider_id'),
    discountDate: s('discount_date', 10),
    discountRate: pct('discount_rate'),
    discountInterest: money('discount_interest'),
    settleDate: s('settle_date', 10),
  },
  (t) => [resourceIndex('izs_gold_cert', t), index('izs_gold_cert_root_idx').on(t.rootId)],
);

/** Trail of a 金单 family: issue, split, transfer, discount, settle. */
export const goldCertEvent = pgTable(
  'izs_gold_cert_event',
  {
    id: idPk(),
    tenantId: varchar('tenant_id', { length: 12 }).notNull(),
    certId: bigintStr('cert_id').notNull(),
    rootId: bigintStr('root_id').notNull(),
    action: s('action', 16),
    fromParty: s('from_party', 100),
    toParty: s('to_party', 100),
    amount: money('amount').notNull(),
    note: s('note', 255),
    userId: bigintStr('user_id'),
    createTime: tstz('create_time').notNull().defaultNow(),
  },
  (t) => [index('izs_gold_cert_event_idx').on(t.rootId)],
);
