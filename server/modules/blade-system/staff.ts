/** 员工 (/system/staff) through the resource engine: department-scoped, the post must belong to the tenant. */
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { staffResource } from '../../../core/contract/blade-system/staff.contract.ts';
import { post, staff } from '../../db/schema/index.ts';
import { type CrudContext, registerResource } from '../../platform/crud/index.ts';
import { badRequest } from '../../platform/r.ts';
import { tenantOf } from '../../platform/scope.ts';

export function registerStaffRoutes(s: FastifyInstance, ctx: CrudContext): void {
  registerResource(s, ctx, staffResource, staff, {
    joins: { postName: sql<string>`(select p.post_name from blade_post p where p.id = ${staff.postId})` },
    beforeSave: async (tx, row, c) => {
      if (!row.postId) {
        row.postId = null;
        return;
      }
      const p = await tx
        .select({ id: post.id })
        .from(post)
        .where(and(eq(post.id, String(row.postId)), tenantOf(c.user, post)))
        .limit(1);
      if (!p[0]) throw badRequest('岗位不存在');
    },
  });
}
