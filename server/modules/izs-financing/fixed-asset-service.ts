/**
 * 固定资产 service: default types, account checks, cards, booked depreciation lines, changes and the subsidiary
 * book rows — what the card, run and voucher handlers share (fixed-assets.ts says what the area guarantees).
 */

import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { BookedMonth, CardState } from '../../../core/accounting/asset-card.ts';
import {
  type DepreciationMethod,
  dec,
  minimumAcceleratedLifeMonths,
  monthOf,
  TAX_MINIMUM_LIVES,
  yearOf,
  ZERO,
} from '../../../core/accounting/index.ts';
import { deprGenerateBody, type SubsidiaryRow } from '../../../core/contract/izs-financing/fixed-assets.contract.ts';
import { moneyFixed } from '../../../core/format/amounts.ts';
import type { Executor, Tx } from '../../db/client.ts';
import { asset, assetChange, assetType, depreciationLine, depreciationRun, voucher } from '../../db/schema/index.ts';
import type { Row } from '../../platform/crud/index.ts';
import { badRequest } from '../../platform/r.ts';
import { formatDateTime } from '../../platform/time.ts';
import { parse } from '../../platform/validate.ts';
import { type Book, type BookChart, type BookCtx, loadBookChart } from './book.ts';
import { lockOpenPeriod } from './vouchers.ts';

export type CardRow = typeof asset.$inferSelect;
export type TypeRow = typeof assetType.$inferSelect;

// ---------------------------------------------------------------- defaults and accounts

/** Default types: the five tax categories of 条例第60条 (fixed_assets.md §4) with the small chart's 1601 children. */
export const DEFAULT_TYPES = [
  { code: '01', name: '房屋及建筑物', sub: '房屋及建筑物' },
  { code: '02', name: '机器设备', sub: '机器设备' },
  { code: '03', name: '器具工具家具', sub: '办公设备及家具' },
  { code: '04', name: '运输工具', sub: '运输工具' },
  { code: '05', name: '电子设备', sub: '电子设备' },
].map((t, i) => ({ ...t, tax: TAX_MINIMUM_LIVES[i] }));

export const isLeafIn = (bc: BookChart, code: string) => ![...bc.rows.values()].some((r) => r.parentCode === code);

/** The book's default accounts: a leaf under 1601 named like the type, 1602, the 折旧费 leaf of 管理费用. */
export function defaultAccounts(bc: BookChart, book: Pick<Book, 'standard'>, sub = '') {
  const child = (parent: string, name: string) =>
    [...bc.rows.values()].find((r) => r.parentCode === parent && r.name === name && r.status === 1)?.code;
  const leafOr = (code: string) => (bc.rows.has(code) && isLeafIn(bc, code) ? code : '');
  const expenseParent = book.standard === 'small' ? '5602' : '6602';
  return {
    assetAccount: (sub && child('1601', sub)) || leafOr('1601'),
    accumAccount: leafOr('1602'),
    expenseAccount: child(expenseParent, '折旧费') || leafOr(expenseParent),
  };
}

/** Seeds the default types the first time a book's types are read (never again, even if all are deleted). */
export async function ensureTypes(ex: Executor, c: BookCtx) {
  const [any] = await ex
    .select({ id: assetType.id })
    .from(assetType)
    .where(eq(assetType.accountSetId, c.book.id))
    .limit(1);
  if (any) return;
  const bc = await loadBookChart(ex, c.book);
  await ex
    .insert(assetType)
    .values(
      DEFAULT_TYPES.map((t, i) => ({
        tenantId: c.book.tenantId,
        deptId: c.book.deptId,
        accountSetId: c.book.id,
        code: t.code,
        name: t.name,
        taxCategory: t.tax.category,
        lifeMonths: t.tax.months,
        minLifeMonths: t.tax.months,
        method: 'straightLine',
        residualRate: '0.05',
        ...defaultAccounts(bc, c.book, t.sub),
        sort: i + 1,
        createUser: c.user.userId,
        updateUser: c.user.userId,
      })),
    )
    .onConflictDoNothing();
}

/** 400 unless `code` is an enabled leaf of the book in the right place. */
export function checkAccount(bc: BookChart, code: string, kind: 'asset' | 'accum' | 'expense', label: string) {
  const row = bc.rows.get(code);
  if (!row) throw badRequest(`${label} ${code} 不存在于当前账套的科目表`);
  if (row.status !== 1) throw badRequest(`${label} ${code} 已停用`);
  if (!isLeafIn(bc, code)) throw badRequest(`${label} ${code} 不是末级科目，请选择其下级科目`);
  if (kind === 'asset' && !code.startsWith('1601')) throw badRequest(`${label}应为 1601 固定资产或其下级科目`);
  if (kind === 'accum' && !code.startsWith('1602')) throw badRequest(`${label}应为 1602 累计折旧或其下级科目`);
  if (kind === 'expense' && row.category !== '损益' && row.category !== '成本') {
    throw badRequest(`${label}应为费用（损益类）或成本类科目`);
  }
}

export function checkAccounts(bc: BookChart, r: Row, required: boolean) {
  const list: [string, 'asset' | 'accum' | 'expense', string][] = [
    ['assetAccount', 'asset', '固定资产科目'],
    ['accumAccount', 'accum', '累计折旧科目'],
    ['expenseAccount', 'expense', '折旧费用科目'],
  ];
  for (const [field, kind, label] of list) {
    const code = String(r[field] ?? '');
    if (!code) {
      if (required) throw badRequest(`请填写${label}`);
      continue;
    }
    checkAccount(bc, code, kind, label);
  }
}

// ---------------------------------------------------------------- booked depreciation

export interface BookedLine extends BookedMonth {
  assetId: string;
  voucherId: string;
  word: string;
  no: number;
}

/** Lines whose run and voucher are live (the booked depreciation), by card. */
export async function bookedLines(
  ex: Executor,
  bookId: string,
  assetIds?: string[],
): Promise<Map<string, BookedLine[]>> {
  const list = await ex
    .select({
      assetId: depreciationLine.assetId,
      period: depreciationLine.period,
      amount: depreciationLine.amount,
      workload: depreciationLine.workload,
      voucherId: voucher.id,
      word: voucher.word,
      no: voucher.no,
    })
    .from(depreciationLine)
    .innerJoin(depreciationRun, and(eq(depreciationRun.id, depreciationLine.runId), eq(depreciationRun.isDeleted, 0)))
    .innerJoin(voucher, and(eq(voucher.id, depreciationRun.voucherId), eq(voucher.isDeleted, 0)))
    .where(
      and(
        eq(depreciationLine.accountSetId, bookId),
        eq(depreciationLine.isDeleted, 0),
        ...(assetIds ? [inArray(depreciationLine.assetId, assetIds.length ? assetIds : ['0'])] : []),
      ),
    )
    .orderBy(asc(depreciationLine.period));
  const out = new Map<string, BookedLine[]>();
  for (const l of list) {
    const line = { ...l, workload: l.workload ?? null };
    out.set(l.assetId, [...(out.get(l.assetId) ?? []), line]);
  }
  return out;
}

export const sumOf = (list: readonly { amount: string }[] | undefined) =>
  (list ?? []).reduce((s, l) => s.plus(dec(l.amount)), ZERO);

export function cardState(r: CardRow): CardState {
  return {
    cost: r.cost,
    residualRate: r.residualRate,
    lifeMonths: r.lifeMonths,
    inServiceDate: r.inServiceDate,
    method: r.method as DepreciationMethod,
    totalWorkload: r.totalWorkload,
    reestimated: r.reestimated === 1,
    disposalPeriod: r.disposalPeriod,
    openingAccumulated: r.openingAccumulated,
  };
}

export async function loadCard(ex: Executor, bookId: string, id: string, lock = false): Promise<CardRow> {
  const q = ex
    .select()
    .from(asset)
    .where(and(eq(asset.id, id), eq(asset.accountSetId, bookId), eq(asset.isDeleted, 0)));
  const [r] = lock ? await q.for('update') : await q;
  if (!r) throw badRequest('资产卡片不存在');
  return r;
}

export async function liveCards(ex: Executor, bookId: string): Promise<(CardRow & { typeName: string })[]> {
  const list = await ex
    .select({ card: asset, typeName: assetType.name })
    .from(asset)
    .leftJoin(assetType, eq(assetType.id, asset.typeId))
    .where(and(eq(asset.accountSetId, bookId), eq(asset.isDeleted, 0)))
    .orderBy(asc(asset.code));
  return list.map((x) => ({ ...x.card, typeName: x.typeName ?? '' }));
}

/** 400 when the period is before the book's start or closed. */
export async function openPeriod(tx: Tx, book: Book, period: string, label: string) {
  await lockOpenPeriod(tx, book.id, period, label);
}

export const periodName = (p: string) => `${yearOf(p)}年${monthOf(p)}月`;

// ---------------------------------------------------------------- subsidiary book and summary

export async function changesOf(ex: Executor, bookId: string, assetIds?: string[]) {
  return ex
    .select()
    .from(assetChange)
    .where(
      and(
        eq(assetChange.accountSetId, bookId),
        eq(assetChange.isDeleted, 0),
        ...(assetIds ? [inArray(assetChange.assetId, assetIds.length ? assetIds : ['0'])] : []),
      ),
    )
    .orderBy(asc(assetChange.createTime), asc(assetChange.id));
}

export function subsidiaryRows(
  cards: (CardRow & { typeName: string })[],
  changes: (typeof assetChange.$inferSelect)[],
  booked: Map<string, BookedLine[]>,
  from: string,
  to: string,
): SubsidiaryRow[] {
  return cards
    .map((c) => {
      const mine = changes.filter((x) => x.assetId === c.id);
      const sum = (f: (x: (typeof mine)[number]) => boolean, sign: 1 | -1) =>
        mine.filter(f).reduce((s, x) => {
          const v = dec(x.costDelta);
          return sign === 1 ? (v.gt(0) ? s.plus(v) : s) : v.lt(0) ? s.minus(v) : s;
        }, ZERO);
      const openingCost = mine.filter((x) => x.period < from).reduce((s, x) => s.plus(dec(x.costDelta)), ZERO);
      const inRange = (x: { period: string }) => x.period >= from && x.period <= to;
      const costIncrease = sum(inRange, 1);
      const costDecrease = sum(inRange, -1);
      const lines = booked.get(c.id) ?? [];
      const disposedBefore = c.disposalPeriod && c.disposalPeriod < from;
      const opening = dec(c.openingAccumulated);
      const openingAccum = disposedBefore ? ZERO : sumOf(lines.filter((l) => l.period < from)).plus(opening);
      const deprInPeriod = sumOf(lines.filter(inRange));
      const accumDecrease =
        c.disposalPeriod && c.disposalPeriod >= from && c.disposalPeriod <= to
          ? sumOf(lines.filter((l) => l.period <= to)).plus(opening)
          : ZERO;
      const closingCost = openingCost.plus(costIncrease).minus(costDecrease);
      const closingAccum = openingAccum.plus(deprInPeriod).minus(accumDecrease);
      return {
        assetId: c.id,
        code: c.code,
        name: c.name,
        typeName: c.typeName,
        useDept: c.useDept,
        openingCost: moneyFixed(openingCost),
        costIncrease: moneyFixed(costIncrease),
        costDecrease: moneyFixed(costDecrease),
        closingCost: moneyFixed(closingCost),
        openingAccum: moneyFixed(openingAccum),
        deprInPeriod: moneyFixed(deprInPeriod),
        accumDecrease: moneyFixed(accumDecrease),
        closingAccum: moneyFixed(closingAccum),
        closingNet: moneyFixed(closingCost.minus(closingAccum)),
        touched: mine.some((x) => x.period <= to),
      };
    })
    .filter((r) => r.touched)
    .map(({ touched: _t, ...r }) => r);
}

export const ACCUMULATED_SQL = sql<string>`("izs_fin_asset"."opening_accumulated" + (select coalesce(sum(l.amount), 0) from izs_fin_depr_line l
  join izs_fin_depr_run r on r.id = l.run_id and r.is_deleted = 0
  join izs_fin_voucher v on v.id = r.voucher_id and v.is_deleted = 0
  where l.asset_id = "izs_fin_asset"."id" and l.is_deleted = 0))::numeric(18, 2)::text`;

/** 0.050000 → 0.05 (numeric(9,6) answers six decimals). */
export const rateText = (e: Row): Row => ({
  ...e,
  residualRate: e.residualRate == null ? e.residualRate : dec(String(e.residualRate)).toString(),
});

/** Blank card terms take the type's defaults (and the book's accounts from the type). */
export function fillFromType(row: Row, type: TypeRow, prev?: CardRow) {
  const blank = (v: unknown) => v === undefined || v === null || v === '';
  const src = (prev ?? type) as Row;
  for (const f of ['residualRate', 'lifeMonths', 'method', 'assetAccount', 'accumAccount', 'expenseAccount']) {
    if (blank(row[f])) row[f] = blank(src[f]) ? (type as Row)[f] : src[f];
  }
  if (row.method !== 'workload') row.totalWorkload = null;
}

/** A card's life may be shorter than the tax minimum only down to 60 % of it (财税〔2014〕75号). */
export function lifeCheck(type: TypeRow, life: number) {
  const tax = TAX_MINIMUM_LIVES.find((t) => t.category === type.taxCategory);
  if (!tax) return;
  const min = minimumAcceleratedLifeMonths(tax.category);
  if (life < min) {
    throw badRequest(`使用月数 ${life} 少于税法最低折旧年限的 60%（${min} 个月，${type.name}最低 ${tax.months} 个月）`);
  }
}

export function serialiseCard(r: CardRow, tz: string) {
  return {
    ...r,
    createTime: formatDateTime(r.createTime, tz),
    updateTime: formatDateTime(r.updateTime, tz),
    totalWorkload: r.totalWorkload ?? null,
  };
}

export function parseWorkloads(raw: unknown): Record<string, string> {
  if (!raw) return {};
  try {
    const v = typeof raw === 'string' ? JSON.parse(raw) : raw;
    return parse(deprGenerateBody.shape.workloads, v);
  } catch (e) {
    if (e instanceof SyntaxError) throw badRequest('本月工作量格式不正确');
    throw e;
  }
}
