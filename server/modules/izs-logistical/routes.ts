/**
 * izs-logistical (issue 13, spec §2.5): fleet and site master data through the resource engine, transport orders
 * with their state machine, position ingest (JT/T 808 gateway + phone apps), live pushes over the embedded STOMP
 * broker at /api/izs-logistical/ws, alarms, tracks, retention and the in-process demo simulator.
 *
 * Environment: GPS_GATEWAY_TOKEN (the gateway's shared secret; unset = gateway ingest refused),
 * GPS_SIMULATOR (on|off; default on with demo data, off under test), MAP_TILE_URL (optional raster tiles),
 * INGEST_REJECT_RETENTION_DAYS (config.ts: days the refused ingest attempts are kept, default 30).
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { registerModule } from '../../platform/crud/index.ts';
import { retentionJob } from '../../platform/logs.ts';
import { pruneIngestRejects } from './device-guard.ts';
import { registerDeviceToken } from './device-token.ts';
import { Ingestor } from './ingest.ts';
import { registerLgOrder } from './order.ts';
import { registerLgOrderEnds } from './order-ends.ts';
import { registerLgResources } from './resources.ts';
import { thinPositions } from './retention.ts';
import { type SimulatorHandle, startGpsSimulator } from './simulator.ts';
import { createLgBroker, registerLgSocket } from './socket.ts';
import { registerLgTracking } from './tracking.ts';

export { startGpsSimulator } from './simulator.ts';

export async function registerIzsLogistical(app: FastifyInstance, actx: AppContext): Promise<Ingestor> {
  const db = actx.database.db;
  const tz = actx.config.tz;
  const broker = createLgBroker(db, actx.secret);
  const ingestor = new Ingestor(db, broker, app.log, tz);
  registerLgSocket(app, db, actx.secret, broker);
  await registerModule(app, (s) => registerLgResources(s, { db, tz }, ingestor));
  registerLgOrder(app, db, tz, () => ingestor.forgetRoutes());
  registerLgOrderEnds(app, db);
  registerDeviceToken(app, db);
  registerLgTracking(app, db, tz, ingestor, {
    gatewayToken: process.env.GPS_GATEWAY_TOKEN ?? '',
    tileUrl: process.env.MAP_TILE_URL ?? '',
  });

  const isTest = process.env.NODE_ENV === 'test';
  const simulate = (process.env.GPS_SIMULATOR ?? (actx.config.seedDemo && !isTest ? 'on' : 'off')) === 'on';
  let sim: SimulatorHandle | undefined;
  // scheduled jobs (platform/jobs.ts); the offline sweep and the position thinning are off under test
  app.jobs.add('ingest-reject-retention', retentionJob(db, actx.config.ingestRejectRetentionDays, pruneIngestRejects), {
    enabled: actx.config.ingestRejectRetentionDays > 0,
  });
  app.jobs.add(
    'gps-offline-sweep',
    async () => {
      const n = await ingestor.sweepOffline();
      return n ? `${n} 辆车离线 (vehicles offline)` : undefined;
    },
    { enabled: !isTest },
  );
  app.jobs.add(
    'gps-thinning',
    async () => {
      const r = await thinPositions(db);
      return `抽稀 ${r.thinned} 行，删除 ${r.deleted} 行 (thinned, deleted)`;
    },
    { enabled: !isTest },
  );
  app.addHook('onReady', async () => {
    await ingestor.loadLastSeen();
    if (simulate) sim = await startGpsSimulator(db, ingestor);
  });
  app.addHook('onClose', async () => {
    sim?.stop();
  });
  return ingestor;
}
