/**
 * 版本管理 (/system/version, spec §7.8): the version history in izs_version_info through the resource engine, the
 * spec's `insert`, and a hard `remove` (the history table has no soft-delete column) that keeps at least one row.
 * `select` (public, the sidebar's label) is served by modules/misc. Platform-wide: writes need the platform tenant.
 */
import { inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { SYSTEM_EXTRAS, versionAnswer } from '../../../core/contract/blade-system/system-extras.contract.ts';
import { versionResource } from '../../../core/contract/blade-system/version.contract.ts';
import { idListSchema } from '../../../core/contract/common.ts';
import { versionInfo } from '../../db/schema/index.ts';
import { type CrudContext, registerResource } from '../../platform/crud/index.ts';
import { endpoints } from '../../platform/endpoint.ts';
import { writeOperationLog } from '../../platform/logs.ts';
import { badRequest, ok } from '../../platform/r.ts';
import { parse } from '../../platform/validate.ts';
import { requirePlatformTenant } from './platform-tenant.ts';

export function registerVersionRoutes(s: FastifyInstance, ctx: CrudContext): void {
  const { db } = ctx;
  const res = registerResource(s, ctx, versionResource, versionInfo, {
    beforeSave: (_tx, _row, c) => requirePlatformTenant(c.user),
    routes: {
      remove: async (req) => {
        const u = await res.permit(req, 'delete');
        requirePlatformTenant(u);
        const q = (req.query ?? {}) as Record<string, unknown>;
        const ids = [...new Set(parse(z.object({ ids: idListSchema }), q).ids)];
        await db.transaction(async (tx) => {
          // one writer at a time, so two removals cannot empty the history together
          await tx.execute(sql`lock table izs_version_info in share row exclusive mode`);
          const found = await tx
            .select({ id: versionInfo.id, version: versionInfo.version })
            .from(versionInfo)
            .where(inArray(versionInfo.id, ids));
          if (found.length !== ids.length) throw badRequest('版本不存在');
          const [{ n }] = await tx.select({ n: sql<number>`count(*)::int` }).from(versionInfo);
          if (n - found.length < 1) throw badRequest('至少保留一个版本');
          await tx.delete(versionInfo).where(inArray(versionInfo.id, ids));
          await writeOperationLog(tx, req, '删除版本', { version: [found.map((f) => f.version).join(','), null] });
        });
        return ok(null);
      },
    },
  });

  // SYSTEM_EXTRAS.versionInsert: the spec's insert, = save (the engine checks the add button and the platform tenant)
  endpoints(s, db).handle(SYSTEM_EXTRAS.versionInsert, async ({ body, user, req }) =>
    versionAnswer.parse(res.entity(await res.insert(req, body), user)),
  );
}
