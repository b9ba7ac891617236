/** 资产卡片 commands and reads: change, dispose, history, schedule, the subsidiary book and the summary. */

import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { projectSchedule, termsOf } from '../../../core/accounting/asset-card.ts';
import { Decimal, dec, formatVoucherNo, periodOf, termsProblems } from '../../../core/accounting/index.ts';
import {
  type AssetChangeRow,
  type AssetHistory,
  type AssetSummaryRow,
  FIXED_ASSETS,
  type ScheduleRowOut,
} from '../../../core/contract/izs-financing/fixed-assets.contract.ts';
import { moneyFixed } from '../../../core/format/amounts.ts';
import { rows } from '../../db/client.ts';
import { asset, assetChange, assetType } from '../../db/schema/index.ts';
import type { CrudContext } from '../../platform/crud/index.ts';
import { endpoints, type Handler } from '../../platform/endpoint.ts';
import { writeOperationLog } from '../../platform/logs.ts';
import { badRequest } from '../../platform/r.ts';
import { formatDateTime } from '../../platform/time.ts';
import { bookOf, loadBookChart } from './book.ts';
import { standingVouchers } from './fixed-asset-runs-repository.ts';
import type { CardRow } from './fixed-asset-service.ts';
import {
  bookedLines,
  cardState,
  changesOf,
  checkAccount,
  liveCards,
  loadCard,
  openPeriod,
  serialiseCard,
  subsidiaryRows,
  sumOf,
} from './fixed-asset-service.ts';

export function registerCardRoutes(app: FastifyInstance, ctx: CrudContext): void {
  const r = endpoints(app, ctx.db);
  r.handle(FIXED_ASSETS.change, changeCard(ctx));
  r.handle(FIXED_ASSETS.dispose, disposeCard(ctx));
  r.handle(FIXED_ASSETS.history, cardHistory(ctx));
  r.handle(FIXED_ASSETS.schedule, cardSchedule(ctx));
  r.handle(FIXED_ASSETS.subsidiary, subsidiaryBook(ctx));
  r.handle(FIXED_ASSETS.summary, assetSummary(ctx));
}

function changeCard({ db }: CrudContext): Handler<typeof FIXED_ASSETS.change> {
  return async ({ req, body }) => {
    const c = bookOf(req);
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
      if (body.cost !== undefined && dec(body.cost).cmp(dec(card.cost)) !== 0) next.cost = moneyFixed(dec(body.cost));
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
          throw badRequest(`变动后的应计折旧额小于已计提的累计折旧 ${moneyFixed(accumulated)}`);
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
        costDelta: next.cost !== undefined ? moneyFixed(dec(next.cost).minus(dec(card.cost))) : '0',
        changes,
        reason: body.reason,
        createUser: c.user.userId,
        updateUser: c.user.userId,
      });
      await writeOperationLog(tx, req, `资产变动 ${card.code}`, changes);
    });
    return null;
  };
}

function disposeCard({ db }: CrudContext): Handler<typeof FIXED_ASSETS.dispose> {
  return async ({ req, body }) => {
    const c = bookOf(req);
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
        costDelta: moneyFixed(dec(card.cost).negated()),
        accumDelta: moneyFixed(sumOf(booked).plus(dec(card.openingAccumulated)).negated()),
        changes: { state: ['normal', 'disposed'] },
        reason: body.reason,
        createUser: c.user.userId,
        updateUser: c.user.userId,
      });
      await writeOperationLog(tx, req, `资产处置 ${card.code}`, { state: ['normal', 'disposed'] });
    });
    return null;
  };
}

function cardHistory({ db, tz }: CrudContext): Handler<typeof FIXED_ASSETS.history> {
  return async ({ req, query }) => {
    const c = bookOf(req);
    const q = query;
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
        typeName: typeRow?.name ?? '',
        accumulated: moneyFixed(accumulated),
        netValue: moneyFixed(dec(card.cost).minus(accumulated)),
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
          amount: moneyFixed(dec(b.amount)),
          accumulated: moneyFixed(acc),
          voucherNo: formatVoucherNo(b.word, b.no),
          voucherId: b.voucherId,
        };
      }),
    };
    return answer;
  };
}

function cardSchedule({ db }: CrudContext): Handler<typeof FIXED_ASSETS.schedule> {
  return async ({ req, query }) => {
    const c = bookOf(req);
    const q = query;
    const card = await loadCard(db, c.book.id, q.id);
    const booked = (await bookedLines(db, c.book.id, [card.id])).get(card.id) ?? [];
    const out: ScheduleRowOut[] = projectSchedule(cardState(card), booked).map((r) => ({
      period: r.period,
      year: r.year,
      amount: moneyFixed(r.amount),
      accumulated: moneyFixed(r.accumulated),
      netBookValue: moneyFixed(r.netBookValue),
      booked: r.booked,
    }));
    return out;
  };
}

function subsidiaryBook({ db }: CrudContext): Handler<typeof FIXED_ASSETS.subsidiary> {
  return async ({ req, query }) => {
    const c = bookOf(req);
    const q = query;
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
    return out;
  };
}

function assetSummary({ db }: CrudContext): Handler<typeof FIXED_ASSETS.summary> {
  return async ({ req, query }) => {
    const c = bookOf(req);
    const q = query;
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
      g.cost = moneyFixed(dec(g.cost).plus(dec(card.cost)));
      g.accumulated = moneyFixed(dec(g.accumulated).plus(acc));
      g.netValue = moneyFixed(dec(g.cost).minus(dec(g.accumulated)));
      g.deprInPeriod = moneyFixed(dec(g.deprInPeriod).plus(sumOf(lines.filter((l) => l.period === q.period))));
      groups.set(key, g);
    }
    const answer: AssetSummaryRow[] = [...groups.values()].sort((a, b) =>
      (a.typeName + a.useDept).localeCompare(b.typeName + b.useDept),
    );
    return answer;
  };
}
