/**
 * The queries of 核算维度 and 辅助核算项目 (dimensions.ts): a dimension of the book, the base data of its source,
 * whether an item is used, the duplicate checks of the hooks, the item rows as answered, the batch inserts, and
 * `syncDimension` (also used by the demo seed and the default templates).
 */
import { and, asc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import { DIMENSION_SOURCES, type DimensionItem } from '../../../core/contract/izs-financing/dimension.contract.ts';
import { type Executor, rows, type Tx } from '../../db/client.ts';
import {
  dept,
  finAccount,
  finDimension,
  finDimensionData,
  finOpening,
  material,
  relatedParty,
  staff,
  voucherLine,
} from '../../db/schema/index.ts';
import type { AuthUser } from '../../platform/auth.ts';
import { badRequest } from '../../platform/r.ts';
import { tenantIs } from '../../platform/scope.ts';
import { formatDateTime } from '../../platform/time.ts';

/** Related-party types counted as customers / suppliers (izs-stock's party screens use the same split). */
const CUSTOMER_TYPES = ['customer', 'both'];
const SUPPLIER_TYPES = ['supplier', 'both', 'logistics'];

export async function itemUsed(ex: Executor, bookId: string, itemIds: string[]): Promise<boolean> {
  for (const id of itemIds) {
    const [r] = await rows<{ used: boolean }>(
      ex,
      sql`select exists (select 1 from ${voucherLine} where account_set_id = ${bookId} and is_deleted = 0
            and ('|' || aux_key || '|') like ${`%:${id}|%`})
          or exists (select 1 from ${finOpening} where account_set_id = ${bookId}
            and ('|' || aux_key || '|') like ${`%:${id}|%`}) as used`,
    );
    if (r?.used) return true;
  }
  return false;
}

export async function dimensionOf(ex: Executor, bookId: string, id: string) {
  const [d] = await ex
    .select()
    .from(finDimension)
    .where(and(eq(finDimension.id, id), eq(finDimension.accountSetId, bookId), eq(finDimension.isDeleted, 0)))
    .limit(1);
  if (!d) throw badRequest('核算维度不存在');
  return d;
}

/** Base data of a source as (sourceId, code, name), tenant-wide. */
async function sourceRows(
  ex: Executor,
  tenantId: string,
  source: string,
): Promise<{ id: string; code: string; name: string }[]> {
  switch (source) {
    case 'customer':
    case 'supplier':
      return ex
        .select({ id: relatedParty.id, code: relatedParty.code, name: relatedParty.name })
        .from(relatedParty)
        .where(
          and(
            tenantIs(tenantId, relatedParty),
            inArray(relatedParty.type, source === 'customer' ? CUSTOMER_TYPES : SUPPLIER_TYPES),
          ),
        )
        .orderBy(asc(relatedParty.code));
    case 'dept':
      return (
        await ex
          .select({ id: dept.id, name: dept.deptName })
          .from(dept)
          .where(tenantIs(tenantId, dept))
          .orderBy(asc(dept.sort), asc(dept.id))
      ).map((d, i) => ({ ...d, code: `BM${String(i + 1).padStart(3, '0')}` }));
    case 'staff':
      return (
        await ex
          .select({ id: staff.id, code: staff.jobNumber, name: staff.name })
          .from(staff)
          .where(tenantIs(tenantId, staff))
          .orderBy(asc(staff.jobNumber))
      ).map((s, i) => ({ ...s, code: s.code || `ZY${String(i + 1).padStart(3, '0')}` }));
    case 'inventory':
      return ex
        .select({ id: material.id, code: material.code, name: material.name })
        .from(material)
        .where(tenantIs(tenantId, material))
        .orderBy(asc(material.code));
    default:
      return [];
  }
}

/** `id` names a live row of the tenant's base data of `source` (a customer / supplier, dept, staff or material). */
export async function sourceOwned(ex: Executor, tenantId: string, source: string, id: string): Promise<boolean> {
  const hit = async (t: typeof relatedParty | typeof dept | typeof staff | typeof material, extra?: SQL) =>
    (
      await ex
        .select({ id: t.id })
        .from(t as typeof material)
        .where(and(eq(t.id, id), tenantIs(tenantId, t), extra))
        .limit(1)
    ).length > 0;
  switch (source) {
    case 'customer':
    case 'supplier':
      return hit(relatedParty, inArray(relatedParty.type, source === 'customer' ? CUSTOMER_TYPES : SUPPLIER_TYPES));
    case 'dept':
      return hit(dept);
    case 'staff':
      return hit(staff);
    case 'inventory':
      return hit(material);
    default:
      return false;
  }
}

/** Copies the base data of the dimension's source that the dimension does not hold yet (by sourceId or code). */
export async function syncDimension(
  tx: Tx,
  tenantId: string,
  deptId: string | null,
  bookId: string,
  dimensionId: string,
  userId: string,
) {
  const d = await dimensionOf(tx, bookId, dimensionId);
  const meta = DIMENSION_SOURCES.find((s) => s.code === d.source);
  if (!meta?.syncable) throw badRequest(`核算维度「${d.name}」没有可同步的基础资料`);
  const have = await tx
    .select({ code: finDimensionData.code, sourceId: finDimensionData.sourceId })
    .from(finDimensionData)
    .where(and(eq(finDimensionData.dimensionId, d.id), eq(finDimensionData.isDeleted, 0)));
  const codes = new Set(have.map((h) => h.code));
  const sources = new Set(have.map((h) => h.sourceId).filter(Boolean));
  const add = (await sourceRows(tx, tenantId, d.source)).filter(
    (s) => s.code && !codes.has(s.code) && !sources.has(s.id),
  );
  for (let i = 0; i < add.length; i += 500) {
    await tx.insert(finDimensionData).values(
      add.slice(i, i + 500).map((s) => ({
        tenantId,
        deptId,
        accountSetId: bookId,
        dimensionId: d.id,
        code: s.code.slice(0, 32),
        name: s.name.slice(0, 100),
        sourceId: s.id,
        createUser: userId,
        updateUser: userId,
      })),
    );
  }
  return add.length;
}

/** Another live dimension of the book with this name (the one edited, `prevId`, excepted). */
export async function dimensionNameTaken(tx: Tx, bookId: string, name: string, prevId?: string) {
  const [dup] = await tx
    .select({ id: finDimension.id })
    .from(finDimension)
    .where(
      and(
        eq(finDimension.accountSetId, bookId),
        eq(finDimension.name, name),
        eq(finDimension.isDeleted, 0),
        ...(prevId !== undefined ? [ne(finDimension.id, prevId)] : []),
      ),
    )
    .limit(1);
  return dup;
}

/** A live account of the book counting in dimension `dimensionId` (its code), if any. */
export async function accountUsingDimension(tx: Tx, bookId: string, dimensionId: unknown) {
  const [acc] = await tx
    .select({ code: finAccount.code })
    .from(finAccount)
    .where(
      and(
        eq(finAccount.accountSetId, bookId),
        eq(finAccount.isDeleted, 0),
        sql`(',' || ${finAccount.auxDims} || ',') like ${`%,${dimensionId},%`}`,
      ),
    )
    .limit(1);
  return acc;
}

/** A live item of the dimension, if any. */
export async function anyItemOf(tx: Tx, dimensionId: string) {
  const [item] = await tx
    .select({ id: finDimensionData.id })
    .from(finDimensionData)
    .where(and(eq(finDimensionData.dimensionId, dimensionId), eq(finDimensionData.isDeleted, 0)))
    .limit(1);
  return item;
}

/** Another live item of the dimension with this code (the one edited, `prevId`, excepted). */
export async function itemCodeTaken(tx: Tx, dimensionId: string, code: string, prevId?: string) {
  const [dup] = await tx
    .select({ id: finDimensionData.id })
    .from(finDimensionData)
    .where(
      and(
        eq(finDimensionData.dimensionId, dimensionId),
        eq(finDimensionData.code, code),
        eq(finDimensionData.isDeleted, 0),
        ...(prevId !== undefined ? [ne(finDimensionData.id, prevId)] : []),
      ),
    )
    .limit(1);
  return dup;
}

/** The book's live items (of one dimension, or all) as answered, in dimension order then code; at most 20,000. */
export async function itemRows(
  db: Executor,
  tz: string,
  bookId: string,
  dimensionId?: string,
): Promise<DimensionItem[]> {
  const list = await db
    .select({
      id: finDimensionData.id,
      accountSetId: finDimensionData.accountSetId,
      dimensionId: finDimensionData.dimensionId,
      sourceName: finDimension.name,
      code: finDimensionData.code,
      name: finDimensionData.name,
      sourceId: finDimensionData.sourceId,
      remark: finDimensionData.remark,
      status: finDimensionData.status,
      deptId: finDimensionData.deptId,
      createTime: finDimensionData.createTime,
      updateTime: finDimensionData.updateTime,
    })
    .from(finDimensionData)
    .innerJoin(finDimension, eq(finDimension.id, finDimensionData.dimensionId))
    .where(
      and(
        eq(finDimensionData.accountSetId, bookId),
        eq(finDimensionData.isDeleted, 0),
        eq(finDimension.isDeleted, 0),
        ...(dimensionId ? [eq(finDimensionData.dimensionId, dimensionId)] : []),
      ),
    )
    .orderBy(asc(finDimension.sort), asc(finDimensionData.code))
    .limit(20000);
  return list.map((r) => ({
    ...r,
    createTime: formatDateTime(r.createTime, tz),
    updateTime: formatDateTime(r.updateTime, tz),
  }));
}

/** The ids of the book's live dimensions, in their order. */
export function dimensionIdsOf(db: Executor, bookId: string) {
  return db
    .select({ id: finDimension.id })
    .from(finDimension)
    .where(and(eq(finDimension.accountSetId, bookId), eq(finDimension.isDeleted, 0)))
    .orderBy(asc(finDimension.sort));
}

/** The first of `codes` a live item of the dimension already has, if any. */
export async function firstTakenCode(tx: Tx, dimensionId: string, codes: string[]) {
  const dup = await tx
    .select({ code: finDimensionData.code })
    .from(finDimensionData)
    .where(
      and(
        eq(finDimensionData.dimensionId, dimensionId),
        eq(finDimensionData.isDeleted, 0),
        inArray(finDimensionData.code, codes),
      ),
    )
    .limit(1);
  return dup[0];
}

/** New items of a dimension of the book, 500 rows a statement. */
export async function insertItems(
  tx: Tx,
  user: AuthUser,
  book: { id: string; deptId: string | null },
  dimensionId: string,
  items: { code: string; name: string; remark?: string }[],
) {
  for (let i = 0; i < items.length; i += 500) {
    await tx.insert(finDimensionData).values(
      items.slice(i, i + 500).map((it) => ({
        tenantId: user.tenantId,
        deptId: book.deptId,
        accountSetId: book.id,
        dimensionId,
        code: it.code,
        name: it.name,
        remark: it.remark,
        createUser: user.userId,
        updateUser: user.userId,
      })),
    );
  }
}
