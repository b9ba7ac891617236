/**
 * Every group of endpoint descriptors (core/contract/endpoint.ts), by the prefix its client hooks carry. The server
 * test `tests/api/endpoint-registry.test.ts` checks that each one is served; the OpenAPI document and
 * `npm run endpoints` (path → handler file) read this list. A new group is one line here.
 */
import type { EndpointSpec } from './endpoint.ts';
import { LEDGER } from './izs-contract/ledger.contract.ts';
import { SCF_API } from './izs-contract/scf.contract.ts';
import { TRADING } from './izs-contract/trading-contract.contract.ts';
import { ARAP_ENDPOINTS } from './izs-finance-ar/arap.contract.ts';
import { INVOICE_ENDPOINTS } from './izs-finance-ar/invoice.contract.ts';
import { CLOSING } from './izs-financing/closing.contract.ts';
import { FIXED_ASSETS } from './izs-financing/fixed-assets.contract.ts';
import { VOUCHERS } from './izs-financing/voucher.contract.ts';
import { LG_ORDER } from './izs-logistical/order.contract.ts';
import { LG_TRACKING } from './izs-logistical/tracking.contract.ts';
import { REPORT_ENDPOINTS } from './izs-report/report.contract.ts';
import { BLOCKCHAIN } from './izs-toolbox/blockchain.contract.ts';
import { DASHBOARD } from './izs-visual/dashboard.contract.ts';
import { VISUAL_ENDPOINTS } from './izs-visual/visual.contract.ts';
import { OPEN_APP } from './open/open-app.contract.ts';
import { OPEN_API } from './open/open-v1.contract.ts';

export const ENDPOINT_GROUPS: Record<string, Record<string, EndpointSpec>> = {
  closing: CLOSING,
  fixedAssets: FIXED_ASSETS,
  vouchers: VOUCHERS,
  visual: VISUAL_ENDPOINTS,
  dashboard: DASHBOARD,
  report: REPORT_ENDPOINTS,
  blockchain: BLOCKCHAIN,
  openApp: OPEN_APP,
  openApi: OPEN_API,
  trading: TRADING,
  ledger: LEDGER,
  scf: SCF_API,
  arap: ARAP_ENDPOINTS,
  invoice: INVOICE_ENDPOINTS,
  lgOrder: LG_ORDER,
  lgTracking: LG_TRACKING,
};
