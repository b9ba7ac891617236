/**
 * 固定资产 of the current book (research fixed_assets.md; contract fixed-assets.contract.ts):
 * types (seeded per book from the tax minimum lives), cards (acquisition, change, disposal, history, schedule),
 * the subsidiary book, and the monthly depreciation run that writes one voucher 借 折旧费用 / 贷 累计折旧.
 *
 * Guarantees:
 * - every read and write stays in the request's book (book-resource.ts hooks, `account_set_id` on every query);
 * - accounts named on a type or card exist in the book's chart, are enabled leaves, and sit under 1601 (asset),
 *   1602 (accumulated depreciation) and a 损益/成本 account (expense);
 * - a run is all-or-nothing in one transaction: the voucher goes through `saveVoucherTx` (validation, numbering,
 *   open-period check); one live run per period (a run counts while its voucher is live), none before a later run;
 * - 累计折旧 of a card is Σ of its lines whose run's voucher is live, so deleting the unposted run voucher (here by
 *   `depreciation/undo` or in the voucher list) undoes the run.
 *
 * Files: fixed-asset-service.ts (shared reads and checks), fixed-asset-resources.ts (类别 and 卡片 as engine
 * resources), fixed-asset-cards.ts (变动, 处置, history, schedule, 明细账, summary), fixed-asset-runs.ts (计提折旧),
 * asset-vouchers.ts (新增 and 处置 vouchers). Endpoints: FIXED_ASSETS in fixed-assets.contract.ts.
 */
import type { FastifyInstance } from 'fastify';
import { FA_BASE } from '../../../core/contract/izs-financing/fixed-assets.contract.ts';
import type { CrudContext } from '../../platform/crud/index.ts';
import { bookOf } from './book.ts';
import { registerCardRoutes } from './fixed-asset-cards.ts';
import { registerAssetResources } from './fixed-asset-resources.ts';
import { registerDepreciation } from './fixed-asset-runs.ts';
import { ensureTypes } from './fixed-asset-service.ts';

export function registerFixedAssets(app: FastifyInstance, ctx: CrudContext): void {
  const { db } = ctx;

  // the default types appear the first time anything of fixed assets is read in a book
  app.addHook('preHandler', async (req) => {
    if ((req.routeOptions.url ?? '').startsWith(FA_BASE)) await ensureTypes(db, bookOf(req));
  });

  registerAssetResources(app, ctx);
  registerCardRoutes(app, ctx);
  registerDepreciation(app, ctx);
}
