/**
 * izs-financing (issue 5): account sets and their users, the chart of accounts, auxiliary dimensions, opening
 * balances, voucher words, vouchers, books and statements, carry-forward and period close. The endpoint list is in
 * the contracts under core/contract/izs-financing/ and in this folder's README.
 *
 * Every route except the account-set ones (and the dimension source list) works on the book named by
 * `Current-Account-Set-Id`: a preHandler of this scope checks the accounting permission, then tenant, department
 * and membership (book.ts) before the handler runs.
 */
import type { FastifyInstance } from 'fastify';
import { ACCOUNT_SET_BASE } from '../../../core/contract/izs-financing/account-set.contract.ts';
import { DIMENSION_PATHS } from '../../../core/contract/izs-financing/dimension.contract.ts';
import type { AppContext } from '../../platform/context.ts';
import { registerModule } from '../../platform/crud/index.ts';
import { registerAccountSets } from './account-sets.ts';
import { registerAssetVouchers } from './asset-vouchers.ts';
import { registerBills } from './bills.ts';
import { resolveBook } from './book.ts';
import { registerBooks } from './books.ts';
import { registerBusinessReports } from './business-reports.ts';
import { registerBusinessVouchers } from './business-vouchers.ts';
import { registerChart } from './chart.ts';
import { registerClosing } from './closing.ts';
import { registerDimensions } from './dimensions.ts';
import { registerFixedAssets } from './fixed-assets.ts';
import { registerIncomeExpend } from './income-expend.ts';
import { registerOpenings } from './openings.ts';
import { registerReconcile } from './reconcile.ts';
import { registerUnits } from './units.ts';
import { registerVoucherWords } from './voucher-words.ts';
import { registerVouchers } from './vouchers.ts';

const WITHOUT_BOOK = (url: string) => url.startsWith(ACCOUNT_SET_BASE) || url === DIMENSION_PATHS.sourceList;

export async function registerIzsFinancing(app: FastifyInstance, actx: AppContext): Promise<void> {
  const db = actx.database.db;
  const ctx = { db, tz: actx.config.tz };
  await registerModule(app, (s) => {
    s.addHook('preHandler', async (req) => {
      const url = req.routeOptions.url ?? '';
      if (!WITHOUT_BOOK(url)) await resolveBook(db, req);
    });
    registerAccountSets(s, db, ctx.tz);
    registerChart(s, db);
    registerDimensions(s, ctx);
    registerVoucherWords(s, ctx);
    registerUnits(s, ctx);
    registerOpenings(s, db);
    registerVouchers(s, ctx);
    registerBooks(s, db);
    registerClosing(s, ctx);
    registerFixedAssets(s, ctx);
    registerAssetVouchers(s, ctx);
    registerBusinessVouchers(s, ctx);
    registerBusinessReports(s, ctx);
    registerIncomeExpend(s, ctx);
    registerBills(s, ctx);
    registerReconcile(s, db, ctx.tz);
  });
}
