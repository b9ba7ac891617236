/**
 * The in-process GPS simulator: with demo data, `npm start` shows moving vehicles without a gateway. It drives
 * every car whose GPS device id is a simulator number (core/logistics/simulate.ts `simPhone`) along a road-like
 * route between the demo sites at 1 Hz — stops at each end and halfway, the first one speeding — and feeds the
 * reports through the same Ingestor as the gateway (checks, storage, STOMP push, alarms).
 *
 * `GPS_SIMULATOR=on|off` (default: on when the demo data is seeded, off under test). The standalone gateway's
 * `--simulate N` drives N terminals over TCP instead (tools/gps-gateway).
 */
import { and, eq, like } from 'drizzle-orm';
import type { LonLat } from '../../../core/logistics/geo.ts';
import { simPhone, simVehicle } from '../../../core/logistics/simulate.ts';
import type { Db } from '../../db/client.ts';
import { lgCar, lgSite } from '../../db/schema/index.ts';
import { tenantIs } from '../../platform/scope.ts';
import type { Ingestor } from './ingest.ts';

export interface SimulatorHandle {
  stop(): void;
}

/** Starts driving the simulator cars; answers a handle to stop it. */
export async function startGpsSimulator(db: Db, ingestor: Ingestor, hz = 1): Promise<SimulatorHandle> {
  const cars = await db
    .select({ id: lgCar.id, device: lgCar.gpsDeviceId, tenantId: lgCar.tenantId })
    .from(lgCar)
    .where(and(like(lgCar.gpsDeviceId, `${simPhone(0).slice(0, 7)}%`), eq(lgCar.isDeleted, 0)))
    .orderBy(lgCar.gpsDeviceId);
  if (cars.length === 0) return { stop() {} };
  const sites = await db
    .select({ lon: lgSite.lon, lat: lgSite.lat })
    .from(lgSite)
    .where(tenantIs(cars[0].tenantId, lgSite))
    .orderBy(lgSite.id);
  const points = sites.filter((s) => s.lon !== null && s.lat !== null).map((s) => [s.lon, s.lat] as LonLat);
  if (points.length < 2) return { stop() {} };
  const walkers = cars.map((c) => ({ device: c.device, walker: simVehicle(Number(c.device.slice(-4)), points) }));
  let busy = false;
  const timer = setInterval(() => {
    if (busy) return;
    busy = true;
    const now = Date.now();
    const batch = walkers.map(({ device, walker }) => {
      const f = walker.step(1 / hz);
      return { device, point: { time: Math.floor(now / 1000) * 1000, ...f } };
    });
    ingestor
      .ingest('jt808', batch, now)
      .catch(() => undefined)
      .finally(() => {
        busy = false;
      });
  }, 1000 / hz);
  timer.unref?.();
  return { stop: () => clearInterval(timer) };
}
