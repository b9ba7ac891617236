/**
 * GET/POST /api/izs-visual/config — 大屏配置 per department: which screens it shows, rotation, refresh, the
 * warehouses and weighbridges it watches, the theme. A department without a saved row gets the defaults.
 */
import { and, eq, inArray } from 'drizzle-orm';
import {
  type ConfigAnswer,
  visualConfig as configSchema,
  DEFAULT_VISUAL_CONFIG,
  VISUAL_ENDPOINTS,
  VISUAL_VIEW_CODES,
} from '../../../core/contract/izs-visual/visual.contract.ts';
import type { Db } from '../../db/client.ts';
import { dept, visualConfig, warehouse, weighbridge } from '../../db/schema/index.ts';
import type { AuthUser } from '../../platform/auth.ts';
import type { endpoints } from '../../platform/endpoint.ts';
import { ApiError } from '../../platform/r.ts';
import { effectiveDept, tenantOf, tenantOnly } from '../../platform/scope.ts';
import { deptAllowed } from '../izs-weighing/socket.ts';
import { requireAnyView } from './common.ts';
import { siteCoords } from './sites.ts';

async function answer(db: Db, user: AuthUser, deptId: string): Promise<ConfigAnswer> {
  const [row] = await db
    .select({ config: visualConfig.config })
    .from(visualConfig)
    .where(and(tenantOnly(user, visualConfig), eq(visualConfig.deptId, deptId)));
  const parsed = configSchema.safeParse(row?.config);
  const ids = user.roles.includes('administrator') ? undefined : user.deptIds;
  const [depts, whs, wbs] = await Promise.all([
    db
      .select({ id: dept.id, name: dept.deptName })
      .from(dept)
      .where(and(tenantOf(user, dept), ids ? inArray(dept.id, ids.length ? ids : ['0']) : undefined))
      .orderBy(dept.sort, dept.id),
    db
      .select({ id: warehouse.id, name: warehouse.name, regionCode: warehouse.regionCode })
      .from(warehouse)
      .where(tenantOf(user, warehouse))
      .orderBy(warehouse.code),
    db
      .select({ id: weighbridge.id, name: weighbridge.name })
      .from(weighbridge)
      .where(tenantOf(user, weighbridge))
      .orderBy(weighbridge.code),
  ]);
  const coords = await siteCoords(db, user.tenantId);
  return {
    deptId,
    config: parsed.success ? parsed.data : DEFAULT_VISUAL_CONFIG,
    options: {
      depts,
      warehouses: whs.map((w) => ({ ...w, lon: coords.get(w.id)?.lon ?? null, lat: coords.get(w.id)?.lat ?? null })),
      weighbridges: wbs,
    },
  };
}

export function registerConfig(r: ReturnType<typeof endpoints>, db: Db): void {
  r.handle(VISUAL_ENDPOINTS.config, async ({ query, user }) => {
    await requireAnyView(db, user, VISUAL_VIEW_CODES);
    const deptId = query.deptId ?? effectiveDept(user) ?? '';
    if (!deptId) throw new ApiError(400, '当前用户没有所属部门，无法读取大屏配置');
    if (!(await deptAllowed(db, user, deptId))) throw new ApiError(400, '无权查看该部门的大屏配置');
    return answer(db, user, deptId);
  });

  r.handle(VISUAL_ENDPOINTS.saveConfig, async ({ body, user }) => {
    const { deptId, ...config } = body;
    if (!(await deptAllowed(db, user, deptId))) throw new ApiError(400, '无权修改该部门的大屏配置');
    await db
      .insert(visualConfig)
      .values({ tenantId: user.tenantId, deptId, config, updateUser: user.userId })
      .onConflictDoUpdate({
        target: [visualConfig.tenantId, visualConfig.deptId],
        set: { config, updateUser: user.userId, updateTime: new Date() },
      });
    return answer(db, user, deptId);
  });
}
