/**
 * Every group of endpoint descriptors (core/contract/endpoint.ts), by the prefix its client hooks carry. The server
 * test `tests/api/endpoint-registry.test.ts` checks that each one is served; the OpenAPI document and
 * `npm run endpoints` (path → handler file) read this list. A new group is one line here.
 */
import { AUTH } from './blade-auth.contract.ts';
import { CLIENT } from './blade-system/client.contract.ts';
import { DEPT } from './blade-system/dept.contract.ts';
import { DICT_BIZ_ENDPOINTS, DICT_ENDPOINTS } from './blade-system/dict-endpoints.contract.ts';
import { MENU } from './blade-system/menu.contract.ts';
import { REGION } from './blade-system/region.contract.ts';
import { ROLE } from './blade-system/role.contract.ts';
import { API_SCOPE, DATA_SCOPE } from './blade-system/scope-endpoints.contract.ts';
import { SITE } from './blade-system/site.contract.ts';
import { SYSTEM_EXTRAS } from './blade-system/system-extras.contract.ts';
import { TENANT } from './blade-system/tenant.contract.ts';
import { USER_ADMIN } from './blade-system/user.contract.ts';
import { USER_SELF } from './blade-system/user-self.contract.ts';
import type { EndpointSpec } from './endpoint.ts';
import { BASE_QUERIES } from './izs-base/base-queries.contract.ts';
import { CONFIG } from './izs-base/config.contract.ts';
import { SELECT_DATA } from './izs-base/select-data.contract.ts';
import { LEDGER } from './izs-contract/ledger.contract.ts';
import { LEDGER_FILES } from './izs-contract/ledger-export.contract.ts';
import { SCF_API } from './izs-contract/scf.contract.ts';
import { TRADING } from './izs-contract/trading-contract.contract.ts';
import { ARAP_ENDPOINTS } from './izs-finance-ar/arap.contract.ts';
import { INVOICE_ENDPOINTS } from './izs-finance-ar/invoice.contract.ts';
import { REVERSE } from './izs-finance-ar/reverse.contract.ts';
import { REVERSE_FILES } from './izs-finance-ar/reverse-export.contract.ts';
import { ACCOUNTS } from './izs-financing/account.contract.ts';
import { ACCOUNT_SETS } from './izs-financing/account-set.contract.ts';
import { BILLS } from './izs-financing/bill.contract.ts';
import { BOOKS } from './izs-financing/books.contract.ts';
import { BIZ_VOUCHER } from './izs-financing/business-voucher.contract.ts';
import { CLOSING } from './izs-financing/closing.contract.ts';
import { DIMENSIONS } from './izs-financing/dimension.contract.ts';
import { FIXED_ASSETS } from './izs-financing/fixed-assets.contract.ts';
import { INCOME_EXPEND } from './izs-financing/income-expend.contract.ts';
import { OPENINGS } from './izs-financing/opening.contract.ts';
import { RECONCILE } from './izs-financing/reconcile.contract.ts';
import { STOCK_REPORTS } from './izs-financing/stock-reports.contract.ts';
import { VOUCHERS } from './izs-financing/voucher.contract.ts';
import { LG_CAR } from './izs-logistical/fleet.contract.ts';
import { LG_ORDER } from './izs-logistical/order.contract.ts';
import { LG_TRACKING } from './izs-logistical/tracking.contract.ts';
import { REPORT_ENDPOINTS } from './izs-report/report.contract.ts';
import { CAMERAS } from './izs-sell/cameras.contract.ts';
import { ANALYSIS } from './izs-stock/analysis.contract.ts';
import { INVENTORY } from './izs-stock/inventory.contract.ts';
import { LIFECYCLE } from './izs-stock/lifecycle.contract.ts';
import { PARTY } from './izs-stock/party.contract.ts';
import { PRICE } from './izs-stock/price-list.contract.ts';
import { BLOCKCHAIN } from './izs-toolbox/blockchain.contract.ts';
import { MODIFY_LOG } from './izs-toolbox/modify-log.contract.ts';
import { PRINT_CONFIG } from './izs-toolbox/print-config.contract.ts';
import { STOCK_PRINT } from './izs-toolbox/stock-print.contract.ts';
import { DASHBOARD } from './izs-visual/dashboard.contract.ts';
import { METRIC_ENDPOINTS } from './izs-visual/metrics.contract.ts';
import { VISUAL_ENDPOINTS } from './izs-visual/visual.contract.ts';
import { WORKBENCH } from './izs-visual/workbench.contract.ts';
import { TARE_ARCHIVE, WEIGH_EXCEPTION } from './izs-weighing/anti-cheat.contract.ts';
import { DISPATCH_SLIP } from './izs-weighing/dispatch-slip.contract.ts';
import { WEIGH_LANE } from './izs-weighing/lane.contract.ts';
import { WEIGHING_SOCKET } from './izs-weighing/socket.contract.ts';
import { WEIGH_TIMING } from './izs-weighing/timing.contract.ts';
import { WEIGHING } from './izs-weighing/weighing-commands.contract.ts';
import { OPEN_APP } from './open/open-app.contract.ts';
import { OPEN_DOC } from './open/open-doc.contract.ts';
import { OPEN_API } from './open/open-v1.contract.ts';

export const ENDPOINT_GROUPS: Record<string, Record<string, EndpointSpec>> = {
  closing: CLOSING,
  fixedAssets: FIXED_ASSETS,
  vouchers: VOUCHERS,
  // izs-financing (descfin): account sets, chart, dimensions, openings, books, 收支, stock-side reports
  accountSets: ACCOUNT_SETS,
  accounts: ACCOUNTS,
  dimensions: DIMENSIONS,
  openings: OPENINGS,
  books: BOOKS,
  incomeExpend: INCOME_EXPEND,
  stockReports: STOCK_REPORTS,
  reconcile: RECONCILE,
  visual: VISUAL_ENDPOINTS,
  dashboard: DASHBOARD,
  workbench: WORKBENCH,
  metrics: METRIC_ENDPOINTS,
  report: REPORT_ENDPOINTS,
  blockchain: BLOCKCHAIN,
  stockPrint: STOCK_PRINT,
  cameras: CAMERAS,
  openApp: OPEN_APP,
  openApi: OPEN_API,
  trading: TRADING,
  ledger: LEDGER,
  scf: SCF_API,
  arap: ARAP_ENDPOINTS,
  invoice: INVOICE_ENDPOINTS,
  bizVoucher: BIZ_VOUCHER,
  bill: BILLS,
  reverse: REVERSE,
  lgOrder: LG_ORDER,
  lgCar: LG_CAR,
  lgTracking: LG_TRACKING,
  user: USER_ADMIN,
  role: ROLE,
  dataScope: DATA_SCOPE,
  apiScope: API_SCOPE,
  dept: DEPT,
  menu: MENU,
  region: REGION,
  site: SITE,
  userSelf: USER_SELF,
  printConfig: PRINT_CONFIG,
  modifyLog: MODIFY_LOG,
  client: CLIENT,
  stockInventory: INVENTORY,
  stockAnalysis: ANALYSIS,
  stockParty: PARTY,
  stockPrice: PRICE,
  weighing: WEIGHING,
  weighException: WEIGH_EXCEPTION,
  tareArchive: TARE_ARCHIVE,
  dispatchSlip: DISPATCH_SLIP,
  weighTiming: WEIGH_TIMING,
  weighLane: WEIGH_LANE,
  weighingSocket: WEIGHING_SOCKET,
  baseConfig: CONFIG,
  baseSelectData: SELECT_DATA,
  baseQueries: BASE_QUERIES,
  // descrest (issue 10, round 3): the last plain routes
  auth: AUTH,
  dict: DICT_ENDPOINTS,
  dictBiz: DICT_BIZ_ENDPOINTS,
  systemExtras: SYSTEM_EXTRAS,
  tenant: TENANT,
  lifecycle: LIFECYCLE,
  // file descriptors (answer: fileAnswer): downloads through fileDownloads(), not RTK Query hooks
  ledgerFiles: LEDGER_FILES,
  reverseFiles: REVERSE_FILES,
  openDoc: OPEN_DOC,
};
