/**
 * The references the database enforces (issue 22): each row below is a foreign key, composite with tenant_id when
 * both tables carry one — `(tenant_id, column) → target (tenant_id, id)` — so a row can point only at its own
 * tenant's rows; single-column otherwise. Migration 0030_integrity_constraints.sql adds exactly these (after
 * 0029_integrity_proof.sql proved the data satisfies them); tests/api/integrity-constraints.test.ts checks the
 * database holds this list. The error handler (platform/errors.ts) answers a violated one with a Chinese 400 naming
 * the field by `label`.
 *
 * Left out on purpose: parent ids where '0' means "no parent" (dept, menu, dict, category trees), comma lists
 * (blade_user.role_id / dept_id / post_id), polymorphic ids (izs_ar_doc.source_id, izs_fin_doc_voucher.order_id,
 * izs_fin_dimension_data.source_id, blade_role_scope.scope_id), references to rows that are replaced by delete +
 * insert (document lines, contract lines, voucher lines, the chart of accounts, openings), logs and sign-in
 * bookkeeping.
 */

export interface Reference {
  table: string;
  column: string;
  target: string;
  /** Chinese field label for the 400 message. */
  label: string;
  /** Single-column (target has no tenant_id, or the source table has none). */
  single?: boolean;
}

const r = (table: string, column: string, target: string, label: string, single?: boolean): Reference => ({
  table,
  column,
  target,
  label,
  ...(single ? { single } : {}),
});

const PARTY = 'izs_related_party';
const MAT = 'izs_material';
const WH = 'izs_warehouse';
const SET = 'izs_fin_account_set';

export const REFERENCES: Reference[] = [
  // base data
  r('izs_material', 'category_id', 'izs_material_category', '物料分类'),
  r('izs_weighbridge', 'warehouse_id', WH, '所属仓库'),
  r('izs_camera', 'weighbridge_id', 'izs_weighbridge', '地磅'),
  r('izs_business_config', 'default_warehouse_id', WH, '默认仓库'),
  r('izs_material_quotes_order', 'material_id', MAT, '物料'),
  r('izs_price_list', 'material_id', MAT, '物料'),
  r('izs_price_list', 'party_id', PARTY, '往来单位'),
  r('izs_project', 'party_id', PARTY, '往来单位'),
  r('izs_project_site', 'project_id', 'izs_project', '项目'),
  r('izs_site_order', 'project_id', 'izs_project', '项目'),
  r('izs_site_order', 'site_id', 'izs_project_site', '项目工地'),
  r('izs_site_order', 'material_id', MAT, '物料'),
  r('izs_staff', 'post_id', 'blade_post', '岗位'),
  r('izs_supplier_contract', 'party_id', PARTY, '供应商'),
  r('izs_warehouse_environment', 'warehouse_id', WH, '仓库'),
  r('izs_visual_site', 'warehouse_id', WH, '仓库'),
  // weighing, stock, orders, drop shipping
  r('izs_weighing_order', 'party_id', PARTY, '往来单位'),
  r('izs_weighing_order', 'material_id', MAT, '物料'),
  r('izs_weighing_order', 'warehouse_id', WH, '仓库'),
  r('izs_weighing_order', 'weighbridge_id', 'izs_weighbridge', '地磅'),
  r('izs_weighing_order', 'source_order_id', 'izs_trade_order', '采购/销售订单'),
  r('izs_weighing_order', 'contract_id', 'izs_trading_contract', '合同'),
  r('izs_weighing_order', 'stock_order_id', 'izs_stock_order', '出入库单'),
  r('izs_dispatch_slip', 'source_order_id', 'izs_trade_order', '采购/销售订单'),
  r('izs_dispatch_slip', 'contract_id', 'izs_trading_contract', '合同'),
  r('izs_dispatch_slip', 'party_id', PARTY, '往来单位'),
  r('izs_dispatch_slip', 'material_id', MAT, '物料'),
  r('izs_stock_weigh_order', 'warehouse_id', WH, '仓库'),
  r('izs_stock_weigh_order', 'weighbridge_id', 'izs_weighbridge', '地磅'),
  r('izs_stock_weigh_order', 'material_id', MAT, '物料'),
  r('izs_stock', 'warehouse_id', WH, '仓库'),
  r('izs_stock', 'material_id', MAT, '物料'),
  r('izs_stock_movement', 'stock_id', 'izs_stock', '库存'),
  r('izs_stock_movement', 'warehouse_id', WH, '仓库'),
  r('izs_stock_movement', 'material_id', MAT, '物料'),
  r('izs_stock_movement', 'order_id', 'izs_stock_order', '出入库单'),
  r('izs_stock_order', 'party_id', PARTY, '往来单位'),
  r('izs_stock_order', 'warehouse_id', WH, '仓库'),
  r('izs_stock_order', 'source_weighing_id', 'izs_weighing_order', '磅单'),
  r('izs_stock_order', 'source_order_id', 'izs_trade_order', '采购/销售订单'),
  r('izs_stock_order', 'contract_id', 'izs_trading_contract', '合同'),
  r('izs_stock_order', 'source_doc_id', 'izs_stock_order', '原单据'),
  r('izs_stock_order_line', 'order_id', 'izs_stock_order', '出入库单'),
  r('izs_stock_order_line', 'material_id', MAT, '物料'),
  r('izs_stock_order_line', 'warehouse_id', WH, '仓库'),
  r('izs_trade_order', 'party_id', PARTY, '往来单位'),
  r('izs_trade_order_line', 'order_id', 'izs_trade_order', '采购/销售订单'),
  r('izs_trade_order_line', 'material_id', MAT, '物料'),
  r('izs_drop_shipping', 'supplier_id', PARTY, '供应商'),
  r('izs_drop_shipping', 'customer_id', PARTY, '客户'),
  r('izs_drop_shipping', 'material_id', MAT, '物料'),
  r('izs_drop_shipping', 'source_weighing_id', 'izs_weighing_order', '磅单'),
  r('izs_drop_evidence', 'drop_id', 'izs_drop_shipping', '直发单'),
  // contracts and supply-chain finance
  r('izs_trading_contract', 'party_id', PARTY, '往来单位'),
  r('izs_trading_contract_line', 'contract_id', 'izs_trading_contract', '合同'),
  r('izs_trading_contract_line', 'material_id', MAT, '物料'),
  r('izs_contract_signature', 'contract_id', 'izs_trading_contract', '合同'),
  r('izs_finance_contract', 'provider_id', 'izs_fund_provider', '资金方'),
  r('izs_finance_contract', 'warehouse_id', WH, '仓库'),
  r('izs_finance_contract', 'material_id', MAT, '物料'),
  r('izs_finance_contract', 'trading_contract_id', 'izs_trading_contract', '贸易合同'),
  r('izs_finance_repayment', 'contract_id', 'izs_finance_contract', '融资合同'),
  r('izs_gold_cert', 'parent_id', 'izs_gold_cert', '上级金单'),
  r('izs_gold_cert', 'root_id', 'izs_gold_cert', '原始金单'),
  r('izs_gold_cert', 'holder_party_id', PARTY, '持有单位'),
  r('izs_gold_cert', 'discount_provider_id', 'izs_fund_provider', '贴现资金方'),
  r('izs_gold_cert_event', 'cert_id', 'izs_gold_cert', '金单'),
  // receivables and payables
  r('izs_ar_cash', 'party_id', PARTY, '往来单位'),
  r('izs_ar_cash', 'bank_id', 'izs_bank', '银行账户'),
  r('izs_ar_cash', 'bill_id', 'izs_fin_bill', '票据'),
  r('izs_ar_credit', 'party_id', PARTY, '往来单位'),
  r('izs_ar_doc', 'party_id', PARTY, '往来单位'),
  r('izs_ar_invoice', 'party_id', PARTY, '往来单位'),
  r('izs_ar_invoice_link', 'invoice_id', 'izs_ar_invoice', '发票'),
  r('izs_ar_invoice_link', 'order_id', 'izs_stock_order', '出入库单'),
  r('izs_ar_reverse', 'party_id', PARTY, '往来单位'),
  r('izs_ar_reverse', 'order_id', 'izs_stock_order', '入库单'),
  r('izs_ar_settle', 'party_id', PARTY, '往来单位'),
  r('izs_ar_settle', 'doc_id', 'izs_ar_doc', '应收应付单'),
  r('izs_ar_settle', 'cash_id', 'izs_ar_cash', '收付款单'),
  r('izs_ar_settle', 'refund_id', 'izs_ar_cash', '退款单'),
  r('izs_ar_settle', 'transfer_id', 'izs_ar_transfer', '对冲单'),
  r('izs_ar_settle', 'reverses_id', 'izs_ar_settle', '原核销记录'),
  r('izs_ar_transfer', 'party_id', PARTY, '往来单位'),
  // accounting
  r('izs_fin_account_set_user', 'account_set_id', SET, '账套'),
  r('izs_fin_account_set_user', 'user_id', 'blade_user', '用户'),
  r('izs_fin_account', 'account_set_id', SET, '账套'),
  r('izs_fin_opening', 'account_set_id', SET, '账套'),
  r('izs_fin_unit', 'account_set_id', SET, '账套'),
  r('izs_fin_voucher_word', 'account_set_id', SET, '账套'),
  r('izs_fin_dimension', 'account_set_id', SET, '账套'),
  r('izs_fin_dimension_data', 'account_set_id', SET, '账套'),
  r('izs_fin_dimension_data', 'dimension_id', 'izs_fin_dimension', '辅助核算类别'),
  r('izs_fin_voucher', 'account_set_id', SET, '账套'),
  r('izs_fin_voucher', 'source_voucher_id', 'izs_fin_voucher', '原凭证'),
  r('izs_fin_voucher', 'reversed_by_id', 'izs_fin_voucher', '冲销凭证'),
  r('izs_fin_voucher_line', 'account_set_id', SET, '账套'),
  r('izs_fin_voucher_line', 'voucher_id', 'izs_fin_voucher', '凭证'),
  r('izs_fin_voucher_counter', 'account_set_id', SET, '账套', true),
  r('izs_fin_voucher_template', 'account_set_id', SET, '账套'),
  r('izs_fin_voucher_template_line', 'template_id', 'izs_fin_voucher_template', '凭证模板'),
  r('izs_fin_voucher_template_init', 'account_set_id', SET, '账套', true),
  r('izs_fin_doc_voucher', 'account_set_id', SET, '账套'),
  r('izs_fin_doc_voucher', 'voucher_id', 'izs_fin_voucher', '凭证'),
  r('izs_fin_doc_voucher', 'template_id', 'izs_fin_voucher_template', '凭证模板'),
  r('izs_fin_asset_type', 'account_set_id', SET, '账套'),
  r('izs_fin_asset', 'account_set_id', SET, '账套'),
  r('izs_fin_asset', 'type_id', 'izs_fin_asset_type', '资产类别'),
  r('izs_fin_asset_change', 'account_set_id', SET, '账套'),
  r('izs_fin_asset_change', 'asset_id', 'izs_fin_asset', '固定资产'),
  r('izs_fin_asset_change', 'voucher_id', 'izs_fin_voucher', '凭证'),
  r('izs_fin_depr_run', 'account_set_id', SET, '账套'),
  r('izs_fin_depr_run', 'voucher_id', 'izs_fin_voucher', '凭证'),
  r('izs_fin_depr_line', 'account_set_id', SET, '账套'),
  r('izs_fin_depr_line', 'run_id', 'izs_fin_depr_run', '折旧批次'),
  r('izs_fin_depr_line', 'asset_id', 'izs_fin_asset', '固定资产'),
  r('izs_fin_income_expend', 'account_set_id', SET, '账套'),
  r('izs_fin_income_expend', 'voucher_id', 'izs_fin_voucher', '凭证'),
  r('izs_fin_bill', 'account_set_id', SET, '账套'),
  r('izs_fin_bill', 'cash_id', 'izs_ar_cash', '收付款单'),
  r('izs_fin_bill_event', 'account_set_id', SET, '账套'),
  r('izs_fin_bill_event', 'bill_id', 'izs_fin_bill', '票据'),
  r('izs_fin_bill_event', 'voucher_id', 'izs_fin_voucher', '凭证'),
  r('izs_fin_bill_event', 'cash_id', 'izs_ar_cash', '收付款单'),
  // logistics
  r('lg_car', 'group_id', 'lg_car_group', '车辆分组'),
  r('lg_car', 'driver_id', 'lg_driver', '默认司机'),
  r('lg_alarm', 'car_id', 'lg_car', '车辆'),
  r('lg_alarm', 'fence_id', 'lg_site', '围栏站点'),
  r('lg_order', 'origin_site_id', 'lg_site', '起运地'),
  r('lg_order', 'dest_site_id', 'lg_site', '目的地'),
  r('lg_order', 'car_id', 'lg_car', '车辆'),
  r('lg_order', 'driver_id', 'lg_driver', '司机'),
  r('lg_order', 'carrier_id', PARTY, '承运方'),
  r('lg_position', 'car_id', 'lg_car', '车辆'),
  r('lg_voyage', 'ship_id', 'lg_ship', '船舶'),
  r('lg_voyage', 'from_port_id', 'lg_port', '起运港'),
  r('lg_voyage', 'to_port_id', 'lg_port', '目的港'),
  // system, authority, open platform
  r('blade_role_menu', 'role_id', 'blade_role', '角色', true),
  r('blade_role_menu', 'menu_id', 'blade_menu', '菜单', true),
  r('blade_role_scope', 'role_id', 'blade_role', '角色', true),
  r('blade_scope_api', 'menu_id', 'blade_menu', '菜单', true),
  r('blade_scope_data', 'menu_id', 'blade_menu', '菜单', true),
  r('izs_open_webhook', 'app_id', 'izs_open_app', '开放应用'),
];

/**
 * Tables whose dept_id (the owning department) references blade_dept of the same tenant (label 所属部门). Left out:
 * loopyard_row_count (dept 0 = every department), izs_visual_config, izs_modify_log (a log).
 */
export const DEPT_TABLES: string[] = [
  'izs_android_version',
  'izs_ar_cash',
  'izs_ar_doc',
  'izs_ar_invoice',
  'izs_ar_reverse',
  'izs_ar_transfer',
  'izs_bank',
  'izs_business_config',
  'izs_camera',
  'izs_dispatch_slip',
  'izs_drop_evidence',
  'izs_drop_shipping',
  'izs_fin_account_set',
  'izs_fin_asset',
  'izs_fin_asset_type',
  'izs_fin_bill',
  'izs_fin_dimension',
  'izs_fin_dimension_data',
  'izs_fin_income_expend',
  'izs_fin_unit',
  'izs_fin_voucher',
  'izs_fin_voucher_template',
  'izs_fin_voucher_word',
  'izs_finance_config',
  'izs_finance_contract',
  'izs_financial_expenses',
  'izs_fund_provider',
  'izs_gold_cert',
  'izs_material',
  'izs_material_category',
  'izs_material_quotes_order',
  'izs_open_app',
  'izs_org_manage',
  'izs_page_config',
  'izs_price_list',
  'izs_print_config',
  'izs_project',
  'izs_project_site',
  'izs_related_party',
  'izs_salesman',
  'izs_site_order',
  'izs_staff',
  'izs_stock',
  'izs_stock_movement',
  'izs_stock_order',
  'izs_stock_weigh_order',
  'izs_supplier_contract',
  'izs_trade_order',
  'izs_trading_contract',
  'izs_warehouse',
  'izs_warehouse_environment',
  'izs_weighbridge',
  'izs_weighing_order',
  'lg_alarm',
  'lg_car',
  'lg_car_group',
  'lg_driver',
  'lg_order',
  'lg_port',
  'lg_ship',
  'lg_site',
  'lg_voyage',
];

/** Every foreign key: the references above plus each DEPT_TABLES dept_id. */
export const ALL_REFERENCES: Reference[] = [
  ...REFERENCES,
  ...DEPT_TABLES.map((t) => r(t, 'dept_id', 'blade_dept', '所属部门')),
];

export interface Check {
  table: string;
  /** Constraint name suffix: the constraint is ck_<table>_<name>. */
  name: string;
  /** SQL boolean expression over the row's columns (NULL passes, as in PostgreSQL). */
  expr: string;
  /** The Chinese 400 message when a write breaks it. */
  message: string;
}

const c = (table: string, name: string, expr: string, message: string): Check => ({ table, name, expr, message });
const nonNeg = (table: string, column: string, label: string): Check =>
  c(table, `${column}_nonneg`, `${column} >= 0`, `${label}不能为负数`);
const pct = (table: string, column: string, label: string): Check =>
  c(table, `${column}_pct`, `${column} >= 0 and ${column} <= 100`, `${label}应在0到100之间`);
const inSet = (table: string, column: string, values: string[], label: string): Check =>
  c(table, `${column}_set`, `${column} in (${values.map((v) => `'${v}'`).join(', ')})`, `${label}不正确`);

/** draft → submitted → reviewed → voided (stock documents, orders, drop shipping, receivables and payables). */
const DOC = ['draft', 'submitted', 'reviewed', 'voided'];

export const CHECKS: Check[] = [
  // weighing
  c(
    'izs_weighing_order',
    'gross_tare',
    'gross_weight is null or tare_weight is null or gross_weight >= tare_weight',
    '毛重不能小于皮重',
  ),
  nonNeg('izs_weighing_order', 'first_weight', '一次重量'),
  nonNeg('izs_weighing_order', 'second_weight', '二次重量'),
  nonNeg('izs_weighing_order', 'tare_weight', '皮重'),
  nonNeg('izs_weighing_order', 'deduct_weight', '扣重'),
  nonNeg('izs_weighing_order', 'deduction_weight', '扣杂重量'),
  pct('izs_weighing_order', 'impurity_rate', '扣杂率'),
  nonNeg('izs_weighing_order', 'unit_price', '单价'),
  inSet('izs_weighing_order', 'weigh_state', ['first', 'completed', 'voided'], '过磅状态'),
  inSet('izs_weighing_order', 'order_type', ['purchase', 'sale', 'transfer', 'other'], '磅单类型'),
  // 派车单 (issue 24; declared in schema/weighing.ts dispatchSlip)
  nonNeg('izs_dispatch_slip', 'planned_kg', '计划数量'),
  inSet('izs_dispatch_slip', 'order_type', ['purchase', 'sale'], '派车单类型'),
  inSet('izs_dispatch_slip', 'state', ['open', 'closed'], '派车单状态'),
  c('izs_dispatch_slip', 'car_number', "car_number <> ''", '请输入车牌号'),
  c(
    'izs_dispatch_slip',
    'validity',
    "valid_from ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' and valid_to ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' and valid_to >= valid_from",
    '有效期止不能早于有效期起',
  ),
  c('izs_stock_weigh_order', 'gross_tare', 'gross_kg >= tare_kg', '毛重不能小于皮重'),
  nonNeg('izs_stock_weigh_order', 'tare_kg', '皮重'),
  nonNeg('izs_stock_weigh_order', 'deduct_kg', '扣重'),
  // stock documents and orders
  inSet('izs_stock_order', 'state', DOC, '单据状态'),
  nonNeg('izs_stock_order_line', 'qty', '数量'),
  nonNeg('izs_stock_order_line', 'unit_price', '单价'),
  inSet('izs_stock_order_line', 'direction', ['in', 'out'], '出入方向'),
  inSet('izs_stock_movement', 'kind', ['receipt', 'issue', 'reverse'], '库存流水类型'),
  inSet('izs_trade_order', 'state', DOC, '订单状态'),
  nonNeg('izs_trade_order_line', 'qty', '数量'),
  nonNeg('izs_trade_order_line', 'unit_price', '单价'),
  inSet('izs_drop_shipping', 'state', DOC, '直发单状态'),
  nonNeg('izs_drop_shipping', 'purchase_qty', '采购数量'),
  nonNeg('izs_drop_shipping', 'purchase_price', '采购单价'),
  nonNeg('izs_drop_shipping', 'sale_qty', '销售数量'),
  nonNeg('izs_drop_shipping', 'sale_price', '销售单价'),
  // base data
  nonNeg('izs_material', 'default_price', '默认单价'),
  pct('izs_material', 'deduct_rate', '扣杂率'),
  nonNeg('izs_price_list', 'price', '价格'),
  nonNeg('izs_material_quotes_order', 'price', '报价'),
  nonNeg('izs_warehouse', 'capacity_t', '库容'),
  nonNeg('izs_weighbridge', 'max_capacity_kg', '最大称量'),
  nonNeg('izs_weighbridge', 'division_kg', '分度值'),
  pct('izs_business_config', 'tax_rate', '税率'),
  pct('izs_finance_config', 'vat_rate', '增值税率'),
  pct('izs_finance_config', 'income_tax_rate', '所得税率'),
  // contracts and supply-chain finance
  inSet('izs_trading_contract', 'state', ['draft', 'pending', 'executing', 'completed', 'terminated'], '合同状态'),
  nonNeg('izs_trading_contract', 'total_qty', '合同数量'),
  nonNeg('izs_trading_contract', 'total_amount', '合同金额'),
  pct('izs_trading_contract', 'tolerance_pct', '溢短装比例'),
  pct('izs_trading_contract', 'prepayment_pct', '预付款比例'),
  nonNeg('izs_trading_contract_line', 'qty', '数量'),
  nonNeg('izs_trading_contract_line', 'unit_price', '单价'),
  nonNeg('izs_supplier_contract', 'amount', '合同金额'),
  inSet('izs_finance_contract', 'state', ['active', 'closed'], '融资合同状态'),
  nonNeg('izs_finance_contract', 'principal', '融资本金'),
  nonNeg('izs_finance_contract', 'annual_rate', '年利率'),
  nonNeg('izs_finance_contract', 'paid_interest', '已付利息'),
  c(
    'izs_finance_contract',
    'repaid_le_principal',
    'repaid_principal >= 0 and repaid_principal <= principal',
    '已还本金不能为负数或超过融资本金',
  ),
  c(
    'izs_finance_contract',
    'released_le_pledged',
    'pledged_qty >= 0 and released_qty >= 0 and released_qty <= pledged_qty',
    '已解押数量不能为负数或超过质押数量',
  ),
  nonNeg('izs_finance_repayment', 'principal', '还款本金'),
  nonNeg('izs_finance_repayment', 'interest', '利息'),
  nonNeg('izs_finance_repayment', 'released_qty', '解押数量'),
  nonNeg('izs_fund_provider', 'credit_line', '授信额度'),
  nonNeg('izs_fund_provider', 'annual_rate', '年利率'),
  pct('izs_fund_provider', 'pledge_ratio', '质押率'),
  inSet('izs_gold_cert', 'cert_status', ['holding', 'split', 'discounted', 'settled'], '金单状态'),
  nonNeg('izs_gold_cert', 'face', '票面金额'),
  nonNeg('izs_gold_cert', 'discount_rate', '贴现利率'),
  // receivables and payables (red documents are negative: settled has the amount's sign and is not larger)
  inSet('izs_ar_doc', 'state', DOC, '单据状态'),
  c(
    'izs_ar_doc',
    'settled_le_amount',
    'abs(settled) <= abs(amount) and sign(settled) * sign(amount) >= 0',
    '已核销金额不能超过单据金额',
  ),
  inSet('izs_ar_cash', 'state', DOC, '单据状态'),
  nonNeg('izs_ar_cash', 'amount', '金额'),
  nonNeg('izs_ar_cash', 'fee', '手续费'),
  c('izs_ar_cash', 'applied_le_amount', 'applied >= 0 and applied <= amount', '已核销金额不能为负数或超过收付款金额'),
  inSet('izs_ar_transfer', 'state', DOC, '单据状态'),
  nonNeg('izs_ar_transfer', 'amount', '金额'),
  nonNeg('izs_ar_credit', 'credit_limit', '信用额度'),
  inSet('izs_ar_reverse', 'state', ['pending', 'issued', 'voided'], '反向开票状态'),
  // accounting
  inSet('izs_fin_voucher', 'state', ['saved', 'reviewed', 'posted'], '凭证状态'),
  inSet('izs_fin_bill', 'state', ['held', 'endorsed', 'discounted', 'collected', 'outstanding', 'paid'], '票据状态'),
  nonNeg('izs_fin_bill', 'amount', '票面金额'),
  inSet('izs_fin_asset', 'state', ['normal', 'disposed'], '资产状态'),
  nonNeg('izs_fin_asset', 'cost', '资产原值'),
  // logistics
  inSet('lg_order', 'state', ['pending', 'dispatched', 'in_transit', 'delivered', 'signed', 'cancelled'], '运单状态'),
  nonNeg('lg_order', 'freight_price', '运价'),
  nonNeg('lg_order', 'planned_weight_t', '计划重量'),
  nonNeg('lg_order', 'distance_km', '运距'),
  nonNeg('lg_order', 'freight_amount', '运费'),
  nonNeg('lg_car', 'load_t', '核定载重'),
  nonNeg('lg_ship', 'deadweight_t', '载重吨'),
  nonNeg('lg_voyage', 'load_t', '装载量'),
];

/** Columns made NOT NULL (drizzle schema; migration 0031) whose forms require them: the proof checks them too. */
export const NOT_NULL: { table: string; column: string }[] = [
  { table: 'izs_supplier_contract', column: 'party_id' },
  { table: 'lg_voyage', column: 'ship_id' },
  { table: 'lg_voyage', column: 'from_port_id' },
  { table: 'lg_voyage', column: 'to_port_id' },
];

export const checkName = (x: Pick<Check, 'table' | 'name'>): string => `ck_${x.table}_${x.name}`.slice(0, 63);

/** Targets of composite references: each gets unique (tenant_id, id). */
export function compositeTargets(): string[] {
  return [...new Set(ALL_REFERENCES.filter((x) => !x.single).map((x) => x.target))].sort();
}

/** Constraint name of a reference (≤ 63 characters: PostgreSQL's identifier limit). */
export function fkName(x: Pick<Reference, 'table' | 'column'>): string {
  return `fk_${x.table}_${x.column}`.slice(0, 63);
}

const BY_NAME = new Map<string, { ref?: Reference; check?: Check }>([
  ...ALL_REFERENCES.map((x) => [fkName(x), { ref: x }] as const),
  ...CHECKS.map((x) => [checkName(x), { check: x }] as const),
]);

/**
 * The Chinese message of a violated foreign key (23503) or CHECK (23514) of these lists, from a pg / PGlite error
 * (or the Drizzle error wrapping one); undefined for any other constraint. `labels`: the form labels of the resource
 * the request wrote (field → label), which name the field as its screen does.
 */
export function constraintMessage(err: unknown, labels: Record<string, string> = {}): string | undefined {
  const e = err as { constraint?: string; table?: string; cause?: { constraint?: string; table?: string } };
  const name = e?.constraint ?? e?.cause?.constraint;
  const table = e?.table ?? e?.cause?.table;
  if (!name) return undefined;
  const hit = BY_NAME.get(name);
  if (hit?.check) return hit.check.message;
  if (hit?.ref) {
    const camel = hit.ref.column.replace(/_([a-z])/g, (_m, ch: string) => ch.toUpperCase());
    const label = labels[camel] ?? hit.ref.label;
    // reported on the referencing table when it points nowhere, on the target when a referenced row goes away
    if (table && table !== hit.ref.table) return `${label}已被使用，不能删除`;
    return `${label}不存在或不属于本租户`;
  }
  return undefined;
}
