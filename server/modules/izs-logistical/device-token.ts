/** LG_CAR.deviceToken: a car's 设备鉴权码 for whoever may edit the car, logged as an operation (issue 22). */
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { LG_PERMISSIONS } from '../../../core/contract/izs-logistical/fields.ts';
import { LG_CAR } from '../../../core/contract/izs-logistical/fleet.contract.ts';
import type { Db } from '../../db/client.ts';
import { lgCar } from '../../db/schema/index.ts';
import { endpoints } from '../../platform/endpoint.ts';
import { writeOperationLog } from '../../platform/logs.ts';
import { badRequest } from '../../platform/r.ts';
import { scopeOf } from '../../platform/scope.ts';

export function registerDeviceToken(app: FastifyInstance, db: Db): void {
  endpoints(app, db).handle(LG_CAR.deviceToken, async ({ query, user, req }) => {
    const [car] = await db
      .select({ plate: lgCar.plate, gpsDeviceId: lgCar.gpsDeviceId, deviceToken: lgCar.deviceToken })
      .from(lgCar)
      .where(and(eq(lgCar.id, query.id), await scopeOf(db, user, lgCar, LG_PERMISSIONS.car)));
    if (!car) throw badRequest('车辆不存在');
    await writeOperationLog(db, req, '查看设备鉴权码', { plate: [car.plate, car.plate] });
    return { plate: car.plate, gpsDeviceId: car.gpsDeviceId ?? '', deviceToken: car.deviceToken ?? '' };
  });
}
