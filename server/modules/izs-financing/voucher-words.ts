/**
 * 凭证字 of the current book (period_rules §2), engine routes at /api/izs-financing/voucher-word.
 * Rules: a word is unique per book; the restriction's codes must be accounts of the book; one default word; a word
 * used by a voucher cannot be removed and the book keeps at least one word.
 */
import { and, eq, ne, notInArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { VoucherWord as CoreWord, WordRestriction } from '../../../core/accounting/index.ts';
import { voucherWordResource } from '../../../core/contract/izs-financing/voucher-word.contract.ts';
import type { Executor } from '../../db/client.ts';
import { finAccount, voucher, voucherWord } from '../../db/schema/index.ts';
import type { CrudContext } from '../../platform/crud/index.ts';
import { badRequest } from '../../platform/r.ts';
import { registerBookResource } from './book-resource.ts';

/** The book's enabled words in the core's shape (for validateVoucher). */
export async function loadWords(ex: Executor, bookId: string): Promise<CoreWord[]> {
  const list = await ex
    .select()
    .from(voucherWord)
    .where(and(eq(voucherWord.accountSetId, bookId), eq(voucherWord.isDeleted, 0), eq(voucherWord.status, 1)));
  return list
    .sort((a, b) => a.sort - b.sort)
    .map((w) => ({
      word: w.word,
      name: w.name,
      restriction: w.restriction as WordRestriction,
      codes: w.codes ? w.codes.split(',').filter(Boolean) : [],
    }));
}

export function registerVoucherWords(app: FastifyInstance, ctx: CrudContext): void {
  registerBookResource(app, ctx, voucherWordResource, voucherWord, {
    beforeSave: async (tx, row, c) => {
      const word = String(row.word ?? c.prev?.word);
      const [dup] = await tx
        .select({ id: voucherWord.id })
        .from(voucherWord)
        .where(
          and(
            eq(voucherWord.accountSetId, c.bookId),
            eq(voucherWord.word, word),
            eq(voucherWord.isDeleted, 0),
            ...(c.prev ? [ne(voucherWord.id, String(c.prev.id))] : []),
          ),
        )
        .limit(1);
      if (dup) throw badRequest(`凭证字「${word}」已存在`);
      if (c.prev && c.prev.word !== word) {
        const [used] = await tx
          .select({ id: voucher.id })
          .from(voucher)
          .where(
            and(eq(voucher.accountSetId, c.bookId), eq(voucher.word, String(c.prev.word)), eq(voucher.isDeleted, 0)),
          )
          .limit(1);
        if (used) throw badRequest(`凭证字「${c.prev.word}」已被凭证使用，不能修改`);
      }
      const codes = String(row.codes ?? '')
        .split(',')
        .filter(Boolean);
      if (row.restriction !== 'none' && codes.length === 0) throw badRequest('请填写限制科目');
      if (codes.length) {
        const found = await tx
          .select({ code: finAccount.code })
          .from(finAccount)
          .where(and(eq(finAccount.accountSetId, c.bookId), eq(finAccount.isDeleted, 0)));
        const have = new Set(found.map((f) => f.code));
        const missing = codes.find((x) => !have.has(x));
        if (missing) throw badRequest(`限制科目 ${missing} 不存在`);
      }
      if (Number(row.isDefault) === 1) {
        await tx
          .update(voucherWord)
          .set({ isDefault: 0 })
          .where(
            and(eq(voucherWord.accountSetId, c.bookId), ...(c.prev ? [ne(voucherWord.id, String(c.prev.id))] : [])),
          );
      }
    },
    beforeRemove: async (tx, list, c) => {
      for (const w of list) {
        const [used] = await tx
          .select({ id: voucher.id })
          .from(voucher)
          .where(and(eq(voucher.accountSetId, c.bookId), eq(voucher.word, String(w.word)), eq(voucher.isDeleted, 0)))
          .limit(1);
        if (used) throw badRequest(`凭证字「${w.word}」已被凭证使用，不能删除`);
      }
      const [left] = await tx
        .select({ id: voucherWord.id })
        .from(voucherWord)
        .where(
          and(
            eq(voucherWord.accountSetId, c.bookId),
            eq(voucherWord.isDeleted, 0),
            notInArray(
              voucherWord.id,
              list.map((w) => String(w.id)),
            ),
          ),
        )
        .limit(1);
      if (!left) throw badRequest('账套至少需要保留一个凭证字');
    },
  });
}
