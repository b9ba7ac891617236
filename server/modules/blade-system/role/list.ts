/** GET role/list, role/tree, role/detail (bladex-contract §5.3): the caller's tenant; the administrator role for administrator only. */
import { and, eq } from 'drizzle-orm';
import { ROLE, type RoleNode } from '../../../../core/contract/blade-system/role.contract.ts';
import type { TreeNode } from '../../../../core/contract/common.ts';
import type { Db } from '../../../db/client.ts';
import { role } from '../../../db/schema/index.ts';
import type { endpoints } from '../../../platform/endpoint.ts';
import { notFound } from '../../../platform/r.ts';
import { tenantOf } from '../../../platform/scope.ts';
import { buildForest, markHasChildren, toTreeNode } from '../../../platform/tree.ts';
import { admin, isAdministrator, tenantRoles, toRole, visibleRoles } from './shared.ts';

export function handleRoleReads(r: ReturnType<typeof endpoints>, db: Db): void {
  r.handle(ROLE.list, async ({ req, query }) => {
    const u = admin(req);
    const rows = await visibleRoles(db, u, query);
    const names = new Map(rows.map((r) => [r.id, r.roleName]));
    const nodes: RoleNode[] = rows.map((r) => ({
      ...toRole(r),
      parentName: r.parentId === '0' ? '顶级' : (names.get(r.parentId) ?? ''),
    }));
    return markHasChildren(buildForest(nodes));
  });

  r.handle(ROLE.tree, async ({ req }) => {
    const u = admin(req);
    const rows = await visibleRoles(db, u);
    return markHasChildren(buildForest<TreeNode>(rows.map((r) => toTreeNode(r.id, r.parentId, r.roleName))));
  });

  r.handle(ROLE.detail, async ({ req, query }) => {
    const u = admin(req);
    const id = query.id;
    const [r] = await tenantRoles(db, u, [id]);
    if (r.roleAlias === 'administrator' && !isAdministrator(u)) throw notFound('角色不存在');
    let parentName = '顶级';
    if (r.parentId !== '0') {
      const p = await db
        .select({ name: role.roleName })
        .from(role)
        .where(and(eq(role.id, r.parentId), tenantOf(u, role)))
        .limit(1);
      parentName = p[0]?.name ?? '';
    }
    return { ...toRole(r), parentName };
  });
}
