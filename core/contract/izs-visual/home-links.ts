/**
 * The lists the home page's figures and blocks link to (dashboard.contract.ts, workbench.contract.ts), zod-free: the
 * home page reads them on the first load after sign-in. Re-exported by those contracts.
 */

/** The lists each figure links to (and whose view permission and data scope it is read with). */
export const DASHBOARD_LINKS = {
  purchase: { path: '/statement-analysis/purchase-statement', code: 'statement_analysis_purchase_statement' },
  sale: { path: '/statement-analysis/sale-statement', code: 'statement_analysis_sale_statement' },
  vouchersToReview: { path: '/finance/voucher/list/0', code: 'finance_voucher_list' },
  vouchersToPost: { path: '/finance/voucher/posting', code: 'finance_voucher_posting' },
  receivables: { path: '/accounting/receivable/receivable-order', code: 'accounting_receivable_receivable_order' },
  payables: { path: '/accounting/payable/payable-order', code: 'accounting_payable_payable_order' },
} as const;

/** The lists behind each block (their view grant and data scope decide what the caller sees). */
export const WORKBENCH_LINKS = {
  trade: { path: '/statement-analysis/purchase-statement', code: 'statement_analysis_purchase_statement' },
  stock: { path: '/supply-chain/stock/inventory-list', code: 'supply_chain_stock_inventory_list' },
  exceptions: { path: '/supply-chain/weigh-exception', code: 'supply_chain_weigh_exception' },
  daybook: { path: '/accounting/daybook/list', code: 'accounting_daybook_list' },
  vouchers: { path: '/finance/voucher/list/0', code: 'finance_voucher_list' },
  reconcile: { path: '/finance/reconcile', code: 'finance_reconcile' },
  station: { path: '/supply-chain/loadometer/1', code: 'supply_chain_loadometer' },
  weighings: { path: '/supply-chain/weight-memo', code: 'supply_chain_weight_memo' },
  users: { path: '/system/user', code: 'system_user' },
} as const;

/** 快捷入口 in their order; each shown only to those who may open it. */
export const QUICK_LINKS = [
  { title: '过磅作业', path: '/supply-chain/loadometer/1', code: 'supply_chain_loadometer' },
  { title: '采购入库', path: '/supply-chain/purchase/in-stock', code: 'supply_chain_purchase_in_stock' },
  { title: '销售出库', path: '/supply-chain/sale/out-stock', code: 'supply_chain_sale_out_stock' },
  { title: '库存列表', path: '/supply-chain/stock/inventory-list', code: 'supply_chain_stock_inventory_list' },
  { title: '录入凭证', path: '/accounting/edit/voucher', code: 'accounting_edit_voucher' },
  { title: '业财对账', path: '/finance/reconcile', code: 'finance_reconcile' },
  { title: '用户管理', path: '/system/user', code: 'system_user' },
] as const;
