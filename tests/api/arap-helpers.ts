/**
 * Shared by the receivables API tests: the demo's default book (绿循再生 总账, the company's) and a switch of a
 * book's stock voucher templates — the 应收单 / 应付单 of a reviewed document carry what those templates post to
 * 应收账款 / 应付账款 (izs-financing business-voucher-figures.ts).
 */
import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { BIZ_VOUCHER as V } from '../../core/contract/izs-financing/business-voucher.contract.ts';
import { accountSet } from '../../server/db/schema/index.ts';
import type { BaseCtx } from './base-suite.ts';
import { apiFor, okGet } from './finance-helpers.ts';

export async function demoBook(c: BaseCtx): Promise<{ id: string; deptId: string }> {
  const [b] = await c.t.database.db
    .select({ id: accountSet.id, deptId: accountSet.deptId })
    .from(accountSet)
    .where(and(eq(accountSet.name, '绿循再生 总账'), eq(accountSet.isDeleted, 0)));
  return { id: b.id, deptId: b.deptId ?? '' };
}

/** Patches the book's templates of the given stock kinds (e.g. { amountIncludesTax: 1 } or { taxRate: '0' }). */
export async function patchStockTemplates(
  c: BaseCtx,
  book: { id: string; deptId: string },
  docTypes: string[],
  patch: Record<string, unknown>,
): Promise<void> {
  const api = apiFor(c, c.admin, book.deptId, book.id);
  const list = (await okGet(api, V.templateList.path)) as { id: string; docType: string }[];
  for (const t of list.filter((x) => docTypes.includes(x.docType))) {
    const full = await okGet(api, V.templateDetail.path, { id: t.id });
    const r = await api(V.templateSubmit.path, { method: 'POST', body: { ...full, ...patch } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
  }
}
