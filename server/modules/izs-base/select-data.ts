/**
 * Business cache (spec §3, §6, §7.6): POST select-data/list answers the lists asked for by the body flags;
 * GET select-data/user the users. Role administrator: the whole tenant; others: their departments' rows
 * (only `deptId` when it is one of theirs). Enabled, live rows of the caller's tenant only; at most 1000 each.
 */
import type { FastifyInstance } from 'fastify';
import { SELECT_DATA, type SelectData } from '../../../core/contract/izs-base/select-data.contract.ts';
import type { Db } from '../../db/client.ts';
import type { AuthUser } from '../../platform/auth.ts';
import { type CrudContext, fixed, isAdministrator } from '../../platform/crud/index.ts';
import { endpoints, type Handler } from '../../platform/endpoint.ts';
import {
  selectMaterials,
  selectParties,
  selectUsers,
  selectWarehouses,
  selectWeighbridges,
} from './select-data-repository.ts';

/** undefined = no department filter. */
function deptFilter(u: AuthUser, wanted: string | undefined): string[] | undefined {
  if (isAdministrator(u)) return undefined;
  if (wanted && u.deptIds.includes(wanted)) return [wanted];
  return u.deptIds;
}

export function registerSelectData(app: FastifyInstance, { db }: CrudContext): void {
  const r = endpoints(app, db);
  r.handle(SELECT_DATA.list, selectList(db));
  r.handle(SELECT_DATA.user, async ({ query: q, user: u }) =>
    selectUsers(db, u, deptFilter(u, q.deptId || undefined), q.name || undefined),
  );
}

function selectList(db: Db): Handler<typeof SELECT_DATA.list> {
  return async ({ body: b, user: u }) => {
    const depts = deptFilter(u, b.deptId);
    const out: SelectData = {
      userList: [],
      customerList: [],
      supplierList: [],
      materialList: [],
      warehouseList: [],
      weighbridgeList: [],
    };
    if (b.userEnable) out.userList = await selectUsers(db, u, depts);
    if (b.customerEnable) out.customerList = await selectParties(db, u, depts, ['customer', 'both']);
    if (b.supplierEnable) out.supplierList = await selectParties(db, u, depts, ['supplier', 'both']);
    if (b.materialEnable) {
      const rows = await selectMaterials(db, u, depts);
      out.materialList = rows.map((r) => ({
        ...r,
        defaultPrice: fixed(r.defaultPrice, 2),
        deductRate: fixed(r.deductRate, 2),
      }));
    }
    if (b.warehouseEnable) {
      out.warehouseList = await selectWarehouses(db, u, depts);
    }
    if (b.weighbridgeEnable) {
      const rows = await selectWeighbridges(db, u, depts);
      out.weighbridgeList = rows.map((r) => ({
        ...r,
        maxCapacityKg: fixed(r.maxCapacityKg, 3),
        divisionKg: fixed(r.divisionKg, 3),
        // the station's hint of the minimum capture (core/weighing/anti-cheat.ts minCaptureKg; '0' = 20 divisions)
        minWeightKg: r.minWeightKg === null ? '0' : fixed(r.minWeightKg, 3),
      }));
    }
    return out;
  };
}
