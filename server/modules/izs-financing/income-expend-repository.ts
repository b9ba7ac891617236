/** The queries of 收支管理's own routes (income-expend.ts): the summary's sums, the counterparty items. */
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { finDimensionData, incomeExpend } from '../../db/schema/index.ts';

/** Income, expense and count of the book's live records matching `conds`. */
export async function incomeExpendSums(db: Db, bookId: string, conds: SQL[]) {
  const [s] = await db
    .select({
      income: sql<string>`coalesce(sum(case when ${incomeExpend.kind} = 'income' then ${incomeExpend.amount} end), 0)::text`,
      expense: sql<string>`coalesce(sum(case when ${incomeExpend.kind} = 'expense' then ${incomeExpend.amount} end), 0)::text`,
      count: sql<number>`count(*)::int`,
    })
    .from(incomeExpend)
    .where(and(eq(incomeExpend.accountSetId, bookId), eq(incomeExpend.isDeleted, 0), ...conds));
  return s;
}

/** The book's live, enabled items of these dimensions, by code. */
export function enabledItemsOf(db: Db, bookId: string, dimensionIds: string[]) {
  return db
    .select({ id: finDimensionData.id, dimensionId: finDimensionData.dimensionId, name: finDimensionData.name })
    .from(finDimensionData)
    .where(
      and(
        eq(finDimensionData.accountSetId, bookId),
        eq(finDimensionData.isDeleted, 0),
        eq(finDimensionData.status, 1),
        inArray(finDimensionData.dimensionId, dimensionIds),
      ),
    )
    .orderBy(finDimensionData.code);
}
