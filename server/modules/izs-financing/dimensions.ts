/**
 * 核算维度 and 辅助核算项目 of the current book (spec §7.4). Contract: dimension.contract.ts.
 * Engine routes + delete (GET), source list, list-data, map, all-map (the assist-data loading rule: each item
 * carries `sourceName`), save-list (all rows or none) and sync (copy base data of the dimension's source).
 * Queries: dimensions-repository.ts.
 */
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  DIMENSION_SOURCES,
  DIMENSIONS,
  type DimensionItem,
  dimensionItemResource,
  dimensionResource,
} from '../../../core/contract/izs-financing/dimension.contract.ts';
import type { Db } from '../../db/client.ts';
import { finDimension, finDimensionData } from '../../db/schema/index.ts';
import type { CrudContext } from '../../platform/crud/index.ts';
import { endpoints, type Handler } from '../../platform/endpoint.ts';
import { writeOperationLog } from '../../platform/logs.ts';
import { badRequest } from '../../platform/r.ts';
import { bookOf } from './book.ts';
import { type BookResource, type BookResourceHooks, idsOf, registerBookResource } from './book-resource.ts';
import {
  accountUsingDimension,
  anyItemOf,
  dimensionIdsOf,
  dimensionNameTaken,
  dimensionOf,
  firstTakenCode,
  insertItems,
  itemCodeTaken,
  itemRows,
  itemUsed,
  sourceOwned,
  syncDimension,
} from './dimensions-repository.ts';

export function registerDimensions(app: FastifyInstance, ctx: CrudContext): void {
  const r = endpoints(app, ctx.db);
  const dimensions = registerBookResource(app, ctx, dimensionResource, finDimension, {
    beforeSave: checkDimensionSave,
    beforeRemove: checkDimensionRemove,
  });
  r.handle(DIMENSIONS.delete, removeByIds(dimensions));
  r.handle(DIMENSIONS.sourceList, () => DIMENSION_SOURCES);
  const items = registerBookResource(app, ctx, dimensionItemResource, finDimensionData, {
    joins: {
      sourceName: sql<string>`(select d.name from ${finDimension} d where d.id = ${finDimensionData.dimensionId})`,
    },
    filters: { dimensionId: (v) => eq(finDimensionData.dimensionId, String(v)) },
    beforeSave: checkItemSave,
    beforeRemove: checkItemRemove,
  });
  r.handle(DIMENSIONS.dataDelete, removeByIds(items));
  r.handle(DIMENSIONS.dataListData, itemListData(ctx));
  r.handle(DIMENSIONS.dataMap, itemMap(ctx));
  r.handle(DIMENSIONS.dataAllMap, allItemMap(ctx));
  r.handle(DIMENSIONS.dataSaveList, saveItemList(ctx.db));
  r.handle(DIMENSIONS.dataSync, syncItems(ctx.db));
}

/** A dimension's name is unique in the book; a preset dimension keeps its source. */
const checkDimensionSave: NonNullable<BookResourceHooks['beforeSave']> = async (tx, row, c) => {
  const dup = await dimensionNameTaken(
    tx,
    c.bookId,
    String(row.name ?? c.prev?.name),
    c.prev ? String(c.prev.id) : undefined,
  );
  if (dup) throw badRequest('维度名称已存在');
  if (c.prev && c.prev.preset === 1) {
    row.source = c.prev.source; // a preset dimension keeps its source
  }
};

/** A preset dimension, one an account counts in, or one with items is not removed. */
const checkDimensionRemove: NonNullable<BookResourceHooks['beforeRemove']> = async (tx, list, c) => {
  for (const d of list) {
    if (d.preset === 1) throw badRequest(`系统预置维度「${d.name}」不能删除`);
    const acc = await accountUsingDimension(tx, c.bookId, d.id);
    if (acc) throw badRequest(`核算维度「${d.name}」已被科目 ${acc.code} 使用，不能删除`);
    const item = await anyItemOf(tx, String(d.id));
    if (item) throw badRequest(`核算维度「${d.name}」下还有辅助核算项目，不能删除`);
  }
};

/** An item stays in its dimension, its 来源数据 is a row of the dimension's source, its code unique there. */
const checkItemSave: NonNullable<BookResourceHooks['beforeSave']> = async (tx, row, c) => {
  if (c.prev) row.dimensionId = c.prev.dimensionId; // an item stays in its dimension
  const dimensionId = String(row.dimensionId);
  const d = await dimensionOf(tx, c.bookId, dimensionId);
  // 来源数据: a row of the dimension's own source, of this tenant (an id of another tenant is an unknown id);
  // an edit keeping the item's source as it was is not re-checked (that row may have been deleted since)
  const changed = row.sourceId && String(row.sourceId) !== String(c.prev?.sourceId ?? '');
  if (changed && !(await sourceOwned(tx, c.user.tenantId, d.source, String(row.sourceId)))) {
    throw badRequest('来源数据不存在');
  }
  const dup = await itemCodeTaken(
    tx,
    dimensionId,
    String(row.code ?? c.prev?.code),
    c.prev ? String(c.prev.id) : undefined,
  );
  if (dup) throw badRequest('编码已存在');
};

/** An item a voucher line or an opening balance uses is not removed. */
const checkItemRemove: NonNullable<BookResourceHooks['beforeRemove']> = async (tx, list, c) => {
  if (
    await itemUsed(
      tx,
      c.bookId,
      list.map((r) => String(r.id)),
    )
  ) {
    throw badRequest('辅助核算项目已被凭证或期初余额使用，不能删除');
  }
};

/** GET delete?ids of a book resource. */
function removeByIds(resource: BookResource) {
  return async ({ req }: { req: FastifyRequest }): Promise<null> => {
    await resource.removeIds(req, idsOf(req));
    return null;
  };
}

function itemListData({ db, tz }: CrudContext): Handler<typeof DIMENSIONS.dataListData> {
  return ({ req, query }) => itemRows(db, tz, bookOf(req).book.id, query.dimensionId);
}

function itemMap({ db, tz }: CrudContext): Handler<typeof DIMENSIONS.dataMap> {
  return async ({ req, query }) => {
    const list = await itemRows(db, tz, bookOf(req).book.id, query.dimensionId);
    return Object.fromEntries(list.map((i) => [i.id, i.name]));
  };
}

function allItemMap({ db, tz }: CrudContext): Handler<typeof DIMENSIONS.dataAllMap> {
  return async ({ req }) => {
    const { book } = bookOf(req);
    const dims = await dimensionIdsOf(db, book.id);
    const list = await itemRows(db, tz, book.id);
    const out: Record<string, DimensionItem[]> = {};
    for (const d of dims) out[d.id] = list.filter((i) => i.dimensionId === d.id);
    return out;
  };
}

/** All rows or none: codes unique in the batch and new to the dimension. */
function saveItemList(db: Db): Handler<typeof DIMENSIONS.dataSaveList> {
  return async ({ req, body }) => {
    const { book, user } = bookOf(req);
    const added = await db.transaction(async (tx) => {
      await dimensionOf(tx, book.id, body.dimensionId);
      const seen = new Set<string>();
      body.items.forEach((it, i) => {
        if (seen.has(it.code)) throw badRequest(`辅助核算项目第${i + 1}行：编码「${it.code}」重复`);
        seen.add(it.code);
      });
      const dup = await firstTakenCode(tx, body.dimensionId, [...seen]);
      if (dup) {
        const row = body.items.findIndex((it) => it.code === dup.code) + 1;
        throw badRequest(`辅助核算项目第${row}行：编码「${dup.code}」已存在`);
      }
      await insertItems(tx, user, book, body.dimensionId, body.items);
      await writeOperationLog(tx, req, '批量新增辅助核算项目', { added: [0, body.items.length] });
      return body.items.length;
    });
    return { added };
  };
}

function syncItems(db: Db): Handler<typeof DIMENSIONS.dataSync> {
  return async ({ req, body }) => {
    const { book, user } = bookOf(req);
    const added = await db.transaction(async (tx) => {
      const n = await syncDimension(tx, user.tenantId, book.deptId, book.id, body.dimensionId, user.userId);
      await writeOperationLog(tx, req, '同步辅助核算项目', { added: [0, n] });
      return n;
    });
    return { added };
  };
}
