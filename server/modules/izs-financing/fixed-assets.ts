/**
 * 固定资产 of the current book (research fixed_assets.md; contract fixed-assets.contract.ts):
 * types (seeded per book from the tax minimum lives), cards (acquisition, change, disposal, history, schedule),
 * the subsidiary book, and the monthly depreciation run that writes one voucher 借 折旧费用 / 贷 累计折旧.
 *
 * Guarantees:
 * - every read and write stays in the request's book (book-resource.ts hooks, `account_set_id` on every query);
 * - accounts named on a type or card exist in the book's chart, are enabled leaves, and sit under 1601 (asset),
 *   1602 (accumulated depreciation) and a 损益/成本 account (expense);
 * - a run is all-or-nothing in one transaction: the voucher goes through `saveVoucherTx` (validation, numbering,
 *   open-period check); one live run per period (a run counts while its voucher is live), none before a later run;
 * - 累计折旧 of a card is Σ of its lines whose run's voucher is live, so deleting the unposted run voucher (here by
 *   `depreciation/undo` or in the voucher list) undoes the run.
 */
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  type BookedMonth,
  type CardState,
  monthDepreciation,
  projectSchedule,
  termsOf,
} from '../../../core/accounting/asset-card.ts';
import {
  Decimal,
  type DepreciationMethod,
  dec,
  editBlock,
  formatVoucherNo,
  lastDay,
  minimumAcceleratedLifeMonths,
  monthOf,
  periodOf,
  TAX_MINIMUM_LIVES,
  termsProblems,
  type VoucherStatus,
  yearOf,
  ZERO,
} from '../../../core/accounting/index.ts';
import {
  type AssetChangeRow,
  type AssetHistory,
  type AssetSummaryRow,
  assetCardResource,
  assetChangeBody,
  assetDisposeBody,
  assetIdQuery,
  assetTypeResource,
  type DeprPreview,
  type DeprPreviewLine,
  type DeprRun,
  deprGenerateBody,
  deprPeriodQuery,
  FA_BASE,
  FA_PATHS,
  FA_PERMISSIONS,
  type ScheduleRowOut,
  type SubsidiaryRow,
  subsidiaryQuery,
} from '../../../core/contract/izs-financing/fixed-assets.contract.ts';
import { type Executor, rows, type Tx } from '../../db/client.ts';
import {
  asset,
  assetChange,
  assetType,
  depreciationLine,
  depreciationRun,
  voucher,
  voucherLine,
} from '../../db/schema/index.ts';
import type { CrudContext, Row } from '../../platform/crud/index.ts';
import { writeOperationLog } from '../../platform/logs.ts';
import { badRequest, ok } from '../../platform/r.ts';
import { formatDateTime } from '../../platform/time.ts';
import { parse } from '../../platform/validate.ts';
import {
  type Book,
  type BookChart,
  type BookCtx,
  bookOf,
  fullNameOf,
  loadBookChart,
  need,
  needAnyView,
} from './book.ts';
import { registerBookResource } from './book-resource.ts';
import { generatedWord } from './closing.ts';
import { lockOpenPeriod, saveVoucherTx } from './vouchers.ts';

type CardRow = typeof asset.$inferSelect;
type TypeRow = typeof assetType.$inferSelect;

// ---------------------------------------------------------------- defaults and accounts

/** Default types: the five tax categories of 条例第60条 (fixed_assets.md §4) with the small chart's 1601 children. */
const DEFAULT_TYPES = [
  { code: '01', name: '房屋及建筑物', sub: '房屋及建筑物' },
  { code: '02', name: '机器设备', sub: '机器设备' },
  { code: '03', name: '器具工具家具', sub: '办公设备及家具' },
  { code: '04', name: '运输工具', sub: '运输工具' },
  { code: '05', name: '电子设备', sub: '电子设备' },
].map((t, i) => ({ ...t, tax: TAX_MINIMUM_LIVES[i] }));

const isLeafIn = (bc: BookChart, code: string) => ![...bc.rows.values()].some((r) => r.parentCode === code);

/** The book's default accounts: a leaf under 1601 named like the type, 1602, the 折旧费 leaf of 管理费用. */
function defaultAccounts(bc: BookChart, book: Pick<Book, 'standard'>, sub = '') {
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
async function ensureTypes(ex: Executor, c: BookCtx) {
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
function checkAccount(bc: BookChart, code: string, kind: 'asset' | 'accum' | 'expense', label: string) {
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

function checkAccounts(bc: BookChart, r: Row, required: boolean) {
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

interface BookedLine extends BookedMonth {
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

const sumOf = (list: readonly { amount: string }[] | undefined) =>
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

async function liveCards(ex: Executor, bookId: string): Promise<(CardRow & { typeName: string })[]> {
  const list = await ex
    .select({ card: asset, typeName: assetType.name })
    .from(asset)
    .leftJoin(assetType, eq(assetType.id, asset.typeId))
    .where(and(eq(asset.accountSetId, bookId), eq(asset.isDeleted, 0)))
    .orderBy(asc(asset.code));
  return list.map((x) => ({ ...x.card, typeName: x.typeName ?? '' }));
}

/** 400 when the period is before the book's start or closed. */
async function openPeriod(tx: Tx, book: Book, period: string, label: string) {
  await lockOpenPeriod(tx, book.id, period, label);
}

const periodName = (p: string) => `${yearOf(p)}年${monthOf(p)}月`;

// ---------------------------------------------------------------- depreciation runs

/** The month's lines of every live card (preview and generate read the same). */
async function computeRun(ex: Executor, book: Book, period: string, workloads: Record<string, string>) {
  const cards = await liveCards(ex, book.id);
  const booked = await bookedLines(ex, book.id);
  const lines: DeprPreviewLine[] = cards.map((c) => {
    const mine = booked.get(c.id) ?? [];
    const w = c.method === 'workload' ? (workloads[c.id] ?? null) : null;
    const r = monthDepreciation(cardState(c), period, mine, w);
    return {
      assetId: c.id,
      code: c.code,
      name: c.name,
      method: c.method,
      cost: c.cost,
      accumulated: sumOf(mine.filter((b) => b.period !== period))
        .plus(dec(c.openingAccumulated))
        .toFixed(2),
      amount: r.amount.toFixed(2),
      workload: w,
      accumAccount: c.accumAccount,
      expenseAccount: c.expenseAccount,
      note: r.note,
    };
  });
  return lines;
}

function runVoucherLines(bc: BookChart, period: string, lines: DeprPreviewLine[]) {
  const summary = `计提${periodName(period)}固定资产折旧`;
  const debit = new Map<string, Decimal>();
  const credit = new Map<string, Decimal>();
  for (const l of lines) {
    if (dec(l.amount).isZero()) continue;
    debit.set(l.expenseAccount, (debit.get(l.expenseAccount) ?? ZERO).plus(dec(l.amount)));
    credit.set(l.accumAccount, (credit.get(l.accumAccount) ?? ZERO).plus(dec(l.amount)));
  }
  const name = (code: string) => (bc.chart.byCode.has(code) ? fullNameOf(bc.chart, code) : code);
  return [
    ...[...debit].map(([code, v]) => ({
      summary,
      accountCode: code,
      accountName: name(code),
      debit: v.toFixed(2),
      credit: '0.00',
    })),
    ...[...credit].map(([code, v]) => ({
      summary,
      accountCode: code,
      accountName: name(code),
      debit: '0.00',
      credit: v.toFixed(2),
    })),
  ];
}

/** The vouchers among `ids` that stand (not deleted, not reversed), by id: an acquisition's or disposal's link. */
export async function standingVouchers(
  ex: Executor,
  ids: (string | null)[],
): Promise<Map<string, { voucherNo: string }>> {
  const wanted = ids.filter((v): v is string => !!v);
  if (!wanted.length) return new Map();
  const list = await ex
    .select({ id: voucher.id, word: voucher.word, no: voucher.no })
    .from(voucher)
    .where(and(inArray(voucher.id, wanted), eq(voucher.isDeleted, 0), sql`${voucher.reversedById} is null`));
  return new Map(list.map((v) => [v.id, { voucherNo: formatVoucherNo(v.word, v.no) }]));
}

/** Live runs (run and voucher live), newest period first. */
export async function liveRuns(ex: Executor, book: Book, tz: string, period?: string): Promise<DeprRun[]> {
  const list = await ex
    .select({ run: depreciationRun, word: voucher.word, no: voucher.no, state: voucher.state })
    .from(depreciationRun)
    .innerJoin(voucher, and(eq(voucher.id, depreciationRun.voucherId), eq(voucher.isDeleted, 0)))
    .where(
      and(
        eq(depreciationRun.accountSetId, book.id),
        eq(depreciationRun.isDeleted, 0),
        ...(period ? [eq(depreciationRun.period, period)] : []),
      ),
    );
  return list
    .map((x) => ({
      id: x.run.id,
      period: x.run.period,
      total: x.run.total,
      assetCount: x.run.assetCount,
      voucherId: x.run.voucherId ?? '',
      voucherNo: formatVoucherNo(x.word, x.no),
      voucherState: x.state,
      createTime: formatDateTime(x.run.createTime, tz),
    }))
    .sort((a, b) => (a.period < b.period ? 1 : -1));
}

/** Retires runs whose voucher was deleted (their lines stop counting already; this frees the period's slot). */
async function retireStaleRuns(tx: Tx, bookId: string) {
  await tx.execute(
    sql`update izs_fin_depr_line set is_deleted = 1 where account_set_id = ${bookId} and is_deleted = 0 and run_id in (
          select r.id from izs_fin_depr_run r left join izs_fin_voucher v on v.id = r.voucher_id
          where r.account_set_id = ${bookId} and r.is_deleted = 0 and (v.id is null or v.is_deleted = 1))`,
  );
  await tx.execute(
    sql`update izs_fin_depr_run r set is_deleted = 1 where r.account_set_id = ${bookId} and r.is_deleted = 0
        and not exists (select 1 from izs_fin_voucher v where v.id = r.voucher_id and v.is_deleted = 0)`,
  );
}

// ---------------------------------------------------------------- subsidiary book and summary

async function changesOf(ex: Executor, bookId: string, assetIds?: string[]) {
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

function subsidiaryRows(
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
        openingCost: openingCost.toFixed(2),
        costIncrease: costIncrease.toFixed(2),
        costDecrease: costDecrease.toFixed(2),
        closingCost: closingCost.toFixed(2),
        openingAccum: openingAccum.toFixed(2),
        deprInPeriod: deprInPeriod.toFixed(2),
        accumDecrease: accumDecrease.toFixed(2),
        closingAccum: closingAccum.toFixed(2),
        closingNet: closingCost.minus(closingAccum).toFixed(2),
        touched: mine.some((x) => x.period <= to),
      };
    })
    .filter((r) => r.touched)
    .map(({ touched: _t, ...r }) => r);
}

// ---------------------------------------------------------------- routes

const ACCUMULATED_SQL = sql<string>`("izs_fin_asset"."opening_accumulated" + (select coalesce(sum(l.amount), 0) from izs_fin_depr_line l
  join izs_fin_depr_run r on r.id = l.run_id and r.is_deleted = 0
  join izs_fin_voucher v on v.id = r.voucher_id and v.is_deleted = 0
  where l.asset_id = "izs_fin_asset"."id" and l.is_deleted = 0))::numeric(18, 2)::text`;

export function registerFixedAssets(app: FastifyInstance, ctx: CrudContext): void {
  const { db, tz } = ctx;

  // the default types appear the first time anything of fixed assets is read in a book
  app.addHook('preHandler', async (req) => {
    if ((req.routeOptions.url ?? '').startsWith(FA_BASE)) await ensureTypes(db, bookOf(req));
  });

  registerBookResource(app, ctx, assetTypeResource, assetType, {
    toEntity: rateText,
    filters: { name: (v) => sql`${assetType.name} like ${`%${String(v)}%`}` },
    beforeSave: async (tx, row, c) => {
      const code = String(row.code ?? c.prev?.code);
      const [dup] = await tx
        .select({ id: assetType.id })
        .from(assetType)
        .where(
          and(
            eq(assetType.accountSetId, c.bookId),
            eq(assetType.code, code),
            eq(assetType.isDeleted, 0),
            ...(c.prev ? [ne(assetType.id, String(c.prev.id))] : []),
          ),
        )
        .limit(1);
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
    },
    beforeRemove: async (tx, list, c) => {
      const [used] = await tx
        .select({ id: asset.id })
        .from(asset)
        .where(
          and(
            eq(asset.accountSetId, c.bookId),
            eq(asset.isDeleted, 0),
            inArray(
              asset.typeId,
              list.map((t) => String(t.id)),
            ),
          ),
        )
        .limit(1);
      if (used) throw badRequest('资产类别已被资产卡片使用，不能删除');
    },
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
    beforeSave: async (tx, row, c) => {
      const book = bookOf(c.req).book;
      const prev = c.prev as CardRow | undefined;
      if (prev?.state === 'disposed') throw badRequest('资产已处置，不能修改');
      const code = String(row.code ?? prev?.code);
      const [dup] = await tx
        .select({ id: asset.id })
        .from(asset)
        .where(
          and(
            eq(asset.accountSetId, c.bookId),
            eq(asset.code, code),
            eq(asset.isDeleted, 0),
            ...(prev ? [ne(asset.id, String(prev.id))] : []),
          ),
        )
        .limit(1);
      if (dup) throw badRequest(`资产编码「${code}」已存在`);
      const [type] = await tx
        .select()
        .from(assetType)
        .where(
          and(
            eq(assetType.id, String(row.typeId ?? prev?.typeId)),
            eq(assetType.accountSetId, c.bookId),
            eq(assetType.isDeleted, 0),
          ),
        )
        .limit(1);
      if (!type) throw badRequest('资产类别不存在');
      fillFromType(row, type, prev);
      if (prev) {
        const booked = (await bookedLines(tx, c.bookId, [prev.id])).get(prev.id) ?? [];
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
      lifeCheck(type, Number(row.lifeMonths));
      const bc = await loadBookChart(tx, book);
      checkAccounts(bc, row, true);
    },
    afterSave: async (tx, row, c) => {
      if (!c.isNew) return;
      await tx.insert(assetChange).values({
        tenantId: c.user.tenantId,
        accountSetId: String(row.accountSetId),
        assetId: String(row.id),
        kind: 'acquire',
        changeDate: String(row.inServiceDate),
        period: periodOf(String(row.inServiceDate)),
        costDelta: String(row.cost),
        changes: { cost: [null, row.cost], lifeMonths: [null, row.lifeMonths], method: [null, row.method] },
        reason: '新增资产',
        createUser: c.user.userId,
        updateUser: c.user.userId,
      });
    },
    beforeRemove: async (tx, list, c) => {
      const booked = await bookedLines(
        tx,
        c.bookId,
        list.map((r) => String(r.id)),
      );
      if (booked.size) throw badRequest('资产已计提折旧，不能删除，请做处置');
      await tx
        .update(assetChange)
        .set({ isDeleted: 1 })
        .where(
          inArray(
            assetChange.assetId,
            list.map((r) => String(r.id)),
          ),
        );
    },
  });

  // ------------------------------------------------ card commands

  app.post(FA_PATHS.change, async (req) => {
    const c = bookOf(req);
    await need(db, c.user, FA_PERMISSIONS.card, 'edit');
    const body = parse(assetChangeBody, req.body ?? {});
    await db.transaction(async (tx) => {
      const period = periodOf(body.changeDate);
      await openPeriod(tx, c.book, period, '变动日期所在期间');
      const card = await loadCard(tx, c.book.id, body.id, true);
      if (card.state === 'disposed') throw badRequest('资产已处置，不能变动');
      if (body.changeDate < card.inServiceDate) throw badRequest('变动日期不能早于开始使用日期');
      const booked = (await bookedLines(tx, c.book.id, [card.id])).get(card.id) ?? [];
      const later = booked.find((b) => b.period > period);
      if (later) throw badRequest(`资产在 ${later.period} 已计提折旧，变动日期不能早于该期间`);
      const next: Partial<CardRow> = {};
      if (body.cost !== undefined && dec(body.cost).cmp(dec(card.cost)) !== 0) next.cost = dec(body.cost).toFixed(2);
      if (body.lifeMonths !== undefined && body.lifeMonths !== card.lifeMonths) next.lifeMonths = body.lifeMonths;
      if (body.residualRate !== undefined && dec(body.residualRate).cmp(dec(card.residualRate)) !== 0) {
        next.residualRate = body.residualRate;
      }
      if (body.useDept !== undefined && body.useDept !== card.useDept) next.useDept = body.useDept;
      if (body.expenseAccount !== undefined && body.expenseAccount !== card.expenseAccount) {
        const bc = await loadBookChart(tx, c.book);
        checkAccount(bc, body.expenseAccount, 'expense', '折旧费用科目');
        next.expenseAccount = body.expenseAccount;
      }
      if (Object.keys(next).length === 0) throw badRequest('没有需要变动的内容');
      const estimate = next.cost !== undefined || next.lifeMonths !== undefined || next.residualRate !== undefined;
      const after = { ...card, ...next };
      if (estimate) {
        const problems = termsProblems(termsOf(cardState(after)));
        if (problems.length) throw badRequest(problems[0]);
        const done = booked.length;
        if (after.lifeMonths <= done) throw badRequest(`使用月数应大于已计提月数 ${done}`);
        const accumulated = sumOf(booked).plus(dec(card.openingAccumulated));
        const residual = dec(after.cost).times(dec(after.residualRate)).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
        if (dec(after.cost).minus(residual).lt(accumulated)) {
          throw badRequest(`变动后的应计折旧额小于已计提的累计折旧 ${accumulated.toFixed(2)}`);
        }
      }
      await tx
        .update(asset)
        .set({ ...next, ...(estimate ? { reestimated: 1 } : {}), updateUser: c.user.userId, updateTime: new Date() })
        .where(eq(asset.id, card.id));
      const changes: Record<string, [unknown, unknown]> = {};
      for (const k of Object.keys(next) as (keyof CardRow)[]) changes[k] = [card[k], next[k]];
      await tx.insert(assetChange).values({
        tenantId: c.user.tenantId,
        accountSetId: c.book.id,
        assetId: card.id,
        kind: 'change',
        changeDate: body.changeDate,
        period,
        costDelta: next.cost !== undefined ? dec(next.cost).minus(dec(card.cost)).toFixed(2) : '0',
        changes,
        reason: body.reason,
        createUser: c.user.userId,
        updateUser: c.user.userId,
      });
      await writeOperationLog(tx, req, `资产变动 ${card.code}`, changes);
    });
    return ok(null);
  });

  app.post(FA_PATHS.dispose, async (req) => {
    const c = bookOf(req);
    await need(db, c.user, FA_PERMISSIONS.card, 'edit');
    const body = parse(assetDisposeBody, req.body ?? {});
    await db.transaction(async (tx) => {
      const period = periodOf(body.disposalDate);
      await openPeriod(tx, c.book, period, '处置日期所在期间');
      const card = await loadCard(tx, c.book.id, body.id, true);
      if (card.state === 'disposed') throw badRequest('资产已处置');
      if (body.disposalDate < card.inServiceDate) throw badRequest('处置日期不能早于开始使用日期');
      const booked = (await bookedLines(tx, c.book.id, [card.id])).get(card.id) ?? [];
      const later = booked.find((b) => b.period > period);
      if (later) throw badRequest(`资产在 ${later.period} 已计提折旧，处置日期不能早于该期间`);
      await tx
        .update(asset)
        .set({
          state: 'disposed',
          disposalDate: body.disposalDate,
          disposalPeriod: period,
          updateUser: c.user.userId,
          updateTime: new Date(),
        })
        .where(eq(asset.id, card.id));
      await tx.insert(assetChange).values({
        tenantId: c.user.tenantId,
        accountSetId: c.book.id,
        assetId: card.id,
        kind: 'dispose',
        changeDate: body.disposalDate,
        period,
        costDelta: dec(card.cost).negated().toFixed(2),
        accumDelta: sumOf(booked).plus(dec(card.openingAccumulated)).negated().toFixed(2),
        changes: { state: ['normal', 'disposed'] },
        reason: body.reason,
        createUser: c.user.userId,
        updateUser: c.user.userId,
      });
      await writeOperationLog(tx, req, `资产处置 ${card.code}`, { state: ['normal', 'disposed'] });
    });
    return ok(null);
  });

  app.get(FA_PATHS.history, async (req) => {
    const c = bookOf(req);
    await needAnyView(db, c.user, [FA_PERMISSIONS.card, FA_PERMISSIONS.ledger]);
    const q = parse(assetIdQuery, req.query ?? {});
    const card = await loadCard(db, c.book.id, q.id);
    const [typeRow] = await db.select({ name: assetType.name }).from(assetType).where(eq(assetType.id, card.typeId));
    const changes = await changesOf(db, c.book.id, [card.id]);
    const vouchers = await standingVouchers(
      db,
      changes.map((x) => x.voucherId),
    );
    const names = await rows<{ id: string; name: string }>(
      db,
      sql`select id::text as id, coalesce(nullif(real_name, ''), nullif(name, ''), account) as name from blade_user where id in (${sql.join(
        [...new Set(changes.map((x) => x.createUser ?? '0'))].map((x) => sql`${x}`),
        sql`, `,
      )})`,
    );
    const booked = (await bookedLines(db, c.book.id, [card.id])).get(card.id) ?? [];
    let acc = dec(card.openingAccumulated);
    const accumulated = sumOf(booked).plus(acc);
    const answer: AssetHistory = {
      card: {
        ...serialiseCard(card, tz),
        residualRate: dec(card.residualRate).toString(),
        typeName: typeRow?.name ?? '',
        accumulated: accumulated.toFixed(2),
        netValue: dec(card.cost).minus(accumulated).toFixed(2),
        deprMonths: booked.length,
      },
      changes: changes.map(
        (x): AssetChangeRow => ({
          id: x.id,
          kind: x.kind as AssetChangeRow['kind'],
          changeDate: x.changeDate,
          period: x.period,
          costDelta: x.costDelta,
          accumDelta: x.accumDelta,
          changes: x.changes ?? {},
          reason: x.reason,
          createUserName: names.find((n) => n.id === x.createUser)?.name ?? '',
          createTime: formatDateTime(x.createTime, tz),
          voucherId: vouchers.has(x.voucherId ?? '') ? (x.voucherId as string) : '',
          voucherNo: vouchers.get(x.voucherId ?? '')?.voucherNo ?? '',
        }),
      ),
      depreciation: booked.map((b) => {
        acc = acc.plus(dec(b.amount));
        return {
          period: b.period,
          amount: dec(b.amount).toFixed(2),
          accumulated: acc.toFixed(2),
          voucherNo: formatVoucherNo(b.word, b.no),
          voucherId: b.voucherId,
        };
      }),
    };
    return ok(answer);
  });

  app.get(FA_PATHS.schedule, async (req) => {
    const c = bookOf(req);
    await needAnyView(db, c.user, [FA_PERMISSIONS.card, FA_PERMISSIONS.schedule]);
    const q = parse(assetIdQuery, req.query ?? {});
    const card = await loadCard(db, c.book.id, q.id);
    const booked = (await bookedLines(db, c.book.id, [card.id])).get(card.id) ?? [];
    const out: ScheduleRowOut[] = projectSchedule(cardState(card), booked).map((r) => ({
      period: r.period,
      year: r.year,
      amount: r.amount.toFixed(2),
      accumulated: r.accumulated.toFixed(2),
      netBookValue: r.netBookValue.toFixed(2),
      booked: r.booked,
    }));
    return ok(out);
  });

  app.get(FA_PATHS.subsidiary, async (req) => {
    const c = bookOf(req);
    await needAnyView(db, c.user, [FA_PERMISSIONS.subsidiary, FA_PERMISSIONS.ledger]);
    const q = parse(subsidiaryQuery, req.query ?? {});
    if (q.periodTo < q.periodFrom) throw badRequest('结束期间不能早于开始期间');
    let cards = await liveCards(db, c.book.id);
    if (q.assetId) cards = cards.filter((x) => x.id === q.assetId);
    const ids = cards.map((x) => x.id);
    const out = subsidiaryRows(
      cards,
      await changesOf(db, c.book.id, ids),
      await bookedLines(db, c.book.id, ids),
      q.periodFrom,
      q.periodTo,
    );
    return ok(out);
  });

  // ------------------------------------------------ depreciation

  app.get(FA_PATHS.preview, async (req) => {
    const c = bookOf(req);
    await needAnyView(db, c.user, [FA_PERMISSIONS.depreciation, FA_PERMISSIONS.schedule]);
    const q = parse(deprPeriodQuery, { ...((req.query ?? {}) as Row) });
    const workloads = parseWorkloads((req.query as Row)?.workloads);
    const lines = await computeRun(db, c.book, q.period, workloads);
    const bc = await loadBookChart(db, c.book);
    const [run] = await liveRuns(db, c.book, tz, q.period);
    const answer: DeprPreview = {
      period: q.period,
      run: run ?? null,
      lines,
      total: lines.reduce((s, l) => s.plus(dec(l.amount)), ZERO).toFixed(2),
      voucherLines: runVoucherLines(bc, q.period, lines),
    };
    return ok(answer);
  });

  app.get(FA_PATHS.runs, async (req) => {
    const c = bookOf(req);
    await needAnyView(db, c.user, [FA_PERMISSIONS.depreciation, FA_PERMISSIONS.accounting]);
    return ok(await liveRuns(db, c.book, tz));
  });

  app.post(FA_PATHS.generate, async (req) => {
    const c = bookOf(req);
    await need(db, c.user, FA_PERMISSIONS.depreciation, 'add');
    const body = parse(deprGenerateBody, req.body ?? {});
    const write = db.transaction(async (tx) => {
      await openPeriod(tx, c.book, body.period, '计提期间');
      await retireStaleRuns(tx, c.book.id);
      const runs = await liveRuns(tx, c.book, tz);
      const same = runs.find((r) => r.period === body.period);
      if (same) throw badRequest(`${body.period} 已计提折旧（凭证 ${same.voucherNo}），不能重复计提`);
      const later = runs.find((r) => r.period > body.period);
      if (later) throw badRequest(`已计提 ${later.period} 的折旧，不能再计提更早的期间 ${body.period}`);
      const lines = (await computeRun(tx, c.book, body.period, body.workloads)).filter((l) => !dec(l.amount).isZero());
      if (lines.length === 0) throw badRequest(`${body.period} 没有需要计提折旧的资产`);
      const bc = await loadBookChart(tx, c.book);
      const vLines = runVoucherLines(bc, body.period, lines);
      const word = await generatedWord(tx, c.book.id);
      const voucherId = await saveVoucherTx(
        tx,
        c,
        {
          word,
          voucherDate: lastDay(body.period),
          attachments: 0,
          remark: '固定资产折旧',
          lines: vLines.map((l) => ({
            summary: l.summary,
            accountCode: l.accountCode,
            aux: undefined,
            debit: l.debit === '0.00' ? undefined : l.debit,
            credit: l.credit === '0.00' ? undefined : l.credit,
            quantity: undefined,
            unitPrice: undefined,
          })),
        },
        { kind: 'depreciation' },
      );
      const total = lines.reduce((s, l) => s.plus(dec(l.amount)), ZERO).toFixed(2);
      const [run] = await tx
        .insert(depreciationRun)
        .values({
          tenantId: c.user.tenantId,
          accountSetId: c.book.id,
          period: body.period,
          voucherId,
          total,
          assetCount: lines.length,
          createUser: c.user.userId,
          createDept: c.user.currentDeptId,
          updateUser: c.user.userId,
        })
        .returning({ id: depreciationRun.id });
      await tx.insert(depreciationLine).values(
        lines.map((l) => ({
          tenantId: c.user.tenantId,
          accountSetId: c.book.id,
          runId: run.id,
          assetId: l.assetId,
          period: body.period,
          amount: l.amount,
          workload: l.workload,
          accumAccount: l.accumAccount,
          expenseAccount: l.expenseAccount,
        })),
      );
      await writeOperationLog(tx, req, `计提折旧 ${body.period}`, { total: [null, total] });
    });
    // two runs of one period at once: the partial unique index refuses the second (PostgreSQL 23505)
    await write.catch((e: unknown) => {
      const code =
        (e as { code?: string; cause?: { code?: string } })?.code ?? (e as { cause?: { code?: string } })?.cause?.code;
      if (code === '23505') throw badRequest(`${body.period} 已计提折旧，不能重复计提`);
      throw e;
    });
    const [run] = await liveRuns(db, c.book, tz, body.period);
    return ok(run);
  });

  app.post(FA_PATHS.undo, async (req) => {
    const c = bookOf(req);
    await need(db, c.user, FA_PERMISSIONS.depreciation, 'delete');
    const body = parse(deprPeriodQuery, req.body ?? {});
    await db.transaction(async (tx) => {
      await openPeriod(tx, c.book, body.period, '计提期间');
      const [run] = await liveRuns(tx, c.book, tz, body.period);
      if (!run) throw badRequest(`${body.period} 没有已计提的折旧`);
      const later = (await liveRuns(tx, c.book, tz)).find((r) => r.period > body.period);
      if (later) throw badRequest(`请先撤销 ${later.period} 的折旧`);
      const [v] = await tx.select().from(voucher).where(eq(voucher.id, run.voucherId)).for('update');
      const block = editBlock({
        status: v.state as VoucherStatus,
        createdBy: v.createUser ?? '',
        periodClosed: false,
      });
      if (block) throw badRequest(`折旧凭证 ${run.voucherNo}：${block}`);
      await tx
        .update(voucher)
        .set({ isDeleted: 1, updateUser: c.user.userId, updateTime: new Date() })
        .where(eq(voucher.id, v.id));
      await tx.update(voucherLine).set({ isDeleted: 1 }).where(eq(voucherLine.voucherId, v.id));
      await tx.update(depreciationRun).set({ isDeleted: 1 }).where(eq(depreciationRun.id, run.id));
      await tx.update(depreciationLine).set({ isDeleted: 1 }).where(eq(depreciationLine.runId, run.id));
      await writeOperationLog(tx, req, `撤销计提折旧 ${body.period}`, { voucher: [run.voucherNo, null] });
    });
    return ok(null);
  });

  app.get(FA_PATHS.summary, async (req) => {
    const c = bookOf(req);
    await needAnyView(db, c.user, [FA_PERMISSIONS.accounting, FA_PERMISSIONS.depreciation]);
    const q = parse(deprPeriodQuery, req.query ?? {});
    const cards = (await liveCards(db, c.book.id)).filter(
      (x) => periodOf(x.inServiceDate) <= q.period && !(x.disposalPeriod && x.disposalPeriod < q.period),
    );
    const booked = await bookedLines(db, c.book.id);
    const groups = new Map<string, AssetSummaryRow>();
    for (const card of cards) {
      const key = `${card.typeName}|${card.useDept}`;
      const g = groups.get(key) ?? {
        typeName: card.typeName,
        useDept: card.useDept,
        count: 0,
        cost: '0.00',
        accumulated: '0.00',
        netValue: '0.00',
        deprInPeriod: '0.00',
      };
      const lines = (booked.get(card.id) ?? []).filter((l) => l.period <= q.period);
      const acc = sumOf(lines).plus(dec(card.openingAccumulated));
      g.count += 1;
      g.cost = dec(g.cost).plus(dec(card.cost)).toFixed(2);
      g.accumulated = dec(g.accumulated).plus(acc).toFixed(2);
      g.netValue = dec(g.cost).minus(dec(g.accumulated)).toFixed(2);
      g.deprInPeriod = dec(g.deprInPeriod)
        .plus(sumOf(lines.filter((l) => l.period === q.period)))
        .toFixed(2);
      groups.set(key, g);
    }
    const answer: AssetSummaryRow[] = [...groups.values()].sort((a, b) =>
      (a.typeName + a.useDept).localeCompare(b.typeName + b.useDept),
    );
    return ok(answer);
  });
}

/** 0.050000 → 0.05 (numeric(9,6) answers six decimals). */
const rateText = (e: Row): Row => ({
  ...e,
  residualRate: e.residualRate == null ? e.residualRate : dec(String(e.residualRate)).toString(),
});

/** Blank card terms take the type's defaults (and the book's accounts from the type). */
function fillFromType(row: Row, type: TypeRow, prev?: CardRow) {
  const blank = (v: unknown) => v === undefined || v === null || v === '';
  const src = (prev ?? type) as Row;
  for (const f of ['residualRate', 'lifeMonths', 'method', 'assetAccount', 'accumAccount', 'expenseAccount']) {
    if (blank(row[f])) row[f] = blank(src[f]) ? (type as Row)[f] : src[f];
  }
  if (row.method !== 'workload') row.totalWorkload = null;
}

/** A card's life may be shorter than the tax minimum only down to 60 % of it (财税〔2014〕75号). */
function lifeCheck(type: TypeRow, life: number) {
  const tax = TAX_MINIMUM_LIVES.find((t) => t.category === type.taxCategory);
  if (!tax) return;
  const min = minimumAcceleratedLifeMonths(tax.category);
  if (life < min) {
    throw badRequest(`使用月数 ${life} 少于税法最低折旧年限的 60%（${min} 个月，${type.name}最低 ${tax.months} 个月）`);
  }
}

function serialiseCard(r: CardRow, tz: string) {
  return {
    ...r,
    createTime: formatDateTime(r.createTime, tz),
    updateTime: formatDateTime(r.updateTime, tz),
    totalWorkload: r.totalWorkload ?? null,
  };
}

function parseWorkloads(raw: unknown): Record<string, string> {
  if (!raw) return {};
  try {
    const v = typeof raw === 'string' ? JSON.parse(raw) : raw;
    return parse(deprGenerateBody.shape.workloads, v);
  } catch (e) {
    if (e instanceof SyntaxError) throw badRequest('本月工作量格式不正确');
    throw e;
  }
}
