/**
 * 资产类别 and 资产卡片 as engine resources of the book (book-resource.ts): defaults, account and life checks.
 * Queries: fixed-asset-resources-repository.ts.
 */

import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { termsOf } from '../../../core/accounting/asset-card.ts';
import { Decimal, type DepreciationMethod, dec, termsProblems } from '../../../core/accounting/index.ts';
import { assetCardResource, assetTypeResource } from '../../../core/contract/izs-financing/fixed-assets.contract.ts';
import type { Tx } from '../../db/client.ts';
import { asset, assetType } from '../../db/schema/index.ts';
import type { CrudContext, Row } from '../../platform/crud/index.ts';
import { badRequest } from '../../platform/r.ts';
import { bookOf, loadBookChart } from './book.ts';
import { type BookResourceHooks, registerBookResource } from './book-resource.ts';
import {
  cardCodeTaken,
  cardOfTypes,
  insertAcquisition,
  removeChangesOf,
  typeCodeTaken,
  typeOfBook,
} from './fixed-asset-resources-repository.ts';
import type { CardRow } from './fixed-asset-service.ts';
import {
  ACCUMULATED_SQL,
  bookedLines,
  checkAccounts,
  fillFromType,
  lifeCheck,
  rateText,
} from './fixed-asset-service.ts';

export function registerAssetResources(app: FastifyInstance, ctx: CrudContext): void {
  registerBookResource(app, ctx, assetTypeResource, assetType, {
    toEntity: rateText,
    filters: { name: (v) => sql`${assetType.name} like ${`%${String(v)}%`}` },
    beforeSave: checkTypeSave,
    beforeRemove: checkTypeRemove,
  });

  registerBookResource(app, ctx, assetCardResource, asset, {
    toEntity: rateText,
    joins: {
      typeName: sql<string>`(select t.name from ${assetType} t where t.id = "izs_fin_asset"."type_id")`,
      accumulated: ACCUMULATED_SQL,
      netValue: sql<string>`("izs_fin_asset"."cost" - ${ACCUMULATED_SQL}::numeric)::numeric(18, 2)::text`,
    },
    filters: {
      name: (v) => sql`${asset.name} like ${`%${String(v)}%`}`,
      code: (v) => sql`${asset.code} like ${`%${String(v)}%`}`,
      useDept: (v) => sql`${asset.useDept} like ${`%${String(v)}%`}`,
      typeId: (v) => eq(asset.typeId, String(v)),
      state: (v) => eq(asset.state, String(v)),
    },
    beforeSave: checkCardSave,
    afterSave: recordAcquisition,
    beforeRemove: checkCardRemove,
  });
}

/** A type: code unique in the book, life not below the tax minimum, whole years for the accelerated methods. */
const checkTypeSave: NonNullable<BookResourceHooks['beforeSave']> = async (tx, row, c) => {
  const code = String(row.code ?? c.prev?.code);
  const dup = await typeCodeTaken(tx, c.bookId, code, c.prev ? String(c.prev.id) : undefined);
  if (dup) throw badRequest(`类别编码「${code}」已存在`);
  const life = Number(row.lifeMonths ?? c.prev?.lifeMonths);
  const min = Number(row.minLifeMonths ?? c.prev?.minLifeMonths ?? 0);
  if (min > 0 && life < min) {
    throw badRequest(`默认使用月数 ${life} 少于税法最低折旧年限 ${min} 个月（《企业所得税法实施条例》第60条）`);
  }
  const method = String(row.method ?? c.prev?.method);
  if ((method === 'doubleDeclining' || method === 'sumOfYears') && life % 12 !== 0) {
    throw badRequest('双倍余额递减法和年数总和法的使用月数应为 12 的倍数');
  }
  const bc = await loadBookChart(tx, bookOf(c.req).book);
  checkAccounts(bc, row, false);
};

/** A type a card uses is not removed. */
const checkTypeRemove: NonNullable<BookResourceHooks['beforeRemove']> = async (tx, list, c) => {
  const used = await cardOfTypes(
    tx,
    c.bookId,
    list.map((t) => String(t.id)),
  );
  if (used) throw badRequest('资产类别已被资产卡片使用，不能删除');
};

/** A card: not disposed, code unique, of a type of the book, terms fixed once depreciated, valid terms and accounts. */
const checkCardSave: NonNullable<BookResourceHooks['beforeSave']> = async (tx, row, c) => {
  const book = bookOf(c.req).book;
  const prev = c.prev as CardRow | undefined;
  if (prev?.state === 'disposed') throw badRequest('资产已处置，不能修改');
  const code = String(row.code ?? prev?.code);
  const dup = await cardCodeTaken(tx, c.bookId, code, prev ? String(prev.id) : undefined);
  if (dup) throw badRequest(`资产编码「${code}」已存在`);
  const type = await typeOfBook(tx, c.bookId, String(row.typeId ?? prev?.typeId));
  if (!type) throw badRequest('资产类别不存在');
  fillFromType(row, type, prev);
  if (prev) await refuseMovedTerms(tx, c.bookId, row, prev);
  checkTerms(row);
  lifeCheck(type, Number(row.lifeMonths));
  const bc = await loadBookChart(tx, book);
  checkAccounts(bc, row, true);
};

/** A depreciated card changes its terms only through 变动. */
async function refuseMovedTerms(tx: Tx, bookId: string, row: Row, prev: CardRow) {
  const booked = (await bookedLines(tx, bookId, [prev.id])).get(prev.id) ?? [];
  const fixed = [
    'cost',
    'residualRate',
    'lifeMonths',
    'method',
    'inServiceDate',
    'totalWorkload',
    'openingAccumulated',
  ] as const;
  const moved = fixed.filter((f) => row[f] !== undefined && String(row[f] ?? '') !== String(prev[f] ?? ''));
  if (booked.length && moved.length) {
    throw badRequest('资产已计提折旧，原值、使用月数、残值率等请通过「变动」修改');
  }
}

/** The card's terms as core checks them; 期初累计折旧 within cost − residual. */
function checkTerms(row: Row) {
  const problems = termsProblems({
    ...termsOf({
      cost: String(row.cost),
      residualRate: String(row.residualRate),
      lifeMonths: Number(row.lifeMonths),
      inServiceDate: String(row.inServiceDate),
      method: row.method as DepreciationMethod,
      totalWorkload: (row.totalWorkload as string | null) ?? null,
      reestimated: false,
      disposalPeriod: '',
    }),
  });
  if (problems.length) throw badRequest(problems[0]);
  const residual = dec(String(row.cost))
    .times(dec(String(row.residualRate)))
    .toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  if (dec(String(row.openingAccumulated ?? 0)).gt(dec(String(row.cost)).minus(residual))) {
    throw badRequest('期初累计折旧不能大于应计折旧额（原值 − 预计净残值）');
  }
}

/** A new card's acquisition is its first 变动记录. */
const recordAcquisition: NonNullable<BookResourceHooks['afterSave']> = async (tx, row, c) => {
  if (!c.isNew) return;
  await insertAcquisition(tx, c.user, row);
};

/** A depreciated card is disposed, not removed; a removed card's 变动记录 go with it. */
const checkCardRemove: NonNullable<BookResourceHooks['beforeRemove']> = async (tx, list, c) => {
  const booked = await bookedLines(
    tx,
    c.bookId,
    list.map((r) => String(r.id)),
  );
  if (booked.size) throw badRequest('资产已计提折旧，不能删除，请做处置');
  await removeChangesOf(
    tx,
    list.map((r) => String(r.id)),
  );
};
