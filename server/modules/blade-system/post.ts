/** 岗位 (/system/post, bladex-contract §5.4) through the resource engine, plus BladeX's `select`. */
import { and, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { postResource } from '../../../core/contract/blade-system/post.contract.ts';
import { SYSTEM_EXTRAS } from '../../../core/contract/blade-system/system-extras.contract.ts';
import { post, staff, user } from '../../db/schema/index.ts';
import type { CrudContext } from '../../platform/crud/index.ts';
import { registerResource } from '../../platform/crud/index.ts';
import { endpoints } from '../../platform/endpoint.ts';
import { badRequest } from '../../platform/r.ts';
import { tenantIs, tenantOf } from '../../platform/scope.ts';

export function registerPostRoutes(s: FastifyInstance, ctx: CrudContext): void {
  registerResource(s, ctx, postResource, post, {
    beforeRemove: async (tx, rows, { user: u }) => {
      const ids = rows.map((r) => String(r.id));
      const held = await tx
        .select({ account: user.account })
        .from(user)
        .where(
          and(
            tenantIs(u.tenantId, user),
            sql`string_to_array(${user.postId}, ',') && array[${sql.join(
              ids.map((i) => sql`${i}`),
              sql`, `,
            )}]::text[]`,
          ),
        )
        .limit(1);
      if (held[0]) throw badRequest(`岗位下还有用户(${held[0].account})，不能删除`);
      const staffed = await tx
        .select({ name: staff.name })
        .from(staff)
        .where(and(tenantOf(u, staff), inArray(staff.postId, ids)))
        .limit(1);
      if (staffed[0]) throw badRequest(`岗位下还有员工(${staffed[0].name})，不能删除`);
    },
  });

  // BladeX `post/select` (SYSTEM_EXTRAS.postSelect): every live post of the caller's tenant (it feeds dropdowns)
  endpoints(s, ctx.db).handle(SYSTEM_EXTRAS.postSelect, ({ user: u }) =>
    ctx.db
      .select({ id: post.id, category: post.category, postCode: post.postCode, postName: post.postName })
      .from(post)
      .where(tenantOf(u, post))
      .orderBy(post.sort, post.id),
  );
}
