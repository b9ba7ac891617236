/**
 * Business vouchers of the current book (DESIGN §5): voucher templates (凭证模板) and the generation of vouchers
 * from reviewed stock documents of izs-stock (read through the Drizzle schema only — modules do not import each
 * other). Contract: business.contract.ts. Pure rules: core/accounting/business-voucher.ts.
 *
 * Guarantees:
 * - every voucher goes through `saveVoucherTx` (validation, open period, numbering) in the generating transaction;
 * - a document gets at most one live voucher per book: its row is locked FOR UPDATE, then a link to a voucher that
 *   is neither deleted nor reversed refuses the generation; deleting or red-reversing the voucher frees it;
 * - the counterparty line carries the item of the book's 供应商 / 客户 dimension whose source is the document's
 *   party; a party without an item is added by syncing the dimension (the dimensions' own sync) first;
 * - one request = one transaction: all the chosen documents get their vouchers, or none does.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  type BizDoc,
  type BizTemplate,
  DOC_TYPE_NAMES,
  defaultTemplates,
  materialSubAccount,
  templateLines,
  templateRate,
} from '../../../core/accounting/business-voucher.ts';
import { dec, formatVoucherNo, isLeaf, lastDay } from '../../../core/accounting/index.ts';
import { idListSchema } from '../../../core/contract/common.ts';
import {
  BIZ_PATHS,
  BIZ_PERMISSIONS,
  type BizDocument,
  documentsQuery,
  generateBody,
  PARTY_SOURCE,
  TEMPLATE_DOC_TYPES,
  type TemplateDocType,
  templateForm,
  type VoucherTemplate,
} from '../../../core/contract/izs-financing/business.contract.ts';
import { type Executor, rows, type Tx } from '../../db/client.ts';
import {
  docVoucher,
  finAccount,
  finDimension,
  finDimensionData,
  material,
  materialCategory,
  relatedParty,
  stockOrder,
  stockOrderLine,
  voucher,
  voucherTemplate,
  voucherTemplateInit,
  voucherTemplateLine,
  voucherWord,
} from '../../db/schema/index.ts';
import type { CrudContext } from '../../platform/crud/index.ts';
import { writeOperationLog } from '../../platform/logs.ts';
import { badRequest, ok } from '../../platform/r.ts';
import { parse } from '../../platform/validate.ts';
import { auxDimsOf, type Book, type BookChart, type BookCtx, bookOf, fullNameOf, loadBookChart, need } from './book.ts';
import { accountUsed } from './chart.ts';
import { syncDimension } from './dimensions.ts';
import { saveVoucherTx, voucherEntities } from './vouchers.ts';

const DOC_TYPES = TEMPLATE_DOC_TYPES.map((d) => d.value) as string[];
const T = BIZ_PERMISSIONS.template;

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
async function dimensionBySource(ex: Executor, bookId: string, source: string) {
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
async function ensurePartyDimension(
  tx: Tx,
  c: BookCtx,
  bc: BookChart,
  code: string,
  docType: TemplateDocType,
  strict: boolean,
): Promise<void> {
  const dim = await dimensionBySource(tx, c.book.id, PARTY_SOURCE[docType]);
  const row = bc.rows.get(code);
  if (!dim || !row) {
    if (strict) throw badRequest(`账套没有「${PARTY_SOURCE[docType] === 'supplier' ? '供应商' : '客户'}」核算维度`);
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

/** Creates the default templates once per book (izs_fin_voucher_template_init remembers it). */
export async function ensureDefaultTemplates(tx: Tx, c: BookCtx): Promise<void> {
  const inserted = await tx
    .insert(voucherTemplateInit)
    .values({ accountSetId: c.book.id })
    .onConflictDoNothing()
    .returning({ id: voucherTemplateInit.accountSetId });
  if (inserted.length === 0) return;
  const bc = await loadBookChart(tx, c.book);
  const word = await businessWord(tx, c.book.id);
  const { templates } = defaultTemplates(bc.chart, c.book.taxNature);
  for (const [i, t] of templates.entries()) {
    for (const l of t.lines) {
      if (l.auxSource === 'party') await ensurePartyDimension(tx, c, bc, l.accountCode, t.docType, false);
    }
    await insertTemplate(tx, c, { ...t, word, isDefault: 1, status: 1, remark: '系统预置', sort: i + 1 });
  }
}

async function insertTemplate(
  tx: Tx,
  c: BookCtx,
  t: BizTemplate & { word: string; isDefault: number; status: number; remark: string; sort?: number },
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
        createDept: c.user.currentDeptId,
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

type TemplateRow = typeof voucherTemplate.$inferSelect;

async function templateEntities(ex: Executor, book: Book, list: TemplateRow[]): Promise<VoucherTemplate[]> {
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
    docTypeName: DOC_TYPE_NAMES[t.docType as TemplateDocType] ?? t.docType,
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
        auxSource: l.auxSource as 'none' | 'party',
        perMaterial: l.perMaterial,
      })),
  }));
}

async function loadTemplate(ex: Executor, bookId: string, id: string): Promise<TemplateRow> {
  if (!/^[1-9]\d{0,18}$/.test(id)) throw badRequest('凭证模板不存在');
  const [t] = await ex
    .select()
    .from(voucherTemplate)
    .where(and(eq(voucherTemplate.id, id), eq(voucherTemplate.accountSetId, bookId), eq(voucherTemplate.isDeleted, 0)));
  if (!t) throw badRequest('凭证模板不存在');
  return t;
}

/** Names to match a material's sub-account with: its name, then its category and the category's parents. */
export async function materialNames(
  ex: Executor,
  tenantId: string,
  materialIds: string[],
): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  if (materialIds.length === 0) return out;
  const mats = await ex
    .select({ id: material.id, name: material.name, categoryId: material.categoryId })
    .from(material)
    .where(inArray(material.id, [...new Set(materialIds)]));
  const cats = await ex
    .select({ id: materialCategory.id, name: materialCategory.name, parentId: materialCategory.parentId })
    .from(materialCategory)
    .where(and(eq(materialCategory.tenantId, tenantId), eq(materialCategory.isDeleted, 0)));
  const byId = new Map(cats.map((c) => [c.id, c]));
  for (const m of mats) {
    const names = [m.name];
    for (let id = m.categoryId, n = 0; id && id !== '0' && n < 10; n++) {
      const cat = byId.get(id);
      if (!cat) break;
      names.push(cat.name);
      id = cat.parentId;
    }
    out.set(m.id, names);
  }
  return out;
}

/** Resolves the account of a per-material line (core materialSubAccount over the material's names). */
export function subAccountResolver(bc: BookChart, names: Map<string, string[]>) {
  return (code: string, materialName: string, materialId: string): string | null =>
    materialSubAccount(bc.chart, code, names.get(materialId) ?? [materialName]);
}

interface DocRow {
  id: string;
  orderNo: string;
  docType: string;
  orderDate: string;
  partyId: string | null;
  partyName: string | null;
  state: string;
}

/** Lines of stock documents with material names. */
async function docLines(ex: Executor, ids: string[]) {
  if (ids.length === 0) return [];
  return ex
    .select({
      orderId: stockOrderLine.orderId,
      materialId: stockOrderLine.materialId,
      materialName: material.name,
      qty: stockOrderLine.qty,
      amount: stockOrderLine.amount,
      cost: stockOrderLine.costAmount,
    })
    .from(stockOrderLine)
    .leftJoin(material, eq(material.id, stockOrderLine.materialId))
    .where(inArray(stockOrderLine.orderId, ids))
    .orderBy(asc(stockOrderLine.orderId), asc(stockOrderLine.lineNo));
}

/** kg → the quantity account's unit (吨 / t → ÷ 1000, else kg), 4 decimals. */
export function quantityIn(unit: string, kg: ReturnType<typeof dec>): string {
  const q = /^(吨|t|T|公吨)$/.test(unit.trim()) ? kg.div(1000) : kg;
  return q.toDecimalPlaces(4).toFixed(4);
}

export function registerBusinessVouchers(app: FastifyInstance, ctx: CrudContext): void {
  const { db, tz } = ctx;

  app.get(BIZ_PATHS.templateList, async (req) => {
    const c = bookOf(req);
    await need(db, c.user, T, 'view');
    const q = (req.query ?? {}) as Record<string, unknown>;
    await db.transaction((tx) => ensureDefaultTemplates(tx, c));
    const conds = [eq(voucherTemplate.accountSetId, c.book.id), eq(voucherTemplate.isDeleted, 0)];
    if (typeof q.docType === 'string' && q.docType) conds.push(eq(voucherTemplate.docType, q.docType));
    const list = await db
      .select()
      .from(voucherTemplate)
      .where(and(...conds))
      .orderBy(asc(voucherTemplate.docType), asc(voucherTemplate.sort), asc(voucherTemplate.id));
    return ok(await templateEntities(db, c.book, list));
  });

  app.get(BIZ_PATHS.templateDetail, async (req) => {
    const c = bookOf(req);
    await need(db, c.user, T, 'view');
    const t = await loadTemplate(db, c.book.id, String((req.query as Record<string, unknown>)?.id ?? ''));
    return ok((await templateEntities(db, c.book, [t]))[0]);
  });

  app.post(BIZ_PATHS.templateSubmit, async (req) => {
    const c = bookOf(req);
    const body = (req.body ?? {}) as Record<string, unknown>;
    const isUpdate = body.id !== undefined && body.id !== null && body.id !== '';
    await need(db, c.user, T, isUpdate ? 'edit' : 'add');
    const form = parse(templateForm, body);
    const id = await db.transaction(async (tx) => {
      await ensureDefaultTemplates(tx, c);
      const prev = isUpdate ? await loadTemplate(tx, c.book.id, String(form.id)) : undefined;
      const bc = await loadBookChart(tx, c.book);
      const words = await tx
        .select({ word: voucherWord.word })
        .from(voucherWord)
        .where(and(eq(voucherWord.accountSetId, c.book.id), eq(voucherWord.isDeleted, 0)));
      if (!words.some((w) => w.word === form.word)) throw badRequest(`凭证字「${form.word}」不存在`);
      for (const [i, l] of form.lines.entries()) {
        const where = `第 ${i + 1} 行：`;
        const row = bc.rows.get(l.accountCode);
        if (!row) throw badRequest(`${where}科目 ${l.accountCode} 不存在`);
        if (row.status !== 1) throw badRequest(`${where}科目 ${l.accountCode} ${row.name} 已停用`);
        if (l.perMaterial !== 1 && !isLeaf(bc.chart, l.accountCode)) {
          throw badRequest(`${where}科目 ${l.accountCode} ${row.name} 不是末级科目（或勾选「按物料分明细」）`);
        }
        if (l.auxSource === 'party') {
          if (l.perMaterial === 1) throw badRequest(`${where}按物料分明细的分录不能带往来单位辅助核算`);
          await ensurePartyDimension(tx, c, bc, l.accountCode, form.docType, true);
        }
      }
      if (!form.lines.some((l) => l.side === 'debit') || !form.lines.some((l) => l.side === 'credit')) {
        throw badRequest('模板需要至少一条借方分录和一条贷方分录');
      }
      const [dup] = await tx
        .select({ id: voucherTemplate.id })
        .from(voucherTemplate)
        .where(
          and(
            eq(voucherTemplate.accountSetId, c.book.id),
            eq(voucherTemplate.name, form.name),
            eq(voucherTemplate.isDeleted, 0),
          ),
        );
      if (dup && dup.id !== prev?.id) throw badRequest(`模板名称「${form.name}」已存在`);
      const saved = await insertTemplate(tx, c, { ...form, lines: form.lines }, prev?.id);
      await writeOperationLog(tx, req, prev ? `修改凭证模板 ${form.name}` : `新增凭证模板 ${form.name}`, {
        name: [prev?.name ?? null, form.name],
      });
      return saved;
    });
    return ok((await templateEntities(db, c.book, [await loadTemplate(db, c.book.id, id)]))[0]);
  });

  app.post(BIZ_PATHS.templateRemove, async (req) => {
    const c = bookOf(req);
    await need(db, c.user, T, 'delete');
    const q = (req.query ?? {}) as Record<string, unknown>;
    const ids = [...new Set(parse(idListSchema, q.ids ?? (req.body as Record<string, unknown>)?.ids))];
    await db.transaction(async (tx) => {
      const found = await tx
        .select({ id: voucherTemplate.id, name: voucherTemplate.name })
        .from(voucherTemplate)
        .where(
          and(
            inArray(voucherTemplate.id, ids),
            eq(voucherTemplate.accountSetId, c.book.id),
            eq(voucherTemplate.isDeleted, 0),
          ),
        );
      if (found.length !== ids.length) throw badRequest('凭证模板不存在');
      await tx
        .update(voucherTemplate)
        .set({ isDeleted: 1, updateUser: c.user.userId, updateTime: new Date() })
        .where(inArray(voucherTemplate.id, ids));
      await writeOperationLog(tx, req, '删除凭证模板', { templates: [found.map((f) => f.name).join(','), null] });
    });
    return ok(null);
  });

  app.get(BIZ_PATHS.documents, async (req) => {
    const c = bookOf(req);
    await need(db, c.user, T, 'view');
    const q = parse(documentsQuery, req.query ?? {});
    const types = q.docType ? [q.docType] : DOC_TYPES;
    const list = await rows<
      DocRow & {
        totalQty: string;
        totalAmount: string;
        totalCost: string | null;
        voucherId: string | null;
        word: string | null;
        no: number | null;
        vperiod: string | null;
      }
    >(
      db,
      sql`select o.id::text as "id", o.order_no as "orderNo", o.doc_type as "docType", o.order_date as "orderDate",
            o.party_id::text as "partyId", p.name as "partyName", o.state, o.total_qty::text as "totalQty",
            o.total_amount::text as "totalAmount", o.total_cost::text as "totalCost",
            lv.voucher_id::text as "voucherId", lv.word, lv.no, lv.period as "vperiod"
          from ${stockOrder} o
          left join ${relatedParty} p on p.id = o.party_id
          left join lateral (
            select l.voucher_id, v.word, v.no, v.period from ${docVoucher} l join ${voucher} v on v.id = l.voucher_id
            where l.account_set_id = ${c.book.id} and l.order_id = o.id and l.purpose = 'doc' and v.is_deleted = 0
              and v.reversed_by_id is null
            order by l.id desc limit 1) lv on true
          where o.tenant_id = ${c.user.tenantId} and o.is_deleted = 0 and o.state = 'reviewed'
            and o.doc_type in (${sql.join(
              types.map((t) => sql`${t}`),
              sql`, `,
            )})
            and o.order_date >= ${`${q.period}-01`} and o.order_date <= ${lastDay(q.period)}
            ${q.state === 'open' ? sql`and lv.voucher_id is null` : q.state === 'done' ? sql`and lv.voucher_id is not null` : sql``}
          order by o.order_date, o.order_no
          limit 2000`,
    );
    const out: BizDocument[] = list.map((r) => ({
      id: r.id,
      orderNo: r.orderNo,
      docType: r.docType as TemplateDocType,
      docTypeName: DOC_TYPE_NAMES[r.docType as TemplateDocType] ?? r.docType,
      orderDate: r.orderDate,
      partyId: r.partyId,
      partyName: r.partyName ?? '',
      totalQty: dec(r.totalQty).toFixed(3),
      totalAmount: dec(r.totalAmount).toFixed(2),
      totalCost: dec(r.totalCost ?? 0).toFixed(2),
      voucherId: r.voucherId,
      voucherNo: r.voucherId && r.word ? formatVoucherNo(r.word, Number(r.no)) : '',
      voucherPeriod: r.vperiod ?? '',
    }));
    return ok(out);
  });

  app.post(BIZ_PATHS.generate, async (req) => {
    const c = bookOf(req);
    await need(db, c.user, T, 'add');
    const body = parse(generateBody, req.body ?? {});
    const orderIds = [...new Set(body.orderIds)];
    const ids = await db.transaction(async (tx) => {
      await ensureDefaultTemplates(tx, c);
      // documents in id order, locked: a concurrent generation of the same document waits and then sees the link
      const docs = await tx
        .select({
          id: stockOrder.id,
          orderNo: stockOrder.orderNo,
          docType: stockOrder.docType,
          orderDate: stockOrder.orderDate,
          partyId: stockOrder.partyId,
          state: stockOrder.state,
        })
        .from(stockOrder)
        .where(
          and(inArray(stockOrder.id, orderIds), eq(stockOrder.tenantId, c.user.tenantId), eq(stockOrder.isDeleted, 0)),
        )
        .orderBy(asc(stockOrder.id))
        .for('update');
      if (docs.length !== orderIds.length) throw badRequest('单据不存在');
      const done = await rows<{ orderNo: string; word: string; no: number }>(
        tx,
        sql`select l.order_no as "orderNo", v.word, v.no from ${docVoucher} l join ${voucher} v on v.id = l.voucher_id
            where l.account_set_id = ${c.book.id} and l.purpose = 'doc' and v.is_deleted = 0 and v.reversed_by_id is null
              and l.order_id in (${sql.join(
                orderIds.map((i) => sql`${i}`),
                sql`, `,
              )})`,
      );
      if (done.length) {
        throw badRequest(
          `单据 ${done[0].orderNo} 已生成凭证 ${formatVoucherNo(done[0].word, Number(done[0].no))}，不能重复生成`,
        );
      }
      const parties = await tx
        .select({ id: relatedParty.id, name: relatedParty.name })
        .from(relatedParty)
        .where(
          inArray(
            relatedParty.id,
            docs
              .map((d) => d.partyId)
              .filter((x): x is string => !!x)
              .concat(['0']),
          ),
        );
      const partyName = new Map(parties.map((p) => [p.id, p.name]));
      const allLines = await docLines(
        tx,
        docs.map((d) => d.id),
      );
      const bc = await loadBookChart(tx, c.book);
      const resolve = subAccountResolver(
        bc,
        await materialNames(
          tx,
          c.user.tenantId,
          allLines.map((l) => l.materialId),
        ),
      );
      let templates: TemplateRow[] = [];
      if (body.templateId) templates = [await loadTemplate(tx, c.book.id, body.templateId)];
      else {
        templates = await tx
          .select()
          .from(voucherTemplate)
          .where(
            and(
              eq(voucherTemplate.accountSetId, c.book.id),
              eq(voucherTemplate.isDeleted, 0),
              eq(voucherTemplate.status, 1),
            ),
          )
          .orderBy(sql`${voucherTemplate.isDefault} desc`, asc(voucherTemplate.sort), asc(voucherTemplate.id));
      }
      const tplLines = await tx
        .select()
        .from(voucherTemplateLine)
        .where(inArray(voucherTemplateLine.templateId, templates.map((t) => t.id).concat(['0'])))
        .orderBy(asc(voucherTemplateLine.lineNo));
      const out: string[] = [];
      for (const d of docs) {
        if (d.state !== 'reviewed') throw badRequest(`单据 ${d.orderNo} 尚未审核，不能生成凭证`);
        if (!DOC_TYPES.includes(d.docType)) {
          throw badRequest(`单据 ${d.orderNo} 的类型不能按模板生成凭证`);
        }
        const tpl = templates.find((t) => t.docType === d.docType);
        if (!tpl) throw badRequest(`没有适用于「${DOC_TYPE_NAMES[d.docType as TemplateDocType]}」的启用凭证模板`);
        if (body.templateId && tpl.status !== 1) throw badRequest(`凭证模板「${tpl.name}」已停用`);
        const docType = d.docType as TemplateDocType;
        const doc: BizDoc = {
          orderNo: d.orderNo,
          docType,
          date: d.orderDate,
          partyName: (d.partyId && partyName.get(d.partyId)) || '',
          lines: allLines
            .filter((l) => l.orderId === d.id)
            .map((l) => ({
              materialId: l.materialId,
              materialName: l.materialName ?? '',
              qty: l.qty,
              amount: l.amount,
              cost: l.cost,
            })),
        };
        let rate: ReturnType<typeof dec>;
        try {
          rate = templateRate(tpl.taxRate, c.book.taxNature, d.orderDate);
        } catch (e) {
          throw badRequest(`单据 ${d.orderNo}：${(e as Error).message}`);
        }
        const spec: BizTemplate = {
          name: tpl.name,
          docType,
          summary: tpl.summary,
          taxRate: tpl.taxRate,
          amountIncludesTax: tpl.amountIncludesTax,
          lines: tplLines
            .filter((l) => l.templateId === tpl.id)
            .map((l) => ({
              summary: l.summary,
              accountCode: l.accountCode,
              side: l.side as 'debit' | 'credit',
              amountSource: l.amountSource as 'gross',
              auxSource: l.auxSource as 'none' | 'party',
              perMaterial: l.perMaterial,
            })),
        };
        const { lines, problems } = templateLines(spec, doc, rate, resolve);
        if (problems.length) throw badRequest(problems[0]);
        let partyAux: Record<string, string> | undefined;
        if (lines.some((l) => l.party)) {
          if (!d.partyId) throw badRequest(`单据 ${d.orderNo} 没有往来单位，不能按模板「${tpl.name}」生成辅助核算`);
          const dim = await dimensionBySource(tx, c.book.id, PARTY_SOURCE[docType]);
          if (!dim) throw badRequest(`账套没有「${PARTY_SOURCE[docType] === 'supplier' ? '供应商' : '客户'}」核算维度`);
          const findItem = () =>
            tx
              .select({ id: finDimensionData.id })
              .from(finDimensionData)
              .where(
                and(
                  eq(finDimensionData.dimensionId, dim.id),
                  eq(finDimensionData.sourceId, d.partyId as string),
                  eq(finDimensionData.isDeleted, 0),
                ),
              )
              .limit(1);
          let [item] = await findItem();
          if (!item) {
            await syncDimension(tx, c.user.tenantId, c.book.deptId, c.book.id, dim.id, c.user.userId);
            [item] = await findItem();
          }
          if (!item) {
            throw badRequest(
              `往来单位「${doc.partyName}」不是「${dim.name}」核算维度的项目，请先在核算维度中添加或同步`,
            );
          }
          partyAux = { [dim.id]: item.id };
        }
        const voucherId = await saveVoucherTx(
          tx,
          c,
          {
            word: tpl.word,
            voucherDate: d.orderDate,
            attachments: 1,
            remark: `${DOC_TYPE_NAMES[docType]} ${d.orderNo}`,
            lines: lines.map((l) => {
              const row = bc.rows.get(l.code);
              const amount = l.debit.isZero() ? l.credit : l.debit;
              const qty = row?.quantity === 1 && l.qtyKg.gt(0) ? quantityIn(row.unit, l.qtyKg) : undefined;
              return {
                summary: l.summary,
                accountCode: l.code,
                aux: l.party ? partyAux : undefined,
                debit: l.debit.isZero() ? undefined : l.debit.toFixed(2),
                credit: l.credit.isZero() ? undefined : l.credit.toFixed(2),
                quantity: qty,
                unitPrice: qty && !dec(qty).isZero() ? amount.div(dec(qty)).toDecimalPlaces(6).toFixed(6) : undefined,
              };
            }),
          },
          { kind: 'business' },
        );
        await tx.insert(docVoucher).values({
          tenantId: c.user.tenantId,
          accountSetId: c.book.id,
          orderId: d.id,
          orderNo: d.orderNo,
          docType: d.docType,
          purpose: 'doc',
          voucherId,
          templateId: tpl.id,
          createUser: c.user.userId,
        });
        out.push(voucherId);
      }
      await writeOperationLog(tx, req, '业务单据生成凭证', {
        documents: [null, docs.map((d) => d.orderNo).join(',')],
      });
      return out;
    });
    const list = await db.select().from(voucher).where(inArray(voucher.id, ids)).orderBy(asc(voucher.id));
    return ok(await voucherEntities(db, c.book, list, tz));
  });
}
