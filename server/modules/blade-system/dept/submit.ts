/**
 * POST dept/submit, dept/remove (bladex-contract §5.1): the add / edit / delete button of 机构管理 or 部门管理; a move
 * rewrites the ancestors of the subtree; removal is refused while child departments, users or employees remain.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { DEPT } from '../../../../core/contract/blade-system/dept.contract.ts';
import { idSchema } from '../../../../core/contract/common.ts';
import type { Db } from '../../../db/client.ts';
import { dept, staff, user } from '../../../db/schema/index.ts';
import type { endpoints } from '../../../platform/endpoint.ts';
import { diff, writeOperationLog } from '../../../platform/logs.ts';
import { badRequest, notFound } from '../../../platform/r.ts';
import { effectiveDept, tenantOf, tenantOnly } from '../../../platform/scope.ts';
import { parse } from '../../../platform/validate.ts';
import { permit } from './shared.ts';

export function handleDeptWrites(r: ReturnType<typeof endpoints>, db: Db): void {
  r.handle(DEPT.submit, async ({ req, body, user: u }) => {
    await permit(db, u, body.id ? 'edit' : 'add');
    await db.transaction(async (tx) => {
      let parentId = '0';
      let ancestors = '0';
      if (body.parentId !== undefined) {
        if (body.id && body.parentId === body.id) throw badRequest('父节点不可选择自身!');
        const pid = parse(idSchema, body.parentId);
        const p = await tx
          .select()
          .from(dept)
          .where(and(eq(dept.id, pid), tenantOf(u, dept)))
          .limit(1);
        if (!p[0]) throw badRequest('上级机构不存在!');
        if (body.id && `,${p[0].ancestors},`.includes(`,${body.id},`)) {
          throw badRequest('父节点不可选择自身的子节点!');
        }
        parentId = pid;
        ancestors = `${p[0].ancestors},${pid}`;
      }
      const values = {
        parentId,
        ancestors,
        deptName: body.deptName,
        fullName: body.fullName ?? body.deptName,
        deptCategory: body.deptCategory,
        sort: body.sort,
        remark: body.remark ?? '',
      };
      if (body.id) {
        const prev = await tx
          .select()
          .from(dept)
          .where(and(eq(dept.id, body.id), tenantOf(u, dept)))
          .for('update');
        if (!prev[0]) throw notFound('机构不存在');
        await tx
          .update(dept)
          .set({ ...values, updateUser: u.userId, updateTime: new Date() })
          .where(and(eq(dept.id, body.id), tenantOf(u, dept)));
        if (prev[0].ancestors !== ancestors) {
          // move the subtree: rewrite the ancestors prefix of every descendant
          const oldPrefix = `${prev[0].ancestors},${body.id}`;
          const newPrefix = `${ancestors},${body.id}`;
          await tx
            .update(dept)
            .set({
              ancestors: sql`${newPrefix} || substr(${dept.ancestors}, ${oldPrefix.length + 1})`,
            })
            .where(
              and(
                tenantOnly(u, dept),
                sql`(${dept.ancestors} = ${oldPrefix} or ${dept.ancestors} like ${`${oldPrefix},%`})`,
              ),
            );
        }
        await writeOperationLog(tx, req, `修改机构: ${body.deptName}`, diff(prev[0], values));
      } else {
        await tx.insert(dept).values({
          ...values,
          tenantId: u.tenantId,
          createUser: u.userId,
          createDept: effectiveDept(u),
          updateUser: u.userId,
        });
        await writeOperationLog(tx, req, `新增机构: ${body.deptName}`);
      }
    });
    return null;
  });

  r.handle(DEPT.remove, async ({ req, query, user: u }) => {
    await permit(db, u, 'delete');
    const ids = query.ids;
    await db.transaction(async (tx) => {
      const found = await tx
        .select({ id: dept.id })
        .from(dept)
        .where(and(tenantOf(u, dept), inArray(dept.id, ids)));
      if (found.length !== new Set(ids).size) throw notFound('机构不存在');
      const kids = await tx
        .select({ id: dept.id })
        .from(dept)
        .where(and(tenantOf(u, dept), inArray(dept.parentId, ids)));
      if (kids.some((k) => !ids.includes(k.id))) throw badRequest('请先删除子机构');
      const members = await tx
        .select({ account: user.account })
        .from(user)
        .where(
          and(
            tenantOf(u, user),
            sql`string_to_array(${user.deptId}, ',') && array[${sql.join(
              ids.map((i) => sql`${i}`),
              sql`, `,
            )}]::text[]`,
          ),
        )
        .limit(1);
      if (members[0]) throw badRequest(`机构下还有用户(${members[0].account})，不能删除`);
      const employees = await tx
        .select({ name: staff.name })
        .from(staff)
        .where(and(tenantOf(u, staff), inArray(staff.deptId, ids)))
        .limit(1);
      if (employees[0]) throw badRequest(`机构下还有员工(${employees[0].name})，不能删除`);
      await tx
        .update(dept)
        .set({ isDeleted: 1, updateUser: u.userId, updateTime: new Date() })
        .where(and(inArray(dept.id, ids), tenantOf(u, dept)));
      await writeOperationLog(tx, req, `删除机构: ${ids.join(',')}`);
    });
    return null;
  });
}
