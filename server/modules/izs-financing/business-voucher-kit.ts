/**
 * The shared pieces of 凭证模板 / 业务凭证 (DESIGN §5): the book's default templates (stock documents and, issue 11,
 * the money records of the receivables area), template rows ↔ answers, the party's dimension item on a counterparty
 * line, and the helpers business-reports.ts uses (re-exported from business-vouchers.ts). No route here.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import {
  AR_DOC_KIND_NAMES,
  AR_DOC_KINDS,
  DOC_TYPE_NAMES,
  defaultArDocTemplates,
  defaultProductionTemplates,
  defaultTemplates,
  PRODUCTION_DOC_TYPES,
} from '../../../core/accounting/business-voucher.ts';
import { defaultMoneyTemplates, MONEY_KINDS } from '../../../core/accounting/money-voucher.ts';
import {
  MONEY_TEMPLATE_DOC_TYPES,
  PARTY_SOURCE,
  type TemplateDocType,
  type VoucherTemplate,
} from '../../../core/contract/izs-financing/business.contract.ts';
import { type Executor, rows, type Tx } from '../../db/client.ts';
import {
  finAccount,
  finDimension,
  finDimensionData,
  voucher,
  voucherTemplate,
  voucherTemplateInit,
  voucherTemplateLine,
  voucherWord,
} from '../../db/schema/index.ts';
import { writeOperationLog } from '../../platform/logs.ts';
import { badRequest } from '../../platform/r.ts';
import { auxDimsOf, type Book, type BookChart, type BookCtx, fullNameOf, loadBookChart } from './book.ts';
import { accountUsed } from './chart.ts';
import { syncDimension } from './dimensions-repository.ts';

export {
  type DocRow,
  docLines,
  materialNames,
  quantityIn,
  subAccountResolver,
} from './business-voucher-doc-lines.ts';

import { effectiveDept } from '../../platform/scope.ts';

/** A template as written: stock kinds (core business-voucher.ts) and money kinds (core money-voucher.ts). */
export interface TemplateSpec {
  name: string;
  docType: string;
  summary: string;
  taxRate: string;
  amountIncludesTax: number;
  lines: {
    summary?: string;
    accountCode: string;
    side: 'debit' | 'credit';
    amountSource: string;
    auxSource: string;
    perMaterial: number;
  }[];
}

const KIND_NAMES: Record<string, string> = {
  ...DOC_TYPE_NAMES,
  ...AR_DOC_KIND_NAMES,
  ...Object.fromEntries(MONEY_TEMPLATE_DOC_TYPES.map((d) => [d.value, d.label])),
};
export const kindName = (t: string): string => KIND_NAMES[t] ?? t;

/** SQL: the link row `l` points at a live voucher (not deleted, not reversed). */
export const liveLink = sql`exists (select 1 from ${voucher} v where v.id = l.voucher_id and v.is_deleted = 0
  and v.reversed_by_id is null)`;

/** The word generated vouchers use: 转 when the book has it, else the default word. */
export async function businessWord(ex: Executor, bookId: string): Promise<string> {
  const words = await ex
    .select({ word: voucherWord.word, isDefault: voucherWord.isDefault })
    .from(voucherWord)
    .where(and(eq(voucherWord.accountSetId, bookId), eq(voucherWord.isDeleted, 0), eq(voucherWord.status, 1)))
    .orderBy(asc(voucherWord.sort));
  return (
    words.find((w) => w.word === '转')?.word ?? words.find((w) => w.isDefault === 1)?.word ?? words[0]?.word ?? '记'
  );
}

/** The book's dimension of a source (customer / supplier). */
export async function dimensionBySource(ex: Executor, bookId: string, source: string) {
  const [d] = await ex
    .select({ id: finDimension.id, name: finDimension.name })
    .from(finDimension)
    .where(and(eq(finDimension.accountSetId, bookId), eq(finDimension.source, source), eq(finDimension.isDeleted, 0)))
    .orderBy(asc(finDimension.sort))
    .limit(1);
  return d;
}

/**
 * A counterparty line's account must keep the party's dimension. An unused leaf without it gets it (a new book's
 * 应付账款 / 应收账款); a used one is refused (its existing lines have no item) — `strict` false just skips it.
 */
export async function ensurePartyDimension(
  tx: Tx,
  c: BookCtx,
  bc: BookChart,
  code: string,
  source: 'supplier' | 'customer',
  strict: boolean,
): Promise<void> {
  const dim = await dimensionBySource(tx, c.book.id, source);
  const row = bc.rows.get(code);
  if (!dim || !row) {
    if (strict) throw badRequest(`账套没有「${source === 'supplier' ? '供应商' : '客户'}」核算维度`);
    return;
  }
  const dims = auxDimsOf(row);
  if (dims.includes(dim.id)) return;
  if (await accountUsed(tx, c.book.id, code)) {
    if (!strict) return;
    throw badRequest(
      `科目 ${code} ${fullNameOf(bc.chart, code)} 已有期初余额或凭证且未设置辅助核算「${dim.name}」，请换用其明细科目或取消往来单位辅助核算`,
    );
  }
  const next = [...dims, dim.id].join(',');
  await tx
    .update(finAccount)
    .set({ auxDims: next, updateUser: c.user.userId, updateTime: new Date() })
    .where(eq(finAccount.id, row.id));
  row.auxDims = next;
  await writeOperationLog(tx, c.req, '凭证模板启用科目辅助核算', { [code]: [dims.join(','), next] });
}

/** Creates the default templates once per book (izs_fin_voucher_template_init remembers it), money kinds too. */
export async function ensureDefaultTemplates(tx: Tx, c: BookCtx): Promise<void> {
  const inserted = await tx
    .insert(voucherTemplateInit)
    .values({ accountSetId: c.book.id })
    .onConflictDoNothing()
    .returning({ id: voucherTemplateInit.accountSetId });
  if (inserted.length > 0) {
    const bc = await loadBookChart(tx, c.book);
    const word = await businessWord(tx, c.book.id);
    const { templates } = defaultTemplates(bc.chart, c.book.taxNature);
    for (const [i, t] of templates.entries()) {
      for (const l of t.lines) {
        if (l.auxSource === 'party')
          await ensurePartyDimension(tx, c, bc, l.accountCode, partySource(t.docType), false);
      }
      await insertTemplate(tx, c, { ...t, word, isDefault: 1, status: 1, remark: '系统预置', sort: i + 1 });
    }
  }
  for (const g of KIND_GROUPS) await ensureKindTemplates(tx, c, g);
}

/**
 * The defaults of a group of kinds added after books existed — money (收款 / 付款 / 退款 / 对冲, issue 11), 应收单 /
 * 应付单 (直发销售 / 直发采购 / 手工应收单 / 手工应付单 / 运费, issue 21), production (组装 / 拆解分拣 / 转换, issue 21) —
 * once per book and kind: a kind that ever had a template (even a deleted one) is left alone, so a new book and a
 * book made before the kinds (the demo's) get them on their first use of the templates or the generation.
 */
interface KindGroup {
  /** names the advisory lock: one writer per book and group (two first uses at once would both insert) */
  lock: string;
  kinds: readonly string[];
  defaults: (bc: BookChart, book: Book) => TemplateSpec[];
  /** `sort` of the group's first default */
  sortFrom: number;
  /** a default whose name a live template of the book already has is saved as 「name（系统预置）」 */
  renameTaken: boolean;
}

const KIND_GROUPS: KindGroup[] = [
  {
    lock: 'money-templates',
    kinds: MONEY_KINDS,
    defaults: (bc) =>
      defaultMoneyTemplates(bc.chart).templates.map((t) => ({ ...t, taxRate: '0', amountIncludesTax: 0 })),
    sortFrom: 10,
    renameTaken: false,
  },
  {
    lock: 'ardoc-templates',
    kinds: AR_DOC_KINDS,
    defaults: (bc, book) => defaultArDocTemplates(bc.chart, book.taxNature).templates,
    sortFrom: 20,
    renameTaken: true,
  },
  {
    lock: 'production-templates',
    kinds: PRODUCTION_DOC_TYPES,
    defaults: (bc) => defaultProductionTemplates(bc.chart).templates,
    sortFrom: 5,
    renameTaken: true,
  },
];

async function ensureKindTemplates(tx: Tx, c: BookCtx, g: KindGroup): Promise<void> {
  const kinds = sql.join(
    g.kinds.map((k) => sql`${k}`),
    sql`, `,
  );
  const had = async () =>
    rows<{ docType: string }>(
      tx,
      sql`select distinct doc_type as "docType" from ${voucherTemplate}
           where account_set_id = ${c.book.id} and doc_type in (${kinds})`,
    );
  if ((await had()).length === g.kinds.length) return;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`${g.lock}:${c.book.id}`}))`);
  const done = new Set((await had()).map((r) => r.docType));
  const bc = await loadBookChart(tx, c.book);
  const word = await businessWord(tx, c.book.id);
  const names = g.renameTaken
    ? new Set(
        (
          await tx
            .select({ name: voucherTemplate.name })
            .from(voucherTemplate)
            .where(and(eq(voucherTemplate.accountSetId, c.book.id), eq(voucherTemplate.isDeleted, 0)))
        ).map((t) => t.name),
      )
    : new Set<string>();
  for (const [i, t] of g.defaults(bc, c.book).entries()) {
    if (done.has(t.docType)) continue;
    for (const l of t.lines) {
      if (l.auxSource !== 'none')
        await ensurePartyDimension(tx, c, bc, l.accountCode, partySource(t.docType, l.auxSource), false);
    }
    await insertTemplate(tx, c, {
      ...t,
      name: names.has(t.name) ? `${t.name}（系统预置）` : t.name,
      word,
      isDefault: 1,
      status: 1,
      remark: '系统预置',
      sort: g.sortFrom + i,
    });
  }
}

const partySource = (docType: string, aux = 'party'): 'supplier' | 'customer' =>
  aux === 'supplier' || aux === 'customer'
    ? aux
    : ((PARTY_SOURCE as Record<string, 'supplier' | 'customer'>)[docType] ?? 'customer');

export { partySource };

export async function insertTemplate(
  tx: Tx,
  c: BookCtx,
  t: TemplateSpec & { word: string; isDefault: number; status: number; remark: string; sort?: number },
  id?: string,
): Promise<string> {
  const values = {
    name: t.name,
    docType: t.docType,
    word: t.word,
    summary: t.summary,
    taxRate: t.taxRate,
    amountIncludesTax: t.amountIncludesTax,
    isDefault: t.isDefault,
    status: t.status,
    remark: t.remark,
    updateUser: c.user.userId,
    updateTime: new Date(),
  };
  if (t.isDefault === 1) {
    // one default per kind
    await tx
      .update(voucherTemplate)
      .set({ isDefault: 0 })
      .where(
        and(
          eq(voucherTemplate.accountSetId, c.book.id),
          eq(voucherTemplate.docType, t.docType),
          eq(voucherTemplate.isDeleted, 0),
        ),
      );
  }
  let tplId = id;
  if (tplId) {
    await tx.update(voucherTemplate).set(values).where(eq(voucherTemplate.id, tplId));
    await tx.delete(voucherTemplateLine).where(eq(voucherTemplateLine.templateId, tplId));
  } else {
    const [r] = await tx
      .insert(voucherTemplate)
      .values({
        ...values,
        tenantId: c.user.tenantId,
        deptId: c.book.deptId,
        accountSetId: c.book.id,
        sort: t.sort ?? 0,
        createUser: c.user.userId,
        createDept: effectiveDept(c.user),
      })
      .returning({ id: voucherTemplate.id });
    tplId = r.id;
  }
  await tx.insert(voucherTemplateLine).values(
    t.lines.map((l, i) => ({
      tenantId: c.user.tenantId,
      templateId: tplId as string,
      lineNo: i + 1,
      summary: l.summary ?? '',
      accountCode: l.accountCode,
      side: l.side,
      amountSource: l.amountSource,
      auxSource: l.auxSource,
      perMaterial: l.perMaterial,
    })),
  );
  return tplId;
}

export type TemplateRow = typeof voucherTemplate.$inferSelect;

export async function templateEntities(ex: Executor, book: Book, list: TemplateRow[]): Promise<VoucherTemplate[]> {
  if (list.length === 0) return [];
  const lines = await ex
    .select()
    .from(voucherTemplateLine)
    .where(
      inArray(
        voucherTemplateLine.templateId,
        list.map((t) => t.id),
      ),
    )
    .orderBy(asc(voucherTemplateLine.templateId), asc(voucherTemplateLine.lineNo));
  const bc = await loadBookChart(ex, book);
  return list.map((t) => ({
    id: t.id,
    accountSetId: t.accountSetId,
    name: t.name,
    docType: t.docType as TemplateDocType,
    docTypeName: kindName(t.docType),
    word: t.word,
    summary: t.summary,
    taxRate: t.taxRate,
    amountIncludesTax: t.amountIncludesTax,
    isDefault: t.isDefault,
    status: t.status,
    remark: t.remark,
    lines: lines
      .filter((l) => l.templateId === t.id)
      .map((l) => ({
        lineNo: l.lineNo,
        summary: l.summary,
        accountCode: l.accountCode,
        accountName: bc.chart.byCode.has(l.accountCode) ? fullNameOf(bc.chart, l.accountCode) : '（科目不存在）',
        side: l.side as 'debit' | 'credit',
        amountSource: l.amountSource as VoucherTemplate['lines'][number]['amountSource'],
        auxSource: l.auxSource as VoucherTemplate['lines'][number]['auxSource'],
        perMaterial: l.perMaterial,
      })),
  }));
}

export async function loadTemplate(ex: Executor, bookId: string, id: string): Promise<TemplateRow> {
  if (!/^[1-9]\d{0,18}$/.test(id)) throw badRequest('凭证模板不存在');
  const [t] = await ex
    .select()
    .from(voucherTemplate)
    .where(and(eq(voucherTemplate.id, id), eq(voucherTemplate.accountSetId, bookId), eq(voucherTemplate.isDeleted, 0)));
  if (!t) throw badRequest('凭证模板不存在');
  return t;
}

/**
 * The item of the book's 供应商 / 客户 dimension for a party (the dimension is synced once when the party has no item
 * yet); refused with the party's name when it still has none.
 */
export async function partyItem(
  tx: Tx,
  c: BookCtx,
  source: 'supplier' | 'customer',
  partyId: string,
  partyName: string,
): Promise<Record<string, string>> {
  const dim = await dimensionBySource(tx, c.book.id, source);
  if (!dim) throw badRequest(`账套没有「${source === 'supplier' ? '供应商' : '客户'}」核算维度`);
  const findItem = () =>
    tx
      .select({ id: finDimensionData.id })
      .from(finDimensionData)
      .where(
        and(
          eq(finDimensionData.dimensionId, dim.id),
          eq(finDimensionData.sourceId, partyId),
          eq(finDimensionData.isDeleted, 0),
        ),
      )
      .limit(1);
  let [item] = await findItem();
  if (!item) {
    await syncDimension(tx, c.user.tenantId, c.book.deptId, c.book.id, dim.id, c.user.userId);
    [item] = await findItem();
  }
  if (!item) throw badRequest(`往来单位「${partyName}」不是「${dim.name}」核算维度的项目，请先在核算维度中添加或同步`);
  return { [dim.id]: item.id };
}
