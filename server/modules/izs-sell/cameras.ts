/**
 * izs-sell cameras (spec §7.6: GET /api/izs-sell/cameras/page, look): the engine's CRUD for cameras bound to a
 * weighbridge, plus `look?id=` answering the snapshot and stream addresses (cameraAddresses, without credentials).
 * The password is write-only: left out of every answer (engine `hidden`), `hasPassword` tells whether one is set,
 * and an edit with an empty password keeps the stored one.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  CAMERAS,
  type CameraLook,
  cameraAddresses,
  camerasResource,
} from '../../../core/contract/izs-sell/cameras.contract.ts';
import { cameras, weighbridge } from '../../db/schema/index.ts';
import type { AppContext } from '../../platform/context.ts';
import { registerModule, registerResource } from '../../platform/crud/index.ts';
import { endpoints } from '../../platform/endpoint.ts';
import { badRequest } from '../../platform/r.ts';
import { tenantOf } from '../../platform/scope.ts';

export async function registerCameras(app: FastifyInstance, actx: AppContext): Promise<void> {
  const db = actx.database.db;
  const ctx = { db, tz: actx.config.tz };
  await registerModule(app, (s) => {
    const cam = registerResource(s, ctx, camerasResource, cameras, {
      hidden: ['password'],
      joins: {
        weighbridgeName: sql<string>`(select w.name from izs_weighbridge w where w.id = ${cameras.weighbridgeId})`,
        hasPassword: sql<number>`(case when ${cameras.password} <> '' then 1 else 0 end)`,
      },
      beforeSave: async (tx, row, c) => {
        if (!c.isNew && (row.password === '' || row.password === undefined)) delete row.password;
        const w = await tx
          .select({ id: weighbridge.id, deptId: weighbridge.deptId })
          .from(weighbridge)
          .where(and(eq(weighbridge.id, row.weighbridgeId as string), tenantOf(c.user, weighbridge)));
        if (!w[0]) throw badRequest('所属地磅不存在');
      },
    });

    endpoints(s, db).handle(CAMERAS.look, async ({ query, user, req }) => {
      const row = await cam.load(db, req, user, query.id);
      const look: CameraLook = {
        id: row.id as string,
        name: row.name as string,
        brand: row.brand as string,
        position: row.position as string,
        weighbridgeName: (row.weighbridgeName as string | null) ?? null,
        ...cameraAddresses({
          brand: row.brand as string,
          ip: row.ip as string,
          port: row.port as number,
          channel: row.channel as number,
          snapshotUrl: row.snapshotUrl as string,
          streamUrl: row.streamUrl as string,
        }),
      };
      return look;
    });

    endpoints(s, db).handle(CAMERAS.station, async ({ query, user }) => {
      const found = await db
        .select({
          id: cameras.id,
          name: cameras.name,
          brand: cameras.brand,
          position: cameras.position,
          ip: cameras.ip,
          port: cameras.port,
          channel: cameras.channel,
          snapshotUrl: cameras.snapshotUrl,
          streamUrl: cameras.streamUrl,
          weighbridgeName: weighbridge.name,
        })
        .from(cameras)
        .innerJoin(weighbridge, and(eq(weighbridge.id, cameras.weighbridgeId), tenantOf(user, weighbridge)))
        .where(
          and(
            tenantOf(user, cameras),
            eq(cameras.weighbridgeId, query.weighbridgeId),
            eq(cameras.status, 1),
            eq(cameras.isDeleted, 0),
          ),
        )
        .orderBy(cameras.id);
      return found.map(
        (c): CameraLook => ({
          id: c.id,
          name: c.name,
          brand: c.brand,
          position: c.position,
          weighbridgeName: c.weighbridgeName,
          ...cameraAddresses(c),
        }),
      );
    });
  });
}
