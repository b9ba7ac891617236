/**
 * The resource-engine parts of logistics: car groups, drivers, cars, shared sites (公共客户), ships, ports, voyages
 * and the transport orders' list / add / edit (the state changes are order.ts).
 */

import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { carGroupResource, carResource, driverResource } from '../../../core/contract/izs-logistical/fleet.contract.ts';
import { orderResource } from '../../../core/contract/izs-logistical/order.contract.ts';
import {
  portResource,
  shipResource,
  siteResource,
  voyageResource,
} from '../../../core/contract/izs-logistical/sites.contract.ts';
import { expiryWarning } from '../../../core/logistics/expiry.ts';
import { type FreightMode, freightOf } from '../../../core/logistics/order.ts';
import { lgCar, lgCarGroup, lgDriver, lgOrder, lgPort, lgShip, lgSite, lgVoyage } from '../../db/schema/index.ts';
import { type CrudContext, qualified, type Row, registerResource } from '../../platform/crud/index.ts';
import { drawOrderNo } from '../../platform/numbering.ts';
import { badRequest } from '../../platform/r.ts';
import { today } from '../../platform/time.ts';
import { carrierOf } from './freight.ts';
import type { Ingestor } from './ingest.ts';
import { findEndDoc } from './order-ends.ts';

export function registerLgResources(s: FastifyInstance, ctx: CrudContext, ingestor: Ingestor): void {
  registerFleet(s, ctx, ingestor);
  registerPlaces(s, ctx, ingestor);
  registerOrders(s, ctx);
}

/** 车辆分组 (removal refused while cars are in it), 司机 (驾驶证 warning), 车辆 (证件 warnings, device token). */
function registerFleet(s: FastifyInstance, ctx: CrudContext, ingestor: Ingestor): void {
  registerResource(s, ctx, carGroupResource, lgCarGroup, {
    joins: {
      carCount: sql<number>`(select count(*)::int from lg_car c where c.group_id = ${qualified(lgCarGroup.id)} and c.is_deleted = 0)`,
    },
    beforeRemove: async (tx, rows) => {
      const ids = rows.map((r) => r.id as string);
      const used = await tx.execute(
        sql`select 1 from lg_car where group_id in (${sql.join(
          ids.map((i) => sql`${i}`),
          sql`, `,
        )}) and is_deleted = 0 limit 1`,
      );
      if ((used as unknown as { rows: unknown[] }).rows.length) throw badRequest('分组下还有车辆，不能删除');
    },
  });

  registerResource(s, ctx, driverResource, lgDriver, {
    joins: {
      plates: sql<string>`(select coalesce(string_agg(c.plate, '、'), '') from lg_car c where c.driver_id = ${qualified(lgDriver.id)} and c.is_deleted = 0)`,
    },
    toEntity: (e) => ({ ...e, licenceWarning: expiryWarning(e.licenceExpiry as string | null, today(ctx.tz)) }),
  });

  registerResource(s, ctx, carResource, lgCar, {
    joins: {
      groupName: sql<string>`(select g.name from lg_car_group g where g.id = ${lgCar.groupId})`,
      driverName: sql<string>`(select d.name from lg_driver d where d.id = ${lgCar.driverId})`,
    },
    hidden: ['deviceToken'],
    toEntity: (e) => {
      const t = today(ctx.tz);
      const parts: string[] = [];
      const cert = expiryWarning(e.transportCertExpiry as string | null, t);
      const ins = expiryWarning(e.insuranceExpiry as string | null, t);
      if (cert) parts.push(`道路运输证${cert}`);
      if (ins) parts.push(`保险${ins}`);
      return { ...e, certWarning: parts.join('；') };
    },
    beforeSave: (_tx, row) => {
      if (row.gpsDeviceId && !row.deviceToken) row.deviceToken = randomBytes(12).toString('hex');
      if (row.deviceToken === '') delete row.deviceToken;
    },
    afterSave: () => ingestor.forget(),
  });
}

/** 公共客户 sites (the fence closed into a ring), 船舶, 港口, 航次. */
function registerPlaces(s: FastifyInstance, ctx: CrudContext, ingestor: Ingestor): void {
  registerResource(s, ctx, siteResource, lgSite, {
    beforeSave: (_tx, row) => {
      if (typeof row.fence === 'string' && row.fence) {
        const ring = JSON.parse(row.fence) as [number, number][];
        const [a, z] = [ring[0], ring[ring.length - 1]];
        if (a[0] !== z[0] || a[1] !== z[1]) ring.push(a);
        if (ring.length < 4) throw badRequest('围栏至少需要3个不同的点');
        row.fence = JSON.stringify(ring);
      }
    },
    afterSave: () => ingestor.forget(),
  });

  registerResource(s, ctx, shipResource, lgShip);
  registerResource(s, ctx, portResource, lgPort);
  registerResource(s, ctx, voyageResource, lgVoyage, {
    joins: {
      shipName: sql<string>`(select x.name from lg_ship x where x.id = ${lgVoyage.shipId})`,
      fromPortName: sql<string>`(select x.name from lg_port x where x.id = ${lgVoyage.fromPortId})`,
      toPortName: sql<string>`(select x.name from lg_port x where x.id = ${lgVoyage.toPortId})`,
    },
    beforeSave: (_tx, row) => {
      if (row.fromPortId && row.fromPortId === row.toPortId) throw badRequest('起运港和目的港不能相同');
    },
  });
}

/** 运输单 list / add / edit: edit only 待派车; numbered on add; the carrier's name, the loading end, freight. */
function registerOrders(s: FastifyInstance, ctx: CrudContext): void {
  registerResource(s, ctx, orderResource, lgOrder, {
    joins: {
      originName: sql<string>`(select x.name from lg_site x where x.id = ${lgOrder.originSiteId})`,
      destName: sql<string>`(select x.name from lg_site x where x.id = ${lgOrder.destSiteId})`,
      plate: sql<string>`(select x.plate from lg_car x where x.id = ${lgOrder.carId})`,
      driverName: sql<string>`(select x.name from lg_driver x where x.id = ${lgOrder.driverId})`,
      shortfallKg: sql<string | null>`(${lgOrder.loadNetKg} - ${lgOrder.unloadNetKg})::numeric(14,3)::text`,
    },
    hidden: ['route'],
    beforeSave: async (tx, row, c) => {
      if (!c.isNew && c.prev?.state !== 'pending') throw badRequest('只有待派车的运输单可以修改');
      if (row.originSiteId && row.originSiteId === row.destSiteId) throw badRequest('起点和终点不能相同');
      if (row.freightMode === 'ton_km' && !row.distanceKm) throw badRequest('按吨公里计费需要填写运距');
      if (row.carrierId) {
        const carrier = await carrierOf(tx, c.user.tenantId, String(row.carrierId), '');
        if (!carrier) throw badRequest('承运商不存在或不是供应商');
        row.carrierName = carrier.name;
      }
      // made from a sale out-stock: its loading end is that document
      const src = { ...(c.prev ?? {}), ...row } as Row;
      if (src.source === 'sale_out' && src.sourceNo && !src.loadDocNo) {
        const doc = await findEndDoc(tx, c.user.tenantId, 'load', String(src.sourceNo).trim());
        if (doc) Object.assign(row, { loadSource: doc.source, loadDocNo: doc.docNo, loadNetKg: doc.netKg });
      }
      if (c.isNew) {
        row.orderNo = await drawOrderNo(tx, 'transportOrder', { tenantId: c.user.tenantId, tz: ctx.tz });
        row.state = 'pending';
      }
      const merged = { ...(c.prev ?? {}), ...row } as Row;
      row.freightAmount = freightOf({
        mode: merged.freightMode as FreightMode,
        price: String(merged.freightPrice ?? '0'),
        plannedWeightT: (merged.plannedWeightT as string | null) ?? null,
        deliveredWeightT: (merged.deliveredWeightT as string | null) ?? null,
        distanceKm: (merged.distanceKm as string | null) ?? null,
      });
    },
    beforeRemove: (_tx, rows) => {
      if (rows.some((r) => r.state !== 'pending' && r.state !== 'cancelled'))
        throw badRequest('只能删除待派车或已取消的运输单');
    },
  });
}
