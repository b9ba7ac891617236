/** 记账凭证 state changes: review / unreview / post / unpost, 凭证整理 (renumber) and 红字冲销 (reverse). */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { dec, formatVoucherNo, renumber, reversalLines } from '../../../core/accounting/index.ts';
import { VOUCHERS } from '../../../core/contract/izs-financing/voucher.contract.ts';
import { moneyFixed } from '../../../core/format/amounts.ts';
import { voucher, voucherCounter, voucherLine } from '../../db/schema/index.ts';
import type { CrudContext } from '../../platform/crud/index.ts';
import { endpoints } from '../../platform/endpoint.ts';
import { writeOperationLog } from '../../platform/logs.ts';
import { badRequest } from '../../platform/r.ts';
import { bookOf } from './book.ts';
import { voucherAnswer, voucherEntities } from './voucher-answers.ts';
import { lockBook, lockOpenPeriod, saveVoucherTx, type VoucherFormValues } from './voucher-save.ts';
import { ACTION_TEXT, type Action, transitionBlock } from './voucher-transitions.ts';

export function registerVoucherStates(app: FastifyInstance, ctx: CrudContext): void {
  const { db, tz } = ctx;
  const r = endpoints(app, db);

  const transition = (e: (typeof VOUCHERS)[Action], action: Action) =>
    r.handle(e, async ({ req, body }) => {
      const c = bookOf(req);
      const { ids } = body;
      const unique = [...new Set(ids)];
      const done = await db.transaction(async (tx) => {
        const state = await lockBook(tx, c.book.id, 'share');
        const found = await tx
          .select()
          .from(voucher)
          .where(and(inArray(voucher.id, unique), eq(voucher.accountSetId, c.book.id), eq(voucher.isDeleted, 0)))
          .orderBy(asc(voucher.period), asc(voucher.word), asc(voucher.no))
          .for('update');
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
            await tx
              .update(voucher)
              .set({ state: v.reviewer ? 'reviewed' : 'saved', poster: null, postTime: null, ...by })
              .where(eq(voucher.id, v.id));
          }
        } else {
          const set =
            action === 'review'
              ? { state: 'reviewed', reviewer: c.user.userId, reviewTime: now }
              : action === 'unreview'
                ? { state: 'saved', reviewer: null, reviewTime: null }
                : { state: 'posted', poster: c.user.userId, postTime: now };
          await tx
            .update(voucher)
            .set({ ...set, ...by })
            .where(inArray(voucher.id, unique));
        }
        if (action === 'post' || action === 'unpost') {
          await tx
            .update(voucherLine)
            .set({ posted: action === 'post' ? 1 : 0 })
            .where(inArray(voucherLine.voucherId, unique));
        }
        await writeOperationLog(tx, req, `${ACTION_TEXT[action]}凭证`, {
          vouchers: [null, found.map((v) => `${v.period} ${formatVoucherNo(v.word, v.no)}`).join(',')],
        });
        return found.map((v) => v.id);
      });
      const list = await db
        .select()
        .from(voucher)
        .where(inArray(voucher.id, done))
        .orderBy(asc(voucher.period), asc(voucher.word), asc(voucher.no));
      return voucherEntities(db, c.book, list, tz);
    });
  transition(VOUCHERS.review, 'review');
  transition(VOUCHERS.unreview, 'unreview');
  transition(VOUCHERS.post, 'post');
  transition(VOUCHERS.unpost, 'unpost');

  r.handle(VOUCHERS.renumber, async ({ req, body }) => {
    const c = bookOf(req);
    const changes = await db.transaction(async (tx) => {
      await lockOpenPeriod(tx, c.book.id, body.period, '期间');
      // the period's counters first: saves still drawing numbers in it finish before the vouchers are read
      await tx
        .select({ word: voucherCounter.word })
        .from(voucherCounter)
        .where(and(eq(voucherCounter.accountSetId, c.book.id), eq(voucherCounter.period, body.period)))
        .for('update');
      const list = await tx
        .select({
          id: voucher.id,
          word: voucher.word,
          no: voucher.no,
          date: voucher.voucherDate,
          createTime: voucher.createTime,
        })
        .from(voucher)
        .where(and(eq(voucher.accountSetId, c.book.id), eq(voucher.period, body.period), eq(voucher.isDeleted, 0)))
        .for('update');
      const out: { id: string; word: string; from: number; to: number }[] = [];
      const words = [...new Set(list.map((v) => v.word))];
      for (const word of words) {
        const mine = list.filter((v) => v.word === word);
        const plan = renumber(
          mine.map((v) => ({ id: v.id, no: v.no, date: v.date, createdAt: v.createTime.toISOString() })),
          body.order,
        );
        for (const ch of plan) await tx.update(voucher).set({ no: -ch.to }).where(eq(voucher.id, ch.id));
        for (const ch of plan) await tx.update(voucher).set({ no: ch.to }).where(eq(voucher.id, ch.id));
        out.push(...plan.map((ch) => ({ ...ch, word })));
      }
      // every counter of the period restarts after the live vouchers (words without vouchers at 0)
      await tx.execute(
        sql`update ${voucherCounter} k set last = coalesce((select count(*) from ${voucher} v where v.account_set_id = k.account_set_id
              and v.period = k.period and v.word = k.word and v.is_deleted = 0), 0)
            where k.account_set_id = ${c.book.id} and k.period = ${body.period}`,
      );
      await writeOperationLog(tx, req, `凭证整理 ${body.period}`, { renumbered: [null, out.length] });
      return out;
    });
    return { changes };
  });

  r.handle(VOUCHERS.reverse, async ({ req, body }) => {
    const c = bookOf(req);
    const id = await db.transaction(async (tx) => {
      const [orig] = await tx
        .select()
        .from(voucher)
        .where(and(eq(voucher.id, body.id), eq(voucher.accountSetId, c.book.id), eq(voucher.isDeleted, 0)))
        .for('update');
      if (!orig) throw badRequest('凭证不存在');
      const label = formatVoucherNo(orig.word, orig.no);
      if (orig.state === 'saved') throw badRequest(`${label} 尚未审核，可直接修改或删除，无需红字冲销`);
      if (orig.reversedById) throw badRequest(`${label} 已被红字冲销`);
      if (orig.kind === 'reversal') throw badRequest(`${label} 是红字冲销凭证，不能再冲销`);
      const lines = await tx
        .select()
        .from(voucherLine)
        .where(and(eq(voucherLine.voucherId, orig.id), eq(voucherLine.isDeleted, 0)))
        .orderBy(asc(voucherLine.lineNo));
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
      const form: VoucherFormValues = {
        word: orig.word,
        voucherDate: body.date ?? orig.voucherDate,
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
      const newId = await saveVoucherTx(tx, c, form, {
        kind: 'reversal',
        sourceVoucherId: orig.id,
        carryForward: lines.some((l) => l.carryForward === 1),
      });
      await tx.update(voucher).set({ reversedById: newId }).where(eq(voucher.id, orig.id));
      return newId;
    });
    return voucherAnswer(db, c.book, id, tz);
  });
}
