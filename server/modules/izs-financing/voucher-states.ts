/**
 * 记账凭证 state changes: review / unreview / post / unpost, 凭证整理 (renumber) and 红字冲销 (reverse).
 * Queries: voucher-states-repository.ts.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { dec, formatVoucherNo, renumber, reversalLines } from '../../../core/accounting/index.ts';
import { VOUCHERS } from '../../../core/contract/izs-financing/voucher.contract.ts';
import { moneyFixed } from '../../../core/format/amounts.ts';
import type { Db, Tx } from '../../db/client.ts';
import type { CrudContext } from '../../platform/crud/index.ts';
import { endpoints, type Handler } from '../../platform/endpoint.ts';
import { writeOperationLog } from '../../platform/logs.ts';
import { badRequest } from '../../platform/r.ts';
import { type BookCtx, bookOf } from './book.ts';
import { voucherAnswer, voucherEntities } from './voucher-answers.ts';
import { lockBook, lockOpenPeriod, saveVoucherTx, type VoucherFormValues, type VoucherRow } from './voucher-save.ts';
import {
  applyNumbers,
  lockPeriodCounters,
  lockPeriodVouchers,
  lockVoucher,
  lockVouchers,
  resetPeriodCounters,
  setLinesPosted,
  updateVoucher,
  updateVouchers,
  voucherLines,
  vouchersInOrder,
} from './voucher-states-repository.ts';
import { ACTION_TEXT, type Action, transitionBlock } from './voucher-transitions.ts';

export function registerVoucherStates(app: FastifyInstance, ctx: CrudContext): void {
  const r = endpoints(app, ctx.db);
  r.handle(VOUCHERS.review, transition(ctx, 'review'));
  r.handle(VOUCHERS.unreview, transition(ctx, 'unreview'));
  r.handle(VOUCHERS.post, transition(ctx, 'post'));
  r.handle(VOUCHERS.unpost, transition(ctx, 'unpost'));
  r.handle(VOUCHERS.renumber, renumberPeriod(ctx.db));
  r.handle(VOUCHERS.reverse, reverseVoucher(ctx));
}

function transition({ db, tz }: CrudContext, action: Action): Handler<(typeof VOUCHERS)[Action]> {
  return async ({ req, body }) => {
    const c = bookOf(req);
    const { ids } = body;
    const unique = [...new Set(ids)];
    const done = await db.transaction((tx) => transitionInTx(tx, req, c, unique, action));
    const list = await vouchersInOrder(db, done);
    return voucherEntities(db, c.book, list, tz);
  };
}

/** Book FOR SHARE, the vouchers locked and each checked, then their state (and lines' posted flag) and the log. */
async function transitionInTx(tx: Tx, req: FastifyRequest, c: BookCtx, unique: string[], action: Action) {
  const state = await lockBook(tx, c.book.id, 'share');
  const found = await lockVouchers(tx, c.book.id, unique);
  if (found.length !== unique.length) throw badRequest('凭证不存在');
  for (const v of found) {
    const block = transitionBlock(c, v, action, !!state.closedThrough && v.period <= state.closedThrough);
    if (block) throw badRequest(`${formatVoucherNo(v.word, v.no)}：${block}`);
  }
  const now = new Date();
  const by = { updateUser: c.user.userId, updateTime: now };
  if (action === 'unpost') {
    // back to reviewed when it was reviewed, else saved
    for (const v of found) {
      await updateVoucher(tx, v.id, { state: v.reviewer ? 'reviewed' : 'saved', poster: null, postTime: null, ...by });
    }
  } else {
    const set =
      action === 'review'
        ? { state: 'reviewed', reviewer: c.user.userId, reviewTime: now }
        : action === 'unreview'
          ? { state: 'saved', reviewer: null, reviewTime: null }
          : { state: 'posted', poster: c.user.userId, postTime: now };
    await updateVouchers(tx, unique, { ...set, ...by });
  }
  if (action === 'post' || action === 'unpost') {
    await setLinesPosted(tx, unique, action === 'post' ? 1 : 0);
  }
  await writeOperationLog(tx, req, `${ACTION_TEXT[action]}凭证`, {
    vouchers: [null, found.map((v) => `${v.period} ${formatVoucherNo(v.word, v.no)}`).join(',')],
  });
  return found.map((v) => v.id);
}

/** 凭证整理: each word of an open period numbered 1… again in the chosen order; the counters follow. */
function renumberPeriod(db: Db): Handler<typeof VOUCHERS.renumber> {
  return async ({ req, body }) => {
    const c = bookOf(req);
    const changes = await db.transaction(async (tx) => {
      await lockOpenPeriod(tx, c.book.id, body.period, '期间');
      // the period's counters first: saves still drawing numbers in it finish before the vouchers are read
      await lockPeriodCounters(tx, c.book.id, body.period);
      const list = await lockPeriodVouchers(tx, c.book.id, body.period);
      const out: { id: string; word: string; from: number; to: number }[] = [];
      const words = [...new Set(list.map((v) => v.word))];
      for (const word of words) {
        const mine = list.filter((v) => v.word === word);
        const plan = renumber(
          mine.map((v) => ({ id: v.id, no: v.no, date: v.date, createdAt: v.createTime.toISOString() })),
          body.order,
        );
        await applyNumbers(tx, plan);
        out.push(...plan.map((ch) => ({ ...ch, word })));
      }
      // every counter of the period restarts after the live vouchers (words without vouchers at 0)
      await resetPeriodCounters(tx, c.book.id, body.period);
      await writeOperationLog(tx, req, `凭证整理 ${body.period}`, { renumbered: [null, out.length] });
      return out;
    });
    return { changes };
  };
}

/** 红字冲销: a reviewed voucher's red copy (saveVoucherTx, kind reversal), the original marked reversed by it. */
function reverseVoucher({ db, tz }: CrudContext): Handler<typeof VOUCHERS.reverse> {
  return async ({ req, body }) => {
    const c = bookOf(req);
    const id = await db.transaction(async (tx) => {
      const orig = await lockVoucher(tx, c.book.id, body.id);
      if (!orig) throw badRequest('凭证不存在');
      const label = formatVoucherNo(orig.word, orig.no);
      if (orig.state === 'saved') throw badRequest(`${label} 尚未审核，可直接修改或删除，无需红字冲销`);
      if (orig.reversedById) throw badRequest(`${label} 已被红字冲销`);
      if (orig.kind === 'reversal') throw badRequest(`${label} 是红字冲销凭证，不能再冲销`);
      const lines = await voucherLines(tx, orig.id);
      const form = reversalForm(orig, lines, label, body.date);
      const newId = await saveVoucherTx(tx, c, form, {
        kind: 'reversal',
        sourceVoucherId: orig.id,
        carryForward: lines.some((l) => l.carryForward === 1),
      });
      await updateVoucher(tx, orig.id, { reversedById: newId });
      return newId;
    });
    return voucherAnswer(db, c.book, id, tz);
  };
}

/** The red copy's form: core reversalLines over the original's lines, their aux kept. */
function reversalForm(
  orig: VoucherRow,
  lines: Awaited<ReturnType<typeof voucherLines>>,
  label: string,
  date: string | undefined,
): VoucherFormValues {
  const red = reversalLines({
    word: orig.word,
    no: orig.no,
    date: orig.voucherDate,
    lines: lines.map((l) => ({
      summary: l.summary,
      code: l.accountCode,
      debit: l.debit,
      credit: l.credit,
      quantity: l.quantity ?? undefined,
      unitPrice: l.unitPrice ?? undefined,
    })),
  });
  return {
    word: orig.word,
    voucherDate: date ?? orig.voucherDate,
    attachments: 0,
    remark: `冲销 ${orig.period} ${label}`,
    lines: red.map((l, i) => ({
      summary: l.summary ?? '',
      accountCode: l.code,
      aux: lines[i].aux ?? undefined,
      debit: dec(l.debit).isZero() ? undefined : moneyFixed(dec(l.debit)),
      credit: dec(l.credit).isZero() ? undefined : moneyFixed(dec(l.credit)),
      quantity: l.quantity === undefined ? undefined : String(l.quantity),
      unitPrice: l.unitPrice === undefined ? undefined : String(l.unitPrice),
    })),
  };
}
