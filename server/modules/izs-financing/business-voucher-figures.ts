/**
 * What a stock document (or a drop shipment) will post to 应收账款 / 应付账款, known at its review — the 应收单 /
 * 应付单 of the receivables area (izs-finance-ar hooks.ts) carries exactly this figure (issue 11, the lead's decision).
 *
 * Guarantees:
 * - the book: `voucherBookOf` — the department's book, else the nearest ancestor department's (the company), the
 *   default one (is_default '1') first, then the oldest; the template: `activeTemplates` — the same order the voucher
 *   generation (business-voucher-documents.ts) picks from (enabled, default first, then sort, then id); a book whose
 *   templates were never created yet uses the defaults `ensureDefaultTemplates` will create (core defaultTemplates);
 * - the figures: core `docFigures(doc, templateRate(template.taxRate, book.taxNature, date), amountIncludesTax)` —
 *   the same pure code the voucher uses, so 价税合计 here = the voucher's 'gross' to the fen;
 * - no book, or no enabled template for the kind: 业务参数's tax rate (izs_business_config.tax_rate of the department
 *   or its nearest ancestor, default 13 %), tax on top, source 'config'.
 * Read through the schema only; no route here.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import {
  type BizDoc,
  type BizDocType,
  defaultTemplates,
  docFigures,
  templateRate,
} from '../../../core/accounting/business-voucher.ts';
import { type Decimal, dec } from '../../../core/accounting/index.ts';
import type { Executor } from '../../db/client.ts';
import { accountSet, businessConfig, dept, voucherTemplate, voucherTemplateInit } from '../../db/schema/index.ts';
import { tenantIs, tenantOnly } from '../../platform/scope.ts';
import { type Book, loadBookChart, toBook } from './book.ts';

/** The department itself, then its ancestors nearest first. */
async function deptChain(ex: Executor, tenantId: string, deptId: string): Promise<string[]> {
  const [d] = await ex
    .select({ ancestors: dept.ancestors })
    .from(dept)
    .where(and(eq(dept.id, deptId), tenantOnly(tenantId, dept)))
    .limit(1);
  return [
    deptId,
    ...(d?.ancestors ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter((s) => s && s !== '0')
      .reverse(),
  ];
}

/** The book a department's documents are vouchered in: its (or its nearest ancestor's) default book, else the oldest. */
export async function voucherBookOf(ex: Executor, tenantId: string, deptId: string | null): Promise<Book | null> {
  if (!deptId) return null;
  const chain = await deptChain(ex, tenantId, deptId);
  const books = await ex
    .select()
    .from(accountSet)
    .where(and(tenantIs(tenantId, accountSet), inArray(accountSet.deptId, chain)))
    .orderBy(sql`${accountSet.isDefault} desc`, asc(accountSet.id));
  for (const id of chain) {
    const b = books.find((x) => x.deptId === id);
    if (b) return toBook(b);
  }
  return null;
}

/** A book's enabled templates in the order the voucher generation picks from (first of a kind wins). */
export function activeTemplates(ex: Executor, bookId: string) {
  return ex
    .select()
    .from(voucherTemplate)
    .where(
      and(eq(voucherTemplate.accountSetId, bookId), eq(voucherTemplate.isDeleted, 0), eq(voucherTemplate.status, 1)),
    )
    .orderBy(sql`${voucherTemplate.isDefault} desc`, asc(voucherTemplate.sort), asc(voucherTemplate.id));
}

/** 业务参数's VAT rate (percent) of a department or its nearest ancestor; 13 when none is set. */
export async function configTaxRate(ex: Executor, tenantId: string, deptId: string | null): Promise<Decimal> {
  if (!deptId) return dec('0.13');
  const chain = await deptChain(ex, tenantId, deptId);
  const list = await ex
    .select({ deptId: businessConfig.deptId, taxRate: businessConfig.taxRate })
    .from(businessConfig)
    .where(and(tenantIs(tenantId, businessConfig), inArray(businessConfig.deptId, chain)));
  for (const id of chain) {
    const r = list.find((x) => x.deptId === id);
    if (r) return dec(r.taxRate).div(100);
  }
  return dec('0.13');
}

export interface PartyFigures {
  /** 价税合计 (what 应收账款 / 应付账款 gets) */
  gross: Decimal;
  net: Decimal;
  tax: Decimal;
  /** fraction, e.g. 0.13 */
  rate: Decimal;
  /** template: the book's 凭证模板; config: 业务参数 */
  source: 'template' | 'config';
  /** e.g. 「绿循再生 总账」凭证模板「销售出库」 or 业务参数 */
  sourceText: string;
}

/**
 * The figures of a positive document (returns: the caller negates them). `doc.docType` picks the template kind
 * (drop-shipping sale → out_stock, drop-shipping purchase → in_stock).
 */
export async function partyFigures(
  ex: Executor,
  tenantId: string,
  deptId: string | null,
  doc: BizDoc,
): Promise<PartyFigures> {
  const book = await voucherBookOf(ex, tenantId, deptId);
  if (book) {
    const tpl = await templateOf(ex, book, doc.docType);
    if (tpl) {
      const rate = templateRate(tpl.taxRate, book.taxNature, doc.date);
      const f = docFigures(doc, rate, tpl.amountIncludesTax === 1);
      return {
        gross: f.gross,
        net: f.net,
        tax: f.tax,
        rate,
        source: 'template',
        sourceText: `账套「${book.name}」凭证模板「${tpl.name}」`,
      };
    }
  }
  const rate = await configTaxRate(ex, tenantId, deptId);
  const f = docFigures(doc, rate, false);
  return { gross: f.gross, net: f.net, tax: f.tax, rate, source: 'config', sourceText: '业务参数' };
}

/**
 * Issue 21: the tax basis a new stock document line takes when the body does not say — the rate (percent) and the
 * 含税 switch of the department book's active template for the kind ('auto' resolved for the book's 纳税人性质 at
 * `date`); no book or no enabled template: 业务参数's rate, 不含税. Read at save only: the document then stores its
 * figures and the voucher posts those (the template's switch is the default of new documents, never a second opinion).
 */
export async function taxDefaultOf(
  ex: Executor,
  tenantId: string,
  deptId: string | null,
  docType: BizDocType,
  date: string,
): Promise<{ ratePercent: Decimal; includesTax: boolean }> {
  const book = await voucherBookOf(ex, tenantId, deptId);
  if (book) {
    const tpl = await templateOf(ex, book, docType);
    if (tpl)
      return {
        ratePercent: templateRate(tpl.taxRate, book.taxNature, date).times(100),
        includesTax: tpl.amountIncludesTax === 1,
      };
  }
  return { ratePercent: (await configTaxRate(ex, tenantId, deptId)).times(100), includesTax: false };
}

async function templateOf(
  ex: Executor,
  book: Book,
  docType: BizDocType,
): Promise<{ name: string; taxRate: string; amountIncludesTax: number } | undefined> {
  const [init] = await ex
    .select({ id: voucherTemplateInit.accountSetId })
    .from(voucherTemplateInit)
    .where(eq(voucherTemplateInit.accountSetId, book.id));
  if (!init) {
    // templates not created yet: the defaults the first generation will create
    const bc = await loadBookChart(ex, book);
    return defaultTemplates(bc.chart, book.taxNature).templates.find((t) => t.docType === docType);
  }
  return (await activeTemplates(ex, book.id)).find((t) => t.docType === docType);
}
