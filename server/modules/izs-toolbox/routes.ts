/** izs-toolbox (spec §7.7, §7.8): the modification log and the print settings, one registration in app.ts. */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { registerModule } from '../../platform/crud/index.ts';
import { registerModifyLog } from './modify-log.ts';
import { registerPrintConfig } from './print-config.ts';

export async function registerIzsToolbox(app: FastifyInstance, actx: AppContext): Promise<void> {
  const db = actx.database.db;
  await registerModule(app, (s) => {
    registerModifyLog(s, db, { db, tz: actx.config.tz });
    registerPrintConfig(s, db, actx.config.tz);
  });
}
