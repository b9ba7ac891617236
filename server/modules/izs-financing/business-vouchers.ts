/**
 * Business vouchers of the current book (DESIGN §5): voucher templates (凭证模板) and the vouchers generated from
 * reviewed stock documents and (issue 11) from the receivables area's money records. Contract:
 * core/contract/izs-financing/business-voucher.contract.ts (descriptors BIZ_VOUCHER). Handlers:
 * business-voucher-templates.ts, business-voucher-documents.ts, money-vouchers.ts; shared pieces in
 * business-voucher-kit.ts, re-exported here for business-reports.ts.
 */
import type { FastifyInstance } from 'fastify';
import type { CrudContext } from '../../platform/crud/index.ts';
import { registerBusinessDocuments } from './business-voucher-documents.ts';
import { registerVoucherTemplates } from './business-voucher-templates.ts';
import { registerMoneyVouchers } from './money-vouchers.ts';

export {
  businessWord,
  ensureDefaultTemplates,
  liveLink,
  materialNames,
  quantityIn,
  subAccountResolver,
} from './business-voucher-kit.ts';

export function registerBusinessVouchers(app: FastifyInstance, ctx: CrudContext): void {
  registerVoucherTemplates(app, ctx);
  registerBusinessDocuments(app, ctx);
  registerMoneyVouchers(app, ctx);
}
