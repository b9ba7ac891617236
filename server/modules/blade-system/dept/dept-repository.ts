/**
 * The rows of the department writes (submit.ts): a department of the caller's tenant (locked for an edit), its
 * update and the subtree's ancestors rewritten on a move, a new department, and what a removal looks for first
 * (the departments, their children, a user or an employee in them) before marking them deleted.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { dept, staff, user } from '../../../db/schema/index.ts';
import type { AuthUser } from '../../../platform/auth.ts';
import { effectiveDept, tenantOf, tenantOnly } from '../../../platform/scope.ts';

type DeptValues = Pick<
  typeof dept.$inferInsert,
  'parentId' | 'ancestors' | 'deptName' | 'fullName' | 'deptCategory' | 'sort' | 'remark'
>;

/** The tenant's department of this id (the parent of a submit). */
export const deptOf = (tx: Tx, u: AuthUser, id: string) =>
  tx
    .select()
    .from(dept)
    .where(and(eq(dept.id, id), tenantOf(u, dept)))
    .limit(1);

/** The tenant's department of this id, locked (the one edited). */
export const lockDept = (tx: Tx, u: AuthUser, id: string) =>
  tx
    .select()
    .from(dept)
    .where(and(eq(dept.id, id), tenantOf(u, dept)))
    .for('update');

/** A department's new values. */
export const updateDept = (tx: Tx, u: AuthUser, id: string, values: DeptValues) =>
  tx
    .update(dept)
    .set({ ...values, updateUser: u.userId, updateTime: new Date() })
    .where(and(eq(dept.id, id), tenantOf(u, dept)));

/** Move the subtree: rewrite the ancestors prefix of every descendant. */
export const moveSubtree = (tx: Tx, u: AuthUser, oldPrefix: string, newPrefix: string) =>
  tx
    .update(dept)
    .set({
      ancestors: sql`${newPrefix} || substr(${dept.ancestors}, ${oldPrefix.length + 1})`,
    })
    .where(
      and(tenantOnly(u, dept), sql`(${dept.ancestors} = ${oldPrefix} or ${dept.ancestors} like ${`${oldPrefix},%`})`),
    );

/** A new department of the tenant. */
export const insertDept = (tx: Tx, u: AuthUser, values: DeptValues) =>
  tx.insert(dept).values({
    ...values,
    tenantId: u.tenantId,
    createUser: u.userId,
    createDept: effectiveDept(u),
    updateUser: u.userId,
  });

/** The tenant's departments among these ids. */
export const deptsOf = (tx: Tx, u: AuthUser, ids: string[]) =>
  tx
    .select({ id: dept.id })
    .from(dept)
    .where(and(tenantOf(u, dept), inArray(dept.id, ids)));

/** The tenant's departments whose parent is one of these. */
export const childDepts = (tx: Tx, u: AuthUser, ids: string[]) =>
  tx
    .select({ id: dept.id })
    .from(dept)
    .where(and(tenantOf(u, dept), inArray(dept.parentId, ids)));

/** A user of the tenant in any of these departments, if any. */
export const memberOf = (tx: Tx, u: AuthUser, ids: string[]) =>
  tx
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

/** An employee of the tenant in any of these departments, if any. */
export const employeeOf = (tx: Tx, u: AuthUser, ids: string[]) =>
  tx
    .select({ name: staff.name })
    .from(staff)
    .where(and(tenantOf(u, staff), inArray(staff.deptId, ids)))
    .limit(1);

/** Marks the departments deleted. */
export const removeDepts = (tx: Tx, u: AuthUser, ids: string[]) =>
  tx
    .update(dept)
    .set({ isDeleted: 1, updateUser: u.userId, updateTime: new Date() })
    .where(and(inArray(dept.id, ids), tenantOf(u, dept)));
