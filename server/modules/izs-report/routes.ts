/** izs-report: 报表分析 (issue 15). One handler or small group per file. */
import type { FastifyInstance } from 'fastify';
import { REPORT_ENDPOINTS } from '../../../core/contract/izs-report/report.contract.ts';
import type { AppContext } from '../../platform/context.ts';
import { endpoints } from '../../platform/endpoint.ts';
import { businessDay } from '../izs-visual/common.ts';
import { registerCompanyPledge } from './company-pledge.ts';
import { registerDocuments } from './documents.ts';
import { registerFinanceGb } from './finance-gb.ts';
import { registerLogisticsReport } from './logistics.ts';
import { registerStock } from './stock.ts';
import { registerTrade } from './trade.ts';

export function registerIzsReport(app: FastifyInstance, ctx: AppContext): void {
  const db = ctx.database.db;
  const r = endpoints(app, db);
  r.handle(REPORT_ENDPOINTS.today, () => {
    const { today, monthStart } = businessDay(ctx.config.tz);
    return { today, monthStart, year: today.slice(0, 4) };
  });
  registerTrade(r, db);
  registerStock(r, db, ctx.config.tz);
  registerDocuments(r, db, ctx.config.tz);
  registerFinanceGb(r, db, ctx.config.tz);
  registerCompanyPledge(r, db, ctx.config.tz); // issue 12 (contracts engineer)
  registerLogisticsReport(r, db, ctx.config.tz);
}
