/** izs-finance-ar: receivables and payables (issue 11). README.md in this folder. */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { registerModule } from '../../platform/crud/index.ts';
import { registerCash } from './cash.ts';
import { registerDocs } from './docs.ts';
import { registerHeldBills } from './held-bills.ts';
import { registerArapHooks } from './hooks.ts';
import { registerInvoicePdf } from './invoice-pdf.ts';
import { registerInvoices } from './invoices.ts';
import { registerReports } from './reports.ts';
import { registerReverse } from './reverse.ts';
import { registerReverseExport } from './reverse-export.ts';
import { registerTransfers } from './transfer.ts';

export async function registerIzsFinanceAr(app: FastifyInstance, actx: AppContext): Promise<void> {
  const ctx = { db: actx.database.db, tz: actx.config.tz };
  registerArapHooks(ctx.tz);
  await registerModule(app, (s) => {
    registerDocs(s, ctx);
    registerCash(s, ctx);
    registerHeldBills(s, ctx);
    registerReports(s, ctx);
    registerTransfers(s, ctx);
    registerInvoices(s, ctx);
    registerInvoicePdf(s, ctx);
    registerReverse(s, ctx);
    registerReverseExport(s, ctx.db);
  });
}
