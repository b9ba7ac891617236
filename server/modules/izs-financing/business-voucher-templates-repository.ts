/** The queries of the 凭证模板 routes (business-voucher-templates.ts). */
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { voucherTemplate, voucherWord } from '../../db/schema/index.ts';

/** The book's live templates (of one document type, or all), by type, sort and id. */
export function templatesOf(db: Db, bookId: string, docType?: string) {
  const conds = [eq(voucherTemplate.accountSetId, bookId), eq(voucherTemplate.isDeleted, 0)];
  if (docType) conds.push(eq(voucherTemplate.docType, docType));
  return db
    .select()
    .from(voucherTemplate)
    .where(and(...conds))
    .orderBy(asc(voucherTemplate.docType), asc(voucherTemplate.sort), asc(voucherTemplate.id));
}

/** The book's live voucher words. */
export function bookWords(tx: Tx, bookId: string) {
  return tx
    .select({ word: voucherWord.word })
    .from(voucherWord)
    .where(and(eq(voucherWord.accountSetId, bookId), eq(voucherWord.isDeleted, 0)));
}

/** A live template of the book with this name, if any. */
export async function templateNamed(tx: Tx, bookId: string, name: string) {
  const [dup] = await tx
    .select({ id: voucherTemplate.id })
    .from(voucherTemplate)
    .where(
      and(eq(voucherTemplate.accountSetId, bookId), eq(voucherTemplate.name, name), eq(voucherTemplate.isDeleted, 0)),
    );
  return dup;
}

/** The book's live templates of these ids (id, name). */
export function liveTemplatesOf(tx: Tx, bookId: string, ids: string[]) {
  return tx
    .select({ id: voucherTemplate.id, name: voucherTemplate.name })
    .from(voucherTemplate)
    .where(
      and(inArray(voucherTemplate.id, ids), eq(voucherTemplate.accountSetId, bookId), eq(voucherTemplate.isDeleted, 0)),
    );
}

/** The templates deleted (soft). */
export async function removeTemplates(tx: Tx, userId: string, ids: string[]) {
  await tx
    .update(voucherTemplate)
    .set({ isDeleted: 1, updateUser: userId, updateTime: new Date() })
    .where(inArray(voucherTemplate.id, ids));
}
