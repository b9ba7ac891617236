/** The queries of the account-set writes (account-set-save.ts). */
import { and, eq, ne } from 'drizzle-orm';
import type { AccountSetForm } from '../../../core/contract/izs-financing/account-set.contract.ts';
import type { Tx } from '../../db/client.ts';
import { accountSet, finAccount } from '../../db/schema/index.ts';
import type { AuthUser } from '../../platform/auth.ts';
import { tenantOf, tenantOnly } from '../../platform/scope.ts';
import { bookColumns } from './account-set-service.ts';

/** A book of the tenant's department with this name, if any. */
export async function bookNamed(tx: Tx, user: AuthUser, deptId: string, name: string) {
  const [dup] = await tx
    .select({ id: accountSet.id })
    .from(accountSet)
    .where(and(tenantOf(user, accountSet), eq(accountSet.deptId, deptId), eq(accountSet.name, name)))
    .limit(1);
  return dup;
}

/** Another book (than `id`) of the tenant's department with this name, if any. */
export async function otherBookNamed(tx: Tx, user: AuthUser, deptId: string, name: string, id: string) {
  const [dup] = await tx
    .select({ id: accountSet.id })
    .from(accountSet)
    .where(
      and(tenantOf(user, accountSet), eq(accountSet.deptId, deptId), eq(accountSet.name, name), ne(accountSet.id, id)),
    )
    .limit(1);
  return dup;
}

/** The book row, locked FOR UPDATE. */
export async function lockBookRow(tx: Tx, id: string) {
  await tx.select({ id: accountSet.id }).from(accountSet).where(eq(accountSet.id, id)).for('update');
}

/** No book of the department is the default any more. */
export async function clearDefaultBook(tx: Tx, user: AuthUser, deptId: string) {
  await tx
    .update(accountSet)
    .set({ isDefault: '0' })
    .where(and(tenantOnly(user, accountSet), eq(accountSet.deptId, deptId)));
}

/** The book's chart deleted (rebuilt by insertPresetChart). */
export async function dropChart(tx: Tx, bookId: string) {
  await tx.delete(finAccount).where(eq(finAccount.accountSetId, bookId));
}

/** The book's fields from the form (bookColumns, as a new book's); answers the row. */
export async function updateBookRow(tx: Tx, user: AuthUser, id: string, form: AccountSetForm) {
  const [u] = await tx
    .update(accountSet)
    .set({
      ...bookColumns(form),
      updateUser: user.userId,
      updateTime: new Date(),
    })
    .where(eq(accountSet.id, id))
    .returning();
  return u;
}
