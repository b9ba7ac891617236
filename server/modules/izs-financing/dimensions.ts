/**
 * 核算维度 and 辅助核算项目 of the current book (spec §7.4). Contract: dimension.contract.ts.
 * Engine routes + delete (GET), source list, list-data, map, all-map (the assist-data loading rule: each item
 * carries `sourceName`), save-list (all rows or none) and sync (copy base data of the dimension's source).
 */
import { and, asc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  DIMENSION_SOURCES,
  DIMENSIONS,
  type DimensionItem,
  dimensionItemResource,
  dimensionResource,
} from '../../../core/contract/izs-financing/dimension.contract.ts';
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
import type { CrudContext } from '../../platform/crud/index.ts';
import { endpoints } from '../../platform/endpoint.ts';
import { writeOperationLog } from '../../platform/logs.ts';
import { badRequest } from '../../platform/r.ts';
import { tenantIs } from '../../platform/scope.ts';
import { formatDateTime } from '../../platform/time.ts';
import { bookOf } from './book.ts';
import { idsOf, registerBookResource } from './book-resource.ts';

/** Related-party types counted as customers / suppliers (izs-stock's party screens use the same split). */
const CUSTOMER_TYPES = ['customer', 'both'];
const SUPPLIER_TYPES = ['supplier', 'both', 'logistics'];

async function itemUsed(ex: Executor, bookId: string, itemIds: string[]): Promise<boolean> {
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

async function dimensionOf(ex: Executor, bookId: string, id: string) {
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
async function sourceOwned(ex: Executor, tenantId: string, source: string, id: string): Promise<boolean> {
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

export function registerDimensions(app: FastifyInstance, ctx: CrudContext): void {
  const { db, tz } = ctx;
  const r = endpoints(app, db);

  const dimensions = registerBookResource(app, ctx, dimensionResource, finDimension, {
    beforeSave: async (tx, row, c) => {
      const [dup] = await tx
        .select({ id: finDimension.id })
        .from(finDimension)
        .where(
          and(
            eq(finDimension.accountSetId, c.bookId),
            eq(finDimension.name, String(row.name ?? c.prev?.name)),
            eq(finDimension.isDeleted, 0),
            ...(c.prev ? [ne(finDimension.id, String(c.prev.id))] : []),
          ),
        )
        .limit(1);
      if (dup) throw badRequest('维度名称已存在');
      if (c.prev && c.prev.preset === 1) {
        row.source = c.prev.source; // a preset dimension keeps its source
      }
    },
    beforeRemove: async (tx, list, c) => {
      for (const d of list) {
        if (d.preset === 1) throw badRequest(`系统预置维度「${d.name}」不能删除`);
        const [acc] = await tx
          .select({ code: finAccount.code })
          .from(finAccount)
          .where(
            and(
              eq(finAccount.accountSetId, c.bookId),
              eq(finAccount.isDeleted, 0),
              sql`(',' || ${finAccount.auxDims} || ',') like ${`%,${d.id},%`}`,
            ),
          )
          .limit(1);
        if (acc) throw badRequest(`核算维度「${d.name}」已被科目 ${acc.code} 使用，不能删除`);
        const [item] = await tx
          .select({ id: finDimensionData.id })
          .from(finDimensionData)
          .where(and(eq(finDimensionData.dimensionId, String(d.id)), eq(finDimensionData.isDeleted, 0)))
          .limit(1);
        if (item) throw badRequest(`核算维度「${d.name}」下还有辅助核算项目，不能删除`);
      }
    },
  });
  r.handle(DIMENSIONS.delete, async ({ req }) => {
    await dimensions.removeIds(req, idsOf(req));
    return null;
  });

  r.handle(DIMENSIONS.sourceList, () => DIMENSION_SOURCES);

  const items = registerBookResource(app, ctx, dimensionItemResource, finDimensionData, {
    joins: {
      sourceName: sql<string>`(select d.name from ${finDimension} d where d.id = ${finDimensionData.dimensionId})`,
    },
    filters: { dimensionId: (v) => eq(finDimensionData.dimensionId, String(v)) },
    beforeSave: async (tx, row, c) => {
      if (c.prev) row.dimensionId = c.prev.dimensionId; // an item stays in its dimension
      const dimensionId = String(row.dimensionId);
      const d = await dimensionOf(tx, c.bookId, dimensionId);
      // 来源数据: a row of the dimension's own source, of this tenant (an id of another tenant is an unknown id);
      // an edit keeping the item's source as it was is not re-checked (that row may have been deleted since)
      const changed = row.sourceId && String(row.sourceId) !== String(c.prev?.sourceId ?? '');
      if (changed && !(await sourceOwned(tx, c.user.tenantId, d.source, String(row.sourceId)))) {
        throw badRequest('来源数据不存在');
      }
      const [dup] = await tx
        .select({ id: finDimensionData.id })
        .from(finDimensionData)
        .where(
          and(
            eq(finDimensionData.dimensionId, dimensionId),
            eq(finDimensionData.code, String(row.code ?? c.prev?.code)),
            eq(finDimensionData.isDeleted, 0),
            ...(c.prev ? [ne(finDimensionData.id, String(c.prev.id))] : []),
          ),
        )
        .limit(1);
      if (dup) throw badRequest('编码已存在');
    },
    beforeRemove: async (tx, list, c) => {
      if (
        await itemUsed(
          tx,
          c.bookId,
          list.map((r) => String(r.id)),
        )
      ) {
        throw badRequest('辅助核算项目已被凭证或期初余额使用，不能删除');
      }
    },
  });

  r.handle(DIMENSIONS.dataDelete, async ({ req }) => {
    await items.removeIds(req, idsOf(req));
    return null;
  });

  const itemRows = async (bookId: string, dimensionId?: string): Promise<DimensionItem[]> => {
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
  };
  r.handle(DIMENSIONS.dataListData, ({ req, query }) => itemRows(bookOf(req).book.id, query.dimensionId));

  r.handle(DIMENSIONS.dataMap, async ({ req, query }) => {
    const list = await itemRows(bookOf(req).book.id, query.dimensionId);
    return Object.fromEntries(list.map((i) => [i.id, i.name]));
  });

  r.handle(DIMENSIONS.dataAllMap, async ({ req }) => {
    const { book } = bookOf(req);
    const dims = await db
      .select({ id: finDimension.id })
      .from(finDimension)
      .where(and(eq(finDimension.accountSetId, book.id), eq(finDimension.isDeleted, 0)))
      .orderBy(asc(finDimension.sort));
    const list = await itemRows(book.id);
    const out: Record<string, DimensionItem[]> = {};
    for (const d of dims) out[d.id] = list.filter((i) => i.dimensionId === d.id);
    return out;
  });

  r.handle(DIMENSIONS.dataSaveList, async ({ req, body }) => {
    const { book, user } = bookOf(req);
    const added = await db.transaction(async (tx) => {
      await dimensionOf(tx, book.id, body.dimensionId);
      const seen = new Set<string>();
      body.items.forEach((it, i) => {
        if (seen.has(it.code)) throw badRequest(`辅助核算项目第${i + 1}行：编码「${it.code}」重复`);
        seen.add(it.code);
      });
      const dup = await tx
        .select({ code: finDimensionData.code })
        .from(finDimensionData)
        .where(
          and(
            eq(finDimensionData.dimensionId, body.dimensionId),
            eq(finDimensionData.isDeleted, 0),
            inArray(finDimensionData.code, [...seen]),
          ),
        )
        .limit(1);
      if (dup[0]) {
        const row = body.items.findIndex((it) => it.code === dup[0].code) + 1;
        throw badRequest(`辅助核算项目第${row}行：编码「${dup[0].code}」已存在`);
      }
      for (let i = 0; i < body.items.length; i += 500) {
        await tx.insert(finDimensionData).values(
          body.items.slice(i, i + 500).map((it) => ({
            tenantId: user.tenantId,
            deptId: book.deptId,
            accountSetId: book.id,
            dimensionId: body.dimensionId,
            code: it.code,
            name: it.name,
            remark: it.remark,
            createUser: user.userId,
            updateUser: user.userId,
          })),
        );
      }
      await writeOperationLog(tx, req, '批量新增辅助核算项目', { added: [0, body.items.length] });
      return body.items.length;
    });
    return { added };
  });

  r.handle(DIMENSIONS.dataSync, async ({ req, body }) => {
    const { book, user } = bookOf(req);
    const added = await db.transaction(async (tx) => {
      const n = await syncDimension(tx, user.tenantId, book.deptId, book.id, body.dimensionId, user.userId);
      await writeOperationLog(tx, req, '同步辅助核算项目', { added: [0, n] });
      return n;
    });
    return { added };
  });
}
