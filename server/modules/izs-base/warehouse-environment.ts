/**
 * `POST warehouse/environment` and `GET warehouse/environment-list` (BASE_QUERIES.environment / .environmentList):
 * record one environment patrol of a warehouse the caller may see, and list the latest 100 (also answered with the
 * warehouse's detail).
 */
import { and, eq, sql } from 'drizzle-orm';
import { BASE_QUERIES } from '../../../core/contract/izs-base/base-queries.contract.ts';
import type { WarehouseEnvironment } from '../../../core/contract/izs-base/warehouse.contract.ts';
import type { Db } from '../../db/client.ts';
import { warehouseEnvironment } from '../../db/schema/index.ts';
import type { AuthUser } from '../../platform/auth.ts';
import type { Resource } from '../../platform/crud/index.ts';
import type { endpoints } from '../../platform/endpoint.ts';
import { writeOperationLog } from '../../platform/logs.ts';
import { effectiveDept, tenantOf } from '../../platform/scope.ts';

/** The latest 100 patrols of a warehouse, newest first (times as the resource formats them). */
export async function environments(
  db: Db,
  user: AuthUser,
  warehouseId: string,
  wh: Resource,
): Promise<WarehouseEnvironment[]> {
  const rows = await db
    .select()
    .from(warehouseEnvironment)
    .where(and(eq(warehouseEnvironment.warehouseId, warehouseId), tenantOf(user, warehouseEnvironment)))
    .orderBy(sql`${warehouseEnvironment.recordTime} desc`, sql`${warehouseEnvironment.id} desc`)
    .limit(100);
  return rows.map((x) => ({
    id: x.id,
    warehouseId: x.warehouseId,
    recordTime: String(wh.entity({ t: x.recordTime }, user).t),
    temperature: x.temperature,
    humidity: x.humidity,
    fireCheck: x.fireCheck,
    inspector: x.inspector,
    remark: x.remark,
  }));
}

export function handleWarehouseEnvironment(r: ReturnType<typeof endpoints>, db: Db, wh: Resource): void {
  r.handle(BASE_QUERIES.environment, async ({ body, user, req }) => {
    const w = await wh.load(db, req, user, body.warehouseId);
    const created = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(warehouseEnvironment)
        .values({
          ...body,
          temperature: body.temperature ?? null,
          humidity: body.humidity ?? null,
          tenantId: user.tenantId,
          deptId: typeof w.deptId === 'string' ? w.deptId : null,
          createUser: user.userId,
          updateUser: user.userId,
          createDept: effectiveDept(user),
        })
        .returning();
      await writeOperationLog(tx, req, '仓库环境巡检', {
        temperature: [null, body.temperature ?? null],
        humidity: [null, body.humidity ?? null],
        fireCheck: [null, body.fireCheck],
      });
      return row;
    });
    return { id: created.id };
  });

  r.handle(BASE_QUERIES.environmentList, async ({ query: q, user, req }) => {
    await wh.load(db, req, user, q.warehouseId);
    return environments(db, user, q.warehouseId, wh);
  });
}
