/**
 * 期初余额 of the current book (period_rules §6): list, save, check. Contract: opening.contract.ts.
 * Editable while the start period is open; leaves only; 损益类 accounts take 本年累计 only; accounts with 辅助核算
 * take one row per item; 本年累计 only for a mid-year start. The check is core/accounting `checkOpenings`.
 * Queries: openings-repository.ts.
 */
import type { FastifyInstance } from 'fastify';
import {
  checkOpenings,
  dec,
  Ledger,
  monthOf,
  type OpeningBalance,
  trialBalance,
  ZERO,
} from '../../../core/accounting/index.ts';
import {
  OPENINGS,
  type OpeningCheck,
  type OpeningFigures,
  type OpeningRow,
} from '../../../core/contract/izs-financing/opening.contract.ts';
import { decimalFixed, moneyFixed } from '../../../core/format/amounts.ts';
import type { Db, Executor } from '../../db/client.ts';
import { endpoints, type Handler, type HandlerInput } from '../../platform/endpoint.ts';
import { writeOperationLog } from '../../platform/logs.ts';
import { badRequest } from '../../platform/r.ts';
import {
  auxDimsOf,
  auxKeyOf,
  auxNamer,
  type Book,
  type BookChart,
  bookOf,
  checkAux,
  fullNameOf,
  loadBookChart,
  loadDimensions,
  loadItems,
} from './book.ts';
import { deleteOpening, storedOpenings, upsertOpening } from './openings-repository.ts';
import { lockBook } from './vouchers.ts';

export async function openingBalances(ex: Executor, bookId: string): Promise<OpeningBalance[]> {
  const list = await storedOpenings(ex, bookId);
  return list.map((o) => ({
    code: o.accountCode,
    auxKey: o.auxKey,
    balance: o.balance,
    ytdDebit: o.ytdDebit,
    ytdCredit: o.ytdCredit,
    ytdProfitLoss: o.ytdPl,
  }));
}

/** The opening check of the book (period_rules §6 试算平衡). */
export async function openingCheck(ex: Executor, book: Book, bc: BookChart): Promise<OpeningCheck> {
  const openings = await openingBalances(ex, book.id);
  const res = checkOpenings(bc.chart, book.startPeriod, openings);
  const tb = trialBalance(
    new Ledger({ chart: bc.chart, startPeriod: book.startPeriod, openings, postings: [] }),
    book.startPeriod,
    book.startPeriod,
    {
      maxLevel: 1,
    },
  );
  return {
    balanced: res.balanced,
    problems: res.problems,
    totals: {
      debit: moneyFixed(tb.totals.openingDebit),
      credit: moneyFixed(tb.totals.openingCredit),
      ytdDebit: moneyFixed(tb.totals.ytdDebit),
      ytdCredit: moneyFixed(tb.totals.ytdCredit),
    },
    midYear: monthOf(book.startPeriod) !== 1,
    startPeriod: book.startPeriod,
  };
}

const fig = (
  direction: string,
  raw: ReturnType<typeof dec>,
  yd: ReturnType<typeof dec>,
  yc: ReturnType<typeof dec>,
  pl: ReturnType<typeof dec>,
  qty: string | null,
): OpeningFigures => {
  const balance = direction === 'credit' ? raw.neg() : raw;
  const yearOpening = direction === 'credit' ? balance.plus(yd).minus(yc) : balance.minus(yd).plus(yc);
  return {
    balance: moneyFixed(balance),
    ytdDebit: moneyFixed(yd),
    ytdCredit: moneyFixed(yc),
    ytdPl: moneyFixed(pl),
    yearOpening: moneyFixed(yearOpening),
    quantity: qty,
  };
};

export function registerOpenings(app: FastifyInstance, db: Db): void {
  const r = endpoints(app, db);
  r.handle(OPENINGS.list, openingListRoute(db));
  r.handle(OPENINGS.check, openingCheckRoute(db));
  r.handle(OPENINGS.save, saveOpeningsRoute(db));
}

function openingListRoute(db: Db): Handler<typeof OPENINGS.list> {
  return async ({ req }) => {
    const { book } = bookOf(req);
    const bc = await loadBookChart(db, book);
    const stored = await storedOpenings(db, book.id);
    const names = await auxNamer(
      db,
      book.id,
      stored.map((o) => o.aux ?? {}),
    );
    const out: OpeningRow[] = [];
    for (const a of bc.chart.accounts) out.push(openingRowOf(bc, a, stored, names));
    return out;
  };
}

type StoredOpening = Awaited<ReturnType<typeof storedOpenings>>[number];

/** One account's row of the list (no statement): its leaves' figures summed, a leaf's items with 辅助核算. */
function openingRowOf(
  bc: BookChart,
  a: BookChart['chart']['accounts'][number],
  stored: StoredOpening[],
  names: Awaited<ReturnType<typeof auxNamer>>,
): OpeningRow {
  const row = bc.rows.get(a.code);
  const mine = stored.filter((o) => o.accountCode.startsWith(a.code));
  let raw = ZERO;
  let yd = ZERO;
  let yc = ZERO;
  let pl = ZERO;
  let qty: ReturnType<typeof dec> | null = null;
  for (const o of mine) {
    const leafDir = bc.chart.byCode.get(o.accountCode)?.direction ?? 'debit';
    raw = raw.plus(leafDir === 'credit' ? dec(o.balance).neg() : dec(o.balance));
    yd = yd.plus(dec(o.ytdDebit));
    yc = yc.plus(dec(o.ytdCredit));
    pl = pl.plus(dec(o.ytdPl));
    if (o.quantity !== null) qty = (qty ?? ZERO).plus(dec(o.quantity));
  }
  const leaf = (bc.chart.children.get(a.code)?.length ?? 0) === 0;
  const items = [];
  if (leaf && row && auxDimsOf(row).length > 0) {
    for (const o of mine.filter((x) => x.auxKey)) {
      items.push({
        auxKey: o.auxKey,
        aux: o.aux ?? {},
        auxNames: names(o.aux ?? {}),
        ...fig(
          a.direction,
          a.direction === 'credit' ? dec(o.balance).neg() : dec(o.balance),
          dec(o.ytdDebit),
          dec(o.ytdCredit),
          dec(o.ytdPl),
          o.quantity,
        ),
      });
    }
  }
  return {
    code: a.code,
    name: a.name,
    fullName: fullNameOf(bc.chart, a.code),
    level: a.level,
    category: a.category,
    direction: a.direction,
    leaf,
    auxDims: row ? auxDimsOf(row) : [],
    quantityAccounting: row?.quantity ?? 0,
    unit: row?.unit ?? '',
    items,
    ...fig(a.direction, raw, yd, yc, pl, qty === null ? null : decimalFixed(qty, 4)),
  };
}

function openingCheckRoute(db: Db): Handler<typeof OPENINGS.check> {
  return async ({ req }) => {
    const { book } = bookOf(req);
    return openingCheck(db, book, await loadBookChart(db, book));
  };
}

function saveOpeningsRoute(db: Db): Handler<typeof OPENINGS.save> {
  return async ({ req, body }) => {
    const { book, user } = bookOf(req);
    const midYear = monthOf(book.startPeriod) !== 1;
    await db.transaction(async (tx) => {
      // the book row is locked so that a concurrent close of the start period cannot slip in between
      const b = await lockBook(tx, book.id, 'update');
      if (b.closedThrough) throw badRequest('启用期间已结账，不能修改期初余额（请先反结账到启用期间）');
      const bc = await loadBookChart(tx, book);
      const dims = await loadDimensions(tx, book.id);
      const items = await loadItems(
        tx,
        book.id,
        body.items.flatMap((i) => Object.values(i.aux ?? {})),
      );
      const seen = new Set<string>();
      for (const [i, it] of body.items.entries()) {
        const { row, auxKey, balance, yd, yc, pl } = checkOpeningItem(bc, dims, items, midYear, seen, it, i);
        const zero = balance.isZero() && yd.isZero() && yc.isZero() && pl.isZero() && dec(it.quantity).isZero();
        if (zero) {
          await deleteOpening(tx, book.id, row.code, auxKey);
          continue;
        }
        await upsertOpening(tx, user, book.id, {
          accountCode: row.code,
          auxKey,
          aux: it.aux && auxKey ? Object.fromEntries(Object.entries(it.aux).filter(([, v]) => v)) : null,
          balance: moneyFixed(balance),
          ytdDebit: moneyFixed(yd),
          ytdCredit: moneyFixed(yc),
          ytdPl: moneyFixed(pl),
          quantity: it.quantity ?? null,
        });
      }
      await writeOperationLog(tx, req, '保存期初余额', { items: [null, body.items.length] });
    });
    return openingCheck(db, book, await loadBookChart(db, book));
  };
}

/** One line of the save against the chart (no statement): a leaf, its 辅助核算, the figures its category takes, once. */
function checkOpeningItem(
  bc: BookChart,
  dims: Awaited<ReturnType<typeof loadDimensions>>,
  items: Awaited<ReturnType<typeof loadItems>>,
  midYear: boolean,
  seen: Set<string>,
  it: HandlerInput<typeof OPENINGS.save>['body']['items'][number],
  i: number,
) {
  const where = `期初余额第${i + 1}行：`;
  const row = bc.rows.get(it.accountCode);
  if (!row) throw badRequest(`${where}科目 ${it.accountCode} 不存在`);
  const label = `${row.code} ${fullNameOf(bc.chart, row.code)}`;
  if ((bc.chart.children.get(row.code)?.length ?? 0) > 0) throw badRequest(`${where}${label} 不是末级科目`);
  const byName = checkAux(where, row, it.aux, dims, items);
  for (const d of auxDimsOf(row)) {
    const name = dims.get(d)?.name ?? d;
    if (!byName[name]) throw badRequest(`${where}科目 ${label} 需要填写辅助核算「${name}」`);
  }
  const balance = dec(it.balance);
  const yd = dec(it.ytdDebit);
  const yc = dec(it.ytdCredit);
  const pl = dec(it.ytdPl);
  if (row.category === '损益' && !balance.isZero()) {
    throw badRequest(`${where}损益类科目 ${label} 不能录入期初余额（只录入本年累计发生额）`);
  }
  if (row.category !== '损益' && !pl.isZero()) throw badRequest(`${where}只有损益类科目录入本年累计损益实际发生额`);
  if (!midYear && !(yd.isZero() && yc.isZero() && pl.isZero())) {
    throw badRequest(`${where}启用期间为1月，无需录入本年累计发生额`);
  }
  if (it.quantity !== undefined && row.quantity !== 1) throw badRequest(`${where}${label} 未启用数量核算`);
  const auxKey = auxKeyOf(it.aux);
  const key = `${row.code}|${auxKey}`;
  if (seen.has(key)) throw badRequest(`${where}${label} 重复录入`);
  seen.add(key);
  return { row, auxKey, balance, yd, yc, pl };
}
