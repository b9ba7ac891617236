/** Trace chain + open platform (issue 14): one registration in app.ts. */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../platform/context.ts';
import { registerOpenPlatform } from '../open/routes.ts';
import { registerBlockchain } from './blockchain.ts';
import { registerStockPrint } from './stock-print.ts';

export async function registerTraceOpen(app: FastifyInstance, actx: AppContext): Promise<void> {
  registerBlockchain(app, actx.database.db, actx.secret);
  registerStockPrint(app, actx.database.db);
  await registerOpenPlatform(app, actx);
}
