/** 供应链金融 (issue 12; spec §2.8): fund providers and financing contracts (finance.ts), 金单 (certs.ts). */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { type CrudContext, registerModule } from '../../platform/crud/index.ts';
import { registerCerts } from './certs.ts';
import { registerFinance } from './finance.ts';

export async function registerIzsScf(app: FastifyInstance, actx: AppContext): Promise<void> {
  const ctx: CrudContext = { db: actx.database.db, tz: actx.config.tz };
  await registerModule(app, (s) => {
    registerFinance(s, ctx);
    registerCerts(s, ctx);
  });
}
