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
import type { AppContext } from '../../app.ts';
import { registerModule } from '../../platform/crud/index.ts';
import { startRetention } from '../../platform/logs.ts';
import { pruneIngestRejects } from './device-guard.ts';
import { registerDeviceToken } from './device-token.ts';
import { Ingestor } from './ingest.ts';
import { registerLgOrder } from './order.ts';
import { registerLgOrderEnds } from './order-ends.ts';
import { registerLgResources } from './resources.ts';
import { scheduleRetention } from './retention.ts';
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
  registerLgOrder(app, db, tz);
  registerLgOrderEnds(app, db);
  registerDeviceToken(app, db);
  registerLgTracking(app, db, tz, ingestor, {
    gatewayToken: process.env.GPS_GATEWAY_TOKEN ?? '',
    tileUrl: process.env.MAP_TILE_URL ?? '',
  });

  const isTest = process.env.NODE_ENV === 'test';
  const simulate = (process.env.GPS_SIMULATOR ?? (actx.config.seedDemo && !isTest ? 'on' : 'off')) === 'on';
  let sim: SimulatorHandle | undefined;
  let offline: ReturnType<typeof setInterval> | undefined;
  let stopRetention: (() => void) | undefined;
  let stopRejectRetention: () => Promise<void> = async () => {};
  app.addHook('onReady', async () => {
    stopRejectRetention = startRetention(db, {
      days: actx.config.ingestRejectRetentionDays,
      tz,
      log: (m) => app.log.info(m),
      prune: pruneIngestRejects,
      label: '位置上报拒收记录',
      name: 'ingest reject',
    });
    await ingestor.loadLastSeen();
    if (!isTest) {
      offline = setInterval(() => ingestor.sweepOffline().catch((e) => app.log.error(e)), 30_000);
      offline.unref?.();
      stopRetention = scheduleRetention(db, (e) => app.log.error(e));
    }
    if (simulate) sim = await startGpsSimulator(db, ingestor);
  });
  app.addHook('onClose', async () => {
    sim?.stop();
    if (offline) clearInterval(offline);
    stopRetention?.();
    await stopRejectRetention();
  });
  return ingestor;
}
