/** izs-visual: the wall screens' reads (issue 15). One handler or small group per file. */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { endpoints } from '../../platform/endpoint.ts';
import { registerConfig } from './config.ts';
import { registerDashboard } from './dashboard.ts';
import { registerDataBoard } from './data-board.ts';
import { registerFinance } from './finance.ts';
import { registerHome } from './home.ts';
import { registerLoadometerOrders } from './loadometer-orders.ts';
import { registerMetrics } from './metrics.ts';
import { registerOperation } from './operation.ts';
import { registerQuotes } from './quotes.ts';
import { registerSites } from './sites.ts';
import { registerWorkbench } from './workbench.ts';

export function registerIzsVisual(app: FastifyInstance, ctx: AppContext): void {
  const db = ctx.database.db;
  const tz = ctx.config.tz;
  const r = endpoints(app, db);
  registerHome(r, db, tz);
  registerDataBoard(r, db, tz);
  registerLoadometerOrders(r, db, tz);
  registerOperation(r, db, tz);
  registerFinance(r, db, tz);
  registerQuotes(r, db, tz);
  registerConfig(r, db);
  registerSites(r, db);
  registerDashboard(r, db, tz);
  registerWorkbench(r, db, tz);
  registerMetrics(r, db, tz);
}
